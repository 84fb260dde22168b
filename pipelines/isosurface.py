# script-version: 2
# plume in-situ pipeline for 3-D lattices: an isosurface, saved as an image (isosurface_<step>.png)
# and as data (isosurface_<step>.pvtp, one piece per rank). For a convection run (point array T) the
# surface T = (T_min + T_max) / 2 of the frame, the plumes' boundary, coloured by T; otherwise the
# vortices' surface Q = Q_max / 10 of the Q-criterion (Q = (|Omega|^2 - |S|^2) / 2 from ParaView's
# velocity gradient, positive where rotation beats strain), coloured by the speed. Renders: needs
# an X display. The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline
import plume_scene3d

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
scene = plume_scene3d.Scene(input, 'isosurface.py', 'isosurface')

if scene.array in ('T', 'T_H'):
    surface_of, contour_array = input, scene.array
    surface_name = 'T = (T_min + T_max) / 2'
else:
    u = plume_pipeline.velocity_array(input, 'isosurface.py')
    gradient = Gradient(registrationName='gradient', Input=scene.field)
    gradient.ScalarArray = ['POINTS', u]
    gradient.ComputeGradient = 0
    gradient.ComputeQCriterion = 1
    gradient.QCriterionArrayName = 'Q'
    surface_of, contour_array = gradient, 'Q'
    surface_name = 'Q = Q_max / 10'

surface = Contour(registrationName='surface', Input=surface_of)
surface.ContourBy = ['POINTS', contour_array]
surface.ComputeScalars = 1
surface.Isosurfaces = [0.0]
scene.colour(Show(surface, scene.view))
data = plume_pipeline.extractor('VTP', surface, 'isosurface_data', 'isosurface_{timestep:07d}.pvtp')

options = plume_pipeline.options()


def catalyst_execute(info):
    surface_of.UpdatePipeline(info.time)
    lo, hi = plume_pipeline.global_range(surface_of, contour_array)
    surface.Isosurfaces = [0.5 * (lo + hi)] if contour_array != 'Q' else [0.1 * max(hi, 1e-30)]
    scene.update(info, '%s, surface %s' % (scene.title, surface_name))
