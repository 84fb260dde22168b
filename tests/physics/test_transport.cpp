// Decay of shear and temperature waves against the transport coefficients (spec sections 4, 5):
// nu = (tau1 - 1/2) T dt, chi = (tau2 - 1/2) T dt (Prandtl number 1 for BGK).
#include <gtest/gtest.h>
#include "wave_decay.hpp"

using namespace plume;
using namespace plume::testing;

TEST(Transport, ShearWaveDecaysWithViscosityRTRT) {
  const Decay d = wave_decay(Wave::Shear, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.05, 0.02, 0.0);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

TEST(Transport, ShearWaveDecaysWithViscosityBGK) {
  const Decay d = wave_decay(Wave::Shear, BackendKind::CPU, d2q37::CollisionModel::BGK, 0, 0, 0.55);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

TEST(Transport, TemperatureWaveDecaysWithConductivityRTRT) {
  const Decay d = wave_decay(Wave::Temperature, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.02, 0.05, 0.0);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

TEST(Transport, TemperatureWaveDecaysWithConductivityBGK) {
  const Decay d = wave_decay(Wave::Temperature, BackendKind::CPU, d2q37::CollisionModel::BGK, 0, 0, 0.55);
  EXPECT_NEAR(d.measured / d.expected, 1.0, 0.01) << "measured " << d.measured << " expected " << d.expected;
}

TEST(Transport, ViscosityAndConductivityAreIndependentInRTRT) {
  // Doubling k2 must double the thermal decay rate and leave the shear decay rate alone.
  const Decay t1 = wave_decay(Wave::Temperature, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.02, 0.025, 0.0);
  const Decay t2 = wave_decay(Wave::Temperature, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.02, 0.05, 0.0);
  EXPECT_NEAR(t2.measured / t1.measured, 2.0, 0.03);
  const Decay s1 = wave_decay(Wave::Shear, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.05, 0.025, 0.0);
  const Decay s2 = wave_decay(Wave::Shear, BackendKind::CPU, d2q37::CollisionModel::RTRT, 0.05, 0.05, 0.0);
  EXPECT_NEAR(s2.measured / s1.measured, 1.0, 0.005);
}
