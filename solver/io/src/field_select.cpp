#include "plume/io/field_select.hpp"
#include <cmath>
#include <stdexcept>

namespace plume::io {

const std::vector<std::string>& field_names() {
  static const std::vector<std::string> names{"T", "rho", "p", "ux", "uy", "speed", "vorticity"};
  return names;
}

const char* field_name(FieldKind k) { return field_names().at(std::size_t(k)).c_str(); }

const char* field_title(FieldKind k) {
  // The words of the ParaView pipelines' captions (pipelines/), so both name a field alike.
  switch (k) {
    case FieldKind::T: return "temperature T_H";
    case FieldKind::Rho: return "density rho";
    case FieldKind::P: return "pressure p";
    case FieldKind::Ux: return "velocity u_H x";
    case FieldKind::Uy: return "velocity u_H y";
    case FieldKind::Speed: return "speed |u_H|";
    default: return "vorticity of u_H";
  }
}

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
void vorticity(const Fields& f, std::vector<double>& w) {
  const int nx = f.nx, ny = f.ny;
#pragma omp parallel for schedule(static)
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
}

}  // namespace

void extract_field(const Fields& f, FieldKind k, std::vector<double>& out) {
  out.resize(f.rho.size());
  if (k == FieldKind::Vorticity) return vorticity(f, out);
  const std::vector<double>* plain = k == FieldKind::T     ? &f.T
                                     : k == FieldKind::Rho ? &f.rho
                                     : k == FieldKind::Ux  ? &f.ux
                                     : k == FieldKind::Uy  ? &f.uy
                                                           : nullptr;
  const long n = long(out.size());
  double* v = out.data();
  if (plain) {
    const double* src = plain->data();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) v[i] = src[i];
    return;
  }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) v[i] = k == FieldKind::P ? f.rho[i] * f.T[i] : std::hypot(f.ux[i], f.uy[i]);
}

std::vector<double> extract_field(const Fields& f, FieldKind k) {
  std::vector<double> v;
  extract_field(f, k, v);
  return v;
}

}  // namespace plume::io
