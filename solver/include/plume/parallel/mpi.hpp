// MPI for a driver: initialise, get the world communicator, finalise. Declared whatever the
// build, defined only when plume is built with MPI (PLUME_HAVE_MPI is then 1 for users of
// plume_solver); mpi.h itself stays inside the library.
#pragma once
#include <memory>
#include "plume/parallel/communicator.hpp"

namespace plume::parallel {

// Initialises MPI (thread level MULTIPLE where the library gives it, for the in-situ consumer
// thread: Communicator::concurrent_threads() says what it gave) unless something else did, and finalises it when destroyed if it initialised it. Create it
// first in main() so that it outlives every Solver. Errors of MPI calls are returned, not
// fatal, and come out as exceptions naming the call.
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  Communicator& world() { return *world_; }

 private:
  bool owner_ = false;
  std::unique_ptr<Communicator> world_;
};

}  // namespace plume::parallel
