#include "plume/fields.hpp"
#include <stdexcept>
#include <string>

namespace plume {

void Fields::resize(const Model& m, int nx_, int ny_, int nz_) {
  model_ = &m;
  nx = nx_;
  ny = ny_;
  nz = nz_;
  v_.resize(m.fields().size());
  for (auto& a : v_) a.resize(sites());
}

const Model& Fields::model() const {
  if (!model_) throw std::logic_error("plume::Fields: no model given (resize with the model first)");
  return *model_;
}

int Fields::index(std::string_view name) const {
  const auto& f = info();
  for (std::size_t k = 0; k < f.size(); ++k)
    if (name == f[k].name) return int(k);
  std::string list;
  for (const auto& i : f) list += (list.empty() ? "" : ", ") + std::string(i.name);
  throw std::invalid_argument("the model " + model().name() + " has no field '" + std::string(name) +
                              "' (its fields: " + list + ")");
}

}  // namespace plume
