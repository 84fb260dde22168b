// D3Q19 Stokes flow through a periodic array of spheres (one sphere in a periodic box, driven by a
// body force): the drag on the sphere, from momentum exchange, against Hasimoto's (1959) and
// Sangani and Acrivos's (1982) drag of a simple cubic array of spheres.
#include <gtest/gtest.h>
#include <cmath>
#include <memory>
#include <numeric>
#include "d3q19_case.hpp"
#include "plume/geometry/solids3d.hpp"

using namespace plume;
using plume::test::D3Q19Run;

namespace {

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

// K = F / (6 pi mu a U) of a simple cubic array of spheres of volume fraction c: Sangani and
// Acrivos's series (Hasimoto's first terms).
double drag_factor(double c) {
  const double x = std::cbrt(c);
  return 1.0 / (1 - 1.7601 * x + c - 1.5593 * c * c + 3.9799 * std::pow(x, 8) - 3.0734 * std::pow(x, 10));
}

// One sphere of radius a at the centre of a periodic box of n^3 sites, driven along x by a body
// force, run to steady Stokes flow. TRT with Lambda = 3/16 puts the half-way walls where they are
// whatever tau, so a large tau (a high viscosity) reaches the steady state in few steps: the
// slowest mode, the mean flow's adjustment to the drag, relaxes in k/nu steps (k = L^3 / (6 pi a K),
// the array's permeability).
struct SphereArray {
  int n;
  double a, tau = 3.0, fx = 1e-6;
  double cells() const { return double(n) * n * n; }
  double nu() const { return (tau - 0.5) / 3; }
};

struct Steady {
  double solid;    // sites
  double u;        // mean x velocity over the cell (solid sites, at rest, included): the superficial velocity
  double drag[3];  // the force on the sphere, by momentum exchange
};

Steady run(const SphereArray& c, long steps) {
  d3q19::Setup st;
  st.physics.collision = d3q19::Collision::TRT;
  st.physics.tau = c.tau;
  st.physics.fx = c.fx;
  // Start near the steady mean flow (the interstitial speed of the expected drag), so that few
  // steps reach the steady state; where it ends does not depend on where it starts.
  const double ball = 4.0 / 3.0 * M_PI * c.a * c.a * c.a;
  st.initial.ux = c.fx * c.cells() / (6 * M_PI * c.nu() * c.a * drag_factor(ball / c.cells())) * c.cells() /
                  (c.cells() - ball);
  const double mid = (c.n - 1) / 2.0;
  D3Q19Run s(c.n, c.n, c.n, st, std::make_shared<geometry::Sphere>(mid, mid, mid, c.a));
  s.advance(steps);
  const Fields f = s.fields();
  return {sum(f["solid"]), sum(f["ux"]) / c.cells(), {sum(f["force_x"]), sum(f["force_y"]), sum(f["force_z"])}};
}

}  // namespace

// Hasimoto's drag of a simple cubic array at volume fraction c, F = 6 pi mu a U K(c), with U the
// mean velocity over the cell and F the force the mean pressure gradient exerts on one cell
// (f L^3 here: the fluid's f (L^3 - V) that the momentum exchange measures, and f V on the volume
// the sphere takes). The sphere of sites is a staircase: its radius is taken as that of the ball
// of the same volume, a_V = (3 N / 4 pi)^(1/3) for N solid sites.
TEST(D3Q19Sphere, DragOfAPeriodicArrayIsHasimotosAndSanganiAcrivoss) {
  for (const auto& [c, steps] : {std::pair{SphereArray{20, 3.0}, 600L}, std::pair{SphereArray{24, 4.5}, 800L}}) {
    const Steady s = run(c, steps);
    const double fluid = c.cells() - s.solid;
    // Steady: the body force on the fluid all goes into the sphere, and none across the flow.
    EXPECT_NEAR(s.drag[0] / (c.fx * fluid), 1.0, 1e-3) << "n = " << c.n;
    EXPECT_NEAR(s.drag[1] / s.drag[0], 0.0, 1e-9);
    EXPECT_NEAR(s.drag[2] / s.drag[0], 0.0, 1e-9);
    const double a_v = std::cbrt(3 * s.solid / (4 * M_PI)), volume_fraction = s.solid / c.cells();
    const double k = c.fx * c.cells() / (6 * M_PI * c.nu() * a_v * s.u);
    EXPECT_NEAR(k / drag_factor(volume_fraction), 1.0, 0.02) << "n = " << c.n << ", a = " << c.a << ": K = " << k;
    // The periodic images matter: Stokes's drag of a sphere alone (K = 1) is far off.
    EXPECT_GT(k, 1.5) << "n = " << c.n;
  }
}
