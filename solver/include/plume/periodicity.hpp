// Whether a time series (a diagnostic's history) has settled, and on what: a steady value or a
// periodic oscillation, whose period, extremes and mean over its last whole periods it measures.
// What the end of a run reports from the histories a model asks for (Model::end_report).
#pragma once
#include <string>
#include <vector>

namespace plume {

// Samples (step, value) in increasing step order. push() keeps at most `capacity` samples: past
// it the older half goes, so that a long run's history takes bounded memory while the latest
// stretch, the one that shows what the signal settled on, stays whole.
struct TimeSeries {
  std::vector<double> step, value;
  std::size_t capacity = std::size_t(1) << 16;
  void push(double s, double v);
  std::size_t size() const { return step.size(); }
};

struct PeriodicityOptions {
  // Steady: over the last quarter of the series every value lies within
  // steady_abs + steady_rel |last value| of the last value (a decaying ripple whose amplitude has
  // fallen below that counts).
  double steady_abs = 0, steady_rel = 1e-6;
  // Periodic: the last `min_periods` or more whole periods (from one upward crossing of the mean to
  // the next) differ in length by at most period_tolerance of their mean length, and in extremes
  // by at most amplitude_tolerance of their peak-to-peak range.
  int min_periods = 3;
  int max_periods = 10;  // measured over at most this many of the last periods
  double period_tolerance = 0.01, amplitude_tolerance = 0.02;
};

struct Periodicity {
  enum class Kind {
    TooShort,   // fewer than 4 samples
    Steady,     // mean = max = min = the last value
    Periodic,   // period, periods, extremes and mean over the last whole periods
    Unsettled,  // neither: still changing, growing, irregular, or too few periods recorded
  };
  Kind kind = Kind::TooShort;
  double period = 0;                // in steps
  int periods = 0;                  // whole periods measured over
  double first = 0, last = 0;       // the steps they span (interpolated crossings)
  double mean = 0, max = 0, min = 0;  // over [first, last] (Periodic), else over the second half
                                      // (Steady: all three the last value, over the last quarter)
  std::string why;                  // for Unsettled and TooShort: what is missing, in a few words
};

const char* kind_name(Periodicity::Kind k);  // "too short", "steady", "periodic", "unsettled"

// Periods start at upward crossings of the series' mean over its second half, interpolated
// linearly between samples: near a crossing a smooth oscillation is close to a straight line, so
// the crossing's time is accurate to a small fraction of the sampling interval, where a peak's time
// (the signal flat there) is not. A crossing counts only after the signal has been below the mean
// by a quarter of the half range since the previous one, so that noise around the mean does not
// make extra crossings.
Periodicity analyse_periodicity(const TimeSeries& s, const PeriodicityOptions& o = {});

// The mean (time-weighted: trapezoids, interpolated at the ends), max and min of `s` over the
// steps [a, b] within it; for a second series over the periods that a first one found.
struct Extremes {
  double mean = 0, max = 0, min = 0;
};
Extremes extremes_between(const TimeSeries& s, double a, double b);

}  // namespace plume
