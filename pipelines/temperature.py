# script-version: 2
# plume in-situ pipeline: the temperature T_H as a pseudocolour image of the whole lattice, with a
# colour bar and the step and time, saved as PNG (temperature_<step>.png). Needs the point array
# T_H (D2Q37). Renders: needs an X display (Xvfb in batch). The adaptor sets the output folder and
# the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
plume_pipeline.require(input, 'temperature.py', 'T_H')

image = plume_pipeline.FieldImage(input, input, 'T_H', 'Inferno (matplotlib)', 'T_H', 'temperature')

options = plume_pipeline.options()


def catalyst_execute(info):
    image.update(info, plume_pipeline.frame_range, 'temperature T_H (lattice units)')
