// The derived fields' per-site formulas (DerivedOp, plume/model.hpp): the one implementation of
// each, used by the host extraction (io/field_select) and by the GUI's device path
// (gui/interop/device_texels.cu). Explicit round-to-nearest operations on the device, because nvcc
// would otherwise contract a*b - c into one FMA and round differently from the host.
#pragma once
#include <cmath>
#include <cstddef>
#include "plume/hd.hpp"
#include "plume/model.hpp"

namespace plume {

PLUME_HD PLUME_FORCEINLINE double rn_mul(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
PLUME_HD PLUME_FORCEINLINE double rn_sub(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
PLUME_HD PLUME_FORCEINLINE double rn_div(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}
PLUME_HD PLUME_FORCEINLINE double hd_hypot(double a, double b) {
#if defined(__CUDA_ARCH__)
  return ::hypot(a, b);  // not the host's rounding in every case: the one inexact formula
#else
  return std::hypot(a, b);
#endif
}

// The stored arrays a derived field reads, over one block (x fastest, then y, then z).
struct DerivedInputs {
  const double* in[3] = {nullptr, nullptr, nullptr};
  int count = 0;
  int nx = 0, ny = 0, nz = 1;
  double factor = 1.0;  // DerivedOp::Scaled
};

// The derived field at local site (x, y, z). CurlZ takes central differences, periodic in x,
// one-sided at the first and last row of the block (each z-plane on its own).
PLUME_HD inline double derived_at(DerivedOp op, const DerivedInputs& a, int x, int y, int z) {
  const int nx = a.nx, ny = a.ny;
  const std::size_t plane = std::size_t(z) * ny;
  const auto at = [&](int xx, int yy) { return (plane + yy) * nx + xx; };
  const std::size_t i = at(x, y);
  switch (op) {
    case DerivedOp::Product: return rn_mul(a.in[0][i], a.in[1][i]);
    case DerivedOp::Scaled: return rn_mul(a.factor, a.in[0][i]);
    case DerivedOp::Magnitude: {
      const double m = hd_hypot(a.in[0][i], a.in[1][i]);
      return a.count > 2 ? hd_hypot(m, a.in[2][i]) : m;
    }
    case DerivedOp::CurlZ: {
      const double *ux = a.in[0], *uy = a.in[1];
      const int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
      const double hy = (yp - ym) > 0 ? double(yp - ym) : 1.0;
      const int xm = (x + nx - 1) % nx, xp = (x + 1) % nx;
      const double duy_dx = rn_div(rn_sub(uy[at(xp, y)], uy[at(xm, y)]), 2.0);
      const double dux_dy = yp > ym ? rn_div(rn_sub(ux[at(x, yp)], ux[at(x, ym)]), hy) : 0.0;
      return rn_sub(duy_dx, dux_dy);
    }
  }
  return 0.0;
}

// Whether the device computes the field bit for bit as the host does (hypot may differ by an ulp,
// a 3-D speed, two of them, by two).
inline bool derived_exact_on_device(DerivedOp op) { return op != DerivedOp::Magnitude; }

// One scalar field of a model, stored or derived, by the places of the stored fields it reads
// (io::FieldChoice::formula(): every field a user can choose, the generic speed and vorticity
// included), for code that computes it where the fields are (Snapshot::range,
// Snapshot::values) without knowing the names.
struct FieldFormula {
  int stored = -1;  // the stored field's index; -1: derived by `op` from `inputs`
  DerivedOp op = DerivedOp::Product;
  int inputs[3] = {-1, -1, -1};
  int count = 0;
  double factor = 1.0;  // DerivedOp::Scaled
};

// A formula bound to one block's arrays (host or device memory, x fastest, then y, then z): the
// field's value at a local site, by derived_at where it is derived.
struct FieldSource {
  const double* stored = nullptr;
  DerivedOp op = DerivedOp::Product;
  DerivedInputs in;
  // `field(k)`: stored field k's array of the block of nx x ny x nz sites.
  template <class FieldArray>
  static FieldSource of(const FieldFormula& f, int nx, int ny, int nz, const FieldArray& field) {
    FieldSource s;
    s.in.nx = nx;
    s.in.ny = ny;
    s.in.nz = nz;
    if (f.stored >= 0) {
      s.stored = field(f.stored);
      return s;
    }
    s.op = f.op;
    s.in.count = f.count;
    s.in.factor = f.factor;
    for (int i = 0; i < f.count; ++i) s.in.in[i] = field(f.inputs[i]);
    return s;
  }
  PLUME_HD double at(int x, int y, int z) const {
    return stored ? stored[(std::size_t(z) * in.ny + y) * in.nx + x] : derived_at(op, in, x, y, z);
  }
};

}  // namespace plume
