# script-version: 2
# plume in-situ pipeline for ParaView Live: publishes the run's grid ('input': T_H, rho, p, u_H)
# to a ParaView that listens for Catalyst (Catalyst > Connect), where the user builds the views.
# The adaptor holds the link to ParaView (address, frequency, time limit; see docs/insitu.md):
# this script only names the source. Needs no X display.
from paraview.simple import *
from paraview import catalyst

input = PVTrivialProducer(registrationName='input')

options = catalyst.Options()
options.GlobalTrigger = 'TimeStep'
options.GlobalTrigger.Frequency = 1
