# script-version: 2
# plume in-situ pipeline: the temperature T_H as a pseudocolour image of the whole lattice, with a
# colour bar and the step and time, saved as PNG (temperature_<step>.png). Renders: needs an X
# display (Xvfb in batch). The adaptor sets the output folder and the frequency.
import os
import sys

from paraview.simple import *
from paraview import catalyst

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_view

paraview.simple._DisableFirstRenderCameraReset()

input = PVTrivialProducer(registrationName='input')

view = CreateView('RenderView')
plume_view.setup_2d_view(view)

display = Show(input, view, 'UniformGridRepresentation')
display.Representation = 'Slice'
ColorBy(display, ('POINTS', 'T_H'))
lut = GetColorTransferFunction('T_H')
lut.ApplyPreset('Inferno (matplotlib)', True)
lut.AutomaticRescaleRangeMode = 'Never'  # catalyst_execute sets the range
plume_view.colour_bar(display, lut, view, 'T_H')
caption = plume_view.caption(view)

png = CreateExtractor('PNG', view, registrationName='temperature')
png.Trigger = 'TimeStep'
png.Trigger.Frequency = 1
png.Writer.FileName = 'temperature_{timestep:07d}.png'

options = catalyst.Options()
options.GlobalTrigger = 'TimeStep'
options.GlobalTrigger.Frequency = 1

_range = plume_view.GrowingRange()
_framed = False


def catalyst_execute(info):
    global _framed
    if not _framed:
        plume_view.frame_lattice(view, input, png)
        _framed = True
    lut.RescaleTransferFunction(*_range.update(*plume_view.global_range(input, 'T_H')))
    caption.Text = 'temperature T_H (lattice units)   step %d   t = %.6g' % (info.timestep, info.time)
