# script-version: 2
# plume in-situ pipeline: the pressure p as a pseudocolour image (Inferno, the frame's range),
# solid sites in grey when the run has solids, a colour bar and the step and time, saved as PNG
# (pressure_<step>.png). Needs the point array p (D2Q37: rho T_H) or, for an isothermal model that
# hands over only rho (D2Q9), rho, from which it takes p = rho c_s^2 = rho / 3 in lattice units.
# Renders: needs an X display. The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')
arrays = plume_pipeline.point_arrays(input)
if 'p' in arrays:
    source = 'p'
elif 'rho' in arrays:
    source = 'rho / 3.0'
else:
    raise plume_pipeline.missing(input, 'pressure.py', "the point array 'p' (or 'rho', for p = rho / 3)")

pressure = plume_pipeline.masked(input, 'pressure', source)
image = plume_pipeline.FieldImage(input, pressure, 'pressure', 'Inferno (matplotlib)', 'p', 'pressure')

options = plume_pipeline.options()


def catalyst_execute(info):
    image.update(info, plume_pipeline.frame_range, 'pressure p (lattice units)')
