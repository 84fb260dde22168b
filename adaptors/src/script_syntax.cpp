#include "plume/catalyst/script_syntax.hpp"
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vtkCPPythonPipeline.h>
#include <algorithm>
#include <chrono>
#include "plume/catalyst/error.hpp"

extern char** environ;

namespace plume::catalyst {

namespace {

// Prints "index<TAB>line<TAB>message<TAB>text" per script that does not compile. Isolated (-I:
// no environment variables or user site) and without site (-S): compile() needs neither. Only a
// regular file is read (opened without waiting: a FIFO, or a file that became one, is skipped).
const char* kCompile = R"(
import os, stat, sys
for i, path in enumerate(sys.argv[1:]):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with open(fd, 'rb') as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
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

// The check reads small files: far longer than this is a child that hangs.
constexpr int kCheckSeconds = 60;

bool regular_readable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), R_OK) == 0;
}

// Starts python with its stdout to out_fd. The child must not outlive plume (a signal during the
// start-up ends plume at once): the kernel kills it when the thread that started it ends
// (PR_SET_PDEATHSIG). It keeps none of plume's other descriptors, which would hold open what
// their other ends wait on (MPI's daemon waits for its pipe from plume to close).
pid_t spawn_python(const std::string& python, std::vector<char*>& argv, int out_fd) {
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);  // plume has already ended
    if (dup2(out_fd, 1) != 1) _exit(127);
    close_range(3, ~0U, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execve(python.c_str(), argv.data(), environ);
    _exit(127);
  }
  return pid;
}

// Ends the child and reaps it.
void end_child(pid_t pid) {
  kill(pid, SIGKILL);
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

std::vector<SyntaxProblem> syntax_problems(const std::vector<std::string>& scripts) {
  if (scripts.empty()) return {};
  const std::string python = PLUME_PYTHON;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw Error(std::string("cannot check the scripts' syntax: pipe: ") + std::strerror(errno));
  std::vector<std::string> args = {python, "-I", "-S", "-B", "-c", kCompile};
  // Scripts that are not regular readable files are config::validate's to report.
  std::vector<std::size_t> index;  // of each script passed, in `scripts`
  for (std::size_t i = 0; i < scripts.size(); ++i)
    if (regular_readable(scripts[i])) {
      args.push_back(scripts[i]);
      index.push_back(i);
    }
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = index.empty() ? 0 : spawn_python(python, argv, fds[1]);  // 0: nothing to check
  const int spawn_errno = errno;
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    throw Error("cannot check the pipeline scripts' Python syntax: cannot run " + python + ": " +
                std::strerror(spawn_errno));
  }
  std::string out;
  bool late = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kCheckSeconds);
  while (pid > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fds[0], POLLIN, 0};
    const int ready = left.count() > 0 ? poll(&p, 1, int(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      late = true;
      break;
    }
    char buf[4096];
    const ssize_t got = read(fds[0], buf, sizeof buf);
    if (got > 0)
      out.append(buf, std::size_t(got));
    else if (got == 0 || errno != EINTR)
      break;
  }
  close(fds[0]);
  if (late) {
    end_child(pid);
    throw Error("cannot check the pipeline scripts' Python syntax: " + python + " did not finish within " +
                std::to_string(kCheckSeconds) + " s");
  }
  int status = 0;
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (pid > 0 && (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
    throw Error("cannot check the pipeline scripts' Python syntax: " + python + " failed");

  std::vector<SyntaxProblem> problems;
  std::vector<bool> compiles(scripts.size(), true);
  for (const std::string& line : split(out, '\n')) {
    const std::vector<std::string> f = split(line, '\t');
    if (f.size() != 4) continue;
    const std::size_t passed = std::strtoul(f[0].c_str(), nullptr, 10);
    if (passed >= index.size()) continue;
    problems.push_back({index[passed], std::strtol(f[1].c_str(), nullptr, 10), f[2], f[3]});
    if (problems.back().index < scripts.size()) compiles[problems.back().index] = false;
  }
  // The adaptor runs script-version 2 scripts only (adaptor.cpp, add_pipeline); ParaView's own
  // detector, which it asks there, is asked here too, so that a script without the marker is refused
  // with the configuration, not once the run has made its output folder.
  for (std::size_t i = 0; i < scripts.size(); ++i) {
    if (!compiles[i] || !regular_readable(scripts[i])) continue;
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
