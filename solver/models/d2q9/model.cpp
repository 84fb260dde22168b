// The D2Q9 model as the rest of plume sees it at run time: its name, lattice, fields, setup and
// backends.
#include <iterator>
#include <stdexcept>
#include "d2q9/diagnostics.hpp"
#include "d2q9/model.hpp"
#include "d2q9/names.hpp"
#include "d2q9/registration.hpp"
#include "traits_model.hpp"
#include "plume/parameters.hpp"

namespace plume::d2q9 {
namespace {

class D2Q9Model final : public TraitsModel<Traits> {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  std::string units() const override { return "spacing 1, time step 1, speed of sound 1/sqrt(3)"; }
  double time_step() const override { return 1.0; }
  std::string describe(const AnySetup& s) const override {
    const Params& p = s.as<Setup>().physics;
    std::string text = collision_names()[std::size_t(p.collision)] + " collision, " +
                       equilibrium_names()[std::size_t(p.equilibrium)] + " equilibrium";
    return text + (p.walls ? ", walls in y" : ", periodic in y");
  }
  const Parameters& parameters() const override { return d2q9::parameters(); }
  std::vector<QuantityInfo> diagnostics() const override { return diagnostic_quantities(); }
  int own_row_sums() const override { return kOwnRowSums; }
  void sum_row(const Fields& f, int y, int z, double* out) const override { d2q9::sum_row(f, y, z, out); }
  std::vector<double> diagnose(const RowSums& r, const AnySetup& s) const override { return d2q9::diagnose(r, s); }
  std::vector<std::string> plotted_diagnostics() const override { return {"kinetic_energy", "mean_speed"}; }

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
