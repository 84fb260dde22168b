// The diffusion model as the rest of plume sees it at run time: its name, stencil, field, setup
// and backends.
#include "diffusion/diagnostics.hpp"
#include "diffusion/implicit_backends.hpp"
#include "diffusion/implicit_stepper.hpp"
#include "diffusion/model.hpp"
#include "diffusion/names.hpp"
#include "diffusion/registration.hpp"
#include "traits_model.hpp"
#include "plume/parameters.hpp"

namespace plume::diffusion {
namespace {

// Described as the 7-point stencil: on a lattice of one plane (nz = 1) it runs the 5-point
// stencil, which is the 7-point one with the z neighbours equal to the site, as they are on a
// periodic lattice of one plane; both read T at their axis neighbours, one layer deep.
class DiffusionModel final : public TraitsModel<Traits<3>> {
 public:
  const std::string& name() const override { return name_; }
  const std::string& title() const override { return title_; }
  std::string units() const override { return "spacing 1, time step 1 (kappa is kappa dt / dx^2)"; }
  double time_step() const override { return 1.0; }
  std::string describe(const AnySetup& s) const override {
    using parameter::number_text;
    const Setup& setup = s.as<Setup>();
    const Initial& i = setup.initial;
    const Params& p = setup.physics;
    std::string text = "kappa = " + number_text(p.kappa) + ", ";
    if (p.scheme == Scheme::Implicit) text += "implicit, theta = " + number_text(p.theta) + ", ";
    if (p.walls_y) text += "walls on y at T = " + number_text(p.y_low) + " and " + number_text(p.y_high) + ", ";
    if (p.walls_z) text += "walls on z at T = " + number_text(p.z_low) + " and " + number_text(p.z_high) + ", ";
    text += p.walls_y && p.walls_z ? "periodic in x, " : p.walls_y ? "periodic in x and z, " : p.walls_z ? "periodic in x and y, " : "periodic, ";
    if (i.start == Start::Sine)
      text += "sine mode (" + std::to_string(i.k[0]) + ", " + std::to_string(i.k[1]) + ", " + std::to_string(i.k[2]) +
              ")";
    else
      text += "blob of width " + number_text(i.width);
    return text;
  }
  // The stencil's new value of a site reads the old values of its neighbours, which they
  // overwrite in the same step: no storage order lets one buffer hold both.
  std::string in_place_problem(const AnySetup& /*s*/) const override {
    return "the diffusion stencil is no lattice of velocities: each new value reads the old values of its "
           "neighbours, which they overwrite in the same step, so it needs run.streaming = \"two-buffers\"";
  }
  // The implicit scheme brings its own backends (implicit_backends.hpp), the generic ones wrapped.
  std::unique_ptr<Backend> make_backend(const BackendPlace& where, const Domain& d, const AnySetup& s, Precision p,
                                        Streaming st) const override {
    if (s.as<Setup>().physics.scheme == Scheme::Implicit) {
      if (!where.cuda)
        return d.three_d() ? make_implicit_cpu_backend<3>(d, s, p, st, where.threads)
                           : make_implicit_cpu_backend<2>(d, s, p, st, where.threads);
#if PLUME_HAVE_CUDA
      return d.three_d() ? make_implicit_cuda_backend<3>(d, s, p, st, where.device)
                         : make_implicit_cuda_backend<2>(d, s, p, st, where.device);
#else
      throw std::runtime_error("plume was built without CUDA");
#endif
    }
    return d.three_d() ? make_backend_of<Traits<3>>(where, d, s, p, st) : make_backend_of<Traits<2>>(where, d, s, p, st);
  }
  // A decomposed implicit run has lines that cross tiles: its own stepper assembles and solves them
  // (implicit_stepper.hpp). The explicit scheme is a per-site update: the generic stepper.
  std::unique_ptr<parallel::TileStepper> make_tile_stepper(Backend& b, const Domain& d, const parallel::Neighbours& nb,
                                                           const AnySetup& s, parallel::Communicator& comm,
                                                           TransportKind transport) const override {
    if (s.as<Setup>().physics.scheme == Scheme::Explicit) return Model::make_tile_stepper(b, d, nb, s, comm, transport);
    auto* implicit = dynamic_cast<ImplicitBackend*>(&b);
    if (!implicit) throw std::logic_error("an implicit diffusion run on a backend that is not the implicit scheme's");
    return make_implicit_tile_stepper(*implicit, lattice(), d, nb, comm, transport);
  }
  const Parameters& parameters() const override { return diffusion::parameters(); }
  std::vector<QuantityInfo> diagnostics() const override { return diagnostic_quantities(); }
  std::vector<double> diagnose(const RowSums& r, const AnySetup& s) const override {
    return diffusion::diagnose(r, s);
  }
  std::vector<std::string> plotted_diagnostics() const override { return {"amplitude", "sum_T"}; }
  // A hot or cold blob: T itself is the site's state.
  std::string paint_quantity() const override { return "temperature"; }
  void paint_site(double* f, double amount) const override { f[0] += amount; }

 private:
  std::string name_ = "diffusion";
  std::string title_ = "diffusion equation, explicit Euler or implicit theta-scheme split by axes, 5-point (2-D) or 7-point "
                       "(3-D) stencil";
};

}  // namespace

const plume::Model& model() {
  static const DiffusionModel m;
  return m;
}

}  // namespace plume::diffusion
