# script-version: 2
# plume in-situ pipeline for ParaView Live: publishes the run's grid ('input': T_H, rho, p, u_H)
# and its point sets (tracer particles: 'tracers', when the run has them) to a ParaView that
# listens for Catalyst (Catalyst > Connect), where the user builds the views.
# The adaptor holds the link to ParaView (address, frequency, time limit; see docs/insitu.md):
# this script only names the source. Needs no X display.
import os
import sys

from paraview.simple import *
from paraview import catalyst

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

input = PVTrivialProducer(registrationName='input')
points = [PVTrivialProducer(registrationName=name) for name in plume_pipeline.point_channels()]

options = catalyst.Options()
options.GlobalTrigger = 'TimeStep'
options.GlobalTrigger.Frequency = 1
