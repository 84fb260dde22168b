// plume: the batch driver. `plume --help` lists the commands and every configuration key.
#include "command_line.hpp"
#include "insitu.hpp"
#include "output.hpp"
#include "run_loop.hpp"

namespace {

int plume_main(int argc, const char* const* argv) {
  const plume::app::Command cmd = plume::app::parse_command_line(argc, argv);  // configuration
  if (cmd.kind != plume::app::Command::Kind::Run) return plume::app::run_command(cmd);
  plume::Solver solver(cmd.config.solver);                                     // solver
  plume::app::Output output(cmd.config);                                       // output
  plume::app::InSitu insitu(cmd.config.insitu);                                // in-situ pipelines
  return plume::app::run(cmd.config, solver, output, insitu, cmd.text);
}

}  // namespace

int main(int argc, char** argv) { return plume::app::guarded(plume_main, argc, argv); }
