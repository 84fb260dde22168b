# What the tests of `plume run` with ParaView Live share (standard library only): their command
# line, the environment of the runs (Open MPI as root, one thread per rank), the plume command of
# a small case (any model's) on 1 or more ranks, and a Live client (live_probe.py under pvpython)
# that listens.
import argparse
import os
import shutil
import subprocess
import sys

from test_live import Lines

NX, NY = 32, 64


def arguments():
    """The tests' options, with the output folder emptied, and the runs' environment."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--plume', required=True)
    ap.add_argument('--pvpython', default='pvpython')
    ap.add_argument('--mpiexec', default='mpiexec')
    ap.add_argument('--source', required=True, help='the source tree (assets/, pipelines/)')
    ap.add_argument('--asset', default='rayleigh_taylor.toml', help='the case, in assets/ (any model)')
    ap.add_argument('--nz', type=int, default=1, help='the lattice\'s depth (a 3-D case)')
    ap.add_argument('--tilings', default='1x1,2x1,1x2', help='the Live runs\' tilings, comma-separated')
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    env = dict(os.environ, OMP_NUM_THREADS='1', OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1',
               OMPI_MCA_rmaps_base_oversubscribe='1', OMPI_MCA_mpi_yield_when_idle='1', HWLOC_COMPONENTS='-gl')
    return a, env


def plume_command(a, out, ranks, steps, sets):
    """`plume run` of the case (--asset) on an NX x NY (x --nz) lattice, without images or periodic
    checkpoints, with `sets` ('key=value') on top."""
    cmd = [a.plume, 'run', os.path.join(a.source, 'assets', a.asset), '-o', out, '--steps', str(steps)]
    depth = ['lattice.nz=%d' % a.nz] if a.nz > 1 else []
    for s in ['lattice.nx=%d' % NX, 'lattice.ny=%d' % NY] + depth + ['output.every=0', 'output.checkpoint_every=0'] + sets:
        cmd += ['--set', s]
    return [a.mpiexec, '-np', str(ranks)] + cmd if ranks > 1 else cmd


def start_probe(a, port, tag, options):
    """live_probe.py listening on port (the process and its Lines); ends the test if it does not."""
    probe = subprocess.Popen([a.pvpython, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'live_probe.py'),
                              '--port', str(port), '--nx', str(NX), '--ny', str(NY), '--nz', str(a.nz)] + options,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = Lines(probe, 'client ' + tag)
    if lines.wait_for('LISTENING', 60) is None:
        probe.kill()
        sys.exit('%s: the client did not start' % tag)
    return probe, lines
