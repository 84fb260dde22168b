#include "catalyst_session.hpp"
#include <vtkPython.h>  // first of the Python headers
#include <dlfcn.h>
#include <mpi.h>
#include <unistd.h>
#include <csignal>
#include <iterator>
#include <vtkCPProcessor.h>
#include <vtkCommunicator.h>
#include <vtkMPI.h>
#include <vtkMultiProcessController.h>
#include <vtkPythonInterpreter.h>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

namespace {
bool g_started = false;   // Catalyst was started in this process
MPI_Comm g_world = MPI_COMM_WORLD;

// ParaView's logging (loguru) installs its own handlers for SIGINT and SIGTERM as Catalyst starts,
// which print a stack trace and end the process at once: the program's own handling of the
// signals that stop a run (plume: at the next step, with a checkpoint) is put back.
class KeepStopSignals {
 public:
  KeepStopSignals() {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], nullptr, &old_[i]);
  }
  ~KeepStopSignals() {
    for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &old_[i], nullptr);
  }

 private:
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction old_[std::size(kSignals)] = {};
};

// loguru colours its lines for a terminal it recognises from TERM alone, also when stderr goes to
// a log file: plain text there (its switch, looked up at run time, since the library is VTK's).
void plain_log_unless_terminal() {
  if (::isatty(STDERR_FILENO)) return;
  if (void* colour = ::dlsym(RTLD_DEFAULT, "_ZN9vtkloguru18g_colorlogtostderrE")) *static_cast<bool*>(colour) = false;
}
}  // namespace

CatalystSession::CatalystSession(const std::string& working_dir) {
  if (g_started)
    throw Error("Catalyst can be started once per process, and it was already started here "
                "(make one Adaptor per run)");
  int mpi_up = 0, mpi_down = 0;
  MPI_Initialized(&mpi_up);
  MPI_Finalized(&mpi_down);
  if (mpi_down) throw Error("MPI was already finalised: start Catalyst after MPI_Init and before MPI_Finalize");
  g_started = true;
  const KeepStopSignals keep;
  // Python without its signal handlers: otherwise Ctrl-C only sets a flag in the interpreter and
  // the simulation keeps running.
  vtkPythonInterpreter::Initialize(0);
  // ParaView 5.11's Python log handler fails on ranks other than 0 (it asks vtkLogger for a
  // VERBOSITY_DEBUG it does not have) and Python's logging prints a traceback for each message,
  // which would read as the pipeline's error. Logging's own failures are not the pipeline's.
  vtkPythonInterpreter::RunSimpleString("import logging\nlogging.raiseExceptions = False\n");
  processor_ = vtkCPProcessor::New();
  int ok = 0;
  if (mpi_up) {
    vtkMPICommunicatorOpaqueComm comm(&g_world);
    ok = processor_->Initialize(comm, working_dir.c_str());
  } else {
    ok = processor_->Initialize(working_dir.c_str());
  }
  if (!ok) {
    processor_->Delete();
    processor_ = nullptr;
    throw Error("ParaView Catalyst failed to initialise");
  }
  plain_log_unless_terminal();
  // Catalyst has started MPI if the program had not.
  MPI_Initialized(&mpi_up);
  if (mpi_up) comm_ = MPI_COMM_WORLD;
  controller_ = vtkMultiProcessController::GetGlobalController();
  if (controller_) {
    rank_ = controller_->GetLocalProcessId();
    ranks_ = controller_->GetNumberOfProcesses();
  }
}

CatalystSession::~CatalystSession() { finalize(); }

void CatalystSession::reduce(std::vector<int>& flags, bool max) const {
  if (ranks_ <= 1 || !controller_ || flags.empty()) return;
  std::vector<int> out(flags.size());
  controller_->AllReduce(flags.data(), out.data(), vtkIdType(flags.size()),
                         max ? vtkCommunicator::MAX_OP : vtkCommunicator::MIN_OP);
  flags.swap(out);
}

void CatalystSession::finalize() {
  if (!processor_) return;
  processor_->Finalize();
  processor_->Delete();
  processor_ = nullptr;
  controller_ = nullptr;
  comm_ = MPI_COMM_NULL;
  // Python outlives Catalyst, and the thread that started it holds its lock to the end (ParaView's
  // VTK is built without VTK_PYTHON_FULL_THREADSAFE). When another thread ends MPI (plume starts
  // Catalyst on a thread of its own), mpi4py's clean-up in MPI_Finalize takes that lock and
  // would wait for it forever: give it up now. Nothing here calls Python after this.
  if (Py_IsInitialized() && PyGILState_Check()) PyEval_SaveThread();
}

}  // namespace plume::catalyst
