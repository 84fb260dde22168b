#include "launcher.hpp"
#include <csignal>
#include <cstdlib>
#include <initializer_list>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace plume::app {

bool under_mpi_launcher() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(variable)) return true;
  return false;
}

void end_with_the_launcher() {
#ifdef __linux__
  if (!under_mpi_launcher()) return;
  const pid_t launcher = ::getppid();
  if (::prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return;
  // It may have died before the request: this process then has another parent already.
  if (::getppid() != launcher) ::raise(SIGTERM);
#endif
}

}  // namespace plume::app
