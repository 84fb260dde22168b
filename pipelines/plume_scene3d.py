# Helpers shared by plume's 3-D pipelines (slices.py, isosurface.py, volume.py): a perspective
# view of the whole lattice, the field they show and its colour map. Not a pipeline itself (no
# script-version marker): the pipelines import it from their own folder. The 2-D helpers
# (extractors, ranges over all ranks, colour bars, captions) are plume_pipeline's.
from paraview.simple import (ColorBy, CreateView, GetColorTransferFunction, GetOpacityTransferFunction, Outline,
                             Show)

import plume_pipeline

WIDTH, HEIGHT = 1280, 1024  # pixels of the rendered images


def require_3d(source, pipeline):
    """Fails unless the run's lattice is 3-D: these pipelines look at a volume."""
    x0, x1, y0, y1, z0, z1 = plume_pipeline.whole_extent(source)
    if z1 <= z0:
        raise RuntimeError('%s shows a 3-D lattice, but this run\'s lattice is %d x %d (2-D): use speed.py, '
                           'vorticity.py or the other 2-D pipelines' % (pipeline, x1 - x0 + 1, y1 - y0 + 1))


def shown_field(source):
    """What a 3-D pipeline shows: the temperature T of a convection run, else the speed |u|.
    Returns (filter or source holding it, array name, title, colour preset, range rule)."""
    arrays = plume_pipeline.point_arrays(source)
    for name in ('T', 'T_H'):
        if arrays.get(name) == 1:
            return source, name, 'temperature %s' % name, 'Inferno (matplotlib)', plume_pipeline.frame_range
    u = plume_pipeline.velocity_array(source, 'a 3-D pipeline')
    speed = plume_pipeline.masked(source, 'speed', 'mag(%s)' % u)
    return speed, 'speed', 'speed |%s|' % u, 'Viridis (matplotlib)', plume_pipeline.speed_range


def perspective_view():
    view = CreateView('RenderView')
    view.ViewSize = [WIDTH, HEIGHT]
    view.OrientationAxesVisibility = 1
    view.UseColorPaletteForBackground = 0
    view.Background = [1.0, 1.0, 1.0]
    view.OrientationAxesLabelColor = [0.0, 0.0, 0.0]
    return view


def frame_box(view, source, png):
    """Looks at the whole lattice from a corner above it (x to the right, z up), the box filling
    the image."""
    png.Writer.ImageResolution = [WIDTH, HEIGHT]
    x0, x1, y0, y1, z0, z1 = plume_pipeline.whole_extent(source)
    c = [0.5 * (x0 + x1), 0.5 * (y0 + y1), 0.5 * (z0 + z1)]
    d = max(x1 - x0, y1 - y0, z1 - z0, 1)
    view.CameraFocalPoint = c
    view.CameraPosition = [c[0] + 1.85 * d, c[1] - 2.5 * d, c[2] + 1.5 * d]
    view.CameraViewUp = [0.0, 0.0, 1.0]
    view.CameraViewAngle = 30.0


def outline(source, view):
    """The lattice's bounding box in black, so that a slice or a surface sits in its volume."""
    box = Show(Outline(registrationName='box', Input=source), view)
    box.AmbientColor = box.DiffuseColor = [0.0, 0.0, 0.0]
    return box


def colour_by(display, array, preset, view, title):
    """Colours `display` by point array `array` with `preset`, solid sites (NaN) grey, and a
    colour bar; the range is set per frame (Scene.update)."""
    ColorBy(display, ('POINTS', array))
    lut = GetColorTransferFunction(array)
    lut.ApplyPreset(preset, True)
    lut.AutomaticRescaleRangeMode = 'Never'
    lut.NanColor = plume_pipeline.SOLID_COLOUR
    lut.NanOpacity = 1.0
    bar = plume_pipeline.colour_bar(display, lut, view, title)
    bar.Position = [0.89, 0.25]
    return lut


class Scene:
    """A 3-D pipeline's image: a perspective view of the lattice with its outline, a colour bar
    and a caption, saved as <name>_<step>.png. The pipeline shows its own displays in .view and
    colours them with .colour(display)."""

    def __init__(self, grid, pipeline, name):
        require_3d(grid, pipeline)
        self.grid = grid
        self.field, self.array, self.title, self.preset, self.rule = shown_field(grid)
        self.view = perspective_view()
        outline(grid, self.view)
        self.caption = plume_pipeline.caption(self.view)
        self.png = plume_pipeline.extractor('PNG', self.view, name, name + '_{timestep:07d}.png')
        self.lut = None
        self._framed = False

    def colour(self, display):
        lut = colour_by(display, self.array, self.preset, self.view, self.title)
        self.lut = lut
        return lut

    def update(self, info, what):
        """Frames the box at the first call, sets the colour range to the rule's range of the
        field's extremes over all ranks (returned) and the caption to `what` with the step and time."""
        if not self._framed:
            frame_box(self.view, self.grid, self.png)
            self._framed = True
        if self.field is not self.grid:
            self.field.UpdatePipeline(info.time)
        lo, hi = self.rule(*plume_pipeline.global_range(self.field, self.array))
        if self.lut is not None:
            self.lut.RescaleTransferFunction(lo, hi)
            GetOpacityTransferFunction(self.array).RescaleTransferFunction(lo, hi)
        self.caption.Text = '%s (lattice units)   step %d   t = %.6g' % (what, info.timestep, info.time)
        return lo, hi
