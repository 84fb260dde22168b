// plume-gui-batch-rate: the batch throughput of a configuration, plume::Solver alone (no window,
// no snapshots), as the reference for the rate plume-gui reaches while it renders (docs/gui.md).
//
//   plume-gui-batch-rate [--config FILE] [--set KEY=VALUE ...] [--steps N]
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include "plume/io/build_info.hpp"
#include "plume/config/run_config.hpp"
#include "plume/solver.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Site updates per second of plume::Solver alone for a configuration (reference for plume-gui)."};
  std::string config;
  std::vector<std::string> sets;
  long steps = 200;
  app.add_option("--config", config, "configuration file (TOML)")->check(CLI::ExistingFile);
  app.add_option("--set", sets, "override a configuration key, KEY=VALUE (repeatable)");
  app.add_option("--steps", steps, "timed steps (after one untimed warm-up step)")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  try {
    plume::config::RunConfig cfg = config.empty() ? plume::config::default_config() : plume::config::load_config(config);
    for (const std::string& s : sets) plume::config::apply_override(cfg, s);
    plume::config::validate(cfg);
    plume::Solver solver(cfg.solver);
    solver.initialize();
    solver.advance(1);  // first touch of the second buffer outside the timing
    const auto t0 = std::chrono::steady_clock::now();
    solver.advance(steps);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Every site of the lattice, z layers included (a 3-D run's rate counted only nx ny before).
    const double sites = double(cfg.solver.global().global_sites());
    const std::string lattice = std::to_string(cfg.solver.nx) + "x" + std::to_string(cfg.solver.ny) +
                                (cfg.solver.nz > 1 ? "x" + std::to_string(cfg.solver.nz) : "");
    std::printf("batch lattice=%s steps=%ld wall_s=%.3f site_updates_per_s=%.4g backend=\"%s\" build=\"%s\"\n",
                lattice.c_str(), steps, s, steps * sites / s,
                solver.backend().description.c_str(), plume::io::build_description().c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plume-gui-batch-rate: %s\n", e.what());
    return 1;
  }
}
