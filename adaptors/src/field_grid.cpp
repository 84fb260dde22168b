#include "field_grid.hpp"
#include <cstddef>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkLongLongArray.h>
#include <vtkPointData.h>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

FieldGrid::FieldGrid(const Domain& d, MPI_Comm comm, const Model& m)
    : d_(d), model_(m), halo_(d, comm, int(m.fields().size())) {
  const std::size_t n = halo_.points();
  const std::vector<FieldInfo>& info = m.fields();
  for (std::size_t k = 0; k < info.size(); ++k)
    if (info[k].role != FieldRole::Scalar) velocity_.push_back(int(k));
  if (halo_.extended()) piece_.assign(info.size(), std::vector<double>(n, 0.0));
  // The scalars: the model's own fields, stored or derived (not the generic speed and vorticity).
  std::vector<const io::FieldChoice*> scalars;
  for (const io::FieldChoice& c : io::field_choices(m))
    if (!c.generic && (c.derived() || info[std::size_t(c.stored)].role == FieldRole::Scalar)) scalars.push_back(&c);
  const auto add_scalar = [&](const io::FieldChoice* c) {
    auto a = std::make_unique<Array>();
    a->scalar = c;
    a->vtk->SetName((c->derived() ? c->name : c->label).c_str());
    a->vtk->SetNumberOfComponents(1);
    double* values;
    if (c->derived()) {
      a->own.assign(n, 0.0);
      values = a->own.data();
    } else if (halo_.extended()) {
      values = piece_[std::size_t(c->stored)].data();
    } else {
      if (zeros_.empty()) zeros_.assign(n, 0.0);
      values = zeros_.data();
    }
    a->vtk->SetArray(values, vtkIdType(n), 1);  // 1: VTK never frees it
    image_->GetPointData()->AddArray(a->vtk);
    arrays_.push_back(std::move(a));
  };
  // Until the first update every array shows zeros: the pipelines are loaded before the
  // simulation hands over any field and must find every array by name.
  // The order is that of VTK's legacy format (active scalars, active vectors, then the others):
  // ParaView Live gathers the ranks' pieces by sending them to rank 0 in that format and appends
  // them with vtkImageAppend, which matches arrays by position, not by name. Any other order
  // makes rank 0's own piece and the received ones disagree ("Components of the inputs do not
  // match") and fills the other ranks' part of the client's grid with the wrong arrays.
  int ext[6];
  halo_.extent(ext);
  image_->SetOrigin(0.0, 0.0, 0.0);
  image_->SetSpacing(1.0, 1.0, 1.0);
  image_->SetExtent(ext);
  if (!scalars.empty()) add_scalar(scalars.front());
  if (velocity_.size() >= 2) {
    auto a = std::make_unique<Array>();
    a->own.assign(3 * n, 0.0);  // a z component stays 0 in 2-D
    a->vtk->SetName(io::velocity_symbol(m).c_str());
    a->vtk->SetNumberOfComponents(3);
    a->vtk->SetArray(a->own.data(), vtkIdType(3 * n), 1);
    image_->GetPointData()->AddArray(a->vtk);
    image_->GetPointData()->SetActiveVectors(a->vtk->GetName());
    arrays_.push_back(std::move(a));
  }
  for (std::size_t i = 1; i < scalars.size(); ++i) add_scalar(scalars[i]);
  if (!scalars.empty()) image_->GetPointData()->SetActiveScalars(arrays_.front()->vtk->GetName());

  vtkFieldData* fd = image_->GetFieldData();
  step_->SetName("step");
  step_->SetNumberOfTuples(1);
  step_->SetValue(0, 0);
  fd->AddArray(step_);
  time_->SetName("time");
  time_->SetNumberOfTuples(1);
  time_->SetValue(0, 0.0);
  fd->AddArray(time_);
}

FieldGrid::~FieldGrid() = default;

void FieldGrid::whole_extent(int ext[6]) const {
  ext[0] = 0;
  ext[1] = d_.NX - 1;
  ext[2] = 0;
  ext[3] = d_.NY - 1;
  ext[4] = 0;
  ext[5] = d_.NZ - 1;
}

void FieldGrid::update(const Fields& f, long step, double time) {
  const std::size_t nb = std::size_t(d_.sites());
  const auto block_text = [](int nx, int ny, int nz, int x0, int y0, int z0) {
    return size_text(Domain::whole(nx, ny, nz)) + " at " + std::to_string(x0) + "," + std::to_string(y0) +
           (nz > 1 || z0 > 0 ? "," + std::to_string(z0) : "");
  };
  if (f.nx != d_.nx || f.ny != d_.ny || f.nz != d_.nz || f.x0 != d_.x0 || f.y0 != d_.y0 || f.z0 != d_.z0)
    throw Error("the fields' block (" + block_text(f.nx, f.ny, f.nz, f.x0, f.y0, f.z0) +
                ") is not the adaptor's domain (" + block_text(d_.nx, d_.ny, d_.nz, d_.x0, d_.y0, d_.z0) + ")");
  if (&f.model() != &model_) throw Error("the fields are the model " + f.model().name() + "'s, not " + model_.name() + "'s");
  if (f.sites() != nb) throw Error("the fields' arrays do not hold nx*ny*nz values");

  const std::size_t n = halo_.points();
  std::vector<const double*> block(std::size_t(f.count()));
  std::vector<double*> piece(std::size_t(f.count()), nullptr);
  for (int k = 0; k < f.count(); ++k) {
    block[std::size_t(k)] = f.data(k);
    if (halo_.extended()) piece[std::size_t(k)] = piece_[std::size_t(k)].data();
  }
  halo_.fill(block, piece);
  // The stored fields over the piece.
  const std::vector<const double*> src = halo_.extended() ? std::vector<const double*>(piece.begin(), piece.end()) : block;
  const long long count = (long long)n;
  for (auto& a : arrays_) {
    if (a->scalar && !a->scalar->derived()) {
      // VTK filters never write to their input, so handing over the const arrays is safe.
      if (!halo_.extended()) a->vtk->SetArray(const_cast<double*>(src[std::size_t(a->scalar->stored)]), vtkIdType(n), 1);
    } else if (a->scalar) {
      // The model's formula over the piece, bound by FieldSource::of, the rule every consumer uses.
      const FieldSource field = FieldSource::of(a->scalar->formula(), halo_.ex(), halo_.ey(), halo_.ez(),
                                                [&](int k) { return src[std::size_t(k)]; });
      double* v = a->own.data();
      const long long ex = halo_.ex(), exy = ex * halo_.ey();
      // Threads only pay off on large pieces: on small ones starting them costs more than the loop.
#pragma omp parallel for schedule(static) if (count > (1 << 18))
      for (long long i = 0; i < count; ++i) v[i] = field.at(int(i % ex), int(i % exy / ex), int(i / exy));
    } else {
      double* u = a->own.data();
      const int nc = int(velocity_.size());
      const double* c[3] = {src[std::size_t(velocity_[0])], src[std::size_t(velocity_[1])],
                            nc > 2 ? src[std::size_t(velocity_[2])] : nullptr};
#pragma omp parallel for schedule(static) if (count > (1 << 18))
      for (long long i = 0; i < count; ++i) {
        u[3 * i] = c[0][i];
        u[3 * i + 1] = c[1][i];
        if (c[2]) u[3 * i + 2] = c[2][i];
      }
    }
    // New values: every array must say so, or VTK keeps cached ranges and uploaded colours.
    a->vtk->Modified();
  }
  step_->SetValue(0, step);
  time_->SetValue(0, time);
  image_->Modified();
}

std::vector<std::pair<std::string, std::string>> FieldGrid::describe_arrays() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& a : arrays_)
    out.emplace_back(a->vtk->GetName(), a->scalar ? a->scalar->title + " (lattice units)"
                                                  : "velocity, 3 components (z = 0 in 2-D; lattice units: sites per step)");
  return out;
}

}  // namespace plume::catalyst
