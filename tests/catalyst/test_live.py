# ParaView Live end to end: a headless client (live_client.py under pvpython) listens like the GUI's
# Catalyst > Connect; plume_insitu_demo runs with Live on and connects to it. Checks that the client
# receives the grid while the run goes on, that pausing from the client stops the run and resuming
# restarts it, that the run goes on after the client disappears, and that a second client that
# listens later gets the run too; the run ends normally, having said on its terminal when Live
# listens, connects, pauses, resumes and leaves, with no VTK error when a client leaves.
import argparse
import os
import socket
import subprocess
import sys
import threading
import time


def free_port_pair():
    """A port p with p and p + 1 free (Live uses both)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(('127.0.0.1', 0))
            p = s.getsockname()[1]
        if p >= 65535:
            continue
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(('127.0.0.1', p))
                b.bind(('127.0.0.1', p + 1))
            return p
        except OSError:
            continue
    sys.exit('no free pair of ports')


class Lines:
    """Reads a process's stdout in the background, keeping each line with its arrival time."""

    def __init__(self, proc, tag):
        self.items, self.proc, self.tag, self.done = [], proc, tag, False
        self.cv = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.rstrip('\n')
            print('%s| %s' % (self.tag, line), flush=True)
            with self.cv:
                self.items.append((time.monotonic(), line))
                self.cv.notify_all()
        with self.cv:
            self.done = True
            self.cv.notify_all()

    def wait_for(self, prefix, timeout):
        """Arrival time of the first line that starts with prefix; None once the timeout has passed
        or the output has ended without it. A FAIL line from the client ends the test."""
        end = time.monotonic() + timeout
        with self.cv:
            while True:
                for t, line in self.items:
                    if line.startswith(prefix):
                        return t
                    if line.startswith('FAIL'):
                        sys.exit('%s: %s' % (self.tag, line))
                if self.done or time.monotonic() >= end:
                    return None
                self.cv.wait(0.2)

    def steps(self):
        """(time, step) of each progress line ('step N/M ...', of the demo or of plume)."""
        out = []
        for t, line in self.items:
            if line.startswith('step '):
                out.append((t, int(line.split()[1].split('/')[0])))
        return out

    def steps_between(self, first, last):
        """The steps of the progress lines after the first line containing `first` and before the
        next line containing `last`, in the order of this one output; None if either is missing."""
        start = next((k for k, (_, l) in enumerate(self.items) if first in l), None)
        if start is None:
            return None
        end = next((k for k in range(start + 1, len(self.items)) if last in self.items[k][1]), None)
        if end is None:
            return None
        return [int(l.split()[1].split('/')[0]) for _, l in self.items[start + 1:end] if l.startswith('step ')]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--demo', required=True)
    ap.add_argument('--client', required=True)
    ap.add_argument('--pvpython', default='pvpython')
    ap.add_argument('--out', required=True)
    a = ap.parse_args()

    nx, ny, every, steps, pause_s = 32, 64, 5, 600, 2.0
    port = free_port_pair()
    os.makedirs(a.out, exist_ok=True)
    go = os.path.join(a.out, 'second-client-may-listen')
    if os.path.exists(go):
        os.remove(go)

    def start_client(tag, pause, wait_for, extra=()):
        proc = subprocess.Popen([a.pvpython, a.client, '--port', str(port), '--nx', str(nx), '--ny', str(ny),
                                 '--pause-s', str(pause)] + list(extra),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = Lines(proc, tag)
        if lines.wait_for(wait_for, 60) is None:
            proc.kill()
            sys.exit('%s did not start' % tag)
        return proc, lines

    client, cl = start_client('client', pause_s, 'LISTENING')
    # The second client loads ParaView now and listens once the first has gone.
    client2, cl2 = start_client('client2', 0.5, 'READY', ['--listen-after', go])
    demo = subprocess.Popen([a.demo, '--live', '--live-port', str(port), '--every', str(every), '--steps', str(steps),
                             '--nx', str(nx), '--ny', str(ny), '--pace-ms', '20', '--threads', '1', '--no-xvfb',
                             '--out', a.out],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    dm = Lines(demo, 'demo')
    failures = []
    try:
        t_paused = cl.wait_for('PAUSED', 90)
        t_resuming = cl.wait_for('RESUMING', 30)
        t_bye = cl.wait_for('BYE', 60)
        client.wait(timeout=30)
        # A second client, once the first has gone: the run takes the new connection.
        open(go, 'w').close()
        cl2.wait_for('BYE', 60)
        client2.wait(timeout=30)
        rc = demo.wait(timeout=180)
    except subprocess.TimeoutExpired:
        for p in (client, client2, demo):
            p.kill()
        sys.exit('timed out')

    def received(lines):
        return [int(l.split('=')[1]) for _, l in lines.items if l.startswith('DATA step=')]

    if client.returncode != 0 or t_bye is None:
        failures.append('the client did not finish its script (rc %s)' % client.returncode)
    data = received(cl)
    if len(data) < 5:
        failures.append('the client received %d grids, expected 5' % len(data))
    prog = dm.steps()
    if t_paused and t_resuming:
        # Between the run's own report of the pause and of the resumption, nothing. (Read from its
        # output alone: the client's lines and the run's reach this script with delays of their
        # own, so on a loaded machine a step after the resumption can arrive before the client's
        # RESUMING; the client's times bound the pause's length only.)
        during = dm.steps_between('ParaView Live: the client paused the run', 'ParaView Live: the client resumed the run')
        if during is None:
            failures.append('the run did not say that it paused and resumed')
        elif during:
            failures.append('the run advanced while paused: steps %s' % during)
        if t_resuming - t_paused < pause_s - 0.1:
            failures.append('pause lasted %.2f s' % (t_resuming - t_paused))
        if not [s for t, s in prog if t > t_resuming]:
            failures.append('the run did not resume')
    if t_bye and not [s for t, s in prog if t > t_bye + 0.5]:
        failures.append('no progress after the client left')
    data2 = received(cl2)
    if client2.returncode != 0 or len(data2) < 5 or (data and min(data2) <= max(data)):
        failures.append('the second client got steps %s after the first got %s (rc %s)' %
                        (data2, data, client2.returncode))
    if rc != 0:
        failures.append('the run ended with %d' % rc)
    if not any(l.startswith('done: %d steps' % steps) for _, l in dm.items):
        failures.append('the run did not reach step %d' % steps)
    # The run says what Live does, in order, and a client that leaves makes no VTK error appear.
    said = [line for _, line in dm.items]
    live = 'plume in-situ: ParaView Live: '
    expected = [live + 'every %d steps the run connects to a ParaView listening at localhost:%d' % (every, port),
                live + 'connected to the client at localhost:%d' % port,
                live + 'the client paused the run at step',
                live + 'the client resumed the run',
                live + 'the client at localhost:%d left' % port,
                live + 'connected to the client at localhost:%d' % port]  # the second client
    at = 0
    for e in expected:
        found = next((i for i in range(at, len(said)) if said[i].startswith(e)), None)
        if found is None:
            failures.append('the run did not say "%s" (after line %d)' % (e, at))
            break
        at = found + 1
    for bad in ('ERR|', '\x1b[31m', 'ERROR:'):
        if any(bad in line for line in said):
            failures.append('the run printed %r' % bad)
    if failures:
        print('FAILED:\n  ' + '\n  '.join(failures))
        sys.exit(1)
    print('Live OK: %d grids, paused %.1f s, run went on after the client left, a second client got %d grids' %
          (len(data), t_resuming - t_paused, len(data2)))


if __name__ == '__main__':
    main()
