# script-version: 2
# plume in-situ pipeline: the speed |u| as a pseudocolour image of the whole lattice (Viridis, from
# 0 to the frame's largest speed), solid sites in grey when the run has solids (point array
# 'solid' = 1), a colour bar and the step and time, saved as PNG (speed_<step>.png). Needs the
# model's velocity (u for D2Q9, u_H for D2Q37). Renders: needs an X display. The adaptor sets the
# output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
u = plume_pipeline.velocity_array(input, 'speed.py')

speed = plume_pipeline.masked(input, 'speed', 'mag(%s)' % u)
image = plume_pipeline.FieldImage(input, speed, 'speed', 'Viridis (matplotlib)', '|%s|' % u, 'speed')

options = plume_pipeline.options()


def catalyst_execute(info):
    image.update(info, plume_pipeline.speed_range, 'speed |%s| (lattice units)' % u)
