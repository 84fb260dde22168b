# script-version: 2
# plume in-situ pipeline for ParaView Live: publishes the run's grid ('input': T_H, rho, p, u_H)
# to a ParaView that listens for Catalyst (Catalyst > Connect), where the user builds the views.
# The adaptor sets the address (insitu.live_host:live_port) and the frequency; with no ParaView
# listening, each call costs one refused connection. Needs no X display.
from paraview.simple import *
from paraview import catalyst

input = PVTrivialProducer(registrationName='input')

options = catalyst.Options()
options.GlobalTrigger = 'TimeStep'
options.GlobalTrigger.Frequency = 1
options.EnableCatalystLive = 1
options.CatalystLiveTrigger = 'TimeStep'
options.CatalystLiveTrigger.Frequency = 1
options.CatalystLiveURL = 'localhost:22222'
