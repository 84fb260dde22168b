// The D2Q9 model as the rest of plume sees it at run time: its name, lattice, fields, setup and
// backends.
#include <stdexcept>
#include "d2q9/backends.hpp"
#include "d2q9/model.hpp"
#include "d2q9/registration.hpp"
#include "plume/lattice/lattice_info.hpp"

namespace plume::d2q9 {
namespace {

class D2Q9Model final : public plume::Model {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  const LatticeInfo& lattice() const override { return lattice_; }
  const std::vector<FieldInfo>& fields() const override { return fields_; }
  double time_step() const override { return 1.0; }
  AnySetup default_setup() const override { return AnySetup(Setup{}); }
  std::string describe(const AnySetup& s) const override {
    const Params& p = s.as<Setup>().physics;
    std::string text = p.collision == Collision::TRT ? "TRT collision" : "BGK collision";
    text += p.equilibrium == Equilibrium::Incompressible ? ", incompressible equilibrium" : "";
    return text + (p.walls ? ", walls in y" : ", periodic in y");
  }
  bool owns(const AnySetup& s) const override { return s.holds<Setup>(); }
  parallel::Periodic periodic(const AnySetup& s) const override { return Traits::periodic(s.as<Setup>().physics); }
  std::unique_ptr<Backend> make_backend(const BackendPlace& where, const Domain& d, const AnySetup& s,
                                        Precision p) const override {
    if (!where.cuda) return make_cpu(d, s, p, where.threads);
#if PLUME_HAVE_CUDA
    return make_cuda(d, s, p, where.device);
#else
    throw std::runtime_error("plume was built without CUDA");
#endif
  }

 private:
  std::string name_ = "d2q9";
  std::string title_ = "D2Q9 isothermal lattice Boltzmann (BGK or TRT, Guo forcing)";
  LatticeInfo lattice_ = describe_lattice<D2Q9>();
  // In the order of Traits::fields().
  std::vector<FieldInfo> fields_ = {
      {"rho", "rho", "lattice units", "density", false},
      {"ux", "u_x", "lattice units", "velocity, x component (with half the body force)", true},
      {"uy", "u_y", "lattice units", "velocity, y component (with half the body force)", true},
  };
};

}  // namespace

const plume::Model& model() {
  static const D2Q9Model m;
  return m;
}

}  // namespace plume::d2q9
