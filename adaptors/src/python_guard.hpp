// What keeps a pipeline's Python from ending the process or holding the run up.
//
// Catalyst calls a script through paraview.catalyst.v2_internals and prints a failure with
// PyErr_Print, which ends the process when the exception is SystemExit (sys.exit, exit(), quit()):
// the run would stop at once, without checkpoint or summary, with the script's code as plume's.
// install() wraps those entry points so that SystemExit reaches Catalyst as a RuntimeError, an
// ordinary pipeline failure. os._exit, which ends the process past every handler, raises such a
// RuntimeError too in plume's process (in a child that a pipeline forked it ends the child). What
// Python cannot see (libc's _exit through ctypes, a crash) still ends the process: the run's
// summary then still says "running" (docs/running.md).
// During those calls the script's sys.stderr shows what it writes (a warning) instead of handing
// it to ParaView, which would take it for an error and fail the call; tracebacks still fail it.
//
// install() also gives Python a handler for a real-time signal that raises
// plume.PipelineInterrupted (a BaseException, so `except Exception` in a script does not swallow
// it; not a KeyboardInterrupt, which VTK's callbacks answer by ending the process). interrupt(),
// from any thread, sends that signal to the Python thread: Python raises at its next bytecode, and
// a blocking call (time.sleep, a socket, a lock) returns with EINTR and raises too. C++ code
// (VTK, MPI) is not interrupted; the exception is raised when it returns to Python.
#pragma once

namespace plume::catalyst::python_guard {

// Once per process, on the thread that runs Python, after Catalyst has started it.
void install();

// From any thread: raise PipelineInterrupted in the Python thread from now until settle().
void interrupt();
// On the Python thread, once the interrupted call has returned: a signal still on its way raises
// nothing.
void settle();

}  // namespace plume::catalyst::python_guard
