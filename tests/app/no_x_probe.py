# A plume run started without mpirun starts Open MPI's daemon, whose hwloc would open every X
# display :0-:9 to look for GPUs; when one of those servers ends at that moment (the Xvfb of a
# pipeline run beside it) the daemon dies and takes the run with it. plume turns that probe off
# (HWLOC_COMPONENTS=-gl): this listens where an X display would (a free number of :0-:9, on the
# abstract socket Xlib tries first), runs `plume check`, and fails if anything connected.
import os
import socket
import subprocess
import sys
import threading

plume, case = sys.argv[1], sys.argv[2]

listener, number = None, None
for n in range(10):
    if os.path.exists('/tmp/.X%d-lock' % n):
        continue
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind('\0/tmp/.X11-unix/X%d' % n)
    except OSError:
        s.close()
        continue
    listener, number = s, n
    break
if listener is None:
    sys.exit('no free X display number among :0-:9 to listen on')
listener.listen(16)

connections = []


def accept():
    while True:
        try:
            c, _ = listener.accept()
        except OSError:
            return
        connections.append(1)
        c.close()  # Xlib then gives up on this display


threading.Thread(target=accept, daemon=True).start()
env = {k: v for k, v in os.environ.items() if k not in ('HWLOC_COMPONENTS', 'DISPLAY')}
env.update(OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1')
run = subprocess.run([plume, 'check', case], env=env, capture_output=True, text=True, timeout=120)
listener.close()
if connections:
    sys.exit('%d connection(s) to display :%d during `plume check`: its MPI daemon probes X displays'
             % (len(connections), number))
if run.returncode != 0:
    sys.exit('plume check failed (%d):\n%s%s' % (run.returncode, run.stdout, run.stderr))
print('no connection to display :%d during `plume check`' % number)
