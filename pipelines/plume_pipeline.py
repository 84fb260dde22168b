# Helpers shared by plume's pipelines (fields.py, points.py, live.py, temperature.py, velocity.py, speed.py,
# vorticity.py, pressure.py). Not a pipeline itself (no script-version marker): the pipelines
# import it from their own folder.
#
# The adaptor decides at which steps a pipeline runs (insitu.every), so a pipeline's triggers fire
# at every call it gets.
# Ranges and extents are read from the data handed over by the adaptor, not from ParaView's data
# information, which Catalyst does not refresh before catalyst_execute.
from paraview import catalyst
from paraview.simple import (ColorBy, CreateExtractor, CreateView, GetColorTransferFunction, GetScalarBar,
                             PythonCalculator, Show, Text)
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkCommonExecutionModel import vtkStreamingDemandDrivenPipeline
from vtkmodules.vtkParallelCore import vtkCommunicator, vtkMultiProcessController

HEIGHT = 1024        # pixels of the rendered images
BAR_ROOM = 0.22      # fraction of the width kept for the colour bar
# Solid sites (point array 'solid' = 1) are drawn in this grey, plume-gui's (150 of 255), which
# none of the colour maps of the pipelines (Viridis, Inferno, Cool to Warm) contains.
SOLID_COLOUR = [150 / 255.0] * 3


def extractor(kind, producer, name, filename):
    """An extractor (kind 'PNG', 'VTI', ...) of a view or a source that writes at every call."""
    e = CreateExtractor(kind, producer, registrationName=name)
    e.Trigger = 'TimeStep'
    e.Trigger.Frequency = 1
    e.Writer.FileName = filename
    return e


def options():
    """Catalyst options for a pipeline that runs whenever the adaptor calls it."""
    o = catalyst.Options()
    o.GlobalTrigger = 'TimeStep'
    o.GlobalTrigger.Frequency = 1
    return o


def whole_extent(source):
    """The grid's global extent (all ranks) from the Catalyst source's pipeline information."""
    info = source.GetClientSideObject().GetOutputInformation(0)
    return info.Get(vtkStreamingDemandDrivenPipeline.WHOLE_EXTENT())


def global_range(source, array, component=-1):
    """Range of a point array over all ranks; component -1 is the magnitude of a vector."""
    data = source.GetClientSideObject().GetOutputDataObject(0)
    lo, hi = data.GetPointData().GetArray(array).GetRange(component)
    controller = vtkMultiProcessController.GetGlobalController()
    if controller is not None and controller.GetNumberOfProcesses() > 1:
        send, recv = vtkDoubleArray(), vtkDoubleArray()
        send.SetNumberOfTuples(2)
        send.SetValue(0, -lo)
        send.SetValue(1, hi)
        controller.AllReduce(send, recv, vtkCommunicator.MAX_OP)
        lo, hi = -recv.GetValue(0), recv.GetValue(1)
    return lo, hi


def channels():
    """The channels the run hands over while a pipeline loads: 'input' (the grid) and one per point
    set of the run, named as the set ('tracers'; docs/insitu.md)."""
    from paraview.modules.vtkPVPythonCatalyst import vtkCPPythonScriptV2Helper
    helper = vtkCPPythonScriptV2Helper.GetActiveInstance()
    desc = helper.GetDataDescription() if helper is not None else None
    if desc is None:
        return ['input']
    return [desc.GetInputDescriptionName(i) for i in range(desc.GetNumberOfInputDescriptions())]


def point_channels():
    """The names of the run's point sets, each a channel of its own (a vtkPolyData: points, one
    vertex each, the point arrays 'id' and the set's own)."""
    return [c for c in channels() if c != 'input']


def point_arrays(source):
    """The grid's point arrays: name -> number of components. They are there, holding zeros, when
    a pipeline is loaded, before the run hands over any field."""
    pd = source.GetClientSideObject().GetOutputDataObject(0).GetPointData()
    return {pd.GetArrayName(i): pd.GetArray(i).GetNumberOfComponents() for i in range(pd.GetNumberOfArrays())}


def missing(source, pipeline, what):
    """The error of a pipeline whose fields the run's model does not hand over."""
    have = ', '.join('%s (%d component%s)' % (n, c, '' if c == 1 else 's') for n, c in point_arrays(source).items())
    return RuntimeError('%s needs %s, which this run does not hand over (its grid holds %s)' % (pipeline, what, have))


def require(source, pipeline, *names):
    """Fails, naming what is missing, unless the grid has these point arrays."""
    absent = [n for n in names if n not in point_arrays(source)]
    if absent:
        raise missing(source, pipeline, 'the point array%s %s' % ('' if len(absent) == 1 else 's', ', '.join(absent)))


def velocity_array(source, pipeline):
    """The name of the grid's velocity, its one 3-component point array (u_H for D2Q37, u for
    D2Q9); fails when the model hands over none."""
    vectors = [n for n, c in point_arrays(source).items() if c == 3]
    if len(vectors) != 1:
        raise missing(source, pipeline, 'one velocity (a 3-component point array)')
    return vectors[0]


def has_solids(source):
    return 'solid' in point_arrays(source)


def masked(source, name, expression, grid=None):
    """A point array `name` computed by ParaView's Python Calculator from the grid's arrays
    (`expression`, numpy and ParaView's array functions), NaN at solid sites (solid = 1) when the
    grid has a 'solid' array: field_image draws NaN in SOLID_COLOUR and ranges skip it. A filter
    has no arrays before it first runs: give it the `grid` it draws from."""
    if has_solids(grid if grid is not None else source):
        expression = 'numpy.where(solid > 0.5, numpy.nan, %s)' % expression
    return PythonCalculator(registrationName=name, Input=source, Expression=expression, ArrayName=name)


# Colour ranges follow plume's own images (docs/running.md, "Images"): each frame's data, so that
# plume's image and a pipeline's image of the same step share one scale whatever the cadences.

def frame_range(lo, hi):
    """The colour range of a frame: its data's extremes (never empty, which a transfer function
    cannot show)."""
    if hi - lo <= 1e-12 * max(1.0, abs(hi)):
        return lo, lo + 1e-12 * max(1.0, abs(lo))
    return lo, hi


def speed_range(lo, hi):
    """The colour range of a speed: from 0 to the largest speed of the frame (never empty)."""
    return 0.0, max(hi, 1e-12)


def signed_range(lo, hi):
    """The colour range of a signed field: symmetric about 0, to the largest magnitude of the
    frame (never empty), so that 0 is the map's middle."""
    m = max(abs(lo), abs(hi), 1e-12)
    return -m, m


def framing(x0, x1, y0, y1):
    """How an image shows the lattice of whole extent [x0, x1] x [y0, y1]: its width in pixels
    (HEIGHT high), the world point at its centre and the half height it shows (the parallel
    scale). Leaves room on the right for the colour bar."""
    lx, ly = max(x1 - x0, 1), max(y1 - y0, 1)
    width = int(min(max(HEIGHT * lx / (ly * (1.0 - BAR_ROOM)), 480), 1920))
    aspect = width / float(HEIGHT)
    scale = 0.5 * max(ly, lx / (aspect * (1.0 - BAR_ROOM))) * 1.08
    cx = 0.5 * (x0 + x1) + BAR_ROOM * scale * aspect
    cy = 0.5 * (y0 + y1)
    return width, cx, cy, scale


def frame_lattice(view, source, png):
    """Sizes the view (and its PNG) to the lattice's aspect and fits the whole lattice in a 2-D
    parallel projection (framing)."""
    x0, x1, y0, y1, _, _ = whole_extent(source)
    width, cx, cy, scale = framing(x0, x1, y0, y1)
    view.ViewSize = [width, HEIGHT]
    png.Writer.ImageResolution = [width, HEIGHT]
    view.CameraFocalPoint = [cx, cy, 0.0]
    view.CameraPosition = [cx, cy, 10.0 * (max(x1 - x0, 1) + max(y1 - y0, 1))]
    view.CameraViewUp = [0.0, 1.0, 0.0]
    view.CameraParallelScale = scale


def setup_2d_view(view):
    view.OrientationAxesVisibility = 0
    view.InteractionMode = '2D'
    view.CameraParallelProjection = 1
    view.UseColorPaletteForBackground = 0
    view.Background = [1.0, 1.0, 1.0]


def colour_bar(display, lut, view, title):
    display.SetScalarBarVisibility(view, True)  # first: it names the bar after the array
    bar = GetScalarBar(lut, view)
    bar.Title = title
    bar.ComponentTitle = ''
    bar.TitleColor = [0.0, 0.0, 0.0]
    bar.LabelColor = [0.0, 0.0, 0.0]
    bar.RangeLabelFormat = '%-#.4g'
    bar.WindowLocation = 'Any Location'
    bar.Orientation = 'Vertical'
    bar.Position = [1.0 - BAR_ROOM + 0.02, 0.25]
    bar.ScalarBarLength = 0.5
    return bar


def caption(view):
    """A text line in the upper left corner; set its .Text in catalyst_execute."""
    text = Text(registrationName='caption')
    display = Show(text, view)
    display.WindowLocation = 'Upper Left Corner'
    display.Color = [0.0, 0.0, 0.0]
    display.FontSize = 14
    return text


class FieldImage:
    """A rendering pipeline's image: `shown` (a source or filter of the grid) drawn as a 2-D slice
    of the whole lattice coloured by its point array `array` (a vector's magnitude when it has 3
    components), with the colour map `preset`, a colour bar titled `title` and a caption, saved as
    <name>_<step>.png. Sites where the array is NaN (solids; see masked) take SOLID_COLOUR. Call
    update() in catalyst_execute."""

    def __init__(self, grid, shown, array, preset, title, name):
        self.grid, self.shown, self.array = grid, shown, array
        self.view = CreateView('RenderView')
        setup_2d_view(self.view)
        self.display = Show(shown, self.view, 'UniformGridRepresentation')
        self.display.Representation = 'Slice'
        vector = point_arrays(grid).get(array) == 3
        ColorBy(self.display, ('POINTS', array, 'Magnitude') if vector else ('POINTS', array))
        self.lut = GetColorTransferFunction(array)
        self.lut.ApplyPreset(preset, True)
        self.lut.AutomaticRescaleRangeMode = 'Never'  # update() sets the range
        self.lut.NanColor = SOLID_COLOUR
        self.lut.NanOpacity = 1.0
        colour_bar(self.display, self.lut, self.view, title)
        self.caption = caption(self.view)
        self.png = extractor('PNG', self.view, name, name + '_{timestep:07d}.png')
        self._framed = False

    def update(self, info, colour_range, text):
        """Frames the lattice at the first call, sets the colour range to colour_range(lo, hi) of
        the array's extremes over all ranks (returned), and the caption to `text` with the step and
        time."""
        if not self._framed:
            frame_lattice(self.view, self.grid, self.png)
            self._framed = True
        if self.shown is not self.grid:
            self.shown.UpdatePipeline(info.time)  # a filter computes this step's values now
        lo, hi = colour_range(*global_range(self.shown, self.array))
        self.lut.RescaleTransferFunction(lo, hi)
        self.caption.Text = '%s   step %d   t = %.6g' % (text, info.timestep, info.time)
        return lo, hi
