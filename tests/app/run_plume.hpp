// Runs the `plume` executable (PLUME_EXE, from CMake), or any command, and captures what it says.
#pragma once
#include <sys/wait.h>
#include <cstdlib>
#include <string>
#include "test_support.hpp"

namespace plume::test {

struct Result {
  int code = -1;
  std::string out, err;
};

// A shell command line, with what it prints.
inline Result run_shell(const std::string& command) {
  static const TempDir capture;
  const std::string out = capture / "stdout", err = capture / "stderr";
  const int status = std::system((command + " >" + out + " 2>" + err).c_str());
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

inline Result run_plume(const std::string& args) { return run_shell(std::string(PLUME_EXE) + " " + args); }

// Quoted for the shell.
inline std::string q(const std::string& s) { return "'" + s + "'"; }

// A configuration written as a case file in `tmp`, for the command line.
inline std::string write_case(const TempDir& tmp, const config::RunConfig& c, const std::string& name = "case.toml") {
  const std::string path = tmp / name;
  config::save_config(c, path);
  return path;
}

}  // namespace plume::test
