# script-version: 2
# plume in-situ pipeline for 3-D lattices: three orthogonal slices through the centre of the
# lattice (normals x, y and z), coloured by the temperature T of a convection run or else by the
# speed |u|, in a perspective view with the lattice's outline, a colour bar and the step and time,
# saved as PNG (slices_<step>.png). Solid sites are grey. Renders: needs an X display. The adaptor
# sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline
import plume_scene3d

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
scene = plume_scene3d.Scene(input, 'slices.py', 'slices')

x0, x1, y0, y1, z0, z1 = plume_pipeline.whole_extent(input)
centre = [0.5 * (x0 + x1), 0.5 * (y0 + y1), 0.5 * (z0 + z1)]
for axis, normal in (('x', [1, 0, 0]), ('y', [0, 1, 0]), ('z', [0, 0, 1])):
    cut = Slice(registrationName='slice_' + axis, Input=scene.field)
    cut.SliceType = 'Plane'
    cut.SliceType.Origin = centre
    cut.SliceType.Normal = normal
    scene.colour(Show(cut, scene.view))

options = plume_pipeline.options()


def catalyst_execute(info):
    scene.update(info, scene.title)
