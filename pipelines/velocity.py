# script-version: 2
# plume in-situ pipeline: the speed (magnitude of u_H) as a pseudocolour image with arrows of u_H on
# a coarse regular grid (length proportional to the speed), a colour bar and the step and time, saved as PNG
# (velocity_<step>.png). Renders: needs an X display. The adaptor sets the output folder and the
# frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

ARROWS_ACROSS = 20   # arrows along the shorter side of the lattice

input = PVTrivialProducer(registrationName='input')

view = CreateView('RenderView')
plume_pipeline.setup_2d_view(view)

display = Show(input, view, 'UniformGridRepresentation')
display.Representation = 'Slice'
ColorBy(display, ('POINTS', 'u_H', 'Magnitude'))
lut = GetColorTransferFunction('u_H')
lut.ApplyPreset('Viridis (matplotlib)', True)
lut.AutomaticRescaleRangeMode = 'Never'  # catalyst_execute sets the range
plume_pipeline.colour_bar(display, lut, view, 'speed')
caption = plume_pipeline.caption(view)

# Arrows on every k-th site in x and y (k set once the lattice is known).
coarse = ExtractSubset(registrationName='coarse', Input=input)
arrows = Glyph(registrationName='arrows', Input=coarse, GlyphType='2D Glyph')
arrows.GlyphType.GlyphType = 'Arrow'
arrows.OrientationArray = ['POINTS', 'u_H']
arrows.ScaleArray = ['POINTS', 'u_H']
arrows.GlyphMode = 'All Points'
arrowsDisplay = Show(arrows, view)
arrowsDisplay.ColorArrayName = ['POINTS', '']
arrowsDisplay.AmbientColor = [1.0, 1.0, 1.0]
arrowsDisplay.DiffuseColor = [1.0, 1.0, 1.0]

png = plume_pipeline.extractor('PNG', view, 'velocity', 'velocity_{timestep:07d}.png')

options = plume_pipeline.options()

_stride = None


def catalyst_execute(info):
    global _stride
    if _stride is None:
        plume_pipeline.frame_lattice(view, input, png)
        x0, x1, y0, y1, _, _ = plume_pipeline.whole_extent(input)
        _stride = max(1, min(x1 - x0 + 1, y1 - y0 + 1) // ARROWS_ACROSS)
        coarse.VOI = [x0, x1, y0, y1, 0, 0]
        coarse.SampleRateI = _stride
        coarse.SampleRateJ = _stride
    # Speeds change by orders of magnitude over a run: each frame has its own scale.
    lo, hi = plume_pipeline.speed_range(*plume_pipeline.global_range(input, 'u_H'))
    lut.RescaleTransferFunction(lo, hi)
    arrows.ScaleFactor = _stride / hi  # the fastest arrow reaches the next arrow's foot
    caption.Text = 'speed and direction of u_H (lattice units)   step %d   t = %.6g' % (info.timestep, info.time)
