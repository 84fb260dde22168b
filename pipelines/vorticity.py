# script-version: 2
# plume in-situ pipeline: the vorticity d(uy)/dx - d(ux)/dy of the velocity as a pseudocolour
# image (Cool to Warm, symmetric about 0: counter-clockwise red, clockwise blue), solid sites in
# grey when the run has solids, a colour bar and the step and time, saved as PNG
# (vorticity_<step>.png). Needs the model's velocity (u for D2Q9, u_H for D2Q37). The derivatives
# are ParaView's (Gradient filter: central differences inside, one-sided at the lattice's edges
# and at the seams between the ranks' pieces). Renders: needs an X display. The adaptor sets the
# output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
u = plume_pipeline.velocity_array(input, 'vorticity.py')

curl = Gradient(registrationName='curl', Input=input)
curl.ScalarArray = ['POINTS', u]
curl.ComputeGradient = 0
curl.ComputeVorticity = 1
curl.VorticityArrayName = 'curl'
vorticity = plume_pipeline.masked(curl, 'vorticity', 'curl[:, 2]', input)
image = plume_pipeline.FieldImage(input, vorticity, 'vorticity', 'Cool to Warm', 'vorticity', 'vorticity')

options = plume_pipeline.options()


def catalyst_execute(info):
    image.update(info, plume_pipeline.signed_range, 'vorticity of %s (lattice units)' % u)
