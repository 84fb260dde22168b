#include "command_line.hpp"
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>
#include <tuple>
#include "exit_codes.hpp"
#include "insitu.hpp"
#include "output.hpp"
#include "rank0.hpp"
#include "plume/config/command_words.hpp"
#include "plume/geometry/error.hpp"
#include "plume/io/build_info.hpp"
#include "plume/io/checkpoint.hpp"
#include "plume/model.hpp"

namespace plume::app {
namespace {

const char* kExitCodes =
    "Exit codes: 0 done; 1 run-time failure (a file that cannot be written, backend, in-situ pipeline;\n"
    "the last good checkpoint is kept); 2 bad command line, configuration or input file, or an output\n"
    "folder that holds another run's files; 3 the state became unphysical (the last good checkpoint is kept);\n"
    "130 interrupted (SIGINT, SIGTERM or SIGHUP, or the MPI launcher died; a checkpoint of the last step is\n"
    "written). A summary.json that still says \"running\" is that of a run that did not end normally.\n";

struct Options {
  std::string config;
  std::vector<std::string> sets;
  std::string restart, steps, backend, threads, device, output;
  // The options that stand for a key, with the option itself: one given as '' is applied (and
  // refused) like any other value, not taken for an absent one.
  std::vector<std::tuple<const char*, const std::string*, const CLI::Option*>> shortcuts;
  // --restart of run and of check: given as '', it names no checkpoint, and is no absent option
  // (the run would start from step 0 as if it had not been given).
  std::vector<const CLI::Option*> restarts;
  bool quiet = false, overwrite = false;
};

using SingleValued = config::cli::SingleValued;

// run and check take the same options, so that `plume check` validates exactly what `plume run`
// would be given.
void add_run_options(CLI::App* c, Options& o, const std::string& footer, SingleValued& once) {
  c->add_option("config", o.config, "configuration file (TOML); may be left out with --restart")->type_name("FILE");
  c->add_option("--set", o.sets, "override a key: section.key=value (repeatable)")
      ->type_name("KEY=VALUE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  o.restarts.push_back(
      once(c->add_option("--restart", o.restart, "continue from this checkpoint (to run.steps)")->type_name("FILE")));
  const auto shortcut = [&](const char* flags, std::string& value, const char* help, const char* type,
                            const char* key) {
    o.shortcuts.emplace_back(key, &value, once(c->add_option(flags, value, help)->type_name(type)));
  };
  shortcut("--steps", o.steps, "run until this step (run.steps)", "N", "run.steps");
  shortcut("--backend", o.backend, "auto, cpu or cuda (run.backend)", "NAME", "run.backend");
  shortcut("--threads", o.threads, "OpenMP threads of the CPU backend (run.threads)", "N", "run.threads");
  shortcut("--device", o.device, "CUDA device (run.device)", "N", "run.device");
  shortcut("-o,--output", o.output, "output folder (output.dir)", "DIR", "output.dir");
  c->add_flag("-q,--quiet", o.quiet, "print warnings and errors only");
  c->add_flag("--overwrite", o.overwrite, "replace the files of another run in the output folder");
  c->footer(footer);
}

// --- The memory a run needs (docs/running.md, "Memory") ---

// Estimates what the run needs and refuses it, with both numbers, when rank 0's host has less
// memory available. The device's memory is checked by the CUDA backend when it allocates.
std::string check_memory(const config::RunConfig& cfg, const Job& job, io::MemoryNeed& need) {
  if (cfg.solver.nx <= 0 || cfg.solver.ny <= 0 || cfg.solver.nz <= 0) return "";  // reported as out of range
  io::RunShape shape = io::run_shape(cfg.solver, job.ranks, cfg.output.image_scale);
  try {
    std::tie(shape.image_width, shape.image_height) = Output::largest_image(cfg);
  } catch (const std::exception&) {
    // A model or field that is no choice is reported by validate(); the image is then nx x ny.
  }
  need = io::estimate_memory(shape);
  const std::string problem = io::check_host_memory(shape, job.ranks_on_host);
  // The estimate speaks of storage; the user changes it with a key.
  return problem.empty() || cfg.solver.precision == Precision::FP32 || need.image_counts_most
             ? problem
             : problem + " (FP32 storage: run.precision = \"fp32\")";
}

// A whole number too large for any integer key, named as what it is: read as TOML it is no integer,
// and the message said "wrong type: expected an integer, got a string". "" for anything else.
std::string beyond_64_bits(const std::string& option, const std::string& value) {
  const std::size_t sign = !value.empty() && (value[0] == '+' || value[0] == '-') ? 1 : 0;
  if (value.size() == sign || value.find_first_not_of("0123456789", sign) != std::string::npos) return "";
  long long n = 0;
  const char* first = value.data() + (value[0] == '+' ? 1 : 0);
  if (std::from_chars(first, value.data() + value.size(), n).ec != std::errc::result_out_of_range) return "";
  return value[0] == '-' ? fmt::format("{} = '{}' is out of range: it does not fit in a 64-bit integer (at least {})",
                                       option, value, std::numeric_limits<long long>::min())
                          : fmt::format("{} = '{}' is out of range: it does not fit in a 64-bit integer (at most {})",
                                       option, value, std::numeric_limits<long long>::max());
}

config::RunConfig build_config(const Options& o, const Job& job, io::MemoryNeed& need) {
  // Every problem is reported in one round: those of the file, of the overrides and of the
  // ranges and rules, unless the file could not be read at all.
  std::vector<std::string> problems;
  std::optional<config::RunConfig> loaded;
  if (!o.config.empty())
    loaded = config::load_config(o.config, problems, o.sets);
  else if (!o.restart.empty())
    loaded = config::parse_config(io::read_checkpoint_header(o.restart).config_toml,
                              o.restart + " (configuration stored in the checkpoint)", problems, o.sets);
  else
    throw UsageError("no configuration file given (a checkpoint given with --restart can stand in for it)");
  config::RunConfig cfg = loaded.value_or(config::default_config());
  auto apply = [&](auto&&... args) {
    try {
      config::apply_override(cfg, args...);
    } catch (const config::ConfigError& e) {
      problems.insert(problems.end(), e.problems.begin(), e.problems.end());
    }
  };
  for (const auto& s : o.sets) apply(s);
  // The shortcut options are keys too, so they are checked like every other value.
  for (const auto& [key, value, option] : o.shortcuts)
    if (option->count() > 0) {
      if (const std::string big = beyond_64_bits(option->get_name(), *value); !big.empty())
        problems.push_back(big);
      else
        apply(std::string(key), *value);
    }
  if (!loaded) throw config::ConfigError(problems);
  cfg.restart = o.restart;
  cfg.quiet = o.quiet;
  cfg.overwrite = o.overwrite;
  try {
    config::validate(cfg, job.ranks);
  } catch (const config::ConfigError& e) {
    problems.insert(problems.end(), e.problems.begin(), e.problems.end());
  }
  if (cfg.insitu.requested() && !InSitu::catalyst_available())
    problems.push_back(fmt::format(
        "{} set, but this plume was built without ParaView Catalyst (configure with -DPLUME_CATALYST=ON)",
        cfg.insitu.live ? "insitu.live is" : "insitu.scripts is"));
  else
    for (std::string& p : InSitu::script_problems(cfg.insitu)) problems.push_back(std::move(p));
  if (cfg.output.vtk_every > 0 && !Output::vtk_available())
    problems.push_back(fmt::format("output.vtk_every = {}: this plume was built without ParaView's VTK and writes "
                                   "no VTK files (install paraview-dev and configure with -DPLUME_CATALYST=ON)",
                                   cfg.output.vtk_every));
  // The checkpoint is looked at now, before any work (its populations are read by the run).
  if (!cfg.restart.empty()) {
    try {
      io::check_compatible(io::read_checkpoint_header(cfg.restart), cfg.solver, cfg.restart);
    } catch (const io::CheckpointSizeError& e) {
      problems.push_back(std::string(e.what()) + " (lattice.nx x lattice.ny)");
    } catch (const io::CheckpointError& e) {
      problems.push_back(e.what());
    }
  }
  const std::string memory = check_memory(cfg, job, need);
  if (!memory.empty()) problems.push_back(memory);
  if (!problems.empty()) throw config::ConfigError(problems);
  // The geometry's files are read and its particles placed now, before any work, so that a bad
  // line or a bed that cannot be built ends the command like any other configuration problem.
  config::build_solids(cfg);
  return cfg;
}

// seed001's --threads: 0 (OpenMP's default) up to run.threads' bound (config::max_threads).
int seed001_threads(const std::string& value) {
  int n = -1;
  const auto [end, err] = std::from_chars(value.data(), value.data() + value.size(), n);
  const int most = config::max_threads();
  if (err != std::errc() || end != value.data() + value.size() || n < 0 || n > most)
    throw UsageError(fmt::format("--threads = '{}': expected a whole number from 0 (the OpenMP default) to {} (8 per "
                                 "hardware thread of this machine)",
                                 value, most));
  return n;
}

// A first word that is not a command is named, with what was probably meant; so is an option before
// any command (CLI11 said "A subcommand is required" of `plume --bogus`), and no command at all.
void check_command_word(int argc, const char* const* argv) {
  const std::vector<std::string> commands{"run", "check", "defaults", "seed001"};
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "-h" || word == "--help" || word == "--version") return;  // CLI11 answers them
    if (!word.empty() && word[0] == '-')
      throw UsageError(fmt::format("unknown option '{}': the options of a command come after it (plume run "
                                   "CONFIG [options]); before a command only --help and --version",
                                   word));
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return;
    std::string hint;
    struct stat st {};
    if (::stat(word.c_str(), &st) == 0 || word.find(".toml") != std::string::npos)
      hint = fmt::format(" (to run the configuration '{}': plume run {})", word, word);
    else if (const std::string m = config::closest_match(word, commands); !m.empty())
      hint = fmt::format(" (did you mean '{}'?)", m);
    throw UsageError(fmt::format("unknown command '{}': the commands are run, check, defaults and seed001{}", word, hint));
  }
  throw UsageError("no command given: the commands are run, check, defaults and seed001");
}

// The exit code and the message of an error that ended a command (docs/running.md).
ExitRequest failure(const std::exception& e) {
  if (dynamic_cast<const UsageError*>(&e))
    return {kExitUsage, std::string(e.what()) + "\nrun 'plume --help' for the commands and options"};
  if (dynamic_cast<const config::ConfigError*>(&e) || dynamic_cast<const io::CheckpointError*>(&e) ||
      dynamic_cast<const io::Seed001Error*>(&e) || dynamic_cast<const geometry::GeometryError*>(&e))
    return {kExitUsage, e.what()};
  return {kExitFailure, e.what()};
}

void print_error(const std::string& what) {
  std::fflush(stdout);
  std::string lines = config::cut_long_text(what);  // a 1 MB value echoed is cut, its length said
  std::size_t pos = 0;
  while ((pos = lines.find('\n', pos)) != std::string::npos) lines.replace(pos, 1, "\nplume: error: "), pos += 1;
  std::fprintf(stderr, "plume: error: %s\n", lines.c_str());
}

// The ranks that share rank 0's host, and with it the memory that rank 0 gathers the lattice into.
int ranks_on_root_host(parallel::Communicator& world) {
  if (world.size() == 1) return 1;
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  std::string root_host = name;
  share_from_rank0(world, root_host);
  long long same = root_host == name ? 1 : 0;
  world.allreduce(&same, 1, parallel::ReduceOp::Sum);
  return int(same);
}

}  // namespace

Command parse_command_line(int argc, const char* const* argv, const Job& job) {
  CLI::App app{"plume: lattice Boltzmann simulations with in-situ visualisation (the model is the configuration's `model`: d2q37, thermal convection, Rayleigh-Taylor by default; d2q9, isothermal flows)",
               "plume"};
  app.set_version_flag("--version", io::build_description());
  app.require_subcommand(1);
  const std::string footer = std::string("\n") + kExitCodes + "\n" + config::describe_keys();
  app.footer(footer);

  Options o;
  SingleValued once;
  CLI::App* run = app.add_subcommand("run", "run a simulation");
  add_run_options(run, o, footer, once);
  CLI::App* check = app.add_subcommand(
      "check", "validate what run would be given (configuration, overrides, checkpoint, memory), then exit");
  add_run_options(check, o, footer, once);
  CLI::App* defaults = app.add_subcommand("defaults", "print the default configuration with every key explained");
  Seed001Run s1;
  std::string s1_backend = "auto", s1_precision = "fp32";
  CLI::App* seed001 = app.add_subcommand(
      "seed001", "run the seed-001 D2Q9 benchmark's parameter and obstacle files unchanged; writes av_vels.dat and "
                 "final_state.dat in its formats and prints its Reynolds number and times (docs/d2q9.md)");
  seed001->add_option("params", s1.params, "parameter file: nx, ny, maxIters, reynolds_dim, density, accel, omega")
      ->required()
      ->type_name("FILE");
  seed001->add_option("obstacles", s1.obstacles, "obstacle file: lines 'x y 1'")->required()->type_name("FILE");
  once(seed001->add_option("--out", s1.out, "folder of the outputs (default: the current one)")->type_name("DIR"));
  once(seed001->add_option("--backend", s1_backend, "auto, cpu or cuda")
           ->check(CLI::IsMember(backend_kind_names()))
           ->type_name("NAME"));
  once(seed001->add_option("--precision", s1_precision, "storage: fp32 (the benchmark's) or fp64")
           ->check(CLI::IsMember(precision_names()))
           ->type_name("NAME"));
  std::string s1_threads;
  once(seed001->add_option("--threads", s1_threads, "OpenMP threads of the CPU backend (0: the OpenMP default)")
           ->type_name("N"));
  seed001->add_flag("--quiet,-q", s1.quiet, "no progress report");
  // Its own footer: the configuration keys and the exit codes of run (checkpoints, in situ) do not
  // apply to it.
  seed001->footer(
      "\nThe files (docs/d2q9.md, \"Seed 001's benchmark files\"): params holds seven lines, nx, ny, maxIters,\n"
      "reynolds_dim (integers), density, accel, omega (reals); obstacles a line 'x y 1' per solid cell (y = 0 the\n"
      "bottom row). Writes av_vels.dat and final_state.dat into --out, replacing those of an earlier run there as\n"
      "the benchmark does; stdout holds the benchmark's report alone, plume's notes and progress go to stderr.\n\n"
      "Exit codes: 0 done; 1 run-time failure (no GPU for --backend cuda, an output that cannot be written);\n"
      "2 bad command line or input file, found before any work (nothing is created); 3 the flow became\n"
      "unphysical (nothing is written).\n");

  check_command_word(argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      app.exit(e);
      throw ExitRequest{kExitOk, ""};
    }
    throw UsageError(config::cli::plain_words(e));
  }
  if (const auto twice = once.check()) throw UsageError(*twice);

  Command cmd;
  for (int i = 0; i < argc; ++i) cmd.text += (i ? " " : "") + std::string(argv[i]);
  cmd.config_path = o.config.empty() ? o.restart : o.config;
  if (defaults->parsed()) {
    cmd.kind = Command::Kind::Defaults;
    return cmd;
  }
  if (seed001->parsed()) {
    cmd.kind = Command::Kind::Seed001;
    const auto index = [](const std::vector<std::string>& names, const std::string& v) {
      return int(std::find(names.begin(), names.end(), v) - names.begin());
    };
    s1.backend = BackendKind(index(backend_kind_names(), s1_backend));
    s1.precision = Precision(index(precision_names(), s1_precision));
    if (seed001->count("--threads") > 0) s1.threads = seed001_threads(s1_threads);
    check_seed001(s1, job.ranks, job.ranks_on_host);  // before any work, as run's configuration
    cmd.seed001 = s1;
    return cmd;
  }
  cmd.kind = check->parsed() ? Command::Kind::Check : Command::Kind::Run;
  for (const CLI::Option* r : o.restarts)
    if (r->count() > 0 && o.restart.empty())
      throw UsageError("--restart is given an empty file name: name the checkpoint to continue from (a "
                       "checkpoint_<step>.ckpt of the run's output folder), or leave the option out to start at step 0");
  cmd.config = build_config(o, job, cmd.memory);
  return cmd;
}

Command parse_command_line(parallel::Communicator& world, int argc, const char* const* argv) {
  const bool root = world.rank() == 0;
  const Job job{world.size(), ranks_on_root_host(world)};
  Command cmd;
  ExitRequest end{-1, ""};  // code -1: the command goes on
  if (root) {
    try {
      cmd = parse_command_line(argc, argv, job);  // a tiling the job's ranks cannot run included (config::validate)
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
  if (cmd.kind == Command::Kind::Seed001) {
    // Every rank runs a tile of it: the files' names and the options travel from rank 0.
    Seed001Run& s = cmd.seed001;
    std::string text = fmt::format("{}\n{}\n{}\n{} {} {} {} {}", s.params, s.obstacles, s.out, int(s.backend),
                                   int(s.precision), s.threads, s.device, int(s.quiet));
    share_from_rank0(world, text);
    std::istringstream in(text);
    std::getline(in, s.params);
    std::getline(in, s.obstacles);
    std::getline(in, s.out);
    int backend = 0, precision = 0, quiet = 0;
    in >> backend >> precision >> s.threads >> s.device >> quiet;
    s.backend = BackendKind(backend);
    s.precision = Precision(precision);
    s.quiet = quiet != 0;
    return cmd;
  }
  if (cmd.kind != Command::Kind::Run) return cmd;
  // The configuration travels as its TOML text, which reads back to the same values.
  std::string toml = root ? config::to_toml(cmd.config) : "", restart = cmd.config.restart;
  share_from_rank0(world, toml);
  share_from_rank0(world, restart);
  if (!root) {
    cmd.config = config::parse_config(toml, "the configuration of rank 0");
    cmd.config.restart = restart;
    cmd.config.quiet = head[2] != 0;
    config::build_solids(cmd.config);  // each rank its own copy: the same for all (rank 0 built it without error)
  }
  return cmd;
}

int run_command(const Command& cmd, parallel::Communicator& world) {
  if (cmd.kind == Command::Kind::Seed001) return run_seed001(cmd.seed001, world);
  if (world.rank() != 0) return kExitOk;
  if (cmd.kind == Command::Kind::Defaults) {
    std::fputs(config::to_toml(config::default_config()).c_str(), stdout);
    return kExitOk;
  }
  const auto& c = cmd.config;
  if (c.quiet) return kExitOk;
  const io::MemoryNeed& m = cmd.memory;
  const Model& model = *c.solver.model;
  std::printf("%s: configuration OK (%s, %s, %ld steps, output in %s; memory: about %s on rank 0%s)\n",
              cmd.config_path.c_str(), size_text(c.solver.global()).c_str(),
              model.describe(c.solver.setup.empty() ? model.default_setup() : c.solver.setup).c_str(), c.steps, c.output.dir.c_str(),
              io::format_bytes(m.rank0).c_str(),
              m.device > 0 ? (", " + io::format_bytes(m.device) + " per GPU").c_str() : "");
  if (c.solver.solids) std::printf("solids: %s\n", c.solver.solids->describe().c_str());
  if (c.solver.tracers.any()) std::printf("tracers: %s\n", config::describe_tracers(c).c_str());
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
