#include "plume/periodicity.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace plume {

void TimeSeries::push(double s, double v) {
  if (step.size() >= std::max<std::size_t>(capacity, 8)) {
    const auto half = std::ptrdiff_t(step.size() / 2);
    step.erase(step.begin(), step.begin() + half);
    value.erase(value.begin(), value.begin() + half);
  }
  step.push_back(s);
  value.push_back(v);
}

const char* kind_name(Periodicity::Kind k) {
  switch (k) {
    case Periodicity::Kind::TooShort: return "too short";
    case Periodicity::Kind::Steady: return "steady";
    case Periodicity::Kind::Periodic: return "periodic";
    default: return "unsettled";
  }
}

namespace {

// The series at step t (t within it), linear between samples.
double value_at(const TimeSeries& s, double t) {
  const auto hi = std::size_t(std::lower_bound(s.step.begin(), s.step.end(), t) - s.step.begin());
  if (hi == 0) return s.value.front();
  if (hi >= s.size()) return s.value.back();
  const double t0 = s.step[hi - 1], t1 = s.step[hi];
  return s.value[hi - 1] + (s.value[hi] - s.value[hi - 1]) * (t - t0) / (t1 - t0);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace

Extremes extremes_between(const TimeSeries& s, double a, double b) {
  Extremes e;
  if (s.size() == 0) return e;
  double prev_t = a, prev_v = value_at(s, a), integral = 0;
  e.max = e.min = prev_v;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.step[i] <= a) continue;
    const bool end = s.step[i] >= b;
    const double t = end ? b : s.step[i], v = end ? value_at(s, b) : s.value[i];
    integral += 0.5 * (prev_v + v) * (t - prev_t);
    e.max = std::max(e.max, v);
    e.min = std::min(e.min, v);
    prev_t = t;
    prev_v = v;
    if (end) break;
  }
  e.mean = b > a ? integral / (b - a) : prev_v;
  return e;
}

Periodicity analyse_periodicity(const TimeSeries& s, const PeriodicityOptions& o) {
  Periodicity r;
  const std::size_t n = s.size();
  if (n < 4) {
    r.why = std::to_string(n) + " samples";
    return r;
  }
  // The second half: what the signal does lately.
  const std::size_t h = n / 2;
  const double last = s.value.back();
  double lo = last, hi = last, sum = 0;
  for (std::size_t i = h; i < n; ++i) {
    lo = std::min(lo, s.value[i]);
    hi = std::max(hi, s.value[i]);
    sum += s.value[i];
  }
  const double level = sum / double(n - h);
  r.mean = level;
  r.max = hi;
  r.min = lo;
  r.first = s.step[h];
  r.last = s.step.back();
  const double allowed = o.steady_abs + o.steady_rel * std::abs(last);
  const std::size_t q = n - std::max<std::size_t>(n / 4, 2);
  const auto [q_lo, q_hi] = std::minmax_element(s.value.begin() + std::ptrdiff_t(q), s.value.end());
  if (*q_hi - last <= allowed && last - *q_lo <= allowed) {
    r.kind = Periodicity::Kind::Steady;
    r.mean = r.max = r.min = last;
    r.first = s.step[q];
    return r;
  }

  // Upward crossings of the level, each after a dip below it by the band.
  const double band = 0.25 * 0.5 * (hi - lo);
  std::vector<double> up;
  bool armed = false;
  for (std::size_t i = 0; i < n; ++i) {
    if (s.value[i] < level - band) armed = true;
    if (armed && i > 0 && s.value[i - 1] < level && s.value[i] >= level) {
      const double t0 = s.step[i - 1], t1 = s.step[i];
      up.push_back(t0 + (level - s.value[i - 1]) / (s.value[i] - s.value[i - 1]) * (t1 - t0));
      armed = false;
    }
  }
  r.kind = Periodicity::Kind::Unsettled;
  const int whole = int(up.size()) - 1;
  if (whole < o.min_periods) {
    r.why = "whole periods recorded: " + std::to_string(std::max(whole, 0)) + " of the " +
            std::to_string(o.min_periods) + " needed";
    return r;
  }
  // The trailing periods that agree with the last one in length and extremes.
  const auto period_extremes = [&](int k) { return extremes_between(s, up[std::size_t(k)], up[std::size_t(k) + 1]); };
  const double p_last = up[std::size_t(whole)] - up[std::size_t(whole) - 1];
  const Extremes e_last = period_extremes(whole - 1);
  const double range = e_last.max - e_last.min;
  int m = 1;
  while (m < std::min(whole, o.max_periods)) {
    const int k = whole - 1 - m;
    const double p = up[std::size_t(k) + 1] - up[std::size_t(k)];
    const Extremes e = period_extremes(k);
    if (std::abs(p - p_last) > o.period_tolerance * p_last || std::abs(e.max - e_last.max) > o.amplitude_tolerance * range ||
        std::abs(e.min - e_last.min) > o.amplitude_tolerance * range)
      break;
    ++m;
  }
  if (m < o.min_periods) {
    r.why = "the last " + std::to_string(m + 1) + " periods differ (lengths " +
            number(up[std::size_t(whole - m)] - up[std::size_t(whole - m - 1)]) + " and " + number(p_last) +
            " steps)";
    return r;
  }
  // An oscillation that has stopped: no crossing for much longer than a period.
  if (s.step.back() - up.back() > 2 * p_last) {
    r.why = "no oscillation in the last " + number(s.step.back() - up.back()) + " steps";
    return r;
  }
  r.kind = Periodicity::Kind::Periodic;
  r.first = up[std::size_t(whole - m)];
  r.last = up.back();
  r.periods = m;
  r.period = (r.last - r.first) / m;
  const Extremes e = extremes_between(s, r.first, r.last);
  r.mean = e.mean;
  r.max = e.max;
  r.min = e.min;
  return r;
}

}  // namespace plume
