# Helpers shared by plume's pipelines (fields.py, temperature.py, velocity.py). Not a pipeline
# itself (no script-version marker): the pipelines import it from their own folder.
#
# The adaptor decides at which steps a pipeline runs (insitu.every), so a pipeline's triggers fire
# at every call it gets.
# Ranges and extents are read from the data handed over by the adaptor, not from ParaView's data
# information, which Catalyst does not refresh before catalyst_execute.
from paraview import catalyst
from paraview.simple import CreateExtractor, GetScalarBar, Show, Text
from vtkmodules.vtkCommonCore import vtkDoubleArray
from vtkmodules.vtkCommonExecutionModel import vtkStreamingDemandDrivenPipeline
from vtkmodules.vtkParallelCore import vtkCommunicator, vtkMultiProcessController

HEIGHT = 1024        # pixels of the rendered images
BAR_ROOM = 0.22      # fraction of the width kept for the colour bar


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


def frame_lattice(view, source, png):
    """Sizes the view (and its PNG) to the lattice's aspect and fits the whole lattice in a 2-D
    parallel projection, with room on the right for the colour bar."""
    x0, x1, y0, y1, _, _ = whole_extent(source)
    lx, ly = max(x1 - x0, 1), max(y1 - y0, 1)
    width = int(min(max(HEIGHT * lx / (ly * (1.0 - BAR_ROOM)), 480), 1920))
    view.ViewSize = [width, HEIGHT]
    png.Writer.ImageResolution = [width, HEIGHT]
    aspect = width / float(HEIGHT)
    scale = 0.5 * max(ly, lx / (aspect * (1.0 - BAR_ROOM))) * 1.08
    cx = 0.5 * (x0 + x1) + BAR_ROOM * scale * aspect
    cy = 0.5 * (y0 + y1)
    view.CameraFocalPoint = [cx, cy, 0.0]
    view.CameraPosition = [cx, cy, 10.0 * (lx + ly)]
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
