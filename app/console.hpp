// What the batch driver says on the terminal: notes, warnings, and a progress report (step of
// the whole run, site updates/s, elapsed time, time left) at most every two seconds. On a
// terminal the progress is one line rewritten in place; in a log file or under an MPI launcher it
// is a plain line each time. Quiet mode keeps warnings and errors only. In a run on several ranks
// only rank 0 speaks. Notes, warnings and the progress report may come from several threads (the
// in-situ sinks run on their own): each line is written whole.
#pragma once
#include <cstdio>
#include <chrono>
#include <mutex>
#include <string>

namespace plume::app {

class Console {
 public:
  // speaks = false: print nothing at all (the ranks other than 0). Notes and progress go to
  // `stream` (stdout, or stderr where stdout carries something else: `plume seed001`'s report);
  // `tty`: whether that stream is a terminal (is_tty).
  Console(bool quiet, bool tty, bool speaks = true, std::FILE* stream = stdout);
  // Whether `stream` is a terminal that a person watches. Not under an MPI launcher: Open MPI hands
  // its ranks a pseudo-terminal even when mpirun's own output goes to a file.
  static bool is_tty(std::FILE* stream);
  static bool stdout_is_tty() { return is_tty(stdout); }

  void note(const std::string& line);     // the stream, unless quiet
  void warning(const std::string& line);  // stderr, always
  // Starts the clock for the progress report of steps first..last of a lattice of `sites` sites.
  // The report shows the step of the whole run (0..last), also after a restart at `first`.
  void start(long long first, long long last, double sites);
  void progress(long long step);           // prints when the interval has passed
  void end_progress();                     // leaves the terminal on a fresh line

  static std::string duration(double seconds);  // "1:02:03", "4:05"
  // 3 significant digits, never an exponent: "4.12 M", "950 k", "12.5", "1.00 G", "3.69 T".
  static std::string rate(double per_second);
  static std::string bandwidth(double bytes_per_second);  // "3.69 TB/s", "512 B/s"

 private:
  void clear_status();
  using Clock = std::chrono::steady_clock;
  std::mutex m_;
  bool quiet_, tty_, speaks_;
  std::FILE* out_;
  bool status_shown_ = false;
  long long first_ = 0, last_ = 0;
  double sites_ = 0;
  Clock::time_point t0_, last_print_;
};

}  // namespace plume::app
