// The D3Q19 per-site physics: the lattice's symmetry and isotropy to fourth order, the moments of
// both equilibria, what each collision conserves or adds (mass always; momentum without a force;
// exactly F per step with Guo's forcing), and the pull of one site (periodic neighbours, half-way
// bounce-back from walls and solid sites, a moving wall's momentum); and in place (one buffer),
// the steps that read and push across the periodic boundaries against two buffers.
#include <gtest/gtest.h>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>
#include "d3q19/model.hpp"
#include "d3q19/site.hpp"
#include "plume/grid/planes.hpp"

using namespace plume;
using namespace plume::d3q19;

namespace {

template <Equilibrium E>
void fill_equilibrium(const Macro& m, double* f) {
  for (int i = 0; i < L::Q; ++i) f[i] = equilibrium<E>(i, m);
}

// A state away from equilibrium: an equilibrium plus a perturbation with no mass.
void off_equilibrium(double* f) {
  fill_equilibrium<Equilibrium::Compressible>({1.02, 0.03, -0.02, 0.015}, f);
  double s = 0;
  for (int i = 0; i < L::Q - 1; ++i) {
    const double d = 1e-3 * std::sin(1.7 * i + 0.3);
    f[i] += d;
    s += d;
  }
  f[L::Q - 1] -= s;
}

// Mass, momentum and the momentum flux sum_i f_i e_ia e_ib.
struct Sums {
  double rho = 0, j[3] = {0, 0, 0}, P[3][3] = {};
};
Sums sums(const double* f) {
  Sums s;
  for (int i = 0; i < L::Q; ++i) {
    s.rho += f[i];
    for (int a = 0; a < 3; ++a) {
      s.j[a] += L::e(i, a) * f[i];
      for (int b = 0; b < 3; ++b) s.P[a][b] += L::e(i, a) * L::e(i, b) * f[i];
    }
  }
  return s;
}

double delta(int a, int b) { return a == b ? 1.0 : 0.0; }

}  // namespace

TEST(D3Q19Lattice, NineteenDistinctVelocitiesOfTheThreeShellsWithTheirWeights) {
  int shell[3] = {0, 0, 0};
  for (int i = 0; i < L::Q; ++i) {
    const int n2 = L::ex(i) * L::ex(i) + L::ey(i) * L::ey(i) + L::ez(i) * L::ez(i);
    ASSERT_LE(n2, 2);
    ++shell[n2];
    EXPECT_DOUBLE_EQ(L::w(i), n2 == 0 ? 1.0 / 3 : n2 == 1 ? 1.0 / 18 : 1.0 / 36);
    for (int k = 0; k < i; ++k)
      EXPECT_FALSE(L::ex(i) == L::ex(k) && L::ey(i) == L::ey(k) && L::ez(i) == L::ez(k)) << i << " = " << k;
    EXPECT_EQ(L::opposite(L::opposite(i)), i);
    for (int a = 0; a < 3; ++a) EXPECT_EQ(L::e(L::opposite(i), a), -L::e(i, a));
  }
  EXPECT_EQ(shell[0], 1);
  EXPECT_EQ(shell[1], 6);
  EXPECT_EQ(shell[2], 12);
}

TEST(D3Q19Lattice, WeightsSumToOneAndTheMomentsAreIsotropicToFourthOrder) {
  double w = 0;
  for (int i = 0; i < L::Q; ++i) w += L::w(i);
  EXPECT_DOUBLE_EQ(w, 1.0);
  const double c2 = L::cs2, c4 = L::cs2 * L::cs2;
  for (int a = 0; a < 3; ++a) {
    double m1 = 0;
    for (int i = 0; i < L::Q; ++i) m1 += L::w(i) * L::e(i, a);
    EXPECT_NEAR(m1, 0.0, 1e-16);
    for (int b = 0; b < 3; ++b) {
      double m2 = 0;
      for (int i = 0; i < L::Q; ++i) m2 += L::w(i) * L::e(i, a) * L::e(i, b);
      EXPECT_NEAR(m2, c2 * delta(a, b), 1e-15) << a << b;
      for (int c = 0; c < 3; ++c) {
        double m3 = 0;
        for (int i = 0; i < L::Q; ++i) m3 += L::w(i) * L::e(i, a) * L::e(i, b) * L::e(i, c);
        EXPECT_NEAR(m3, 0.0, 1e-16);
        for (int d = 0; d < 3; ++d) {
          double m4 = 0, m5 = 0;
          for (int i = 0; i < L::Q; ++i) {
            m4 += L::w(i) * L::e(i, a) * L::e(i, b) * L::e(i, c) * L::e(i, d);
            m5 += L::w(i) * L::e(i, a) * L::e(i, b) * L::e(i, c) * L::e(i, d) * L::e(i, a);
          }
          const double iso = c4 * (delta(a, b) * delta(c, d) + delta(a, c) * delta(b, d) + delta(a, d) * delta(b, c));
          EXPECT_NEAR(m4, iso, 1e-15) << a << b << c << d;
          EXPECT_NEAR(m5, 0.0, 1e-16);  // odd moments vanish
        }
      }
    }
  }
}

TEST(D3Q19Equilibrium, CompressibleMomentsAreRhoRhoUAndTheEulerStress) {
  const Macro m{1.1, 0.05, -0.03, 0.02};
  const double u[3] = {m.ux, m.uy, m.uz};
  double f[L::Q];
  fill_equilibrium<Equilibrium::Compressible>(m, f);
  const Sums s = sums(f);
  EXPECT_NEAR(s.rho, m.rho, 1e-15);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(s.j[a], m.rho * u[a], 1e-15);
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(s.P[a][b], m.rho * (L::cs2 * delta(a, b) + u[a] * u[b]), 1e-15);
  }
}

TEST(D3Q19Equilibrium, IncompressibleCarriesMomentumWithTheReferenceDensity) {
  const Macro m{1.1, 0.05, -0.03, 0.02};
  const double u[3] = {m.ux, m.uy, m.uz};
  double f[L::Q];
  fill_equilibrium<Equilibrium::Incompressible>(m, f);
  const Sums s = sums(f);
  EXPECT_NEAR(s.rho, m.rho, 1e-15);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(s.j[a], u[a], 1e-15);  // rho_0 = 1
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(s.P[a][b], m.rho * L::cs2 * delta(a, b) + u[a] * u[b], 1e-15);
  }
}

template <Collision C, Equilibrium E>
void check_conservation() {
  Params p;
  p.collision = C;
  p.equilibrium = E;
  p.tau = 0.7;
  double f[L::Q];
  off_equilibrium(f);
  const Sums before = sums(f);
  collide<C, E>(f, p);
  const Sums after = sums(f);
  EXPECT_NEAR(after.rho, before.rho, 1e-15);
  for (int a = 0; a < 3; ++a) EXPECT_NEAR(after.j[a], before.j[a], 1e-15);
  // Not a no-op: the stress relaxes.
  EXPECT_GT(std::abs(after.P[0][2] - before.P[0][2]), 1e-6);
}

TEST(D3Q19Collision, BothCollisionsConserveMassAndMomentum) {
  check_conservation<Collision::BGK, Equilibrium::Compressible>();
  check_conservation<Collision::BGK, Equilibrium::Incompressible>();
  check_conservation<Collision::TRT, Equilibrium::Compressible>();
  check_conservation<Collision::TRT, Equilibrium::Incompressible>();
}

template <Collision C, Equilibrium E>
void check_force() {
  Params p;
  p.collision = C;
  p.tau = 0.9;
  p.fx = 2e-5;
  p.fy = -3e-5;
  p.fz = 1.5e-5;
  double f[L::Q];
  off_equilibrium(f);
  const Sums before = sums(f);
  collide<C, E>(f, p);
  const Sums after = sums(f);
  EXPECT_NEAR(after.rho, before.rho, 1e-15);
  EXPECT_NEAR(after.j[0] - before.j[0], p.fx, 1e-16);
  EXPECT_NEAR(after.j[1] - before.j[1], p.fy, 1e-16);
  EXPECT_NEAR(after.j[2] - before.j[2], p.fz, 1e-16);
}

TEST(D3Q19Collision, GuoForcingAddsExactlyTheForcePerStep) {
  check_force<Collision::BGK, Equilibrium::Compressible>();
  check_force<Collision::TRT, Equilibrium::Compressible>();
  check_force<Collision::BGK, Equilibrium::Incompressible>();
  check_force<Collision::TRT, Equilibrium::Incompressible>();
}

TEST(D3Q19Collision, TrtWithEqualRatesIsBgk) {
  // Lambda = (tau - 1/2)^2 makes tau_minus = tau: the two collisions are the same operator.
  Params p;
  p.tau = 0.8;
  p.magic = (p.tau - 0.5) * (p.tau - 0.5);
  p.fz = 1e-5;
  double a[L::Q], b[L::Q];
  off_equilibrium(a);
  off_equilibrium(b);
  collide<Collision::BGK, Equilibrium::Compressible>(a, p);
  collide<Collision::TRT, Equilibrium::Compressible>(b, p);
  for (int i = 0; i < L::Q; ++i) EXPECT_NEAR(a[i], b[i], 1e-16);
}

namespace {

// A 4 x 4 x 4 block (one halo layer) whose population i at site (x, y, z), halos included, holds
// a value that names both: the pull's sources can be read back from what it pulled.
struct Block {
  Layout l = make_layout(4, 4, 4, 1, 1, L::Q, sizeof(double));
  std::vector<double> src = std::vector<double>(std::size_t(l.elements()), 0.0);
  std::vector<double> dst = std::vector<double>(std::size_t(l.elements()), 0.0);
  std::vector<std::uint8_t> solid = std::vector<std::uint8_t>(std::size_t(l.stride), 0);
  Params p;
  static double code(int i, int x, int y, int z) { return 1000.0 * i + 100.0 * (x + 1) + 10.0 * (y + 1) + (z + 1); }
  Block() {
    for (int i = 0; i < L::Q; ++i)
      for (int z = -1; z <= 4; ++z)
        for (int y = -1; y <= 4; ++y)
          for (int x = -1; x <= 4; ++x) src[std::size_t(l.at(i, x, y, z))] = code(i, x, y, z);
  }
  d3q19::StepArgs<double> args(bool with_solids) const {
    return {plain_planes<const double>(src.data(), l), plain_planes(const_cast<double*>(dst.data()), l), l, Domain::whole(4, 4, 4), p,
            with_solids ? solid.data() : nullptr, nullptr};
  }
};

}  // namespace

TEST(D3Q19Site, PullTakesEachPopulationFromTheSiteBehindIt) {
  Block b;
  double f[L::Q];
  pull(b.args(false), 1, 2, 0, f);  // z = 0: the sources at z = -1 are the halo's
  for (int i = 0; i < L::Q; ++i) EXPECT_EQ(f[i], Block::code(i, 1 - L::ex(i), 2 - L::ey(i), 0 - L::ez(i))) << i;
}

TEST(D3Q19Site, WallsAndSolidSitesSendPopulationsBackWithTheMovingWallsMomentum) {
  Block b;
  b.p.walls_y = b.p.walls_z = true;
  b.p.z_low.u = 0.05;
  b.p.y_high.u = -0.02;
  b.solid[std::size_t(b.l.site(2, 1, 2))] = 1;  // behind (1, 1, 1) along e = (-1, 0, -1)
  for (bool solids : {false, true}) {
    double f[L::Q];
    // (1, 3, 0): next to the wall above y = 3 and the wall below z = 0, a duct's edge.
    pull(b.args(solids), 1, 3, 0, f);
    for (int i = 0; i < L::Q; ++i) {
      const int ys = 3 - L::ey(i), zs = 0 - L::ez(i);
      const double back = Block::code(L::opposite(i), 1, 3, 0);
      if (ys > 3)
        EXPECT_DOUBLE_EQ(f[i], back + 6 * L::w(i) * L::ex(i) * b.p.y_high.u) << i;
      else if (zs < 0)
        EXPECT_DOUBLE_EQ(f[i], back + 6 * L::w(i) * L::ex(i) * b.p.z_low.u) << i;
      else
        EXPECT_EQ(f[i], Block::code(i, 1 - L::ex(i), ys, zs)) << i;
    }
    pull(b.args(solids), 1, 1, 1, f);
    for (int i = 0; i < L::Q; ++i) {
      const bool from_solid = solids && 1 - L::ex(i) == 2 && 1 - L::ey(i) == 1 && 1 - L::ez(i) == 2;
      EXPECT_EQ(f[i], from_solid ? Block::code(L::opposite(i), 1, 1, 1)
                                 : Block::code(i, 1 - L::ex(i), 1 - L::ey(i), 1 - L::ez(i)))
          << i;
    }
  }
}

TEST(D3Q19Site, TheMomentumExchangeIsTwiceWhatLeavesTowardsTheSolid) {
  Block b;
  b.solid[std::size_t(b.l.site(2, 1, 2))] = 1;
  const SiteFields s = site_fields<false>(b.args(true), 1, 1, 1);
  // The one link into the solid: e_i = (1, 0, 1) from (1, 1, 1), whose population f*_i left
  // towards it; it is the pull of opposite(i) that the solid sends back.
  int i = 0;
  while (!(L::ex(i) == 1 && L::ey(i) == 0 && L::ez(i) == 1)) ++i;
  const double out = Block::code(i, 1, 1, 1);
  EXPECT_DOUBLE_EQ(s.fx, 2 * out);
  EXPECT_DOUBLE_EQ(s.fy, 0.0);
  EXPECT_DOUBLE_EQ(s.fz, 2 * out);
  EXPECT_EQ(site_fields<false>(b.args(true), 2, 1, 2).solid, 1.0);
}

namespace {

constexpr int kNx = 5, kNy = 4, kNz = 3;  // a small periodic block, no side a multiple of another

int wrapped(int v, int n) { return (v % n + n) % n; }

}  // namespace

// In place (the AA pattern, plume/grid/planes.hpp) the GPU's steps of a periodic D3Q19 block read
// and push across its boundaries themselves (StepArgs::push, store_pushed), and no ghost is ever
// filled. Here the same per-site code runs on the host, site after site, with every ghost NaN:
// after each step the state, read where each way of holding it keeps population i of site s, is
// the two-buffer step's (ghosts filled from the periodic images, the update without the
// index arithmetic) bit for bit, and no ghost was written.
TEST(D3Q19Site, InPlaceStepsThatReadAndPushAcrossThePeriodicBoundariesGiveTheTwoBufferSteps) {
  constexpr LatticeInfo lat = describe_lattice<L>();
  const Layout l = make_layout(kNx, kNy, kNz, 1, 1, L::Q, sizeof(double));
  Params p;
  p.fx = 2e-4;
  p.fy = -1e-4;
  ASSERT_EQ(Traits::variant(p), 0);
  const Domain d = Domain::whole(kNx, kNy, kNz);
  const Wrap across{{kNx, kNy, kNz}};

  // Two buffers: ghosts filled from the images before each step.
  std::vector<double> a(std::size_t(l.elements()), 0.0), b = a;
  // One buffer, every slot NaN but the interior's.
  std::vector<double> g(std::size_t(l.elements()), std::nan(""));
  for (int i = 0; i < L::Q; ++i)
    for (int z = 0; z < kNz; ++z)
      for (int y = 0; y < kNy; ++y)
        for (int x = 0; x < kNx; ++x) {
          const double v = L::w(i) * (1.0 + 0.05 * std::sin(0.7 * i + 1.3 * x - 0.9 * y + 2.1 * z));
          a[std::size_t(l.at(i, x, y, z))] = v;
          g[std::size_t(opposite_plane(lat, i) * l.stride + l.site(x, y, z))] = v;  // swapped: slot opposite(i)
        }
  const auto fill_ghosts = [&](std::vector<double>& f) {
    for (int i = 0; i < L::Q; ++i)
      for (int z = -1; z <= kNz; ++z)
        for (int y = -1; y <= kNy; ++y)
          for (int x = -1; x <= kNx; ++x)
            f[std::size_t(l.at(i, x, y, z))] = f[std::size_t(l.at(i, wrapped(x, kNx), wrapped(y, kNy), wrapped(z, kNz)))];
  };
  PlaneMap map = PlaneMap::Swapped;
  for (int step = 1; step <= 4; ++step) {
    fill_ghosts(a);
    const d3q19::StepArgs<double> two{plain_planes<const double>(a.data(), l), plain_planes(b.data(), l), l, d, p,
                                      nullptr, nullptr, Wrap{}, Wrap{}};
    d3q19::StepArgs<double> one{planes_of<const double>(g.data(), plane_offsets(lat, l, map), L::Q),
                                planes_of(g.data(), plane_offsets(lat, l, after_step(map)), L::Q), l, d, p,
                                nullptr, nullptr, Wrap{}, Wrap{}};
    if (map == PlaneMap::Swapped) one.wrap = one.push = across;  // the pulls and pushes cross
    for (int z = 0; z < kNz; ++z)
      for (int y = 0; y < kNy; ++y)
        for (int x = 0; x < kNx; ++x) {
          update_site<Collision::BGK, Equilibrium::Compressible, false>(two, x, y, z);
          if (map == PlaneMap::Swapped)
            Traits::update_reach<0, Reach::Pushes>(one, x, y, z);
          else
            Traits::update_reach<0, Reach::Across>(one, x, y, z);
        }
    std::swap(a, b);
    map = after_step(map);
    int differ = 0, ghosts_written = 0;
    for (int i = 0; i < L::Q; ++i)
      for (int z = -1; z <= kNz; ++z)
        for (int y = -1; y <= kNy; ++y)
          for (int x = -1; x <= kNx; ++x) {
            const bool ghost = x < 0 || y < 0 || z < 0 || x >= kNx || y >= kNy || z >= kNz;
            if (ghost) {
              ghosts_written += !std::isnan(g[std::size_t(l.at(i, x, y, z))]);
              continue;
            }
            // Population i of site (x, y, z): shifted, slot i of the site it streams to (across
            // the boundary: at the block's other end); swapped, slot opposite(i) of the site.
            const double in_place =
                map == PlaneMap::Shifted
                    ? g[std::size_t(l.at(i, wrapped(x + L::ex(i), kNx), wrapped(y + L::ey(i), kNy), wrapped(z + L::ez(i), kNz)))]
                    : g[std::size_t(l.at(opposite_plane(lat, i), x, y, z))];
            const double expected = a[std::size_t(l.at(i, x, y, z))];
            differ += std::memcmp(&in_place, &expected, sizeof(double)) != 0;
          }
    EXPECT_EQ(differ, 0) << "step " << step;
    EXPECT_EQ(ghosts_written, 0) << "step " << step;
  }
}
