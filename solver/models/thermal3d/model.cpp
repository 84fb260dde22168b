// 3-D thermal convection as the rest of plume sees it at run time: its name, lattice, fields,
// setup, diagnostics and backends.
#include <string>
#include "thermal3d/diagnostics.hpp"
#include "thermal3d/model.hpp"
#include "thermal3d/names.hpp"
#include "thermal3d/registration.hpp"
#include "isothermal/names.hpp"
#include "traits_model.hpp"
#include "plume/parameters.hpp"

namespace plume::thermal3d {
namespace {

class Thermal3dModel final : public TraitsModel<Traits> {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  std::string units() const override { return "spacing 1, time step 1, speed of sound 1/sqrt(3)"; }
  double time_step() const override { return 1.0; }
  std::string describe(const AnySetup& s) const override {
    using parameter::number_text;
    const Params& p = s.as<Setup>().physics;
    const double nu = d3q19::viscosity(p), kappa = diffusivity(p), dT = p.t_hot - p.t_cold;
    std::string text = isothermal::collision_names()[std::size_t(p.collision)] + " collision, nu = " +
                       number_text(nu) + " (tau " + number_text(p.tau) + "), kappa = " + number_text(kappa) +
                       " (tau_t " + number_text(p.tau_t) + "), beta g = " + number_text(p.buoyancy) +
                       ", walls across z at T " + number_text(p.t_hot) + " (below) and " + number_text(p.t_cold);
    const double H = p.reference.height;
    if (H > 0 && kappa > 0 && nu > 0)
      text += ": Ra = " + number_text(p.buoyancy * dT * H * H * H / (nu * kappa)) + ", Pr = " + number_text(nu / kappa);
    if (p.reference.atwood > 0 && dT != 0) {
      const double beta = 2 * p.reference.atwood / dT;  // A = beta dT / 2
      text += ", Atwood " + number_text(p.reference.atwood) + " (beta " + number_text(beta) + ", |g| " +
              number_text(p.buoyancy / beta) + ")";
    }
    return text;
  }
  std::vector<std::string> field_order() const override { return {"T", "speed", "rho", "ux", "uy", "uz"}; }
  std::vector<QuantityInfo> diagnostics() const override { return diagnostic_quantities(); }
  std::vector<double> diagnose(const RowSums& r, const AnySetup& s) const override { return thermal3d::diagnose(r, s); }
  std::vector<std::string> plotted_diagnostics() const override { return {"nusselt", "kinetic_energy"}; }
  const Parameters& parameters() const override { return thermal3d::parameters(); }
  // A hot or cold blob (plume-gui's brush): the temperature populations gain amount times their
  // weights, which raises T by exactly `amount` and leaves the flow and the heat flux as they were.
  std::string paint_quantity() const override { return "temperature"; }
  void paint_site(double* f, double amount) const override {
    for (int i = 0; i < D3Q7::Q; ++i) f[D3Q19D3Q7::kFlow + i] += D3Q7::w(i) * amount;
  }

 private:
  std::string name_ = "thermal3d";
  std::string title_ = "3-D thermal convection: D3Q19 flow + D3Q7 temperature (Boussinesq, Guo forcing)";
};

}  // namespace

const plume::Model& model() {
  static const Thermal3dModel m;
  return m;
}

}  // namespace plume::thermal3d
