# script-version: 2
# plume in-situ pipeline: the temperature T_H as a pseudocolour image of the whole lattice, with a
# colour bar and the step and time, saved as PNG (temperature_<step>.png). Renders: needs an X
# display (Xvfb in batch). The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')

view = CreateView('RenderView')
plume_pipeline.setup_2d_view(view)

display = Show(input, view, 'UniformGridRepresentation')
display.Representation = 'Slice'
ColorBy(display, ('POINTS', 'T_H'))
lut = GetColorTransferFunction('T_H')
lut.ApplyPreset('Inferno (matplotlib)', True)
lut.AutomaticRescaleRangeMode = 'Never'  # catalyst_execute sets the range
plume_pipeline.colour_bar(display, lut, view, 'T_H')
caption = plume_pipeline.caption(view)

png = plume_pipeline.extractor('PNG', view, 'temperature', 'temperature_{timestep:07d}.png')

options = plume_pipeline.options()

_framed = False


def catalyst_execute(info):
    global _framed
    if not _framed:
        plume_pipeline.frame_lattice(view, input, png)
        _framed = True
    lut.RescaleTransferFunction(*plume_pipeline.frame_range(*plume_pipeline.global_range(input, 'T_H')))
    caption.Text = 'temperature T_H (lattice units)   step %d   t = %.6g' % (info.timestep, info.time)
