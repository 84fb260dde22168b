# A ParaView Live client that stops answering, or a listener that never accepts, must not hold
# `plume run`: every Live connect, handshake and send is bounded by insitu.live_timeout, and a
# signal ends the run whatever Live waits for. Loopback only, with the real ParaView:
#   frozen:  a headless client (live_probe.py under pvpython) is stopped (SIGSTOP) while it
#            listens: the run must drop it within insitu.live_timeout, say so, give its next try
#            (which gets no answer: the stopped client's queue is full) up within the limit too,
#            go on stepping, and end on SIGTERM with 130.
#   backlog: the "client" is a plain TCP socket on 127.0.0.1 that listens with a queue of one and
#            never accepts, its queue filled by the test's own connections: connect() gets no
#            answer. With insitu.live_timeout = 2 the run must give the connection up, say so, and
#            go on stepping; with a limit far longer than the test, SIGTERM during the connect
#            must end it within BOUND seconds. Ending on SIGTERM means 130, a checkpoint and the
#            summary.
import glob
import os
import signal
import socket
import subprocess
import sys
import time

from live_runs import arguments, plume_command, start_probe
from test_live import Lines, free_port_pair

BOUND = 20.0  # seconds for a bounded wait to show (a loaded 2-core machine)


def stop(*procs):
    for p in procs:
        if p and p.poll() is None:
            os.kill(p.pid, signal.SIGCONT)
            p.kill()
            p.wait()


def loopback_of(port):
    """The loopback address and family of the listener on port (ParaView's listens on IPv6)."""
    for table, family, address in (('/proc/net/tcp6', socket.AF_INET6, '::1'), ('/proc/net/tcp', socket.AF_INET,
                                                                               '127.0.0.1')):
        for line in open(table).readlines()[1:]:
            f = line.split()
            if f[3] == '0A' and int(f[1].split(':')[-1], 16) == port:  # LISTEN
                return family, address
    sys.exit('nothing listens on port %d' % port)


def fill_queue(port):
    """Connections over loopback to port that fill the queue of a listener that does not accept
    (a queue of one, as ParaView's): a further connection gets no answer to its SYN."""
    family, address = loopback_of(port)
    fillers = []
    for _ in range(4):
        s = socket.socket(family)
        s.setblocking(False)
        try:
            s.connect((address, port))
        except BlockingIOError:
            pass
        fillers.append(s)
    time.sleep(0.5)
    probe = socket.socket(family)
    probe.settimeout(1.0)
    try:
        probe.connect((address, port))
        sys.exit('the listener at %d still accepts connections: cannot test a full queue' % port)
    except socket.timeout:
        pass
    finally:
        probe.close()
    return fillers


def sigterm_ends_it(name, run, out):
    """SIGTERM must end the run within BOUND seconds with 130, a checkpoint and the summary."""
    if run.poll() is not None:
        return ['%s: the run ended by itself (%s)' % (name, run.returncode)]
    t_term = time.monotonic()
    run.send_signal(signal.SIGTERM)
    try:
        rc = run.wait(timeout=BOUND)
    except subprocess.TimeoutExpired:
        return ['%s: the run did not end within %g s of SIGTERM' % (name, BOUND)]
    print('%s: the run ended %.1f s after SIGTERM with %d' % (name, time.monotonic() - t_term, rc), flush=True)
    problems = []
    if rc != 130:
        problems.append('%s: exit code %d after SIGTERM, expected 130' % (name, rc))
    if not glob.glob(os.path.join(out, 'checkpoint_*.ckpt')):
        problems.append('%s: no checkpoint written' % name)
    summary = os.path.join(out, 'summary.json')
    if not os.path.exists(summary) or '"interrupted"' not in open(summary).read():
        problems.append('%s: no summary of an interrupted run' % name)
    return problems


def progress_after(name, rl, t, what):
    """The run must go on stepping after t (progress lines come every 2 s)."""
    time.sleep(5)
    after = [s for tt, s in rl.steps() if tt > t]
    if len(after) < 2 or after[-1] <= after[0]:
        return ['%s: no progress after %s: %s' % (name, what, after)]
    return []


def frozen(a, env):
    """The client is stopped (SIGSTOP) while it listens, with one connection in its queue of one
    already (another user's): the kernel still completes the run's first connection, to which the
    client never answers, and the run drops it within live_timeout; its next try, 60 s later
    (LiveLink::kRetryAfter), finds the queue full, gets no answer, and must be given up within
    live_timeout too."""
    name, timeout_s = 'frozen', 5.0
    out = os.path.join(a.out, name)
    port = free_port_pair()
    probe, pl = start_probe(a, port, name, ['--grids', '2', '--then', 'hold'])
    run, filler = None, None
    try:
        os.kill(probe.pid, signal.SIGSTOP)
        family, address = loopback_of(port)
        filler = socket.socket(family)
        filler.settimeout(5.0)
        filler.connect((address, port))
        cmd = plume_command(a, out, 1, 1000000, ['insitu.live=true', 'insitu.live_port=%d' % port,
                                                 'insitu.live_every=10', 'insitu.live_timeout=%g' % timeout_s])
        run = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rl = Lines(run, 'plume ' + name)
        head = 'plume in-situ: ParaView Live: the client at localhost:%d ' % port
        t_cut = rl.wait_for(head + 'sent nothing for', 90)
        if t_cut is None:
            return ['%s: the run did not drop the frozen client' % name]
        t_again = rl.wait_for(head + 'did not accept the connection', 60 + timeout_s + 30)
        if t_again is None:
            return ['%s: the run did not give up its next connection to the frozen client' % name]
        print('%s: the next try was given up %.1f s after the client was dropped' % (name, t_again - t_cut),
              flush=True)
        return progress_after(name, rl, t_again, 'the try was given up') + sigterm_ends_it(name, run, out)
    finally:
        stop(probe, run)
        if filler:
            filler.close()


def full_listener(port):
    """A socket listening on 127.0.0.1:port with a queue of one that never accepts, its queue full."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(('127.0.0.1', port))
    listener.listen(1)
    return [listener] + fill_queue(port)


def backlog(a, env, name, timeout_s):
    out = os.path.join(a.out, name)
    port = free_port_pair()
    held = full_listener(port)
    run = None
    try:
        cmd = plume_command(a, out, 1, 1000000, ['insitu.live=true', 'insitu.live_host=127.0.0.1',
                                                 'insitu.live_port=%d' % port, 'insitu.live_every=10',
                                                 'insitu.live_timeout=%g' % timeout_s])
        run = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        rl = Lines(run, 'plume ' + name)
        problems = []
        if timeout_s < BOUND:  # the run must give the connection up by itself and go on
            said = 'plume in-situ: ParaView Live: the client at 127.0.0.1:%d did not accept the connection' % port
            t_cut = rl.wait_for(said, 60)
            if t_cut is None:
                return ['%s: the run did not give up the connection that was never accepted' % name]
            problems += progress_after(name, rl, t_cut, 'the connection was given up')
        else:  # well into the connect, which has no answer
            if rl.wait_for('plume in-situ: ParaView Live: every', 60) is None:
                return ['%s: the run did not start Live' % name]
            time.sleep(4)
        return problems + sigterm_ends_it(name, run, out)
    finally:
        stop(run)
        for s in held:
            s.close()


def main():
    a, env = arguments()
    problems = []
    problems += frozen(a, env)
    problems += backlog(a, env, 'backlog', 2.0)
    problems += backlog(a, env, 'backlog_sigterm', 600.0)
    if problems:
        print('FAILED:\n  ' + '\n  '.join(problems))
        sys.exit(1)
    print('Live without answers OK: a frozen client is dropped and so is the next try; a connection never '
          'accepted is given up, and SIGTERM ends a run that waits for one')


if __name__ == '__main__':
    main()
