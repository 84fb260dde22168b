// The D3Q19 model as the rest of plume sees it at run time: its name, lattice, fields, setup and
// backends.
#include <string>
#include "d3q19/model.hpp"
#include "d3q19/names.hpp"
#include "d3q19/registration.hpp"
#include "traits_model.hpp"
#include "plume/parameters.hpp"

namespace plume::d3q19 {
namespace {

class D3Q19Model final : public TraitsModel<Traits> {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  std::string units() const override { return "spacing 1, time step 1, speed of sound 1/sqrt(3)"; }
  double time_step() const override { return 1.0; }
  std::string describe(const AnySetup& s) const override {
    using parameter::number_text;
    const Params& p = s.as<Setup>().physics;
    std::string text = collision_names()[std::size_t(p.collision)] + " collision, " +
                       equilibrium_names()[std::size_t(p.equilibrium)] + " equilibrium, nu = " +
                       number_text(viscosity(p)) + " (tau " + number_text(p.tau) + ")";
    text += p.walls_y && p.walls_z ? ", walls in y and z (a duct along x)"
            : p.walls_y            ? ", walls in y"
            : p.walls_z            ? ", walls in z"
                                   : ", periodic in y and z";
    if (p.inlet.on)
      text += ", inlet u = " + number_text(p.inlet.u) + ", outlet rho = " + number_text(p.outlet.rho);
    if (p.fx != 0 || p.fy != 0 || p.fz != 0)
      text += ", force (" + number_text(p.fx) + ", " + number_text(p.fy) + ", " + number_text(p.fz) + ")";
    return text;
  }
  bool supports_solids() const override { return true; }
  // The pressure of the isothermal gas; the speed first, as a flow is usually looked at.
  std::vector<DerivedFieldInfo> derived_fields() const override {
    return {{"p", "p = rho / 3", "pressure p", false, DerivedOp::Scaled, {"rho"}, L::cs2}};
  }
  std::vector<std::string> field_order() const override {
    return {"speed", "p", "rho", "ux", "uy", "uz", "solid", "force_x", "force_y", "force_z"};
  }
  const Parameters& parameters() const override { return d3q19::parameters(); }

 private:
  std::string name_ = "d3q19";
  std::string title_ = "D3Q19 isothermal lattice Boltzmann (BGK or TRT, Guo forcing)";
};

}  // namespace

const plume::Model& model() {
  static const D3Q19Model m;
  return m;
}

}  // namespace plume::d3q19
