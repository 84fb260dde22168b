// The diagnostics every model gets unless it names its own (Model::diagnostics): the sum and the
// extremes of each stored field.
#include "plume/model.hpp"

namespace plume {

std::vector<QuantityInfo> Model::diagnostics() const {
  std::vector<QuantityInfo> q;
  for (const FieldInfo& f : fields()) {
    const std::string n = f.name;
    q.push_back({"sum_" + n, "lu"});
    q.push_back({n + "_min", "lu"});
    q.push_back({n + "_max", "lu"});
  }
  return q;
}

std::vector<double> Model::diagnose(const RowSums& r, const AnySetup&) const {
  std::vector<double> v;
  for (std::size_t k = 0; k < fields().size(); ++k) {
    v.push_back(RowSums::total(r.field[k]));
    v.push_back(r.min[k]);
    v.push_back(r.max[k]);
  }
  return v;
}

}  // namespace plume
