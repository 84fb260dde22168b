# A ParaView Live client that stops answering must not hold `plume run`, and a signal must end the
# run whatever Live is doing. With a headless client (live_probe.py under pvpython):
#   frozen:  the client is stopped (SIGSTOP) while attached; the run must drop it within
#            insitu.live_timeout, say so, and go on stepping; SIGTERM then ends it normally.
#   blocked: the same with a time limit far longer than the test; SIGTERM, sent while the run
#            waits for the frozen client, must end it at once (on 1 and 2 ranks).
#   paused:  the client pauses the run and stays attached; SIGTERM must end it at once (1 and 2 ranks).
# Ending means exit code 130, a checkpoint and the summary, within BOUND seconds of SIGTERM.
import glob
import os
import signal
import subprocess
import sys
import time

from live_runs import arguments, plume_command, start_probe
from test_live import Lines, free_port_pair

BOUND = 20.0  # seconds from SIGTERM to the end of the run (a loaded 2-core machine)


def progress_after(lines, t):
    return [s for tt, s in lines.steps() if tt > t]


def scenario(a, env, name, ranks, then, timeout_s):
    out = os.path.join(a.out, name)
    port = free_port_pair()
    probe, pl = start_probe(a, port, name, ['--grids', '2', '--then', then])
    problems = []
    run = None
    try:
        cmd = plume_command(a, out, ranks, 1000000, ['insitu.live=true', 'insitu.live_port=%d' % port,
                                                     'insitu.live_every=10', 'insitu.live_timeout=%g' % timeout_s])
        run = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rl = Lines(run, 'plume ' + name)
        if then == 'pause':
            if pl.wait_for('PAUSED', 90) is None or rl.wait_for('plume in-situ: ParaView Live: the client paused', 30) is None:
                return problems + ['%s: the run was not paused' % name]
        else:
            if pl.wait_for('DATA', 90) is None:
                return problems + ['%s: the client got no data' % name]
            os.kill(probe.pid, signal.SIGSTOP)
            t_stop = time.monotonic()
            if timeout_s < BOUND:  # the run must drop the client by itself
                said = 'plume in-situ: ParaView Live: the client at localhost:%d sent nothing' % port
                t_cut = rl.wait_for(said, timeout_s + 30)
                if t_cut is None:
                    return problems + ['%s: the run did not drop the frozen client' % name]
                if t_cut - t_stop > timeout_s + 10:
                    problems.append('%s: dropped %.1f s after the client froze, limit %g s' %
                                    (name, t_cut - t_stop, timeout_s))
                # Progress lines come every 2 s: the run must go on stepping.
                time.sleep(5)
                after = progress_after(rl, t_cut)
                if len(after) < 2 or after[-1] <= after[0]:
                    problems.append('%s: no progress after the client was dropped: %s' % (name, after))
        time.sleep(3)  # well into the wait (paused, or blocked on the frozen client)
        if run.poll() is not None:
            return problems + ['%s: the run ended by itself (%s)' % (name, run.returncode)]
        t_term = time.monotonic()
        # To every rank, as a batch system does (mpirun's own exit code after a signal is its own).
        ranks_pids = subprocess.run(['pgrep', '-P', str(run.pid)], stdout=subprocess.PIPE, text=True).stdout.split()
        for pid in (ranks_pids if ranks > 1 else [run.pid]):
            os.kill(int(pid), signal.SIGTERM)
        try:
            rc = run.wait(timeout=BOUND)
        except subprocess.TimeoutExpired:
            return problems + ['%s: the run did not end within %g s of SIGTERM' % (name, BOUND)]
        took = time.monotonic() - t_term
        if rc != 130:
            problems.append('%s: exit code %d after SIGTERM, expected 130' % (name, rc))
        if not glob.glob(os.path.join(out, 'checkpoint_*.ckpt')):
            problems.append('%s: no checkpoint written' % name)
        summary = os.path.join(out, 'summary.json')
        if not os.path.exists(summary) or '"interrupted"' not in open(summary).read():
            problems.append('%s: no summary of an interrupted run' % name)
        print('%s: the run ended %.1f s after SIGTERM with %d' % (name, took, rc), flush=True)
        return problems
    finally:
        for p in (probe, run):
            if p and p.poll() is None:
                os.kill(p.pid, signal.SIGCONT)
                p.kill()
                p.wait()


def main():
    a, env = arguments()
    problems = []
    problems += scenario(a, env, 'frozen', 1, 'hold', 2.0)
    problems += scenario(a, env, 'blocked', 1, 'hold', 600.0)
    problems += scenario(a, env, 'paused', 1, 'pause', 600.0)
    problems += scenario(a, env, 'blocked_2ranks', 2, 'hold', 600.0)
    problems += scenario(a, env, 'paused_2ranks', 2, 'pause', 600.0)
    if problems:
        print('FAILED:\n  ' + '\n  '.join(problems))
        sys.exit(1)
    print('Live stalls OK: a frozen client is dropped and the run goes on; SIGTERM ends a run that waits for a '
          'frozen or pausing client')


if __name__ == '__main__':
    main()
