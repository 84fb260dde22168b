#include "command_line.hpp"
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <cstdio>
#include "exit_codes.hpp"
#include "insitu.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"

namespace plume::app {
namespace {

const char* kExitCodes =
    "Exit codes: 0 done; 1 run-time failure (I/O, backend, in-situ pipeline); 2 bad command line,\n"
    "configuration or input file; 3 the state became unphysical (the last good checkpoint is kept);\n"
    "130 interrupted (SIGINT/SIGTERM; a checkpoint of the last step is written).\n";

struct Options {
  std::string config;
  std::vector<std::string> sets;
  std::string restart, steps, backend, threads, device, output;
  bool quiet = false;
};

void add_overrides(CLI::App* c, Options& o) {
  c->add_option("--set", o.sets, "override a key: section.key=value (repeatable)")
      ->type_name("KEY=VALUE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

io::RunConfig build_config(const Options& o, bool run) {
  io::RunConfig cfg;
  if (!o.config.empty())
    cfg = io::load_config(o.config);
  else if (run && !o.restart.empty())
    cfg = io::parse_config(io::read_checkpoint_header(o.restart).config_toml,
                           o.restart + " (configuration stored in the checkpoint)");
  else
    throw UsageError("no configuration file given (a checkpoint given with --restart can stand in for it)");
  // Every refused override is reported, not only the first.
  std::vector<std::string> problems;
  auto apply = [&](auto&&... args) {
    try {
      io::apply_override(cfg, args...);
    } catch (const io::ConfigError& e) {
      problems.insert(problems.end(), e.problems.begin(), e.problems.end());
    }
  };
  for (const auto& s : o.sets) apply(s);
  // The shortcut options are keys too, so they are checked like every other value.
  const std::pair<const char*, const std::string*> shortcuts[] = {{"run.steps", &o.steps},
                                                                  {"run.backend", &o.backend},
                                                                  {"run.threads", &o.threads},
                                                                  {"run.device", &o.device},
                                                                  {"output.dir", &o.output}};
  for (const auto& [key, value] : shortcuts)
    if (!value->empty()) apply(std::string(key), *value);
  if (!problems.empty()) throw io::ConfigError(problems);
  cfg.restart = o.restart;
  cfg.quiet = o.quiet;
  try {
    io::validate(cfg);
  } catch (const io::ConfigError& e) {
    problems = e.problems;
  }
  if (cfg.insitu.requested() && !InSitu::catalyst_available())
    problems.push_back(fmt::format(
        "{} set, but this plume was built without ParaView Catalyst (configure with -DPLUME_CATALYST=ON)",
        cfg.insitu.live ? "insitu.live is" : "insitu.scripts is"));
  else
    for (std::string& p : InSitu::script_problems(cfg.insitu)) problems.push_back(std::move(p));
  if (!problems.empty()) throw io::ConfigError(problems);
  return cfg;
}

// A tiling given in full must have a tile per rank. (A checkpoint's stored configuration keeps the
// tiling of the run that wrote it, which a restart on another number of ranks changes.)
void check_tiles(const io::RunConfig& cfg, int ranks) {
  const parallel::Tiling t = cfg.solver.tiles;
  if (t.complete() && t.px * t.py != ranks)
    throw io::ConfigError(fmt::format("run.tiles = \"{}\" needs {} ranks but the job has {}: launch {} ranks, or set "
                                      "run.tiles to auto or to TXxTY with TX TY = {}",
                                      parallel::to_string(t), t.px * t.py, ranks, t.px * t.py, ranks));
}

// The exit code and the message of an error that ended a command (docs/running.md).
ExitRequest failure(const std::exception& e) {
  if (dynamic_cast<const UsageError*>(&e))
    return {kExitUsage, std::string(e.what()) + "\nrun 'plume --help' for the commands and options"};
  if (dynamic_cast<const io::ConfigError*>(&e) || dynamic_cast<const io::CheckpointError*>(&e))
    return {kExitUsage, e.what()};
  return {kExitFailure, e.what()};
}

void print_error(const std::string& what) {
  std::fflush(stdout);
  std::string lines = what;
  std::size_t pos = 0;
  while ((pos = lines.find('\n', pos)) != std::string::npos) lines.replace(pos, 1, "\nplume: error: "), pos += 1;
  std::fprintf(stderr, "plume: error: %s\n", lines.c_str());
}

// Rank 0's text on every rank.
void share(parallel::Communicator& world, std::string& text) {
  unsigned long long n = text.size();
  world.broadcast(&n, sizeof n, 0);
  text.resize(n);
  world.broadcast(text.data(), n, 0);
}

}  // namespace

Command parse_command_line(int argc, const char* const* argv) {
  CLI::App app{"plume: thermal convection with the D2Q37 lattice Boltzmann model (Rayleigh-Taylor by default)",
               "plume"};
  app.set_version_flag("--version", io::build_description());
  app.require_subcommand(1);
  const std::string footer = std::string("\n") + kExitCodes + "\n" + io::describe_keys();
  app.footer(footer);

  Options o;
  CLI::App* run = app.add_subcommand("run", "run a simulation");
  run->add_option("config", o.config, "configuration file (TOML); may be left out with --restart")->type_name("FILE");
  add_overrides(run, o);
  run->add_option("--restart", o.restart, "continue from this checkpoint (to run.steps)")->type_name("FILE");
  run->add_option("--steps", o.steps, "run until this step (run.steps)")->type_name("N");
  run->add_option("--backend", o.backend, "auto, cpu or cuda (run.backend)")->type_name("NAME");
  run->add_option("--threads", o.threads, "OpenMP threads of the CPU backend (run.threads)")->type_name("N");
  run->add_option("--device", o.device, "CUDA device (run.device)")->type_name("N");
  run->add_option("-o,--output", o.output, "output folder (output.dir)")->type_name("DIR");
  run->add_flag("-q,--quiet", o.quiet, "print warnings and errors only");
  run->footer(footer);

  CLI::App* check = app.add_subcommand("check", "validate a configuration (and overrides), then exit");
  check->add_option("config", o.config, "configuration file (TOML)")->type_name("FILE")->required();
  add_overrides(check, o);

  CLI::App* defaults = app.add_subcommand("defaults", "print the default configuration with every key explained");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      app.exit(e);
      throw ExitRequest{kExitOk, ""};
    }
    throw UsageError(e.what());
  }

  Command cmd;
  for (int i = 0; i < argc; ++i) cmd.text += (i ? " " : "") + std::string(argv[i]);
  cmd.config_path = o.config;
  if (defaults->parsed()) {
    cmd.kind = Command::Kind::Defaults;
    return cmd;
  }
  cmd.kind = check->parsed() ? Command::Kind::Check : Command::Kind::Run;
  cmd.config = build_config(o, cmd.kind == Command::Kind::Run);
  return cmd;
}

Command parse_command_line(parallel::Communicator& world, int argc, const char* const* argv) {
  const bool root = world.rank() == 0;
  Command cmd;
  ExitRequest end{-1, ""};  // code -1: the command goes on
  if (root) {
    try {
      cmd = parse_command_line(argc, argv);
      if (cmd.kind == Command::Kind::Run) check_tiles(cmd.config, world.size());
    } catch (const ExitRequest& e) {
      end = e;
    } catch (const std::exception& e) {
      end = failure(e);
    }
  }
  long long head[3] = {end.code, (long long)cmd.kind, cmd.config.quiet};
  world.broadcast(head, sizeof head, 0);
  if (head[0] >= 0) throw ExitRequest{int(head[0]), end.message};
  cmd.kind = Command::Kind(head[1]);
  if (cmd.kind != Command::Kind::Run) return cmd;
  // The configuration travels as its TOML text, which reads back to the same values.
  std::string toml = root ? io::to_toml(cmd.config) : "", restart = cmd.config.restart;
  share(world, toml);
  share(world, restart);
  if (!root) {
    cmd.config = io::parse_config(toml, "the configuration of rank 0");
    cmd.config.restart = restart;
    cmd.config.quiet = head[2] != 0;
  }
  return cmd;
}

int run_command(const Command& cmd, const parallel::Communicator& world) {
  if (world.rank() != 0) return kExitOk;
  if (cmd.kind == Command::Kind::Defaults) {
    std::fputs(io::to_toml(io::default_config()).c_str(), stdout);
    return kExitOk;
  }
  const auto& c = cmd.config;
  std::printf("%s: configuration OK (%d x %d, %s, %ld steps, output in %s)\n", cmd.config_path.c_str(), c.solver.nx,
              c.solver.ny, c.solver.physics.model == CollisionModel::RTRT ? "rtrt" : "bgk", c.steps,
              c.output.dir.c_str());
  return kExitOk;
}

int guarded(parallel::Communicator& world, int (*f)(parallel::Communicator&, int, const char* const*), int argc,
            const char* const* argv) {
  try {
    return f(world, argc, argv);
  } catch (const ExitRequest& e) {
    if (world.rank() == 0 && !e.message.empty()) print_error(e.message);
    return e.code;
  } catch (const std::exception& e) {
    if (world.size() > 1) return parallel::handle_fatal(world, e, "plume");
    const ExitRequest end = failure(e);
    print_error(end.message);
    return end.code;
  }
}

}  // namespace plume::app
