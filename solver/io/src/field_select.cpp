#include "plume/io/field_select.hpp"
#include <cmath>
#include <stdexcept>

namespace plume::io {

const std::vector<std::string>& field_names() {
  static const std::vector<std::string> names{"T", "rho", "p", "ux", "uy", "speed", "vorticity"};
  return names;
}

const char* field_name(FieldKind k) { return field_names().at(std::size_t(k)).c_str(); }

FieldKind field_from_name(const std::string& name) {
  const auto& n = field_names();
  for (std::size_t i = 0; i < n.size(); ++i)
    if (n[i] == name) return FieldKind(i);
  std::string list;
  for (const auto& s : n) list += (list.empty() ? "" : ", ") + s;
  throw std::invalid_argument("unknown field '" + name + "' (choose one of " + list + ")");
}

bool field_is_signed(FieldKind k) { return k == FieldKind::Ux || k == FieldKind::Uy || k == FieldKind::Vorticity; }

namespace {

// omega = d(uy)/dx - d(ux)/dy.
std::vector<double> vorticity(const Fields& f) {
  std::vector<double> w(f.rho.size(), 0.0);
  const int nx = f.nx, ny = f.ny;
  for (int y = 0; y < ny; ++y) {
    const int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
    const double hy = (yp - ym) > 0 ? double(yp - ym) : 1.0;
    for (int x = 0; x < nx; ++x) {
      const int xm = (x + nx - 1) % nx, xp = (x + 1) % nx;
      const double duy_dx = (f.uy[f.at(xp, y)] - f.uy[f.at(xm, y)]) / 2.0;
      const double dux_dy = yp > ym ? (f.ux[f.at(x, yp)] - f.ux[f.at(x, ym)]) / hy : 0.0;
      w[f.at(x, y)] = duy_dx - dux_dy;
    }
  }
  return w;
}

}  // namespace

std::vector<double> extract_field(const Fields& f, FieldKind k) {
  switch (k) {
    case FieldKind::T: return f.T;
    case FieldKind::Rho: return f.rho;
    case FieldKind::Ux: return f.ux;
    case FieldKind::Uy: return f.uy;
    case FieldKind::Vorticity: return vorticity(f);
    default: break;
  }
  std::vector<double> v(f.rho.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = k == FieldKind::P ? f.rho[i] * f.T[i] : std::hypot(f.ux[i], f.uy[i]);
  return v;
}

}  // namespace plume::io
