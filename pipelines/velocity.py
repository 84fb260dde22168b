# script-version: 2
# plume in-situ pipeline: the speed |u| as a pseudocolour image with arrows of the velocity on a
# coarse regular grid (length proportional to the speed), solid sites in grey when the run has
# solids, a colour bar and the step and time, saved as PNG (velocity_<step>.png). Needs the
# model's velocity (u_H for D2Q37, u for D2Q9). Renders: needs an X display. The adaptor sets the
# output folder and the frequency.
import os
import sys

from paraview.simple import *

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plume_pipeline

paraview.simple._DisableFirstRenderCameraReset()

ARROWS_ACROSS = 20   # arrows along the shorter side of the lattice

input = PVTrivialProducer(registrationName='input')
u = plume_pipeline.velocity_array(input, 'velocity.py')

speed = plume_pipeline.masked(input, 'speed', 'mag(%s)' % u)
image = plume_pipeline.FieldImage(input, speed, 'speed', 'Viridis (matplotlib)', 'speed', 'velocity')

# Arrows on every k-th site in x and y (k set once the lattice is known).
coarse = ExtractSubset(registrationName='coarse', Input=input)
arrows = Glyph(registrationName='arrows', Input=coarse, GlyphType='2D Glyph')
arrows.GlyphType.GlyphType = 'Arrow'
arrows.OrientationArray = ['POINTS', u]
arrows.ScaleArray = ['POINTS', u]
arrows.GlyphMode = 'All Points'
arrowsDisplay = Show(arrows, image.view)
arrowsDisplay.ColorArrayName = ['POINTS', '']
arrowsDisplay.AmbientColor = [1.0, 1.0, 1.0]
arrowsDisplay.DiffuseColor = [1.0, 1.0, 1.0]

options = plume_pipeline.options()

_stride = None


def catalyst_execute(info):
    global _stride
    if _stride is None:
        x0, x1, y0, y1, _, _ = plume_pipeline.whole_extent(input)
        _stride = max(1, min(x1 - x0 + 1, y1 - y0 + 1) // ARROWS_ACROSS)
        coarse.VOI = [x0, x1, y0, y1, 0, 0]
        coarse.SampleRateI = _stride
        coarse.SampleRateJ = _stride
    # Speeds change by orders of magnitude over a run: each frame has its own scale.
    _, hi = image.update(info, plume_pipeline.speed_range, 'speed and direction of %s (lattice units)' % u)
    arrows.ScaleFactor = _stride / hi  # the fastest arrow reaches the next arrow's foot
