// The D2Q37 model as the rest of plume sees it at run time: its name, lattice, fields, setup and
// backends.
#include <algorithm>
#include <iterator>
#include <stdexcept>
#include "d2q37/diagnostics.hpp"
#include "d2q37/model.hpp"
#include "d2q37/registration.hpp"
#include "traits_model.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q37 {
namespace {

class D2Q37Model final : public TraitsModel<Traits> {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  std::string units() const override {
    return "spacing 1, time step dt = 1/r = 0.8354, reference temperature T0 = 1";
  }
  // The pressure of the ideal gas; the order of today's output.field choices and images.
  std::vector<DerivedFieldInfo> derived_fields() const override {
    return {{"p", "p = rho T_H", "pressure p", false, DerivedOp::Product, {"rho", "T"}}};
  }
  std::vector<std::string> field_order() const override {
    return {"T", "rho", "p", "ux", "uy", "speed", "vorticity"};
  }
  std::vector<QuantityInfo> diagnostics() const override { return diagnostic_quantities(); }
  std::vector<double> diagnose(const RowSums& r, const AnySetup& s) const override { return d2q37::diagnose(r, s); }
  double time_step() const override { return dt<D2Q37>(); }
  std::string describe(const AnySetup& s) const override {
    const PhysicsParams& p = s.as<Setup>().physics;
    const auto wall = [](const Wall& w) { return w.kind == WallKind::Fixed ? "fixed" : "adiabatic"; };
    std::string text = p.model == CollisionModel::RTRT ? "RTRT collision" : "BGK collision";
    if (!p.walls) return text + ", periodic in y";
    return text + ", " + wall(p.bottom) + " bottom and " + wall(p.top) + " top walls";
  }
  const Parameters& parameters() const override { return d2q37::parameters(); }
  // An adiabatic wall's rows take their temperature from the first row beyond the wall layers,
  // pulling that row's populations, which its own sites overwrite in the same in-place step.
  std::string in_place_problem(const AnySetup& s) const override {
    const PhysicsParams& p = s.as<Setup>().physics;
    if (!p.walls || (p.bottom.kind != WallKind::Adiabatic && p.top.kind != WallKind::Adiabatic)) return "";
    return "an adiabatic wall reads the populations of sites three rows inside, which those sites overwrite in "
           "the same in-place step; use fixed walls (walls.bottom, walls.top = \"fixed\"), or run.streaming = "
           "\"two-buffers\"";
  }
  // A hot or cold blob: the site's temperature changes at the same pressure (rho T) and velocity.
  // Far outside [0.5, 1.5] the equilibrium (a fourth-order expansion about T0 = 1) loses
  // positivity, so the painted temperature stays in that band.
  std::vector<std::string> plotted_diagnostics() const override { return {"kinetic_energy", "width_integral"}; }
  std::string paint_quantity() const override { return "temperature"; }
  void paint_site(double* f, double amount) const override {
    const Macro m = macro<D2Q37>(f);
    const double T = std::clamp(m.T + amount, 0.5, 1.5);
    equilibrium<D2Q37>(m.rho * m.T / T, m.ux, m.uy, T, f);
  }

 private:
  std::string name_ = "d2q37";
  std::string title_ = "D2Q37 thermal lattice Boltzmann (compressible ideal gas, FP64 arithmetic)";
};

}  // namespace

const plume::Model& model() {
  static const D2Q37Model m;
  return m;
}

}  // namespace plume::d2q37
