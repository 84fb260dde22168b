// The registry of models, in the order solver/models/models.cmake registers them (a plume_model
// line each; CMake writes registered_models.inc from them, a PLUME_MODEL(<name>) line each).
// Adding a model is adding its folder and its line there (docs/architecture.md, "Adding a model").
#include <stdexcept>
#include "plume/model.hpp"
#include "plume/parameters.hpp"

namespace plume {

// Each model's plume::Model, defined in its folder (namespace plume::<name>).
#define PLUME_MODEL(name) \
  namespace name {        \
  const Model& model();   \
  }
#include "registered_models.inc"
#undef PLUME_MODEL

const std::vector<const Model*>& models() {
  static const std::vector<const Model*> all = {
#define PLUME_MODEL(name) &name::model(),
#include "registered_models.inc"
#undef PLUME_MODEL
  };
  return all;
}

const Model& find_model(const std::string& name) {
  std::string known;
  for (const Model* m : models()) {
    if (m->name() == name) return *m;
    known += (known.empty() ? "" : ", ") + m->name();
  }
  throw std::invalid_argument("model '" + name + "': expected one of " + known);
}

const std::vector<std::string>& precision_names() {
  static const std::vector<std::string> n{"fp64", "fp32"};
  return n;
}

const std::vector<std::string>& streaming_names() {
  static const std::vector<std::string> n{"two-buffers", "in-place"};
  return n;
}

const Parameters& Model::parameters() const {
  static const Parameters none;
  return none;
}

const Model* model_of(const AnySetup& s) {
  for (const Model* m : models())
    if (m->owns(s)) return m;
  return nullptr;
}

void AnySetup::wrong_type(const std::type_info&) const {
  const Model* m = model_of(*this);
  throw std::logic_error(std::string("the configuration's setup belongs to ") +
                         (m ? "model " + m->name() : std::string(empty() ? "no model" : "an unregistered model")) +
                         ", not to the model that reads it");
}

}  // namespace plume
