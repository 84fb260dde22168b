# script-version: 2
# plume in-situ pipeline: every field of the run (T_H, rho, p, u_H, with step, time and the run's
# metadata as field data) written as a partitioned VTK image (.pvti, one .vti piece per rank).
# Data only: needs no X display. The adaptor sets the output folder and the frequency.
from paraview.simple import *
from paraview import catalyst

# The simulation's grid: the adaptor feeds the channel named 'input'.
input = PVTrivialProducer(registrationName='input')

fields = CreateExtractor('VTI', input, registrationName='fields')
fields.Trigger = 'TimeStep'
fields.Trigger.Frequency = 1
fields.Writer.FileName = 'fields_{timestep:07d}.pvti'

options = catalyst.Options()
options.GlobalTrigger = 'TimeStep'
options.GlobalTrigger.Frequency = 1
