#include "plume/catalyst/script_syntax.hpp"
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vtkCPPythonPipeline.h>
#include <algorithm>
#include "plume/catalyst/error.hpp"

extern char** environ;

namespace plume::catalyst {

namespace {

// Prints "index<TAB>line<TAB>message<TAB>text" per script that does not compile. Isolated (-I:
// no environment variables or user site) and without site (-S): compile() needs neither.
const char* kCompile = R"(
import sys
for i, path in enumerate(sys.argv[1:]):
    try:
        with open(path, 'rb') as f:
            source = f.read()
    except OSError:
        continue
    try:
        compile(source, path, 'exec', dont_inherit=True)
    except SyntaxError as e:
        text = (e.text or '').strip().replace('\t', ' ')
        line = '%d\t%d\t%s: %s\t%s\n' % (i, e.lineno or 0, type(e).__name__, e.msg, text)
    except ValueError as e:
        line = '%d\t0\t%s: %s\t\n' % (i, type(e).__name__, e)
    else:
        continue
    sys.stdout.buffer.write(line.encode('utf-8', 'backslashreplace'))
)";

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t begin = 0, end;
  while ((end = s.find(sep, begin)) != std::string::npos) {
    parts.push_back(s.substr(begin, end - begin));
    begin = end + 1;
  }
  parts.push_back(s.substr(begin));
  return parts;
}

}  // namespace

std::vector<SyntaxProblem> syntax_problems(const std::vector<std::string>& scripts) {
  if (scripts.empty()) return {};
  const std::string python = PLUME_PYTHON;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw Error(std::string("cannot check the scripts' syntax: pipe: ") + std::strerror(errno));
  std::vector<std::string> args = {python, "-I", "-S", "-B", "-c", kCompile};
  args.insert(args.end(), scripts.begin(), scripts.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, python.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    throw Error("cannot check the pipeline scripts' Python syntax: cannot run " + python + ": " + std::strerror(rc));
  }
  std::string out;
  char buf[4096];
  ssize_t got;
  while ((got = read(fds[0], buf, sizeof buf)) != 0) {
    if (got > 0)
      out.append(buf, std::size_t(got));
    else if (errno != EINTR)
      break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error("cannot check the pipeline scripts' Python syntax: " + python + " failed");

  std::vector<SyntaxProblem> problems;
  std::vector<bool> compiles(scripts.size(), true);
  for (const std::string& line : split(out, '\n')) {
    const std::vector<std::string> f = split(line, '\t');
    if (f.size() != 4) continue;
    problems.push_back({std::size_t(std::strtoul(f[0].c_str(), nullptr, 10)), std::strtol(f[1].c_str(), nullptr, 10),
                        f[2], f[3]});
    if (problems.back().index < scripts.size()) compiles[problems.back().index] = false;
  }
  // The adaptor runs script-version 2 scripts only (adaptor.cpp, add_pipeline); ParaView's own
  // detector, which it asks there, is asked here too, so that a script without the marker is refused
  // with the configuration, not once the run has made its output folder.
  for (std::size_t i = 0; i < scripts.size(); ++i) {
    struct stat st {};
    if (!compiles[i] || ::stat(scripts[i].c_str(), &st) != 0 || !S_ISREG(st.st_mode) || ::access(scripts[i].c_str(), R_OK) != 0)
      continue;
    if (vtkCPPythonPipeline::DetectScriptVersion(scripts[i].c_str()) != 2)
      problems.push_back({i, 0,
                          "not a ParaView Catalyst script-version 2 script (add the line '# script-version: 2' and "
                          "define extractors; see docs/insitu.md)",
                          ""});
  }
  std::sort(problems.begin(), problems.end(), [](const SyntaxProblem& a, const SyntaxProblem& b) { return a.index < b.index; });
  return problems;
}

}  // namespace plume::catalyst
