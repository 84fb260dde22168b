# ParaView Live of `plume run` of a case (--asset, any model's, 2-D or 3-D with --nz) on one and
# two MPI ranks (--tilings: 2x1 and 1x2 by default; 1x1x2 for a 3-D case): a headless client (live_probe.py under pvpython) takes grids of the run and
# compares each, bit for bit, with the extract of the same step written by a one-rank run without
# Live (pipelines/fields.py), whose point arrays it must hold. The ranks'
# pieces must reach the client as one grid equal to the one-rank data, with no VTK error on the
# run's terminal, a client that leaves included. Live runs at insitu.live_every = 10 while
# insitu.every stays 100: the client must get steps that only Live's own cadence reaches.
import os
import subprocess
import sys

from live_runs import arguments, plume_command, start_probe
from test_live import Lines, free_port_pair

LIVE_EVERY = 10


def main():
    a, env = arguments()
    # A case as light as D2Q9's 32 x 64 ends 1000 steps in about a second, before a loaded
    # machine's client has fetched the grids it waits for: the test gives it more steps, and the
    # Live runs a pipeline that waits at each in-situ call (pace.py; insitu.every stays 100).
    STEPS = int(os.environ.get('PLUME_LIVE_STEPS', '1000'))
    reference = os.path.join(a.out, 'reference')
    r = subprocess.run(plume_command(a, reference, 1, STEPS, ['insitu.every=%d' % LIVE_EVERY,
                                                             'insitu.scripts=["%s/pipelines/fields.py"]' % a.source]) + ['-q'],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit('the reference run failed (%d):\n%s' % (r.returncode, r.stdout))

    failures = []
    tilings = a.tilings.split(',')
    for tiles in tilings:
        ranks = 1
        for n in tiles.split('x'):
            ranks *= int(n)
        tag = '%d ranks, %s' % (ranks, tiles)
        port = free_port_pair()
        probe, pl = start_probe(a, port, tiles, ['--grids', '4', '--reference', os.path.join(reference, 'insitu')])
        run = subprocess.Popen(plume_command(a, os.path.join(a.out, 'live_' + tiles), ranks, STEPS,
                                             ['run.tiles=' + tiles, 'insitu.live=true', 'insitu.live_port=%d' % port,
                                              'insitu.live_every=%d' % LIVE_EVERY,
                                              'insitu.scripts=["%s/tests/catalyst/pace.py"]' % a.source]),
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rl = Lines(run, 'plume ' + tiles)
        try:
            pl.wait_for('BYE', 120)
            probe.wait(timeout=30)
            rc = run.wait(timeout=300)
        except subprocess.TimeoutExpired:
            probe.kill()
            run.kill()
            sys.exit('%s: timed out' % tag)
        matched = [int(l.split('=')[1]) for _, l in pl.items if l.startswith('MATCH step=')]
        said = '\n'.join(l for _, l in rl.items)
        if probe.returncode != 0 or len(matched) < 4:
            failures.append('%s: the client matched %d grids (rc %s): %s' % (tag, len(matched), probe.returncode,
                            [l for _, l in pl.items if l.startswith('FAIL')]))
        if any(s % LIVE_EVERY for s in matched) or all(s % 100 == 0 for s in matched):
            failures.append('%s: steps %s do not follow insitu.live_every = %d' % (tag, matched, LIVE_EVERY))
        for bad in ('do not match', 'ERR|', '\x1b[31m', 'ERROR:'):
            if bad in said:
                failures.append('%s: the run printed %r' % (tag, bad))
        if rc != 0:
            failures.append('%s: the run ended with %d' % (tag, rc))
        print('%s: the client matched steps %s' % (tag, matched), flush=True)
    if failures:
        print('FAILED:\n  ' + '\n  '.join(failures))
        sys.exit(1)
    print('Live under MPI OK (%s): every grid fetched with tilings %s equals the one-rank data bit for bit'
          % (a.asset, ', '.join(tilings)))


if __name__ == '__main__':
    main()
