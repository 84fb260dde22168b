// analyse_periodicity on signals whose answer is known: a sine (period, extremes, mean), a
// transient that decays into an oscillation, an oscillation that still grows, a constant and a
// drift, noise alone and noise on a sine, too few samples; and the bounded history.
#include <gtest/gtest.h>
#include <cmath>
#include <random>
#include "plume/periodicity.hpp"

using namespace plume;
using Kind = Periodicity::Kind;

namespace {

constexpr double kPi = 3.14159265358979323846;

template <class F>
TimeSeries sampled(F f, double t_end, double dt) {
  TimeSeries s;
  for (double t = 0; t <= t_end; t += dt) s.push(t, f(t));
  return s;
}

}  // namespace

TEST(Periodicity, SineGivesItsPeriodExtremesAndMean) {
  const double P = 537.3, phase = 0.7;
  const TimeSeries s = sampled([&](double t) { return 0.3 + 1.2 * std::sin(2 * kPi * t / P + phase); }, 20 * P, 10);
  const Periodicity p = analyse_periodicity(s);
  ASSERT_EQ(p.kind, Kind::Periodic) << p.why;
  EXPECT_EQ(p.periods, 10);  // PeriodicityOptions::max_periods
  EXPECT_NEAR(p.period, P, 1e-4 * P);
  EXPECT_NEAR(p.last - p.first, 10 * p.period, 1e-9);
  EXPECT_GE(p.last, 18 * P) << "the last periods";
  EXPECT_NEAR(p.mean, 0.3, 1e-4);
  EXPECT_NEAR(p.max, 1.5, 3e-3);  // sampled 54 times a period: the peak is missed by < 2.5e-3
  EXPECT_NEAR(p.min, -0.9, 3e-3);
  EXPECT_LE(p.max, 1.5);
}

TEST(Periodicity, TransientThenOscillationMeasuresTheOscillation) {
  // Like the cylinder's wake: a decaying offset, then the lift at the period 250 and the drag at
  // twice its frequency.
  const auto lift = [](double t) { return 2 * std::exp(-t / 200) + 0.5 * std::sin(2 * kPi * t / 250); };
  const auto drag = [](double t) { return 3.2 + 5 * std::exp(-t / 200) + 0.04 * std::cos(4 * kPi * t / 250); };
  const TimeSeries cl = sampled(lift, 6000, 5), cd = sampled(drag, 6000, 5);
  const Periodicity p = analyse_periodicity(cl);
  ASSERT_EQ(p.kind, Kind::Periodic) << p.why;
  EXPECT_NEAR(p.period, 250, 0.05);
  EXPECT_GT(p.first, 3000);
  EXPECT_NEAR(p.max, 0.5, 1e-3);
  EXPECT_NEAR(p.min, -0.5, 1e-3);
  EXPECT_NEAR(p.mean, 0, 1e-4);
  const Extremes d = extremes_between(cd, p.first, p.last);
  EXPECT_NEAR(d.mean, 3.2, 1e-4);
  EXPECT_NEAR(d.max, 3.24, 1e-3);
  EXPECT_NEAR(d.min, 3.16, 1e-3);
}

TEST(Periodicity, GrowingOscillationIsNotYetPeriodic) {
  const TimeSeries s =
      sampled([](double t) { return 1e-3 * std::exp(t / 2000) * std::sin(2 * kPi * t / 250); }, 3000, 5);
  const Periodicity p = analyse_periodicity(s);
  EXPECT_EQ(p.kind, Kind::Unsettled);
  EXPECT_NE(p.why.find("differ"), std::string::npos) << p.why;
}

TEST(Periodicity, ConstantIsSteady) {
  const TimeSeries s = sampled([](double) { return 5.802; }, 1000, 10);
  const Periodicity p = analyse_periodicity(s);
  ASSERT_EQ(p.kind, Kind::Steady);
  EXPECT_EQ(p.mean, 5.802);
  EXPECT_EQ(p.max, 5.802);
  EXPECT_EQ(p.min, 5.802);
  EXPECT_EQ(p.period, 0);
}

TEST(Periodicity, DriftIsNeitherSteadyNorPeriodic) {
  const TimeSeries s = sampled([](double t) { return 5 + std::exp(-t / 1000); }, 2000, 10);
  const Periodicity p = analyse_periodicity(s);
  EXPECT_EQ(p.kind, Kind::Unsettled);
  EXPECT_NE(p.why.find("recorded: 0 of"), std::string::npos) << p.why;
  // Within a looser tolerance the same drift is steady.
  PeriodicityOptions loose;
  loose.steady_rel = 0.05;
  EXPECT_EQ(analyse_periodicity(s, loose).kind, Kind::Steady);
}

TEST(Periodicity, NoiseIsNotPeriodicButANoisySineIs) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-1, 1);
  const TimeSeries noise = sampled([&](double) { return 3 + u(rng); }, 20000, 10);
  EXPECT_EQ(analyse_periodicity(noise).kind, Kind::Unsettled);

  // 2 % noise on a sine: the band around the mean keeps it from making extra crossings.
  const TimeSeries noisy = sampled([&](double t) { return std::sin(2 * kPi * t / 400) + 0.02 * u(rng); }, 8000, 4);
  PeriodicityOptions o;
  o.period_tolerance = 0.03;
  o.amplitude_tolerance = 0.05;
  const Periodicity p = analyse_periodicity(noisy, o);
  ASSERT_EQ(p.kind, Kind::Periodic) << p.why;
  EXPECT_NEAR(p.period, 400, 2);
  EXPECT_NEAR(p.max, 1, 0.03);
}

TEST(Periodicity, TooFewSamplesOrPeriodsSayWhat) {
  TimeSeries s;
  s.push(0, 1);
  s.push(10, 2);
  s.push(20, 1);
  EXPECT_EQ(analyse_periodicity(s).kind, Kind::TooShort);
  const TimeSeries two = sampled([](double t) { return std::sin(2 * kPi * t / 100); }, 250, 2);
  const Periodicity p = analyse_periodicity(two);
  EXPECT_EQ(p.kind, Kind::Unsettled);
  EXPECT_NE(p.why.find("whole periods recorded"), std::string::npos) << p.why;
}

TEST(Periodicity, HistoryKeepsTheLatestSamplesWithinItsCapacity) {
  TimeSeries s;
  s.capacity = 100;
  for (int i = 0; i < 1000; ++i) {
    s.push(i, 2 * i);
    ASSERT_LE(s.size(), 100u);
  }
  EXPECT_EQ(s.step.back(), 999);
  EXPECT_EQ(s.value.back(), 1998);
  EXPECT_GE(s.size(), 50u);
  for (std::size_t i = 1; i < s.size(); ++i) EXPECT_EQ(s.step[i], s.step[i - 1] + 1);
}
