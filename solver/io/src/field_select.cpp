#include "plume/io/field_select.hpp"
#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

namespace plume::io {

namespace {

int stored_index(const std::vector<FieldInfo>& f, const std::string& name, const Model& m) {
  for (std::size_t k = 0; k < f.size(); ++k)
    if (name == f[k].name) return int(k);
  throw std::logic_error("the model " + m.name() + " derives a field from '" + name + "', which it does not store");
}

std::vector<FieldChoice> build(const Model& m) {
  const std::vector<FieldInfo>& info = m.fields();
  std::vector<FieldChoice> all;
  for (std::size_t k = 0; k < info.size(); ++k) {
    FieldChoice c{info[k].name, info[k].label, info[k].title, info[k].is_signed};
    c.stored = int(k);
    all.push_back(c);
  }
  for (const DerivedFieldInfo& d : m.derived_fields()) {
    FieldChoice c{d.name, d.label, d.title, d.is_signed};
    c.op = d.op;
    c.factor = d.factor;
    for (const char* in : d.inputs)
      if (in) c.inputs[c.count++] = stored_index(info, in, m);
    all.push_back(c);
  }
  // The generic ones, from the velocity components the model marks.
  int vel[3] = {-1, -1, -1};
  for (std::size_t k = 0; k < info.size(); ++k)
    if (info[k].role != FieldRole::Scalar) vel[int(info[k].role) - int(FieldRole::VelocityX)] = int(k);
  if (vel[0] >= 0 && vel[1] >= 0) {
    const std::string u = velocity_symbol(m);
    FieldChoice speed{"speed", "|" + u + "|", "speed |" + u + "|", false, true};
    speed.op = DerivedOp::Magnitude;
    speed.generic = true;
    speed.count = vel[2] >= 0 ? 3 : 2;
    for (int i = 0; i < speed.count; ++i) speed.inputs[i] = vel[i];
    all.push_back(speed);
    // In 3-D the vorticity is a vector; plume shows no component of it yet.
    if (vel[2] < 0) {
      FieldChoice w{"vorticity", "vorticity", "vorticity of " + u, true};
      w.op = DerivedOp::CurlZ;
      w.generic = true;
      w.count = 2;
      w.inputs[0] = vel[0];
      w.inputs[1] = vel[1];
      all.push_back(w);
    }
  }
  const std::vector<std::string> order = m.field_order();
  if (order.empty()) return all;
  std::vector<FieldChoice> sorted;
  for (const std::string& name : order)
    for (auto& c : all)
      if (c.name == name) sorted.push_back(c);
  for (const auto& c : all) {
    bool listed = false;
    for (const std::string& name : order) listed = listed || name == c.name;
    if (!listed) sorted.push_back(c);
  }
  return sorted;
}

}  // namespace

const std::vector<FieldChoice>& field_choices(const Model& m) {
  static std::mutex lock;
  static std::map<const Model*, std::vector<FieldChoice>> built;  // models live as long as the program
  std::lock_guard<std::mutex> g(lock);
  auto it = built.find(&m);
  if (it == built.end()) it = built.emplace(&m, build(m)).first;
  return it->second;
}

std::string velocity_symbol(const Model& m) {
  for (const FieldInfo& f : m.fields())
    if (f.role == FieldRole::VelocityX) {
      const std::string l = f.label;
      return l.substr(0, l.rfind(','));
    }
  return "";
}

std::vector<std::string> field_names(const Model& m) {
  std::vector<std::string> n;
  for (const auto& c : field_choices(m)) n.push_back(c.name);
  return n;
}

int field_index(const Model& m, const std::string& name) {
  const auto& c = field_choices(m);
  for (std::size_t i = 0; i < c.size(); ++i)
    if (c[i].name == name) return int(i);
  std::string list;
  for (const auto& f : c) list += (list.empty() ? "" : ", ") + f.name;
  throw std::invalid_argument("unknown field '" + name + "' (choose one of " + list + ")");
}

const FieldChoice& field_choice(const Model& m, const std::string& name) {
  return field_choices(m)[std::size_t(field_index(m, name))];
}

std::vector<const FieldChoice*> pointwise_fields(const Model& m, const std::vector<std::string>& names) {
  std::vector<const FieldChoice*> out;
  if (names.empty()) {
    for (const FieldChoice& c : field_choices(m))
      if (!c.derived()) out.push_back(&c);
    return out;
  }
  for (const std::string& n : names) {
    const FieldChoice& c = field_choice(m, n);
    if (!c.pointwise())
      throw std::invalid_argument("'" + n + "' needs each site's neighbours, across the ranks' blocks (ParaView "
                                  "derives it from the velocity)");
    if (std::find(out.begin(), out.end(), &c) != out.end()) throw std::invalid_argument("'" + n + "' is named twice");
    out.push_back(&c);
  }
  return out;
}

DerivedInputs derived_inputs(const FieldChoice& c, const Fields& f) {
  // Bound by FieldSource::of, the one rule every consumer of a formula uses (the solver's
  // reductions, the GUI's device path, the Catalyst grid), so that none leaves out a part of it.
  return FieldSource::of(c.formula(), f.nx, f.ny, f.nz, [&](int k) { return f.data(k); }).in;
}

void extract_field(const Fields& f, const FieldChoice& c, std::vector<double>& out) {
  out.resize(f.sites());
  double* v = out.data();
  if (!c.derived()) {
    const double* src = f.data(c.stored);
    const long n = long(out.size());
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) v[i] = src[i];
    return;
  }
  const DerivedInputs a = derived_inputs(c, f);
  const int rows = f.ny * f.nz;
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; ++r) {
    const int y = r % f.ny, z = r / f.ny;
    for (int x = 0; x < f.nx; ++x) v[f.at(x, y, z)] = derived_at(c.op, a, x, y, z);
  }
}

std::vector<double> extract_field(const Fields& f, const FieldChoice& c) {
  std::vector<double> v;
  extract_field(f, c, v);
  return v;
}

}  // namespace plume::io
