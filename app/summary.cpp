#include "summary.hpp"
#include <fmt/format.h>
#include <cmath>
#include <ctime>
#include <unistd.h>
#include "console.hpp"
#include "output.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/io/build_info.hpp"

namespace plume::app {
namespace {

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') o += std::string("\\") + ch;
    else if (ch == '\n') o += "\\n";
    else if (u < 0x20) o += fmt::format("\\u{:04x}", unsigned(u));
    else o += ch;
  }
  return o + "\"";
}

std::string json_number(double v) { return std::isfinite(v) ? fmt::format("{}", v) : "null"; }

// TOML scalars and string arrays, as plume writes them, are JSON except for nan and inf.
std::string toml_to_json(const std::string& v) {
  if (v == "nan" || v == "inf" || v == "-inf") return "null";
  return v;
}

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", std::localtime(&t));
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  ::gethostname(buf, sizeof buf - 1);
  return buf;
}

// Ordered (name, JSON value) pairs of one object.
using Fields = std::vector<std::pair<std::string, std::string>>;

std::string object(const Fields& f, int indent) {
  const std::string pad(indent + 2, ' ');
  std::string o = "{\n";
  for (std::size_t i = 0; i < f.size(); ++i)
    o += pad + json_string(f[i].first) + ": " + f[i].second + (i + 1 < f.size() ? ",\n" : "\n");
  return o + std::string(indent, ' ') + "}";
}

Fields diagnostics_fields(const io::Diagnostics& d) {
  Fields f{{"step", std::to_string(d.step)}, {"time", json_number(d.time)}};
  for (std::size_t i = 0; i < d.values.size(); ++i) f.emplace_back(d.quantities[i].name, json_number(d.values[i]));
  return f;
}

Fields end_report_fields(const EndReport& e) {
  Fields values;
  for (const auto& v : e.values) values.emplace_back(v.name, json_number(v.value));
  return {{"title", json_string(e.title)},
          {"state", json_string(e.state)},
          {"note", json_string(e.note)},
          {"values", object(values, 4)}};
}

}  // namespace

std::string insitu_text(const RunReport& r) {
  std::string t = fmt::format("{} calls{}, {:.3f} s per call; the solver waited {:.2f} s for them", r.insitu_calls,
                              r.insitu_thread ? " on their own thread" : " on the run's thread",
                              r.insitu_calls > 0 ? r.insitu_seconds / double(r.insitu_calls) : 0.0, r.insitu_wait_seconds);
  if (r.insitu_skipped > 0) t += fmt::format(", {} in-situ steps skipped while they were busy", r.insitu_skipped);
  return t;
}

std::string end_report_text(const EndReport& e) {
  if (e.empty()) return "";
  std::string t = fmt::format("{}: {}, {}\n", e.title, e.state, e.note);
  for (const auto& v : e.values) t += fmt::format("  {:<22} {:<12.6g} {}\n", v.name, v.value, v.meaning);
  return t;
}

const char* status_name(RunReport::Status s) {
  switch (s) {
    case RunReport::Status::Completed: return "completed";
    case RunReport::Status::Diverged: return "diverged";
    case RunReport::Status::Interrupted: return "interrupted";
    case RunReport::Status::Running: return "running";
    default: return "failed";
  }
}

double RunReport::site_updates_per_second(double sites) const {
  return compute_seconds > 0 ? sites * double(last_step - first_step) / compute_seconds : 0.0;
}

void write_summary(const Output& out, const config::RunConfig& cfg, Solver& solver, const RunReport& r,
                   const std::string& command_line) {
  out.check_folder();  // a replaced folder is another's: no summary of this run there
  const double sites = double(cfg.solver.global().global_sites());
  const double rate = r.site_updates_per_second(sites);
  const int bps = int(solver.model().bytes_per_update(cfg.solver.precision));

  // The configuration as nested objects, one per section.
  // A key of the top level (model) is a field of the configuration itself.
  std::vector<std::pair<std::string, Fields>> sections;
  Fields config;
  for (const auto& [key, value] : config::key_values(cfg)) {
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
      config.emplace_back(key, toml_to_json(value));
      continue;
    }
    const std::string sec = key.substr(0, dot);
    if (sections.empty() || sections.back().first != sec) sections.push_back({sec, {}});
    sections.back().second.emplace_back(key.substr(dot + 1), toml_to_json(value));
  }
  for (const auto& [sec, f] : sections) config.emplace_back(sec, object(f, 4));

  const Fields top{
      {"plume_version", json_string(io::plume_version())},
      {"git_commit", json_string(io::git_commit())},
      {"compiler", json_string(io::compiler())},
      {"build_type", json_string(io::build_type())},
      {"command", json_string(command_line)},
      {"host", json_string(host_name())},
      {"finished", r.status == RunReport::Status::Running ? "null" : json_string(now_iso8601())},
      {"status", json_string(status_name(r.status))},
      {"message", json_string(r.message)},
      {"backend", object({{"name", json_string(solver.backend().name)},
                          {"description", json_string(solver.backend().description)},
                          {"reason", json_string(solver.backend().reason)}},
                         2)},
      {"lattice", object({{"name", json_string(solver.model().lattice().name)},
                          {"Q", std::to_string(solver.model().lattice().Q)},
                          {"nx", std::to_string(cfg.solver.nx)},
                          {"ny", std::to_string(cfg.solver.ny)},
                          {"nz", std::to_string(cfg.solver.nz)}},
                         2)},
      {"parallel", object({{"ranks", std::to_string(solver.communicator().size())},
                           {"communicator", json_string(solver.communicator().name())},
                           {"tiles", json_string(parallel::to_string(solver.decomposition().tiling()))},
                           {"decomposition", json_string(solver.decomposition().describe())},
                           {"overlap", cfg.solver.overlap ? "true" : "false"}},
                          2)},
      {"steps", object({{"first", std::to_string(r.first_step)},
                        {"last", std::to_string(r.last_step)},
                        {"requested", std::to_string(cfg.steps)}},
                       2)},
      {"performance", object({{"wall_seconds", json_number(r.wall_seconds)},
                              {"compute_seconds", json_number(r.compute_seconds)},
                              {"site_updates_per_second", json_number(rate)},
                              {"bytes_per_site", std::to_string(bps)},
                              {"effective_bandwidth_GB_per_s", json_number(rate * bps / 1e9)}},
                             2)},
      {"insitu", object({{"calls", std::to_string(r.insitu_calls)},
                         {"on_own_thread", r.insitu_thread ? "true" : "false"},
                         {"seconds", json_number(r.insitu_seconds)},
                         {"solver_waited_seconds", json_number(r.insitu_wait_seconds)},
                         {"skipped", std::to_string(r.insitu_skipped)}},
                        2)},
      {"final_checkpoint", json_string(r.final_checkpoint)},
      {"last_diagnostics", r.last_diagnostics ? object(diagnostics_fields(*r.last_diagnostics), 2) : "null"},
      {"end_report", r.end_report.empty() ? "null" : object(end_report_fields(r.end_report), 2)},
      {"config", object(config, 2)},
  };
  io::write_file_atomic(out.path("summary.json"), object(top, 0) + "\n");

  std::string txt = fmt::format(
      "plume {} (git {}, {}, {})\n"
      "command     {}\n"
      "host        {}\n"
      "finished    {}\n"
      "status      {}{}\n"
      "backend     {}: {} ({})\n"
      "lattice     {} {}\n"
      "parallel    {}: {}\n"
      "steps       {} -> {} (requested {})\n"
      "wall time   {:.2f} s ({:.2f} s computing)\n"
      "speed       {} site updates/s, {} bytes/site, {} effective\n"
      "checkpoint  {}\n",
      io::plume_version(), io::git_commit(), io::compiler(), io::build_type(), command_line, host_name(),
      r.status == RunReport::Status::Running ? "(not yet)" : now_iso8601(), status_name(r.status), r.message.empty() ? "" : ": " + r.message, solver.backend().name, solver.backend().description,
      solver.backend().reason, size_text(cfg.solver.global()), solver.model().lattice().name, solver.communicator().name(),
      solver.decomposition().describe(), r.first_step, r.last_step, cfg.steps,
      r.wall_seconds, r.compute_seconds, Console::rate(rate), bps, Console::bandwidth(rate * bps),
      r.final_checkpoint.empty() ? "(none)" : r.final_checkpoint);
  if (r.insitu_calls > 0 || r.insitu_skipped > 0) txt += "in situ     " + insitu_text(r) + "\n";
  if (r.last_diagnostics) {
    txt += "\nlast diagnostics (lattice units)\n";
    for (const auto& [k, v] : diagnostics_fields(*r.last_diagnostics)) txt += fmt::format("  {:<18} {}\n", k, v);
  }
  if (!r.end_report.empty()) txt += "\n" + end_report_text(r.end_report);
  txt += "\nconfiguration\n" + config::to_toml(cfg);
  io::write_file_atomic(out.path("summary.txt"), txt);
}

}  // namespace plume::app
