// What plume knows of a model at run time, and the registry of models. A model is one folder,
// solver/models/<name>: its lattice, its per-site physics (shared by the CPU and CUDA backends),
// its cases, its parameters and its fields, plus one line in solver/models/registry.cpp. The rest
// of plume (solver, decomposition, checkpoints, diagnostics, in situ, GUI, benchmarks) takes
// everything model-specific from here; docs/architecture.md, "Adding a model".
#pragma once
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>
#include "plume/grid/domain.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/parallel/decomposition.hpp"

namespace plume {

enum class Precision : int { FP64 = 0, FP32 = 1 };  // storage of the populations; arithmetic is FP64
inline int value_bytes(Precision p) { return p == Precision::FP32 ? 4 : 8; }
// "fp64", "fp32" (the run.precision values), in the order of the values.
const std::vector<std::string>& precision_names();

class Backend;
struct Parameters;  // plume/parameters.hpp

// One field a model exports (a scalar per site; vectors come as one field per component).
struct FieldInfo {
  std::string name;     // short, as in files and pipelines: "rho", "ux", "T"
  std::string label;    // for titles and legends: "u_H,x", "T_H"
  std::string unit;     // "lattice units", ...
  std::string meaning;  // one line
  bool is_signed = false;  // values of both signs around 0 (a diverging colour map suits it)
};

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
  virtual const LatticeInfo& lattice() const = 0;
  virtual const std::vector<FieldInfo>& fields() const = 0;
  // Bytes moved per site update: every population read once and written once.
  double bytes_per_update(Precision p) const { return 2.0 * lattice().Q * value_bytes(p); }
  // The time one step advances, in the model's units (what Solver::time() multiplies).
  virtual double time_step() const = 0;
  virtual AnySetup default_setup() const = 0;
  // The setup's main choices in a few words, for logs and summaries: "RTRT collision, fixed walls".
  virtual std::string describe(const AnySetup& s) const = 0;
  // Its parameters (names, types, units, ranges, how to reach them in its setup), its default
  // case and its rules across parameters, for front ends to offer (plume/parameters.hpp). A model
  // that says nothing has none: its runs take default_setup().
  virtual const Parameters& parameters() const;
  virtual bool owns(const AnySetup& s) const = 0;  // whether `s` is this model's setup
  // Which directions the setup makes periodic (the others are bounded: walls, inlets).
  virtual parallel::Periodic periodic(const AnySetup& s) const = 0;
  // A backend holding block `d` of the lattice, in the initial state of the setup's case after
  // initialize(). Throws std::runtime_error when it cannot be made (no memory, no device).
  virtual std::unique_ptr<Backend> make_backend(const BackendPlace& where, const Domain& d, const AnySetup& s,
                                                Precision p) const = 0;
};

// The registered models (solver/models/registry.cpp), in the order they were registered.
const std::vector<const Model*>& models();
// The model of that name; throws std::invalid_argument naming the known ones.
const Model& find_model(const std::string& name);
// The model whose setup `s` holds (nullptr when none does).
const Model* model_of(const AnySetup& s);

}  // namespace plume
