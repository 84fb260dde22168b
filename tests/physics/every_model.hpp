// A small case of every registered model, for the tests of what must hold for any model (the
// reductions of the diagnostics and the fault check, on the CPU and against the GPU): lattices of
// a few hundred sites with partial blocks of GPU threads, set up so that the state moves.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "d2q37/setup.hpp"
#include "d2q9/model.hpp"
#include "d3q19/model.hpp"
#include "d3q19/registration.hpp"
#include "diffusion/model.hpp"
#include "plume/parameters.hpp"
#include "plume/solver.hpp"
#include "site_geometry.hpp"
#include "thermal3d/model.hpp"

namespace plume::test {

struct ModelCase {
  std::string what;
  SolverConfig config;
};

inline std::vector<ModelCase> every_model_case(Precision precision = Precision::FP64,
                                               BackendKind backend = BackendKind::CPU) {
  std::vector<ModelCase> cases;
  const auto add = [&](std::string what, SolverConfig c) {
    c.precision = precision;
    c.backend = backend;
    cases.push_back({std::move(what), std::move(c)});
  };
  {  // a Rayleigh–Taylor layer between fixed walls
    SolverConfig c;
    c.model = "d2q37";
    c.nx = 40;
    c.ny = 48;
    d2q37::physics(c).gy = -1e-4;
    d2q37::initial(c).eps = 4.0;
    d2q37::initial(c).amplitude = 3.0;
    add("d2q37", c);
  }
  {  // a driven channel around a block: the row sums skip its solid sites
    d2q9::Setup st;
    st.physics.tau = 0.7;
    st.physics.walls = true;
    st.physics.fx = 2e-5;
    st.initial.start = d2q9::Start::TaylorGreen;
    st.initial.amplitude = 0.03;
    SolverConfig c;
    c.model = "d2q9";
    c.nx = 37;
    c.ny = 21;
    c.setup = AnySetup(st);
    c.solids = std::make_shared<SitesWhere>([](int x, int y) { return x >= 10 && x < 15 && y >= 6 && y < 12; });
    add("d2q9", c);
  }
  {  // a Taylor–Green vortex between moving walls
    d3q19::Setup st;
    st.physics.tau = 0.7;
    st.physics.walls_z = true;
    st.physics.z_high.u = 0.05;
    st.physics.fx = 1e-5;
    st.initial.start = d3q19::Start::TaylorGreen;
    st.initial.amplitude = 0.05;
    SolverConfig c;
    c.model = "d3q19";
    c.nx = 14;
    c.ny = 9;
    c.nz = 8;
    c.setup = AnySetup(st);
    d3q19::parameters().derive(c.setup);
    add("d3q19", c);
  }
  {  // Rayleigh–Bénard above onset
    thermal3d::Setup st;
    st.physics.reference = {1e4, 0.71, 10, 0.1, 0};
    st.initial.amplitude = 0.05;
    st.initial.kx = 1;
    st.initial.ky = 1;
    SolverConfig c;
    c.model = "thermal3d";
    c.nx = 12;
    c.ny = 7;
    c.nz = 10;
    c.setup = AnySetup(st);
    thermal3d::parameters().derive(c.setup);
    add("thermal3d", c);
  }
  for (int nz : {1, 6}) {  // a warm blob, 5-point and 7-point stencils
    diffusion::Setup st;
    st.physics.kappa = 0.15;
    st.initial.start = diffusion::Start::Blob;
    st.initial.background = 1.0;
    st.initial.amplitude = 1.0;
    st.initial.width = 3.0;
    SolverConfig c;
    c.model = "diffusion";
    c.nx = 19;
    c.ny = 13;
    c.nz = nz;
    c.setup = AnySetup(st);
    add(nz > 1 ? "diffusion 3-D" : "diffusion 2-D", c);
  }
  return cases;
}

// Site (x, y, z) of the local block poisoned in populations `f` (canonical order [i][z][y][x],
// Solver::populations): every population multiplied by `factor`, or set to `value` when factor is 0.
inline void poison_site(std::vector<double>& f, const Domain& d, int x, int y, int z, double factor, double value = 0) {
  const std::size_t sites = std::size_t(d.nx) * d.ny * d.nz, at = (std::size_t(z) * d.ny + y) * d.nx + x;
  for (std::size_t i = 0; i < f.size() / sites; ++i) {
    double& v = f[i * sites + at];
    v = factor != 0 ? v * factor : value;
  }
}

}  // namespace plume::test
