# ParaView Live of `plume run` with tracers, on one and two MPI ranks: a headless client
# (live_points_probe.py under pvpython) extracts the run's 'tracers' channel and compares the
# point sets it receives, bit for bit (position, id and every array of each tracer), with the
# extracts of the same steps that a one-rank run without Live wrote with pipelines/points.py; the
# ranks' tracers must reach the client as the one-rank set, whatever rank holds them.
import os
import subprocess
import sys

from live_runs import NX, NY, arguments, plume_command
from test_live import Lines, free_port_pair

EVERY = 10
TRACERS = ['tracers.seed_in="region"', 'tracers.count=60', 'tracers.from=[1, 1]',
           'tracers.to=[%d, %d]' % (NX - 2, NY - 2)]


def main():
    a, env = arguments()
    steps = 3000
    reference = os.path.join(a.out, 'reference')
    r = subprocess.run(plume_command(a, reference, 1, steps, TRACERS + [
        'insitu.every=%d' % EVERY, 'insitu.scripts=["%s/pipelines/points.py"]' % a.source]) + ['-q'],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit('the reference run failed (%d):\n%s' % (r.returncode, r.stdout))
    failures = []
    for tiles in a.tilings.split(','):
        ranks = 1
        for n in tiles.split('x'):
            ranks *= int(n)
        port = free_port_pair()
        probe = subprocess.Popen([a.pvpython, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'live_points_probe.py'),
                                  '--port', str(port), '--reference', os.path.join(reference, 'insitu')],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        pl = Lines(probe, 'client ' + tiles)
        if pl.wait_for('LISTENING', 60) is None:
            probe.kill()
            sys.exit('%s: the client did not start' % tiles)
        run = subprocess.Popen(plume_command(a, os.path.join(a.out, 'live_' + tiles), ranks, steps, TRACERS + [
            'run.tiles=' + tiles, 'insitu.live=true', 'insitu.live_port=%d' % port, 'insitu.live_every=%d' % EVERY,
            'insitu.scripts=["%s/tests/catalyst/pace.py"]' % a.source]),
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        Lines(run, 'plume ' + tiles)
        try:
            pl.wait_for('BYE', 180)
            probe.wait(timeout=30)
            rc = run.wait(timeout=300)
        except subprocess.TimeoutExpired:
            probe.kill()
            run.kill()
            sys.exit('%s: timed out' % tiles)
        matched = [l for _, l in pl.items if l.startswith('MATCH')]
        if probe.returncode != 0 or len(matched) < 3:
            failures.append('%s: the client matched %d sets (rc %s): %s' % (tiles, len(matched), probe.returncode,
                            [l for _, l in pl.items if l.startswith('FAIL')]))
        if rc != 0:
            failures.append('%s: the run ended with %d' % (tiles, rc))
    if failures:
        print('FAILED:\n  ' + '\n  '.join(failures))
        sys.exit(1)
    print('Live tracers OK: every set fetched with tilings %s equals the one-rank extract bit for bit' % a.tilings)


if __name__ == '__main__':
    main()
