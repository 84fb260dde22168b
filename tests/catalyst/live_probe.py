# A headless ParaView Live client (run with pvpython) for the tests of `plume run` with Live: it
# listens, takes `--grids` grids of the run, compares each, bit for bit, with the extract of the
# same step written by a one-rank run (--reference, fields_<step>.pvti), then leaves, holds (keeps
# taking grids until killed: a test may stop it with SIGSTOP), or pauses the run and holds.
# The grids must hold the reference's point arrays (any model's), or D2Q37's without a reference.
# Reports on stdout as live_client.py does, plus MATCH step=<n> and PAUSED.
import argparse
import glob
import os

from paraview import live
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPImageDataReader

from live_client import D2Q37_ARRAYS, connect, fail, pump, receive, say


def read(path):
    r = vtkXMLPImageDataReader()
    r.SetFileName(path)
    r.Update()
    return r.GetOutput()


def reference_arrays(reference):
    """The point arrays (name: components) of the one-rank run's extracts."""
    paths = sorted(glob.glob(os.path.join(reference, 'fields_*.pvti')))
    if not paths:
        fail('no extracts in %s' % reference)
    pd = read(paths[0]).GetPointData()
    return {pd.GetArrayName(i): pd.GetArray(i).GetNumberOfComponents() for i in range(pd.GetNumberOfArrays())}


def compare(step, data, reference, arrays):
    path = os.path.join(reference, 'fields_%07d.pvti' % step)
    if not os.path.exists(path):
        fail('no extract of step %d in %s' % (step, reference))
    ref = read(path)
    if tuple(data.GetExtent()) != tuple(ref.GetExtent()):
        fail('step %d: extent %s, the one-rank run has %s' % (step, data.GetExtent(), ref.GetExtent()))
    pd = data.GetPointData()
    names = [pd.GetArrayName(i) for i in range(pd.GetNumberOfArrays())]
    if sorted(names) != sorted(arrays):
        fail('step %d: arrays %s, the one-rank run has %s' % (step, names, sorted(arrays)))
    for name in arrays:
        got, want = vtk_to_numpy(pd.GetArray(name)), vtk_to_numpy(ref.GetPointData().GetArray(name))
        if got.shape != want.shape or got.dtype != want.dtype:
            fail('step %d: %s is %s %s, the one-rank run has %s %s' % (step, name, got.dtype, got.shape,
                                                                    want.dtype, want.shape))
        if got.tobytes() != want.tobytes():
            bad = int((got.reshape(len(got), -1) != want.reshape(len(want), -1)).any(axis=1).sum())
            fail('step %d: %s differs from the one-rank run at %d of %d points' % (step, name, bad, len(got)))
    say('MATCH step=%d' % step)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--nx', type=int, required=True)
    ap.add_argument('--ny', type=int, required=True)
    ap.add_argument('--nz', type=int, default=1)
    ap.add_argument('--grids', type=int, default=3)
    ap.add_argument('--reference', help='extracts of a one-rank run (fields_<step>.pvti)')
    ap.add_argument('--then', choices=('leave', 'hold', 'pause'), default='leave')
    ap.add_argument('--timeout', type=float, default=120.0)
    a = ap.parse_args()

    arrays = reference_arrays(a.reference) if a.reference else D2Q37_ARRAYS
    link, source = connect(a.port, a.timeout)
    on_grid = (lambda step, data: compare(step, data, a.reference, arrays)) if a.reference else None
    seen = set()
    receive(link, source, a.nx, a.ny, a.grids, a.timeout, seen, on_grid, arrays, a.nz)
    if a.then == 'leave':
        say('BYE')
        os._exit(0)  # without a goodbye, as a closed GUI would
    if a.then == 'pause':
        live.PauseCatalyst(link, True)
        say('PAUSED')
        while True:
            pump(link, 1.0)
    receive(link, source, a.nx, a.ny, None, float('inf'), seen, on_grid, arrays, a.nz)


if __name__ == '__main__':
    main()
