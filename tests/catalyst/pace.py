# script-version: 2
# A Catalyst pipeline for the Live tests that draws nothing and writes nothing: each call waits
# PLUME_PACE_SECONDS (default 0.2), so that a run of a small lattice, which would otherwise end in
# a second or two, lasts long enough for a Live client to fetch its grids on a loaded machine.
# Through the real Catalyst path, like any pipeline; the run's results do not change.
import os
import sys
import time

from paraview.simple import *

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'pipelines'))
import plume_pipeline

input = PVTrivialProducer(registrationName='input')
options = plume_pipeline.options()  # run whenever the adaptor calls it


def catalyst_execute(info):
    time.sleep(float(os.environ.get('PLUME_PACE_SECONDS', '0.2')))
