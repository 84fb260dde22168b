#include "console.hpp"
#include <fmt/format.h>
#include <cstdio>
#include <unistd.h>

namespace plume::app {

namespace {
constexpr double kInterval = 2.0;  // seconds between progress reports
}

Console::Console(bool quiet, bool tty, bool speaks) : quiet_(quiet || !speaks), tty_(tty), speaks_(speaks) {}

bool Console::stdout_is_tty() { return ::isatty(STDOUT_FILENO) == 1; }

void Console::clear_status() {
  if (status_shown_) {
    std::fputs("\r\033[K", stdout);
    status_shown_ = false;
  }
}

void Console::note(const std::string& line) {
  if (quiet_) return;
  clear_status();
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

void Console::warning(const std::string& line) {
  if (!speaks_) return;
  clear_status();
  std::fflush(stdout);
  std::fputs(("plume: warning: " + line + "\n").c_str(), stderr);
}

void Console::start(long long first, long long last, double sites) {
  first_ = first;
  last_ = last;
  sites_ = sites;
  t0_ = last_print_ = Clock::now();
}

void Console::progress(long long step) {
  if (quiet_) return;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - last_print_).count() < kInterval) return;
  last_print_ = now;
  const double elapsed = std::chrono::duration<double>(now - t0_).count();
  const double done = double(step - first_), total = double(last_ - first_);
  const double steps_per_s = elapsed > 0 ? done / elapsed : 0;
  const std::string left = steps_per_s > 0 ? duration((total - done) / steps_per_s) : "?";
  const std::string line =
      fmt::format("step {}/{} ({:.0f}%)  {} site updates/s  elapsed {}  left {}", step, last_,
                  total > 0 ? 100.0 * done / total : 100.0, rate(steps_per_s * sites_), duration(elapsed), left);
  if (tty_) {
    std::fputs(("\r\033[K" + line).c_str(), stdout);
    status_shown_ = true;
  } else {
    std::fputs((line + "\n").c_str(), stdout);
  }
  std::fflush(stdout);
}

void Console::end_progress() {
  clear_status();
  std::fflush(stdout);
}

std::string Console::duration(double s) {
  const long long t = (long long)(s + 0.5), h = t / 3600, m = (t / 60) % 60, sec = t % 60;
  return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, sec) : fmt::format("{}:{:02}", m, sec);
}

std::string Console::rate(double r) {
  if (r >= 1e9) return fmt::format("{:.3g} G", r / 1e9);
  if (r >= 1e6) return fmt::format("{:.3g} M", r / 1e6);
  if (r >= 1e3) return fmt::format("{:.3g} k", r / 1e3);
  return fmt::format("{:.3g}", r);
}

}  // namespace plume::app
