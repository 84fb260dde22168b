// Fails on its last rank after set-up, while the other ranks step and wait for that rank's
// halos: handle_fatal must end the whole job, naming the rank (tests/mpi/CMakeLists.txt).
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"

int main(int argc, char** argv) {
  plume::parallel::MpiSession mpi(argc, argv);
  plume::parallel::Communicator& world = mpi.world();
  try {
    plume::SolverConfig c;
    c.nx = 64;
    c.ny = 48;
    c.backend = plume::BackendKind::CPU;
    c.threads = 1;
    plume::Solver s(c, world);
    s.initialize();
    if (world.rank() == world.size() - 1) throw std::runtime_error("injected failure");
    s.advance(1000000);
    return 0;
  } catch (const std::exception& e) {
    return plume::parallel::handle_fatal(world, e, "abort-probe");
  }
}
