#include "python_guard.hpp"
#include <atomic>
#include <csignal>
#include <pthread.h>
#include <vtkPython.h>  // first of the Python headers
#include "plume/catalyst/error.hpp"

namespace plume::catalyst::python_guard {
namespace {

// A real-time signal: none of the libraries plume runs with (glibc takes the first two, which
// SIGRTMIN already skips) uses the top of the range.
int interrupt_signal() { return SIGRTMAX - 2; }

std::atomic<bool> g_wanted{false};  // an interruption is wanted now
pthread_t g_python_thread;
bool g_installed = false;

// Python's handler asks this before raising: a signal that arrives after the call returned (it
// was sent just before) is ignored.
PyObject* interrupt_wanted(PyObject*, PyObject*) { return PyBool_FromLong(g_wanted.load() ? 1 : 0); }
PyMethodDef g_wanted_def = {"interrupt_wanted", interrupt_wanted, METH_NOARGS,
                            "whether plume wants the running pipeline call interrupted"};

// Compiled as "<plume pipeline guard>" (what a traceback through it shows) into a namespace of
// its own. paraview.simple is imported here, once: its first import takes seconds, which are not
// the first script's to count against its time limit.
const char* kInstall = R"(
import signal
import _plume_pipeline_guard as guard
import paraview.simple
from paraview.catalyst import v2_internals

class PipelineInterrupted(BaseException):
    """plume interrupted this pipeline call: it exceeded its time limit, or the run is stopping."""
PipelineInterrupted.__module__ = 'plume'
guard.PipelineInterrupted = PipelineInterrupted

def on_signal(signum, frame):
    if guard.interrupt_wanted():
        raise PipelineInterrupted('plume interrupted this pipeline call')
signal.signal(guard.SIGNAL, on_signal)

import sys

class ShownStderr:
    """sys.stderr while a pipeline call runs. ParaView takes whatever reaches its stderr for an
    error, which fails the call; what a pipeline writes there itself (warnings.warn, NumPy's
    RuntimeWarning, a message) is shown on the process's stderr instead. A traceback printed during
    the call (an exception that VTK caught, in a programmable filter) still goes to ParaView's
    stderr, with what follows it; an exception that ends the call reaches it after the call."""
    def __init__(self, errors):
        self.errors = errors
        self.failing = False
    def write(self, text):
        if not self.failing and text.lstrip().startswith('Traceback (most recent call last)'):
            self.failing = True
        shown = self.errors if self.failing or sys.__stderr__ is None else sys.__stderr__
        n = shown.write(text)
        shown.flush()
        return n
    def flush(self):
        self.errors.flush()
    def __getattr__(self, name):
        return getattr(self.errors, name)

def guard_entry(entry):
    def guarded(*args, **kwargs):
        errors = sys.stderr
        sys.stderr = ShownStderr(errors)
        try:
            return entry(*args, **kwargs)
        except SystemExit as e:
            error = RuntimeError('the pipeline called sys.exit(%r): a pipeline cannot end the run' % (e.code,))
            raise error.with_traceback(e.__traceback__.tb_next) from None
        finally:
            sys.stderr = errors
    return guarded

# os._exit ends the process at once, past every handler: in plume's process it raises instead, a
# failure of the pipeline like sys.exit; a child the pipeline forked (multiprocessing) ends as it
# asks.
import os, posix
_exit, plume_pid = os._exit, os.getpid()
def guarded_exit(status):
    if os.getpid() != plume_pid:
        _exit(status)
    raise RuntimeError('the pipeline called os._exit(%r): a pipeline cannot end the run' % (status,))
os._exit = posix._exit = guarded_exit

for name in ('import_and_validate', 'do_request_data_description', 'do_catalyst_initialize',
             'do_catalyst_execute', 'do_catalyst_finalize'):
    setattr(v2_internals, name, guard_entry(getattr(v2_internals, name)))
)";

}  // namespace

void install() {
  if (g_installed) return;
  vtkPythonScopeGilEnsurer gil(true);
  PyObject* module = PyImport_AddModule("_plume_pipeline_guard");  // borrowed, in sys.modules
  PyObject* wanted = module ? PyCFunction_New(&g_wanted_def, nullptr) : nullptr;
  if (!wanted || PyModule_AddObject(module, "interrupt_wanted", wanted) != 0 ||
      PyModule_AddIntConstant(module, "SIGNAL", interrupt_signal()) != 0) {
    PyErr_Print();
    throw Error("cannot set up the guard of the pipelines' Python");
  }
  PyObject* code = Py_CompileString(kInstall, "<plume pipeline guard>", Py_file_input);
  PyObject* globals = code ? PyDict_New() : nullptr;
  if (globals) PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
  PyObject* result = globals ? PyEval_EvalCode(code, globals, globals) : nullptr;
  Py_XDECREF(result);
  Py_XDECREF(globals);
  Py_XDECREF(code);
  if (!result) {
    PyErr_Print();
    throw Error("cannot set up the guard of the pipelines' Python (paraview.catalyst.v2_internals)");
  }
  g_python_thread = pthread_self();
  g_installed = true;
}

void interrupt() {
  if (!g_installed) return;
  g_wanted = true;
  pthread_kill(g_python_thread, interrupt_signal());
}

void settle() { g_wanted = false; }

}  // namespace plume::catalyst::python_guard
