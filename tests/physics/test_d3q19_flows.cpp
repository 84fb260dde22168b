// D3Q19 flows with known solutions: the 3-D Taylor–Green vortex decaying at the viscous rate,
// body-force Poiseuille flow in a square duct against its series solution (TRT with Lambda = 3/16;
// BGK visibly worse), Couette flow under a moving wall, mass conserved to round-off by walls and
// periodic boundaries, and a duct open at both ends (Zou-He inlet and outlet).
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>
#include "d3q19_case.hpp"

using namespace plume;
using plume::test::D3Q19Run;

namespace {

const double kPi = 3.14159265358979323846;

// Fully developed flow along x in the duct -A < y' < A, -B < z' < B (walls half a site beyond
// the first and last layers, so A = NY / 2, B = NZ / 2) driven by the force density F:
// u = 16 A^2 G / pi^3 sum over odd n of (-1)^((n-1)/2) / n^3 (1 - cosh(n pi z' / 2A) /
// cosh(n pi B / 2A)) cos(n pi y' / 2A), G = F / (rho nu) (White, Viscous Fluid Flow, eq. 3-48).
double duct_velocity(double yp, double zp, double A, double B, double G) {
  double u = 0;
  for (int n = 1; n < 200; n += 2) {
    const double c = n * kPi / (2 * A);
    // cosh(c z') / cosh(c B), written so that it cannot overflow
    const double ratio = std::exp(c * (std::abs(zp) - B)) * (1 + std::exp(-2 * c * std::abs(zp))) /
                         (1 + std::exp(-2 * c * B));
    u += (n % 4 == 1 ? 1.0 : -1.0) / (double(n) * n * n) * (1 - ratio) * std::cos(c * yp);
  }
  return 16 * A * A * G / (kPi * kPi * kPi) * u;
}

// The relative L2 error of the duct flow's u_x against the series, after the run has settled.
double duct_error(d3q19::Collision collision, int N) {
  d3q19::Setup st;
  st.physics.collision = collision;
  st.physics.magic = 3.0 / 16;
  st.physics.tau = 1.5;
  st.physics.walls_y = st.physics.walls_z = true;
  st.physics.fx = 1e-6;
  const int nx = 2;
  D3Q19Run run(nx, N, N, st);
  // The slowest mode decays as exp(-nu pi^2 (2 / N^2) t): by 1e-12 here.
  run.advance(long(std::ceil(12 * std::log(10.0) / ((st.physics.tau - 0.5) / 3 * kPi * kPi * 2.0 / (N * N)))));
  const Fields f = run.fields();
  const double nu = (st.physics.tau - 0.5) / 3, A = N / 2.0;
  double err2 = 0, ref2 = 0, across = 0, umax = 0;
  for (int z = 0; z < N; ++z)
    for (int y = 0; y < N; ++y) {
      const std::size_t k = (std::size_t(z) * N + y) * nx;
      const double exact = duct_velocity(y + 0.5 - A, z + 0.5 - A, A, A, st.physics.fx / (f["rho"][k] * nu));
      err2 += (f["ux"][k] - exact) * (f["ux"][k] - exact);
      ref2 += exact * exact;
      across = std::max(across, std::max(std::abs(f["uy"][k]), std::abs(f["uz"][k])));
      umax = std::max(umax, exact);
    }
  EXPECT_LT(across, 1e-6 * umax);  // no flow across the duct
  return std::sqrt(err2 / ref2);
}

double total_mass(D3Q19Run& r) {
  const std::vector<double> f = r.populations();
  return std::accumulate(f.begin(), f.end(), 0.0);
}

}  // namespace

TEST(D3Q19Flows, SquareDuctPoiseuilleMatchesTheSeriesSolutionWithTrt) {
  // TRT's error is the lattice's second-order one (the duct's flow is not a parabola): 8.8e-4 at
  // N = 16, falling as 1 / N^2.
  const double err = duct_error(d3q19::Collision::TRT, 24);
  EXPECT_LT(err, 1e-3);  // 3.8e-4
  // BGK at tau = 1.5 puts the walls off half-way: visibly worse, which shows the test above
  // measures something.
  EXPECT_GT(duct_error(d3q19::Collision::BGK, 24), 2 * err);  // 1.1e-2
}

TEST(D3Q19Flows, TaylorGreenDecaysAtTheViscousRate) {
  d3q19::Setup st;
  st.physics.tau = 0.8;
  st.initial.start = d3q19::Start::TaylorGreen;
  st.initial.amplitude = 0.005;  // Re = U / (nu k) = 0.8: the vortex hardly feeds other modes
  // The lattice's own error in the rate grows as k^2: +0.63 % at N = 32, +0.29 % at N = 48.
  const int N = 48;
  D3Q19Run run(N, N, N, st);
  auto amplitude = [&] {
    const Fields f = run.fields();
    double e = 0;
    for (std::size_t k = 0; k < f["ux"].size(); ++k)
      e += f["ux"][k] * f["ux"][k] + f["uy"][k] * f["uy"][k] + f["uz"][k] * f["uz"][k];
    return std::sqrt(e);
  };
  run.advance(10);  // past the first steps, where the initial equilibrium lacks its stress
  const double a0 = amplitude();
  const int steps = 100;
  run.advance(steps);
  const double rate = std::log(a0 / amplitude()) / steps;
  const double nu = (st.physics.tau - 0.5) / 3, k = 2 * kPi / N;
  EXPECT_NEAR(rate / (nu * 3 * k * k), 1.0, 5e-3);
}

TEST(D3Q19Flows, CouetteUnderAMovingWallIsLinear) {
  d3q19::Setup st;
  st.physics.tau = 1.0;
  st.physics.walls_z = true;
  st.physics.z_high.u = 0.01;
  const int NZ = 12;
  D3Q19Run run(2, 2, NZ, st);
  run.advance(5000);  // the slowest mode decays as exp(-nu pi^2 t / NZ^2): by 1e-24
  const Fields f = run.fields();
  double err2 = 0, ref2 = 0;
  for (int z = 0; z < NZ; ++z) {
    const double exact = st.physics.z_high.u * (z + 0.5) / NZ;  // walls at z = -1/2 and NZ - 1/2
    const double u = f["ux"][std::size_t(z) * 4];
    err2 += (u - exact) * (u - exact);
    ref2 += exact * exact;
  }
  EXPECT_LT(std::sqrt(err2 / ref2), 1e-3);
}

TEST(D3Q19Flows, MassIsConservedByWallsAndPeriodicBoundaries) {
  for (bool walls : {false, true}) {
    d3q19::Setup st;
    st.physics.collision = d3q19::Collision::TRT;
    st.physics.walls_y = st.physics.walls_z = walls;
    st.physics.y_high.u = walls ? 0.02 : 0.0;
    st.physics.z_low.u = walls ? -0.01 : 0.0;
    st.physics.fx = 1e-5;
    st.physics.fz = -2e-6;
    st.initial.start = d3q19::Start::TaylorGreen;
    st.initial.amplitude = 0.02;
    D3Q19Run run(12, 10, 8, st);
    const double m0 = total_mass(run);
    run.advance(200);
    EXPECT_NEAR(total_mass(run) / m0, 1.0, 1e-13) << (walls ? "walls" : "periodic");
  }
}

TEST(D3Q19Flows, ZouHeInletAndOutletCarryADuctFlowThrough) {
  // A square duct open at both ends: the inlet's uniform flow develops into the duct's profile,
  // driven by the pressure drop between inlet and outlet.
  d3q19::Setup st;
  st.physics.collision = d3q19::Collision::TRT;
  st.physics.tau = 0.8;
  st.physics.walls_y = st.physics.walls_z = true;
  st.physics.inlet = {true, 0.02};
  st.physics.outlet = {true, 1.0};
  const int NX = 48, N = 10;
  D3Q19Run run(NX, N, N, st);
  run.advance(3000);  // the cross-section's slowest mode decays as exp(-nu pi^2 (2 / N^2) t): by 1e-26
  const Fields f = run.fields();
  auto at = [&](int x, int y, int z) { return (std::size_t(z) * N + y) * NX + x; };
  auto flux = [&](int x) {
    double q = 0;
    for (int z = 0; z < N; ++z)
      for (int y = 0; y < N; ++y) q += f["rho"][at(x, y, z)] * f["ux"][at(x, y, z)];
    return q;
  };
  auto pressure = [&](int x) {
    double p = 0;
    for (int z = 0; z < N; ++z)
      for (int y = 0; y < N; ++y) p += f["rho"][at(x, y, z)] / 3;
    return p / (N * N);
  };
  // Mass is conserved: every cross-section carries the inlet's flux.
  // The inlet sets u exactly (its density follows from the flow: about 1.1 here, with the
  // pressure drop).
  const double q0 = flux(0);
  EXPECT_NEAR(q0 / (N * N * 3 * pressure(0) * st.physics.inlet.u), 1.0, 1e-12);
  // The outlet excites a period-2 ripple of the flux (as D2Q9's does), largest on the last layers.
  double worst = 0, inside = 0;
  for (int x = 1; x < NX; ++x) {
    worst = std::max(worst, std::abs(flux(x) / q0 - 1));
    if (x < NX - 12) inside = std::max(inside, std::abs(flux(x) / q0 - 1));
  }
  EXPECT_LT(worst, 1e-2);
  EXPECT_LT(inside, 1e-3);  // 4.9e-4
  // Half-way down, the profile is the duct's: the series with the same mean, within 2 % (L2),
  // and the pressure falls at rho nu G per site (rho there: the gas is compressed by the drop),
  // G from the mean velocity.
  const int xm = NX / 2;
  const double A = N / 2.0, nu = (st.physics.tau - 0.5) / 3;
  double mean1 = 0, mean = 0;
  for (int z = 0; z < N; ++z)
    for (int y = 0; y < N; ++y) {
      mean1 += duct_velocity(y + 0.5 - A, z + 0.5 - A, A, A, 1.0) / (N * N);
      mean += f["ux"][at(xm, y, z)] / (N * N);
    }
  const double G = mean / mean1;
  double err2 = 0, ref2 = 0;
  for (int z = 0; z < N; ++z)
    for (int y = 0; y < N; ++y) {
      const double exact = duct_velocity(y + 0.5 - A, z + 0.5 - A, A, A, G), u = f["ux"][at(xm, y, z)];
      err2 += (u - exact) * (u - exact);
      ref2 += exact * exact;
      EXPECT_NEAR(f["uy"][at(xm, y, z)], 0.0, 1e-3 * st.physics.inlet.u);
      EXPECT_NEAR(f["uz"][at(xm, y, z)], 0.0, 1e-3 * st.physics.inlet.u);
    }
  EXPECT_LT(std::sqrt(err2 / ref2), 0.02);
  const double gradient = (pressure(xm - 8) - pressure(xm + 8)) / 16;
  EXPECT_NEAR(gradient / (3 * pressure(xm) * nu * G), 1.0, 0.03);
  EXPECT_NEAR(pressure(NX - 1) * 3, st.physics.outlet.rho, 1e-3);
}
