# script-version: 2
# plume in-situ pipeline for 3-D lattices: a volume rendering of the temperature T of a convection
# run or else of the speed |u|, its colour and opacity both following the value (low values
# transparent), with the lattice's outline, a colour bar and the step and time, saved as PNG
# (volume_<step>.png). Renders: needs an X display. The adaptor sets the output folder and the
# frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline
import plume_scene3d

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
scene = plume_scene3d.Scene(input, 'volume.py', 'volume')

display = Show(scene.field, scene.view, 'UniformGridRepresentation')
display.Representation = 'Volume'
scene.colour(display)
opacity = GetOpacityTransferFunction(scene.array)
opacity.Points = [0.0, 0.0, 0.5, 0.0, 1.0, 0.6, 0.5, 0.0]  # (value, opacity, midpoint, sharpness) on [0, 1]
opacity.AllowDuplicateScalars = 1

options = plume_pipeline.options()


def catalyst_execute(info):
    scene.update(info, scene.title)
