# A headless ParaView Live client (run with pvpython) for `plume run` with tracers and Live: it
# listens, extracts the run's 'tracers' channel as ParaView's Catalyst > Connect would, takes
# `--sets` point sets of distinct steps and compares each, bit for bit (every position, id and
# array), with the extract of the same step that a one-rank run wrote with pipelines/points.py
# (--reference, tracers_<step>.pvtp), then leaves. Reports as live_client.py does, plus
# MATCH step=<n> points=<count>.
import argparse
import os
import time

from paraview import live, servermanager
from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLPPolyDataReader

from live_client import fail, say


def read(path):
    r = vtkXMLPPolyDataReader()
    r.SetFileName(path)
    r.Update()
    return r.GetOutput()


def step_of(data):
    a = data.GetFieldData().GetArray('step')
    if a is None:
        fail('the tracers carry no step')
    return int(a.GetTuple1(0))


def as_poly(data):
    """The one vtkPolyData of what Live fetched (a multiblock of the ranks' pieces, or the set)."""
    if data.IsA('vtkPolyData'):
        return data
    if data.IsA('vtkCompositeDataSet'):
        from vtkmodules.vtkFiltersCore import vtkAppendPolyData
        it, append = data.NewIterator(), vtkAppendPolyData()
        it.InitTraversal()
        while not it.IsDoneWithTraversal():
            append.AddInputData(it.GetCurrentDataObject())
            it.GoToNextItem()
        append.Update()
        return append.GetOutput()
    fail('the tracers arrived as %s' % data.GetClassName())


def by_id(poly):
    """id -> (x, y, z, every array's values) of a set."""
    pd = poly.GetPointData()
    ids = vtk_to_numpy(pd.GetArray('id'))
    xyz = vtk_to_numpy(poly.GetPoints().GetData())
    names = sorted(pd.GetArrayName(i) for i in range(pd.GetNumberOfArrays()))
    arrays = {n: vtk_to_numpy(pd.GetArray(n)).reshape(len(ids), -1) for n in names}
    return {int(i): (tuple(xyz[k]), tuple(tuple(arrays[n][k]) for n in names)) for k, i in enumerate(ids)}, names


def compare(step, got, reference):
    path = os.path.join(reference, 'tracers_%07d.pvtp' % step)
    if not os.path.exists(path):
        fail('no tracers extract of step %d in %s' % (step, reference))
    mine, names = by_id(got)
    want, want_names = by_id(read(path))
    if names != want_names:
        fail('step %d: arrays %s, the one-rank run has %s' % (step, names, want_names))
    if sorted(mine) != sorted(want):
        fail('step %d: ids %d..%d (%d), the one-rank run has %d' % (step, min(mine), max(mine), len(mine), len(want)))
    bad = [i for i in want if mine[i] != want[i]]
    if bad:
        fail('step %d: %d of %d tracers differ from the one-rank run (id %d first)' % (step, len(bad), len(want), bad[0]))
    say('MATCH step=%d points=%d' % (step, len(want)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--reference', required=True)
    ap.add_argument('--sets', type=int, default=3)
    ap.add_argument('--timeout', type=float, default=120.0)
    a = ap.parse_args()
    link = live.ConnectToCatalyst('localhost', a.port)
    say('LISTENING')
    end = time.time() + a.timeout
    while True:
        live.ProcessServerNotifications()
        pxm = link.GetInsituProxyManager()
        if pxm is not None and pxm.GetProxy('sources', 'tracers') is not None:
            break
        if time.time() > end:
            fail('the simulation did not connect with a tracers channel')
        time.sleep(0.02)
    source = live.ExtractCatalystData(link, 'tracers')
    say('CONNECTED')
    seen = set()
    while len(seen) < a.sets:
        if time.time() > end:
            fail('timed out waiting for tracers (got steps %s)' % sorted(seen))
        live.ProcessServerNotifications()
        source.UpdatePipeline()
        data = servermanager.Fetch(source)
        # Until the first set arrives, Live hands over an empty data object.
        if data is not None and (data.IsA('vtkPolyData') or data.IsA('vtkCompositeDataSet')) and data.GetNumberOfPoints() > 0:
            poly = as_poly(data)
            step = step_of(poly)
            if step not in seen:
                seen.add(step)
                compare(step, poly, a.reference)
        time.sleep(0.02)
    say('BYE')
    os._exit(0)


if __name__ == '__main__':
    main()
