# A headless ParaView Live client (run with pvpython) for the Live test: it listens like the GUI's
# Catalyst > Connect, takes the simulation's grid, checks it, pauses and resumes the simulation,
# then disconnects by exiting. It reports on stdout, one event per line, for test_live.py:
#   [READY] / LISTENING / CONNECTED / DATA step=<n> / PAUSED / RESUMING / RESUMED / BYE, or FAIL <why>.
import argparse
import os
import sys
import time

from paraview import live, servermanager
from paraview.simple import *  # noqa: F401,F403  (ParaView's session)


def say(*words):
    print(*words, flush=True)


def fail(why):
    say('FAIL', why)
    sys.exit(1)


def pump(link, seconds):
    """Serves the link for a while, as the GUI's event loop would."""
    end = time.time() + seconds
    while time.time() < end:
        live.ProcessServerNotifications()
        time.sleep(0.01)


# The point arrays (name: components) of the demo's and the default case's grid (D2Q37).
D2Q37_ARRAYS = {'T_H': 1, 'rho': 1, 'p': 1, 'u_H': 3}


def check_grid(data, nx, ny, arrays=D2Q37_ARRAYS, nz=1):
    if data.GetClassName() != 'vtkImageData':
        fail('received %s, not vtkImageData' % data.GetClassName())
    if tuple(data.GetDimensions()) != (nx, ny, nz):
        fail('dimensions %s, expected %s' % (data.GetDimensions(), (nx, ny, nz)))
    pd = data.GetPointData()
    for name, comps in arrays.items():
        a = pd.GetArray(name)
        if a is None or a.GetNumberOfComponents() != comps:
            fail('array %s with %d components missing' % (name, comps))
    if 'T_H' in arrays:
        lo, hi = pd.GetArray('T_H').GetRange()
        if not (0.5 < lo <= hi < 1.5):
            fail('T_H range %g..%g is not a temperature near 1' % (lo, hi))
    step = data.GetFieldData().GetArray('step')
    if step is None:
        fail('no step in the field data')
    return int(step.GetValue(0))


def receive(link, source, nx, ny, count, timeout, seen, on_grid=None, arrays=D2Q37_ARRAYS, nz=1):
    """Waits for `count` new steps of data (None: for ever) holding `arrays`; returns them.
    on_grid(step, data) is called with each."""
    new = []
    end = time.time() + timeout
    while count is None or len(new) < count:
        if time.time() > end:
            fail('timed out waiting for data (got steps %s)' % new)
        live.ProcessServerNotifications()
        source.UpdatePipeline()
        data = servermanager.Fetch(source)
        if data is not None and data.IsA('vtkImageData') and data.GetNumberOfPoints() > 0:
            step = check_grid(data, nx, ny, arrays, nz)
            if step not in seen:
                seen.add(step)
                new.append(step)
                say('DATA step=%d' % step)
                if on_grid:
                    on_grid(step, data)
        time.sleep(0.02)
    return new


def connect(port, timeout):
    """Listens like Catalyst > Connect, waits for the simulation and asks for its grid."""
    link = live.ConnectToCatalyst('localhost', port)
    say('LISTENING')
    end = time.time() + timeout
    while True:
        live.ProcessServerNotifications()
        pxm = link.GetInsituProxyManager()
        if pxm is not None and pxm.GetProxy('sources', 'input') is not None:
            break
        if time.time() > end:
            fail('the simulation did not connect')
        time.sleep(0.02)
    source = live.ExtractCatalystData(link, 'input')
    say('CONNECTED')
    return link, source


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--port', type=int, required=True)
    ap.add_argument('--nx', type=int, required=True)
    ap.add_argument('--ny', type=int, required=True)
    ap.add_argument('--pause-s', type=float, default=3.0)
    ap.add_argument('--timeout', type=float, default=60.0)
    ap.add_argument('--listen-after', help='start listening once this file exists (ParaView is loaded by then)')
    a = ap.parse_args()

    if a.listen_after:
        say('READY')
        end = time.time() + 120
        while not os.path.exists(a.listen_after):
            if time.time() > end:
                fail('%s did not appear' % a.listen_after)
            time.sleep(0.05)

    link, source = connect(a.port, a.timeout)
    seen = set()
    before = receive(link, source, a.nx, a.ny, 3, a.timeout, seen)
    if before != sorted(before):
        fail('steps out of order: %s' % before)

    live.PauseCatalyst(link, True)
    say('PAUSED')
    pump(link, a.pause_s)
    say('RESUMING')
    live.PauseCatalyst(link, False)
    say('RESUMED')
    after = receive(link, source, a.nx, a.ny, 2, a.timeout, seen)
    if min(after) <= max(before):
        fail('no progress after resuming: %s then %s' % (before, after))
    say('BYE')
    sys.stdout.flush()
    # Leaving without a goodbye, as a closed GUI or a lost tunnel would.
    os._exit(0)


if __name__ == '__main__':
    main()
