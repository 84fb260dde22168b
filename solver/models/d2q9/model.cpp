// The D2Q9 model as the rest of plume sees it at run time: its name, lattice, fields, setup and
// backends.
#include <iterator>
#include <stdexcept>
#include "d2q9/diagnostics.hpp"
#include "d2q9/end_report.hpp"
#include "d2q9/model.hpp"
#include "d2q9/names.hpp"
#include "d2q9/registration.hpp"
#include "traits_model.hpp"
#include "plume/end_report_sites.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q9 {
namespace {

class D2Q9Model final : public TraitsModel<Traits>, public EndReportSites {
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
    text += p.walls ? ", walls in y" : ", periodic in y";
    if (p.inlet.on)
      text += ", " + profile_names()[std::size_t(p.inlet.profile)] + " inlet u = " + number_text(p.inlet.u) +
              ", outlet rho = " + number_text(p.outlet.rho);
    if (p.accelerate.row >= 0)
      text += ", row " + std::to_string(p.accelerate.row) + " accelerated by " + number_text(p.accelerate.a);
    const double U = reference_velocity(p), L = p.reference.length;
    if (U > 0 && L > 0)
      text += ", Re = U L / nu = " + number_text(U * L / viscosity(p)) + " (U = " + number_text(U) +
              ", L = " + number_text(L) + ")";
    return text;
  }
  bool supports_solids() const override { return true; }
  bool uses_links(const AnySetup& s) const override {
    return s.as<Setup>().physics.bounce == Bounce::Interpolated;
  }
  // Interpolated bounce-back at a site next to a solid reads its own outgoing population f*_i,
  // which the fluid neighbour it streams to reads and overwrites in the same in-place step.
  std::string in_place_problem(const AnySetup& s) const override {
    if (s.as<Setup>().physics.bounce != Bounce::Interpolated) return "";
    return "interpolated bounce-back reads a population that the neighbouring site overwrites in the same "
           "in-place step; use solids.bounce = \"half-way\" or \"full-way\", or run.streaming = \"two-buffers\"";
  }
  // The pressure of the isothermal gas; the speed first, as a flow is usually looked at.
  std::vector<DerivedFieldInfo> derived_fields() const override {
    return {{"p", "p = rho / 3", "pressure p", false, DerivedOp::Scaled, {"rho"}, L::cs2}};
  }
  std::vector<std::string> field_order() const override {
    return {"speed", "vorticity", "p", "rho", "ux", "uy", "solid", "force_x", "force_y"};
  }
  const Parameters& parameters() const override { return d2q9::parameters(); }
  std::vector<QuantityInfo> diagnostics() const override { return diagnostic_quantities(); }
  std::vector<std::string> reported_histories() const override { return d2q9::reported_histories(); }
  EndReport end_report(const std::vector<TimeSeries>& h, const AnySetup& s) const override {
    return d2q9::end_report(h, s);
  }
  // The pressure difference across a body, from the last state (EndReportSites).
  std::vector<std::array<int, 3>> report_sites(const AnySetup& s, const Domain& lattice) const override {
    return pressure_sites(s.as<Setup>().physics, lattice.NX, lattice.NY);
  }
  void add_site_values(EndReport& r, const AnySetup& s, const Domain& lattice,
                       const std::vector<std::vector<double>>& site_fields) const override {
    if (!r.empty()) add_pressure_difference(r, s, lattice.NX, lattice.NY, site_fields);
  }
  std::vector<double> diagnose(const RowSums& r, const AnySetup& s) const override { return d2q9::diagnose(r, s); }
  std::vector<std::string> plotted_diagnostics() const override { return {"kinetic_energy", "mean_speed"}; }
  // Solid sites are drawn with the mouse (Solver::edit_solids), not painted.

 private:
  std::string name_ = "d2q9";
  std::string title_ = "D2Q9 isothermal lattice Boltzmann (BGK or TRT, Guo forcing)";
};

}  // namespace

const plume::Model& model() {
  static const D2Q9Model m;
  return m;
}

}  // namespace plume::d2q9
