// Reading what a run leaves in its output folder: checkpoint names, their populations and fields.
#pragma once
#include <cstdio>
#include <cstring>
#include <string>
#include "plume/config/run_config.hpp"
#include "plume/io/checkpoint.hpp"

namespace plume::test {

inline std::string ckpt(const std::string& dir, long long step) {
  char name[64];
  std::snprintf(name, sizeof name, "/checkpoint_%09lld.ckpt", step);
  return dir + name;
}

// The fields of the state a checkpoint holds (written by a run of configuration `c`).
inline Fields checkpoint_fields(const std::string& path, const config::RunConfig& c) {
  config::RunConfig back = c;
  Solver s(back.solver);
  io::restore_checkpoint(path, s, back.solver);
  Fields f;
  s.snapshot().fields(f);
  return f;
}

// The two checkpoints hold the same populations, bit for bit (their headers may differ).
inline bool same_populations(const std::string& a, const std::string& b) {
  const auto fa = io::read_checkpoint(a).populations, fb = io::read_checkpoint(b).populations;
  return fa.size() == fb.size() && std::memcmp(fa.data(), fb.data(), fa.size() * sizeof(double)) == 0;
}

}  // namespace plume::test
