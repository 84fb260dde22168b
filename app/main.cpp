// plume: the batch driver. `plume --help` lists the commands and every configuration key.
// `mpirun -np N plume run case.toml` runs one tile of the lattice per rank (docs/distributed.md).
#include "command_line.hpp"
#include "insitu.hpp"
#include "launcher.hpp"
#include "output.hpp"
#include "run_loop.hpp"
#if PLUME_HAVE_MPI
#include "plume/parallel/mpi.hpp"
#endif

namespace {

int plume_main(plume::parallel::Communicator& world, int argc, const char* const* argv) {
  const plume::app::Command cmd = plume::app::parse_command_line(world, argc, argv);  // configuration
  if (cmd.kind != plume::app::Command::Kind::Run) return plume::app::run_command(cmd, world);
  plume::app::Output output(cmd.config, world);    // output (first: refusing its folder costs no work)
  plume::Solver solver(cmd.config.solver, world);  // solver
  // In-situ pipelines, made once the run's first state and its output folder are there.
  const auto insitu = [&] { return plume::app::InSitu::for_run(cmd.config, solver.domain(), world); };
  return plume::app::run(cmd.config, solver, output, insitu, cmd.text);
}

}  // namespace

int main(int argc, char** argv) {
  plume::app::end_with_the_launcher();  // first: a rank whose launcher is gone ends
#if PLUME_HAVE_MPI
  plume::parallel::MpiSession mpi(argc, argv);  // first: everything that communicates ends before it
  return plume::app::guarded(mpi.world(), plume_main, argc, argv);
#else
  const auto world = plume::parallel::self_communicator();
  return plume::app::guarded(*world, plume_main, argc, argv);
#endif
}
