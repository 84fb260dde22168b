// Helpers shared by the io and app tests: a temporary folder, whole-file I/O, a tiny case.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "plume/config/run_config.hpp"
#include "d2q37/setup.hpp"

// `text` occurs in the string `s` (a message, a file); shows `s` when it does not.
#define EXPECT_HAS(s, text) EXPECT_NE((s).find(text), std::string::npos) << "in: " << (s)

namespace plume::test {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/plume-test-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

inline std::string read_file(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::string& p, const std::string& content) {
  std::ofstream(p, std::ios::binary) << content;
}

// The message of the ConfigError that f() throws; "" when it throws none.
template <class F>
std::string config_error_of(F f) {
  try {
    f();
  } catch (const config::ConfigError& e) {
    return e.what();
  }
  return "";
}

// validate() of `c` with its output in a fresh folder.
inline std::string validate_error(config::RunConfig c) {
  TempDir tmp;
  c.output.dir = tmp / "out";
  return config_error_of([&] { config::validate(c); });
}

// A small Rayleigh-Taylor case with walls that runs in milliseconds on one thread.
inline config::RunConfig tiny_config(const std::string& out_dir) {
  config::RunConfig c = config::default_config();
  c.solver.nx = 32;
  c.solver.ny = 48;
  c.solver.threads = 1;
  c.solver.backend = BackendKind::CPU;
  d2q37::initial(c.solver).eps = 2.0;
  d2q37::initial(c.solver).perturbation = d2q37::Perturbation::Single;
  d2q37::initial(c.solver).mode = 2;
  d2q37::initial(c.solver).amplitude = 3.0;
  c.steps = 40;
  c.output.dir = out_dir;
  c.output.every = 10;
  c.output.checkpoint_every = 20;
  config::resolve(c);
  return c;
}

// The tiny case with far too strong gravity for so little viscosity: the interface breaks up and
// the state becomes unphysical within about 100 steps.
inline config::RunConfig unstable_config(const std::string& out_dir) {
  config::RunConfig c = tiny_config(out_dir);
  d2q37::physics(c.solver).gy = -0.2;
  d2q37::physics(c.solver).k1 = d2q37::physics(c.solver).k2 = 5e-4;
  c.steps = 5000;
  return c;
}

}  // namespace plume::test
