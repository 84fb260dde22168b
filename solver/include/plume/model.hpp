// What plume knows of a model at run time, and the registry of models. A model is one folder,
// solver/models/<name>: its lattice, its per-site physics (shared by the CPU and CUDA backends),
// its cases, its parameters and its fields, plus one line in solver/models/models.cmake. The rest
// of plume (solver, decomposition, checkpoints, diagnostics, in situ, GUI, benchmarks) takes
// everything model-specific from here; docs/architecture.md, "Adding a model".
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>
#include "plume/end_report.hpp"
#include "plume/extra_state.hpp"
#include "plume/grid/domain.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume {

enum class Precision : int { FP64 = 0, FP32 = 1 };  // storage of the populations; arithmetic is FP64
inline int value_bytes(Precision p) { return p == Precision::FP32 ? 4 : 8; }
// How a backend holds the populations (plume/grid/planes.hpp): two buffers, one read and the
// other written by each step; or one, updated in place (the AA pattern), half the memory.
enum class Streaming : int { TwoBuffers = 0, InPlace = 1 };
inline int population_buffers(Streaming s) { return s == Streaming::InPlace ? 1 : 2; }
// "fp64", "fp32" (the run.precision values), in the order of the values.
const std::vector<std::string>& precision_names();
// "two-buffers", "in-place" (the run.streaming values), in the order of the values.
const std::vector<std::string>& streaming_names();

class Backend;
struct Parameters;  // plume/parameters.hpp
enum class TransportKind : int;  // plume/solver.hpp
struct SolverConfig;              // plume/solver.hpp
namespace parallel {
class Communicator;  // plume/parallel/communicator.hpp
class TileStepper;   // solver/src/parallel/tile_stepper.hpp
}  // namespace parallel

// What a stored field is to generic code: a plain scalar, or a component of the velocity (from
// which every model with a velocity gets the derived fields speed and vorticity, io/field_select).
enum class FieldRole : int { Scalar = 0, VelocityX, VelocityY, VelocityZ };

// One field a model stores per site (a scalar; vectors come as one field per component). A literal
// type, so that a model states its list once, as a constexpr array from which its backends' field
// count is derived (d2q37/model.hpp, Traits::field_list).
struct FieldInfo {
  const char* name;     // short, as in files, keys and pipelines: "rho", "ux", "T"
  const char* label;    // for legends and the GUI's field choice: "u_H,x", "T_H"
  const char* title;    // for image captions, as the ParaView pipelines word it: "temperature T_H"
  const char* unit;     // "lattice units", ...
  const char* meaning;  // one line
  bool is_signed = false;  // values of both signs around 0 (a diverging colour map suits it)
  bool positive = false;   // > 0 wherever the state is physical (the fault check; every field must be finite)
  FieldRole role = FieldRole::Scalar;
};

// The index of the field of that name in a model's constexpr list (-1: none), for code of the
// model that needs a field's place at compile time.
template <std::size_t N>
constexpr int field_index(const FieldInfo (&list)[N], std::string_view name) {
  for (std::size_t k = 0; k < N; ++k)
    if (name == list[k].name) return int(k);
  return -1;
}

// How a derived field is computed from stored ones, per site (plume/derived.hpp: one PLUME_HD
// implementation of each, for the host and the device).
enum class DerivedOp : int {
  Product = 0,  // in[0] * in[1]
  Magnitude,    // |(in[0], in[1][, in[2]])|
  CurlZ,        // d in[1] / dx - d in[0] / dy (2-D): central differences, periodic in x
  Scaled,       // factor * in[0]
};

// A field a model derives from its stored ones (p = rho T_H for D2Q37), named by their names.
// Speed and vorticity are not listed here: every model with a velocity gets them (FieldRole).
struct DerivedFieldInfo {
  const char* name;
  const char* label;
  const char* title;
  bool is_signed = false;
  DerivedOp op = DerivedOp::Product;
  const char* inputs[3] = {nullptr, nullptr, nullptr};
  double factor = 1.0;  // DerivedOp::Scaled
};

// One number of a model's diagnostics: a column of diagnostics.csv ("mass[lu]"), a key of the
// run's summary ("mass").
struct QuantityInfo {
  std::string name;  // "mass", "kinetic_energy", "T_min"
  std::string unit;  // "lu" (lattice units), "sites"
};

// What every diagnostic is made from, for the whole lattice: per global row (index z NY + y), the
// sums over the row's sites, each in x order, of every stored field and of the model's own row
// quantities (Model::sum_row); per stored field, its extremes over its finite values. Rows are
// summed alone and then in order, so the numbers do not depend on how the lattice is tiled.
struct RowSums {
  int NX = 0, NY = 0, NZ = 1;
  std::vector<std::vector<double>> field;  // [k][row]: sum of stored field k
  std::vector<std::vector<double>> own;    // [q][row]: sum of the model's row quantity q
  std::vector<double> sites;               // [row]: sites summed
  std::vector<double> min, max;            // [k]: extremes of field k (set where `any`)
  std::vector<char> any;                   // [k]: field k had a finite value
  int rows() const { return NY * NZ; }
  // sum over the rows, in order
  static double total(const std::vector<double>& per_row) {
    double t = 0;
    for (double v : per_row) t += v;
    return t;
  }
};

class Fields;

// Everything a run of a model is set up with (its physics and its case), owned by the model: a
// plain struct of its own, carried through the core unopened.
class ModelSetup {
 public:
  virtual ~ModelSetup() = default;
  virtual std::unique_ptr<ModelSetup> clone() const = 0;
  virtual const std::type_info& type() const = 0;
};

template <class S>
class SetupOf final : public ModelSetup {
 public:
  explicit SetupOf(const S& s = S()) : value(s) {}
  std::unique_ptr<ModelSetup> clone() const override { return std::make_unique<SetupOf>(value); }
  const std::type_info& type() const override { return typeid(S); }
  S value;
};

// A copyable holder of a model's setup, what SolverConfig carries.
class AnySetup {
 public:
  AnySetup() = default;
  template <class S>
  explicit AnySetup(const S& s) : p_(std::make_unique<SetupOf<S>>(s)) {}
  AnySetup(const AnySetup& o) : p_(o.p_ ? o.p_->clone() : nullptr) {}
  AnySetup& operator=(const AnySetup& o) {
    p_ = o.p_ ? o.p_->clone() : nullptr;
    return *this;
  }
  AnySetup(AnySetup&&) noexcept = default;
  AnySetup& operator=(AnySetup&&) noexcept = default;

  bool empty() const { return !p_; }
  template <class S>
  bool holds() const {
    return p_ && p_->type() == typeid(S);
  }
  // The setup as the model's own struct; throws std::logic_error when it is another model's.
  template <class S>
  const S& as() const {
    if (!holds<S>()) wrong_type(typeid(S));
    return static_cast<const SetupOf<S>&>(*p_).value;
  }
  template <class S>
  S& as() {
    if (!holds<S>()) wrong_type(typeid(S));
    return static_cast<SetupOf<S>&>(*p_).value;
  }

 private:
  [[noreturn]] void wrong_type(const std::type_info& wanted) const;
  std::unique_ptr<ModelSetup> p_;
};

// Where a backend runs: the CPU (OpenMP threads) or a CUDA device.
struct BackendPlace {
  bool cuda = false;
  int device = 0;   // CUDA device index
  int threads = 0;  // OpenMP threads; 0: the runtime's default
};

class Model {
 public:
  virtual ~Model() = default;
  virtual const std::string& name() const = 0;   // the configuration's `model` value: "d2q37"
  virtual const std::string& title() const = 0;  // one line for logs and summaries
  // Its units in one line: "spacing 1, time step 1, speed of sound 1/sqrt(3)".
  virtual std::string units() const = 0;
  virtual const LatticeInfo& lattice() const = 0;
  // The fields stored per site, in the order the backends fill them (Fields::data(k)).
  virtual const std::vector<FieldInfo>& fields() const = 0;
  // The fields it derives from them, beyond the speed and vorticity that every model with a
  // velocity gets (io::field_choices builds the list a user chooses from).
  virtual std::vector<DerivedFieldInfo> derived_fields() const { return {}; }
  // The order in which a user is offered the fields (names of stored, derived and generic derived
  // ones); empty: stored, then the model's derived, then the generic ones.
  virtual std::vector<std::string> field_order() const { return {}; }
  // Bytes moved per site update: every population read once and written once.
  double bytes_per_update(Precision p) const { return 2.0 * lattice().Q * value_bytes(p); }
  // Diagnostics (io/diagnostics computes the row sums, the model names and makes the numbers).
  // The quantities it reports, in order; by default the sum and extremes of every stored field
  // ("sum_rho", "rho_min", "rho_max", ...).
  virtual std::vector<QuantityInfo> diagnostics() const;
  // How many quantities of its own it sums per row besides the stored fields (D2Q37: momenta and
  // energies), and their sums over local row (y, z) of the block `f`, each in x order, into out.
  virtual int own_row_sums() const { return 0; }
  virtual void sum_row(const Fields& /*f*/, int /*y*/, int /*z*/, double* /*out*/) const {}
  // The values of diagnostics(), from the whole lattice's row sums and the run's setup (where a
  // diagnostic needs the case: D2Q37's mixing widths).
  virtual std::vector<double> diagnose(const RowSums& r, const AnySetup& setup) const;
  // The end-of-run report: the diagnostics (names of diagnostics()) whose histories a run keeps
  // for it, one row per diagnostics step (none: no report), and the report made from them, given
  // in that order, with the run's setup. An empty report (no title) prints nothing.
  virtual std::vector<std::string> reported_histories() const { return {}; }
  virtual EndReport end_report(const std::vector<TimeSeries>& /*histories*/, const AnySetup& /*setup*/) const {
    return {};
  }
  // The time one step advances, in the model's units (what Solver::time() multiplies).
  virtual double time_step() const = 0;
  virtual AnySetup default_setup() const = 0;
  // The setup's main choices in a few words, for logs and summaries: "RTRT collision, fixed walls".
  virtual std::string describe(const AnySetup& s) const = 0;
  // The two of its diagnostics a live view plots (plume-gui); empty: the first two.
  virtual std::vector<std::string> plotted_diagnostics() const { return {}; }
  // Painting with plume-gui's brush: the quantity a brush changes ("temperature"; empty: the
  // model offers none), and the change of one site's populations f (Q values, in place) by
  // `amount` of it.
  virtual std::string paint_quantity() const { return ""; }
  virtual void paint_site(double* /*f*/, double /*amount*/) const {}
  // Its parameters (names, types, units, ranges, how to reach them in its setup), its default
  // case and its rules across parameters, for front ends to offer (plume/parameters.hpp). A model
  // that says nothing has none: its runs take default_setup().
  virtual const Parameters& parameters() const;
  // Whether its runs may have solid sites (SolverConfig::solids, plume/solids.hpp).
  virtual bool supports_solids() const { return false; }
  // Whether the setup's walls need to know where the surface of the solids crosses each link
  // (interpolated bounce-back: StepArgs::links); the solver then keeps them.
  virtual bool uses_links(const AnySetup& /*s*/) const { return false; }
  virtual bool owns(const AnySetup& s) const = 0;  // whether `s` is this model's setup
  // Which directions the setup makes periodic (the others are bounded: walls, inlets).
  virtual parallel::Periodic periodic(const AnySetup& s) const = 0;
  // Why the setup cannot run with in-place streaming, in a sentence for an error message, or
  // empty when it can: in place, a site may read only populations that no other site reads in
  // the same step (plume/grid/planes.hpp); a boundary that reads a neighbour's, or a model that is
  // no lattice of velocities, cannot.
  virtual std::string in_place_problem(const AnySetup& /*s*/) const { return ""; }
  // A backend holding block `d` of the lattice, in the initial state of the setup's case after
  // initialize(), storing the populations as `p` and `st` say. Throws std::runtime_error when it
  // cannot be made (no memory, no device).
  virtual std::unique_ptr<Backend> make_backend(const BackendPlace& where, const Domain& d, const AnySetup& s,
                                                Precision p, Streaming st = Streaming::TwoBuffers) const = 0;
  // A decomposed run (more than one rank): why the setup cannot run as tiles, in a sentence for an
  // error message, or empty when it can. The configuration and the solver refuse such a run
  // before any work; make_tile_stepper is then never called.
  virtual std::string decomposition_problem(const AnySetup& /*s*/) const { return ""; }
  // The stepper of one tile of a decomposed run, which drives backend `b` (of block `d`, its
  // neighbours `nb`) through a step, its halos travelling over `comm` by `transport`. By default
  // the generic one (solver/src/parallel/tile_stepper.cpp): the halo exchange overlapped with the
  // per-site update of b's HaloOps; a model whose step is no per-site update (its own backend)
  // derives its own from it.
  virtual std::unique_ptr<parallel::TileStepper> make_tile_stepper(Backend& b, const Domain& d,
                                                                   const parallel::Neighbours& nb,
                                                                   const AnySetup& s, parallel::Communicator& comm,
                                                                   TransportKind transport) const;
  // The state a run of `cfg` owns besides the populations (plume/extra_state.hpp), made once when
  // the solver is. By default the passive tracers that cfg.tracers asks for (solver/tracers),
  // where the model has a velocity; throws std::invalid_argument naming the problem when it has
  // none. A model with particles of its own adds them.
  virtual std::vector<std::unique_ptr<ExtraState>> make_extra_state(const SolverConfig& cfg) const;
};

// The registered models (solver/models/registry.cpp), in the order they were registered.
const std::vector<const Model*>& models();
// The model of that name; throws std::invalid_argument naming the known ones.
const Model& find_model(const std::string& name);
// The model whose setup `s` holds (nullptr when none does).
const Model* model_of(const AnySetup& s);

}  // namespace plume
