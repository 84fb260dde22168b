#include "plume/io/seed001.hpp"
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <fmt/format.h>
#include "plume/io/atomic_file.hpp"
#include "plume/io/input_file.hpp"
#include "plume/io/printable.hpp"
#include "plume/model.hpp"
#include "plume/parameters.hpp"

namespace plume::io {
namespace {

const char* const kNames[7] = {"nx", "ny", "maxIters", "reynolds_dim", "density", "accel", "omega"};

// The one value of line `n` (1-based): an integer or a real, nothing else on the line.
template <class T>
T value(const std::string& path, int n, const std::string& line) {
  const std::string where = fmt::format("{}:{}: {}", path, n, kNames[n - 1]);
  const char* s = line.c_str();
  char* end = nullptr;
  errno = 0;
  T v{};
  if constexpr (std::is_integral_v<T>) {
    const long long x = std::strtoll(s, &end, 10);
    v = T(x);
    if (errno == 0 && end != s && (long long)v != x) errno = ERANGE;
  } else {
    v = std::strtod(s, &end);
  }
  // The file's bytes are quoted printable: a binary file's were echoed raw.
  if (end == s) throw Seed001Error(fmt::format("{}: expected {} but the line reads '{}'", where,
                                               std::is_integral_v<T> ? "an integer" : "a number", printable(line)));
  if (errno == ERANGE) {
    const std::string read(s, std::size_t(end - s));
    const std::string number = printable(read.substr(read.find_first_not_of(" \t")));
    const bool negative = number[0] == '-';
    if constexpr (std::is_integral_v<T>)
      throw Seed001Error(fmt::format("{} = {} is out of range: it does not fit in a {}-bit integer ({} {})", where,
                                     number, 8 * sizeof(T), negative ? "at least" : "at most",
                                     negative ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max()));
    else
      throw Seed001Error(fmt::format("{} = {} is out of range of a double-precision number (magnitudes {:g} to {:g})",
                                     where, number, std::numeric_limits<double>::min(),
                                     std::numeric_limits<double>::max()));
  }
  while (*end == ' ' || *end == '\t' || *end == '\r') ++end;
  if (*end) throw Seed001Error(fmt::format("{}: unexpected '{}' after the value", where, printable(end)));
  if constexpr (!std::is_integral_v<T>)
    if (!std::isfinite(v)) throw Seed001Error(fmt::format("{}: '{}' is not a finite number", where, line));
  return v;
}

}  // namespace

Seed001Params read_seed001_params(const std::string& path) {
  // Seven numbers: a regular file of at most 1 MiB (a FIFO or a device would hang the reader).
  std::istringstream in;
  try {
    in.str(read_input_file(path, "parameter file", 1u << 20));
  } catch (const InputFileError& e) {
    throw Seed001Error(e.what());
  }
  std::string lines[7];
  for (int i = 0; i < 7; ++i)
    if (!std::getline(in, lines[i]))
      throw Seed001Error(fmt::format("{}: the parameter file ends after {} line{}; it needs seven: nx, ny, maxIters, "
                                     "reynolds_dim, density, accel, omega",
                                     path, i, i == 1 ? "" : "s"));
  Seed001Params p;
  p.nx = value<int>(path, 1, lines[0]);
  p.ny = value<int>(path, 2, lines[1]);
  p.max_iters = value<long>(path, 3, lines[2]);
  p.reynolds_dim = value<int>(path, 4, lines[3]);
  p.density = value<double>(path, 5, lines[4]);
  p.accel = value<double>(path, 6, lines[5]);
  p.omega = value<double>(path, 7, lines[6]);
  const auto bad = [&](int n, const std::string& why) {
    throw Seed001Error(fmt::format("{}:{}: {} = {}", path, n, kNames[n - 1], why));
  };
  if (p.nx < 1) bad(1, fmt::format("{} must be at least 1", p.nx));
  if (p.ny < 2) bad(2, fmt::format("{} must be at least 2 (the benchmark accelerates row ny - 2)", p.ny));
  if (p.max_iters < 0) bad(3, fmt::format("{} must not be negative", p.max_iters));
  if (p.density <= 0) bad(5, fmt::format("{} must be positive", p.density));
  // accel is D2Q9's accelerate.a, whose range and its reason are stated with that parameter.
  for (const Parameter& a : find_model("d2q9").parameters().list)
    if (a.path() == "accelerate.a") {
      const bool below = a.lo && (a.lo->open ? p.accel <= a.lo->value : p.accel < a.lo->value);
      const bool above = a.hi && (a.hi->open ? p.accel >= a.hi->value : p.accel > a.hi->value);
      if (below || above || !std::isfinite(p.accel))
        bad(6, fmt::format("{} is out of the benchmark's range: it must be {}{} and {}{} ({})", p.accel,
                           a.lo->open ? "> " : ">= ", a.lo->value, a.hi->open ? "< " : "<= ", a.hi->value,
                           a.range_note));
    }
  if (!(p.omega > 0 && p.omega < 2))
    bad(7, fmt::format("{} must lie between 0 and 2 (the viscosity (2/omega - 1)/6 must be positive)", p.omega));
  std::string rest;
  while (std::getline(in, rest))
    if (rest.find_first_not_of(" \t\r") != std::string::npos)
      throw Seed001Error(fmt::format("{}: unexpected text after the seventh line: '{}'", path, printable(rest)));
  return p;
}

void write_av_vels(const std::string& path, const std::vector<double>& av_vels) {
  std::string text;
  text.reserve(av_vels.size() * 26);
  char line[64];
  for (std::size_t t = 0; t < av_vels.size(); ++t) {
    const int n = std::snprintf(line, sizeof line, "%zu:\t%.12E\n", t, av_vels[t]);
    text.append(line, std::size_t(n));
  }
  write_file_atomic(path, text);
}

void write_final_state(const std::string& path, int nx, int ny, const std::vector<Seed001Site>& sites) {
  if (sites.size() != std::size_t(nx) * ny) throw std::logic_error("write_final_state: wrong number of sites");
  AtomicFile out(path);
  std::string text;
  char line[160];
  for (int y = 0; y < ny; ++y) {
    text.clear();
    for (int x = 0; x < nx; ++x) {
      const Seed001Site& s = sites[std::size_t(y) * nx + x];
      const double u = std::sqrt(s.ux * s.ux + s.uy * s.uy);
      const int n = std::snprintf(line, sizeof line, "%d %d %.12E %.12E %.12E %.12E %d\n", x, y, s.ux, s.uy, u,
                                  s.pressure, s.solid ? 1 : 0);
      text.append(line, std::size_t(n));
    }
    out.write(text);
  }
  out.commit();
}

}  // namespace plume::io
