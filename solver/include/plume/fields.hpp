// The stored fields of one block, on the host: one array per field of the model's list
// (Model::fields(): D2Q37's rho, u_H x, u_H y, T_H), nx * ny * nz values each, x fastest, then y,
// then z. A 2-D block has nz = 1 and no more values than its sites.
#pragma once
#include <cstddef>
#include <string_view>
#include <vector>
#include "plume/model.hpp"

namespace plume {

class Fields {
 public:
  int nx = 0, ny = 0, nz = 1;  // local interior size
  int x0 = 0, y0 = 0, z0 = 0;  // global offset of the block
  int NX = 0, NY = 0, NZ = 1;  // global lattice size

  Fields() = default;
  explicit Fields(const Model& m) : model_(&m) {}

  // The model's fields over nx * ny * nz sites (contents unspecified; storage reused when the
  // model and size are unchanged).
  void resize(const Model& m, int nx_, int ny_, int nz_ = 1);
  // The same with the model given before (constructor or an earlier resize).
  void resize(int nx_, int ny_, int nz_ = 1) { resize(model(), nx_, ny_, nz_); }

  bool has_model() const { return model_ != nullptr; }
  // Throws std::logic_error when none was given.
  const Model& model() const;
  const std::vector<FieldInfo>& info() const { return model().fields(); }
  int count() const { return int(v_.size()); }
  std::size_t sites() const { return std::size_t(nx) * ny * nz; }
  std::size_t at(int x, int y, int z = 0) const { return (std::size_t(z) * ny + y) * nx + x; }

  // The index of the field of that name; throws std::invalid_argument naming the model's fields.
  int index(std::string_view name) const;
  // Field k (in the order of Model::fields(), as the backends fill them), or by name.
  std::vector<double>& operator[](int k) { return v_[std::size_t(k)]; }
  const std::vector<double>& operator[](int k) const { return v_[std::size_t(k)]; }
  std::vector<double>& operator[](std::string_view name) { return v_[std::size_t(index(name))]; }
  const std::vector<double>& operator[](std::string_view name) const { return v_[std::size_t(index(name))]; }
  double* data(int k) { return v_[std::size_t(k)].data(); }
  const double* data(int k) const { return v_[std::size_t(k)].data(); }

 private:
  const Model* model_ = nullptr;
  std::vector<std::vector<double>> v_;
};

}  // namespace plume
