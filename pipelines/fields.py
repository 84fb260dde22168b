# script-version: 2
# plume in-situ pipeline: every field of the run (T_H, rho, p, u_H, with the step and the time as
# field data) written as a partitioned VTK image (.pvti, one .vti piece per rank); insitu.json beside
# the extracts says what they hold.
# Data only: needs no X display. The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

# The simulation's grid: the adaptor feeds the channel named 'input'.
input = PVTrivialProducer(registrationName='input')

fields = plume_pipeline.extractor('VTI', input, 'fields', 'fields_{timestep:07d}.pvti')

options = plume_pipeline.options()
