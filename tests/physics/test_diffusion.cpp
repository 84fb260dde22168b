// The diffusion model (solver/models/diffusion, docs/diffusion.md): a sine mode on a periodic box
// decays by the scheme's exact factor per step, 1 - 4 r (sin^2(pi kx/NX) + sin^2(pi ky/NY) +
// sin^2(pi kz/NZ)), to round-off, in 3-D (7-point stencil) and 2-D (5-point); the sum of T stays;
// the stability limit is refused by name.
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include "diffusion/model.hpp"
#include "plume/io/diagnostics.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

diffusion::Setup sine(double kappa, int kx, int ky, int kz) {
  diffusion::Setup s;
  s.physics.kappa = kappa;
  s.initial.start = diffusion::Start::Sine;
  s.initial.amplitude = 1.0;
  s.initial.k[0] = kx;
  s.initial.k[1] = ky;
  s.initial.k[2] = kz;
  return s;
}

// T after `steps` steps of the model on the NX x NY x NZ lattice d, one process on the CPU.
Fields run(const Domain& d, const diffusion::Setup& s, long steps, Precision p = Precision::FP64) {
  SolverConfig c;
  c.model = "diffusion";
  c.nx = d.NX;
  c.ny = d.NY;
  c.nz = d.NZ;
  c.setup = AnySetup(s);
  c.precision = p;
  c.backend = BackendKind::CPU;
  c.threads = 1;
  Solver solver(c);
  solver.initialize();
  solver.advance(steps);
  Fields f;
  solver.snapshot().fields(f);
  return f;
}

// The largest deviation of T from T0 + A g^n phi over the lattice, relative to A |g|^n.
double decay_error(const Domain& d, const diffusion::Setup& s, long steps, Precision p = Precision::FP64) {
  const Fields f = run(d, s, steps, p);
  const int N[3] = {d.NX, d.NY, d.NZ};
  const double g = diffusion::decay_factor(s.physics.kappa, s.initial.k, N);
  const double scale = s.initial.amplitude * std::pow(std::abs(g), double(steps));
  double worst = 0;
  for (int z = 0; z < d.nz; ++z)
    for (int y = 0; y < d.ny; ++y)
      for (int x = 0; x < d.nx; ++x) {
        const double exact = s.initial.background + std::pow(g, double(steps)) *
                                                        (diffusion::initial_value(s.initial, x, y, z, d.NX, d.NY, d.NZ) -
                                                         s.initial.background);
        worst = std::max(worst, std::abs(f["T"][f.at(x, y, z)] - exact) / scale);
      }
  return worst;
}

}  // namespace

TEST(Diffusion, ASineModeDecaysByTheExactDiscreteFactorIn3D) {
  const Domain d = Domain::whole(16, 20, 12);
  // Different wave numbers along each axis, r just under the limit 1/6; 40 steps take the
  // amplitude to 0.05 of its start.
  EXPECT_LT(decay_error(d, sine(0.16, 1, 2, 1), 40), 1e-12);
  EXPECT_LT(decay_error(d, sine(0.05, 2, 1, 3), 40), 1e-12);
  // FP32 storage rounds T to 24 bits each step.
  EXPECT_LT(decay_error(d, sine(0.16, 1, 2, 1), 40, Precision::FP32), 2e-5);
}

TEST(Diffusion, ASineModeDecaysByTheExactDiscreteFactorIn2D) {
  const Domain d = Domain::whole(24, 18);  // nz = 1: the 5-point stencil
  EXPECT_LT(decay_error(d, sine(0.24, 2, 1, 0), 40), 1e-12);
  // kz has no factor on a lattice of one plane.
  EXPECT_LT(decay_error(d, sine(0.1, 1, 3, 1), 40), 1e-12);
}

TEST(Diffusion, TheFactorIsTheStencilsNotTheContinuousOne) {
  // The exact solution of dT/dt = kappa laplacian(T) decays by exp(-kappa |k|^2) per unit time;
  // the scheme's factor differs from it at this resolution by far more than the round-off the
  // tests above allow, so they check the stencil, not merely diffusion.
  const int k[3] = {2, 1, 3}, N[3] = {16, 20, 12};
  const double pi = 3.14159265358979323846;
  double k2 = 0;
  for (int a = 0; a < 3; ++a) k2 += std::pow(2 * pi * k[a] / N[a], 2);
  EXPECT_GT(std::abs(diffusion::decay_factor(0.05, k, N) - std::exp(-0.05 * k2)), 1e-4);
}

TEST(Diffusion, TheSumOfTIsConservedAndTheDiagnosticsFollowTheCase) {
  diffusion::Setup blob;
  blob.physics.kappa = 0.15;
  blob.initial.start = diffusion::Start::Blob;
  blob.initial.background = 0.5;
  blob.initial.amplitude = 2.0;
  blob.initial.width = 2.5;
  const Domain d = Domain::whole(21, 19, 17);  // odd: the centre (10, 9, 8) is a site
  const AnySetup as(blob);
  const io::Diagnostics start = io::compute_diagnostics(run(d, blob, 0), d, as, 0, 0);
  const io::Diagnostics later = io::compute_diagnostics(run(d, blob, 60), d, as, 60, 60);
  EXPECT_NEAR(later.at("sum_T"), start.at("sum_T"), 1e-12 * start.at("sum_T"));
  EXPECT_NEAR(start.at("amplitude"), 2.0, 1e-12);
  EXPECT_LT(later.at("amplitude"), 0.5 * start.at("amplitude"));  // spread out
  EXPECT_LT(later.at("T_rms"), start.at("T_rms"));

  // The sine's amplitude from its spread: A g^n.
  const diffusion::Setup s = sine(0.1, 1, 2, 1);
  const int N[3] = {d.NX, d.NY, d.NZ};
  const double g = diffusion::decay_factor(0.1, s.initial.k, N);
  const io::Diagnostics mode = io::compute_diagnostics(run(d, s, 30), d, AnySetup(s), 30, 30);
  EXPECT_NEAR(mode.at("amplitude"), std::pow(g, 30.0), 1e-12);
  EXPECT_NEAR(mode.at("sum_T"), 0.0, 1e-12);
}

TEST(Diffusion, KappaAboveTheStabilityLimitIsRefusedNamingTheKey) {
  const Parameters& params = diffusion::model().parameters();
  const AnySetup fine(sine(1.0 / 6, 1, 1, 1)), unstable(sine(0.2, 1, 1, 1));
  EXPECT_TRUE(params.check(fine, 16, 16, 16).empty());
  const std::vector<SetupProblem> p = params.check(unstable, 16, 16, 16);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].about, "physics.kappa");
  EXPECT_EQ(p[0].message.rfind("physics.kappa = 0.2 is above the explicit scheme's stability limit 1/6", 0), 0u)
      << p[0].message;
  // In 2-D the limit is 1/4.
  EXPECT_TRUE(params.check(unstable, 16, 16, 1).empty());
  const std::vector<SetupProblem> q = params.check(AnySetup(sine(0.26, 1, 1, 0)), 16, 16, 1);
  ASSERT_EQ(q.size(), 1u);
  EXPECT_NE(q[0].message.find("limit 1/4"), std::string::npos) << q[0].message;
  // A wave number the lattice cannot carry.
  const std::vector<SetupProblem> w = params.check(AnySetup(sine(0.1, 8, 1, 1)), 16, 16, 16);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].about, "initial.kx");
}

TEST(Diffusion, MovesSixteenBytesPerSiteUpdateInFP64AndEightInFP32) {
  // One read and one write of T per site: the ceiling of the step is the copy bandwidth / these.
  EXPECT_EQ(diffusion::model().bytes_per_update(Precision::FP64), 16.0);
  EXPECT_EQ(diffusion::model().bytes_per_update(Precision::FP32), 8.0);
  EXPECT_EQ(find_model("diffusion").lattice().Q, 1);
}
