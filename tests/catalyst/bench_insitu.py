# In-situ benchmark (ctest label bench, not part of ./test.sh): runs plume_insitu_demo on one
# Rayleigh–Taylor case with each shipped pipeline alone, all of them, ParaView Live with no client,
# and nothing (the baseline), each in its own process (Catalyst starts once per process). Reports the
# cost per call of each pipeline (the adaptor's own timers), the in-situ share of the run at the
# chosen frequency, and the cost of Live enabled with no client attached. Writes OUT/bench.md.
import argparse
import datetime
import json
import os
import platform
import socket
import subprocess
import sys


def cpu_model():
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('model name'):
                    return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown CPU'


def run(demo, out, name, args, case):
    folder = os.path.join(out, name)
    summary = os.path.join(folder, 'summary.json')
    os.makedirs(folder, exist_ok=True)
    cmd = [demo, '--out', folder, '--summary', summary, '--threads', '1'] + case + args
    print('running', name, flush=True)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(summary) as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--demo', required=True)
    ap.add_argument('--pipelines', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--nx', type=int, default=128)
    ap.add_argument('--ny', type=int, default=256)
    ap.add_argument('--steps', type=int, default=1000)
    ap.add_argument('--every', type=int, default=100)
    ap.add_argument('--repeats', type=int, default=2, help='runs of each case; the fastest counts')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    case = ['--nx', str(a.nx), '--ny', str(a.ny), '--steps', str(a.steps), '--every', str(a.every)]
    P = lambda s: ['--script', os.path.join(a.pipelines, s)]
    with socket.socket() as s:  # a port nobody listens on: Live with no client
        s.bind(('127.0.0.1', 0))
        port = str(s.getsockname()[1])
    configs = [
        ('baseline', []),
        ('temperature', P('temperature.py')),
        ('velocity', P('velocity.py')),
        ('fields', P('fields.py') + ['--no-xvfb']),
        ('all three', P('temperature.py') + P('velocity.py') + P('fields.py')),
        ('live, no client', ['--live', '--live-port', port, '--no-xvfb']),
        ('live every step, no client', ['--live', '--live-port', port, '--live-every', '1', '--no-xvfb']),
    ]
    results = {}
    load_before = os.getloadavg()
    for name, args in configs:
        runs = [run(a.demo, a.out, name.replace(' ', '_').replace(',', ''), args, case) for _ in range(a.repeats)]
        results[name] = min(runs, key=lambda r: r['wall_s'])
    load_after = os.getloadavg()

    base = results['baseline']
    step_s = base['solver_s'] / a.steps
    sites = a.nx * a.ny
    lines = []
    lines.append('In-situ benchmark: plume_insitu_demo, Rayleigh-Taylor %d x %d, %d steps, in situ every %d steps, '
                 '1 OpenMP thread, best of %d runs.' % (a.nx, a.ny, a.steps, a.every, a.repeats))
    lines.append('Machine: %s, %d cores; %s; load average %.1f before, %.1f after; %s.' % (
        cpu_model(), os.cpu_count(), platform.platform(), load_before[0], load_after[0],
        datetime.date.today().isoformat()))
    lines.append('Solver alone: %.2f s, %.1f ms/step, %.2f Msites/s.' % (base['solver_s'], 1e3 * step_s,
                                                                        sites / step_s / 1e6))
    lines.append('')
    lines.append('| configuration | calls | pipeline ms per call | grid fill ms per call | fields() ms per call | '
                 'adaptor, % of run | fields(), % of run | start-up s |')
    lines.append('|---|---|---|---|---|---|---|---|')
    for name, _ in configs[1:]:
        r = results[name]
        calls = max(r['insitu_calls'], 1)
        per = ', '.join('%s %.2f' % (p['script'].replace('.py', ''), 1e3 * p['seconds'] / max(p['calls'], 1))
                        for p in r['pipelines'])
        # adaptor: execute() (grid fill and pipelines); fields(): the solver computing the fields,
        # which a driver does only at the steps where the adaptor is due.
        lines.append('| %s | %d | %s | %.3f | %.2f | %.2f | %.2f | %.2f |' % (
            name, r['insitu_calls'], per, 1e3 * r['grid_s'] / calls, 1e3 * r['fields_s'] / calls,
            100.0 * r['insitu_s'] / r['wall_s'], 100.0 * r['fields_s'] / r['wall_s'], r['init_s']))
    text = '\n'.join(lines) + '\n'
    print(text)
    with open(os.path.join(a.out, 'bench.md'), 'w') as f:
        f.write(text)
    live = results['live, no client']
    print('Live with no client: the adaptor takes %.3f%% of the run at every %d steps, %.3f%% with the fields() '
          'the driver fetches for it (goal < 2%%)' % (100.0 * live['insitu_s'] / live['wall_s'], a.every,
                                                   100.0 * (live['insitu_s'] + live['fields_s']) / live['wall_s']))


if __name__ == '__main__':
    main()
