# script-version: 2
# plume in-situ pipeline: the run's points (tracer particles, configured with [tracers]) as data:
# for each point set the run hands over (a channel named as the set, 'tracers'), every point with
# its id and the set's arrays, and the step and time as field data, written as partitioned
# PolyData (<set>_<step>.pvtp, one .vtp piece per rank). ParaView opens them over the fields'
# extracts (fields.py): a point's position is in lattice units, site (x, y, z) at (x, y, z).
# Data only: needs no X display. The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

names = plume_pipeline.point_channels()
if not names:
    raise RuntimeError('points.py writes the run\'s points, but this run hands over none '
                       '(its channels: %s); give the run tracers with a [tracers] table (seed_in, count, from, to)'
                       % ', '.join(plume_pipeline.channels()))

extracts = []
for name in names:
    source = PVTrivialProducer(registrationName=name)
    extracts.append(plume_pipeline.extractor('VTP', source, name + '_points', name + '_{timestep:07d}.pvtp'))

options = plume_pipeline.options()
