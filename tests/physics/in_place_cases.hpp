// The cases of the in-place streaming tests (CPU: tests/physics/test_in_place.cpp, GPU:
// tests/gpu/test_gpu_in_place.cpp): every lattice Boltzmann model with each boundary that
// in-place streaming takes, and what the tests compare.
#pragma once
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>
#include "d2q37/setup.hpp"
#include "d2q9/model.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "every_model.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"
#include "site_geometry.hpp"

namespace plume::test {

// The populations of the fluid sites: a solid site's mean nothing with half-way bounce-back (no
// site reads them; two buffers leave them as they were, in place they hold what was sent back
// into them), so both ways of storing may differ there.
inline std::vector<double> fluid_populations(Solver& s) {
  std::vector<double> f = s.populations();
  Fields fields;
  s.snapshot().fields(fields);
  const std::size_t n = fields.sites();
  if (!s.config().model->supports_solids()) return f;
  const std::vector<double>& solid = fields["solid"];
  for (std::size_t k = 0; k < f.size(); ++k)
    if (solid[k % n] != 0) f[k] = 0;
  return f;
}

// Largest relative difference of two runs' values (NaN, an unwritten value, counts as infinite).
inline double max_relative(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const double r = a[k] == b[k] ? 0.0 : std::fabs(a[k] - b[k]) / std::max(std::fabs(a[k]), std::fabs(b[k]));
    if (!(r <= worst)) worst = std::isnan(r) ? INFINITY : r;
  }
  return worst;
}

inline std::vector<double> all_fields(Solver& s) {
  Fields f;
  s.snapshot().fields(f);
  std::vector<double> out;
  for (int k = 0; k < f.count(); ++k) out.insert(out.end(), f.data(k), f.data(k) + f.sites());
  return out;
}

// D3Q19 periodic on every side with no solids, driven by a body force from a Taylor-Green start:
// on the GPU the steps push across the boundaries (d3q19 Traits::pushes_across), until solids
// are drawn.
inline SolverConfig d3q19_periodic_box(int nx, int ny, int nz) {
  d3q19::Setup st;
  st.physics.fx = 1e-5;
  st.physics.fy = -3e-6;
  st.physics.fz = 2e-5;
  st.initial.start = d3q19::Start::TaylorGreen;
  st.initial.amplitude = 0.05;
  SolverConfig c;
  c.model = "d3q19";
  c.nx = nx;
  c.ny = ny;
  c.nz = nz;
  c.setup = AnySetup(st);
  d3q19::parameters().derive(c.setup);
  return c;
}

// Every lattice Boltzmann model with each of its boundaries that in-place streaming takes: the
// every-model cases (fixed walls, solids in a driven channel, moving walls, Rayleigh-Benard) and
// periodic D2Q37, a Zou-He channel and the seed-001 driving with full-way bounce-back (D2Q9), an
// open duct, solids across the periodic sides and a periodic box (D3Q19).
inline std::vector<ModelCase> lbm_cases(Precision precision, BackendKind backend = BackendKind::CPU) {
  std::vector<ModelCase> cases;
  for (ModelCase& c : every_model_case(precision, backend))
    if (c.config.model != "diffusion") cases.push_back(c);
  const auto add = [&](std::string what, SolverConfig c) {
    c.precision = precision;
    c.backend = backend;
    cases.push_back({std::move(what), std::move(c)});
  };
  {
    SolverConfig c;
    c.model = "d2q37";
    c.nx = 36;
    c.ny = 30;
    d2q37::physics(c).walls = false;
    d2q37::physics(c).gx = 5e-5;
    d2q37::physics(c).gy = -2e-4;
    d2q37::initial(c).amplitude = 3.0;
    add("d2q37 periodic", c);
  }
  // A 31 x 17 D2Q9 channel with the setup st and these solid sites.
  const auto add_d2q9 = [&](std::string what, const d2q9::Setup& st, std::shared_ptr<const Geometry> solids) {
    SolverConfig c;
    c.model = "d2q9";
    c.nx = 31;
    c.ny = 17;
    c.setup = AnySetup(st);
    d2q9::parameters().derive(c.setup);
    c.solids = std::move(solids);
    add(std::move(what), c);
  };
  auto block = std::make_shared<SitesWhere>([](int x, int y) { return (x >= 8 && x < 12 && y > 3 && y < 9) || y == 0; });
  {
    d2q9::Setup st;
    st.physics.collision = d2q9::Collision::TRT;
    st.physics.walls = true;
    st.physics.inlet = {true, 0.05, d2q9::Profile::Parabolic};
    st.physics.outlet = {true, 1.0};
    st.initial.start = d2q9::Start::Uniform;
    add_d2q9("d2q9 Zou-He channel", st, block);
  }
  {
    d2q9::Setup st;
    st.physics.bounce = d2q9::Bounce::FullWay;
    st.physics.tau = 1 / 1.85;
    st.physics.accelerate.row = 15;
    st.physics.accelerate.a = 0.005;
    st.initial.rho = 0.1;
    st.initial.start = d2q9::Start::Uniform;
    add_d2q9("d2q9 seed-001 driving, full-way", st,
             std::make_shared<SitesWhere>([](int x, int y) { return (x == 0 && y > 4) || (x > 20 && y == 16); }));
  }
  for (bool open : {true, false}) {
    d3q19::Setup st;
    st.physics.collision = d3q19::Collision::TRT;
    st.physics.inlet = {open, 0.03};
    st.physics.outlet = {open, 1.0};
    st.physics.walls_y = st.physics.walls_z = open;
    st.physics.fx = 1e-5;
    st.physics.fz = open ? 0.0 : -2e-5;
    st.initial.start = d3q19::Start::TaylorGreen;
    st.initial.amplitude = 0.05;
    SolverConfig c;
    c.model = "d3q19";
    c.nx = 15;  // uneven splits in every tiling of 2, 3 and 4 ranks (tests/mpi), z included
    c.ny = 13;
    c.nz = 12;
    c.setup = AnySetup(st);
    d3q19::parameters().derive(c.setup);
    if (!open)
      c.solids = std::make_shared<SitesWhere>([](int x, int y, int z) { return (x + y + z) % 5 == 0 && (x < 2 || x > 8); });
    add(open ? "d3q19 open duct" : "d3q19 periodic with solids", c);
  }
  // nx = 16: whole 32-byte sectors in x for FP32 and FP64 (the sector copies of the x ghosts);
  // paint_and_draw draws solids, and the pushes across then stop.
  add("d3q19 periodic", d3q19_periodic_box(16, 13, 11));
  return cases;
}

// Initialise, step 3, paint edge and corner sites (whose populations then lie in the halos when
// in place), draw solids across the periodic sides, step 3, erase some, step 5.
// On several ranks each paints those of the sites in its block (Solver::populations of sites takes
// local coordinates) and all draw the same (global) boxes.
inline void paint_and_draw(Solver& s) {
  const Domain d = s.config().global(), b = s.domain();
  std::vector<Site> sites;
  for (Site g : {Site{0, 0, 0}, Site{d.nx - 1, d.ny - 1, d.nz - 1}, Site{d.nx / 2, d.ny - 1, 0}, Site{0, d.ny / 2, d.nz - 1}}) {
    const Site l{g.x - b.x0, g.y - b.y0, g.z - b.z0};
    if (l.x >= 0 && l.x < b.nx && l.y >= 0 && l.y < b.ny && l.z >= 0 && l.z < b.nz) sites.push_back(l);
  }
  const bool solids = s.config().model->supports_solids();
  s.initialize();
  s.advance(3);
  std::vector<double> f = s.populations(sites);
  for (double& v : f) v *= 1.01;
  s.set_populations(sites, f);
  if (solids) s.edit_solids(Box{0, 3, 2, 5, 0, d.nz}, true);
  s.advance(3);
  if (solids) s.edit_solids(Box{1, 2, 0, d.ny, 0, d.nz}, false);
  s.advance(5);
}

inline SolverConfig in_place(SolverConfig c) {
  c.streaming = Streaming::InPlace;
  return c;
}

}  // namespace plume::test
