#include "console.hpp"
#include "launcher.hpp"
#include <fmt/format.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace plume::app {

namespace {
constexpr double kInterval = 2.0;  // seconds between progress reports
}

Console::Console(bool quiet, bool tty, bool speaks, std::FILE* stream)
    : quiet_(quiet || !speaks), tty_(tty), speaks_(speaks), out_(stream) {}

bool Console::is_tty(std::FILE* stream) {
  if (under_mpi_launcher()) return false;
  const char* term = std::getenv("TERM");
  return ::isatty(::fileno(stream)) == 1 && !(term && std::strcmp(term, "dumb") == 0);
}

void Console::clear_status() {
  if (status_shown_) {
    std::fputs("\r\033[K", out_);
    status_shown_ = false;
  }
}

void Console::note(const std::string& line) {
  const std::lock_guard lock(m_);
  if (quiet_) return;
  clear_status();
  std::fputs((line + "\n").c_str(), out_);
  std::fflush(out_);
}

void Console::warning(const std::string& line) {
  const std::lock_guard lock(m_);
  if (!speaks_) return;
  clear_status();
  std::fflush(out_);
  std::fputs(("plume: warning: " + line + "\n").c_str(), stderr);
}

void Console::start(long long first, long long last, double sites) {
  first_ = first;
  last_ = last;
  sites_ = sites;
  t0_ = last_print_ = Clock::now();
}

void Console::progress(long long step) {
  const std::lock_guard lock(m_);
  if (quiet_) return;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - last_print_).count() < kInterval) return;
  last_print_ = now;
  const double elapsed = std::chrono::duration<double>(now - t0_).count();
  // Speed and time left from this segment; the fraction done is that of the whole run.
  const double done = double(step - first_);
  const double steps_per_s = elapsed > 0 ? done / elapsed : 0;
  const std::string left = steps_per_s > 0 ? duration(double(last_ - step) / steps_per_s) : "?";
  const std::string line =
      fmt::format("step {}/{} ({:.0f}%)  {} site updates/s  elapsed {}  left {}", step, last_,
                  last_ > 0 ? std::floor(100.0 * double(step) / double(last_)) : 100.0, rate(steps_per_s * sites_),
                  duration(elapsed), left);
  if (tty_) {
    std::fputs(("\r\033[K" + line).c_str(), out_);
    status_shown_ = true;
  } else {
    std::fputs((line + "\n").c_str(), out_);
  }
  std::fflush(out_);
}

void Console::end_progress() {
  const std::lock_guard lock(m_);
  clear_status();
  std::fflush(out_);
}

std::string Console::duration(double s) {
  const long long t = (long long)(s + 0.5), h = t / 3600, m = (t / 60) % 60, sec = t % 60;
  return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, sec) : fmt::format("{}:{:02}", m, sec);
}

std::string Console::rate(double r) {
  if (!(r > 0) || !std::isfinite(r)) return "0";
  const char* prefix[] = {"", " k", " M", " G", " T"};
  int p = 0;
  // Rounded to 3 digits before the prefix is chosen: 999999.7 is "1.00 M", not "1e+03 k".
  while (p < 4 && r >= 999.5) {
    r /= 1000.0;
    ++p;
  }
  const int decimals = r < 0.9995 ? 3 : r < 9.995 ? 2 : r < 99.95 ? 1 : 0;
  return fmt::format("{:.{}f}{}", r, decimals, prefix[p]);
}

std::string Console::bandwidth(double b) {
  const std::string r = rate(b);
  return r + (r.back() >= '0' && r.back() <= '9' ? " B/s" : "B/s");
}

}  // namespace plume::app
