#include "field_grid.hpp"
#include <cstddef>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkLongLongArray.h>
#include <vtkPointData.h>
#include <vtkStringArray.h>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

FieldGrid::FieldGrid(const Domain& d, const std::vector<std::pair<std::string, std::string>>& metadata) : d_(d) {
  const std::size_t n = std::size_t(d.nx) * d.ny;
  p_.assign(n, 0.0);
  u_.assign(3 * n, 0.0);  // the z components stay 0
  image_->SetOrigin(0.0, 0.0, 0.0);
  image_->SetSpacing(1.0, 1.0, 1.0);
  image_->SetExtent(d.x0, d.x0 + d.nx - 1, d.y0, d.y0 + d.ny - 1, 0, 0);

  // Until the first update, every scalar shows the zeros of p_: the pipelines are loaded before
  // the simulation hands over any field and must find every array by name.
  const auto scalar = [&](vtkDoubleArray* a, const char* name) {
    a->SetName(name);
    a->SetNumberOfComponents(1);
    a->SetArray(p_.data(), vtkIdType(n), 1);  // 1: VTK never frees it
    image_->GetPointData()->AddArray(a);
  };
  scalar(T_, "T_H");
  scalar(rho_, "rho");
  scalar(p_array_, "p");
  u_array_->SetName("u_H");
  u_array_->SetNumberOfComponents(3);
  u_array_->SetArray(u_.data(), vtkIdType(3 * n), 1);
  image_->GetPointData()->AddArray(u_array_);
  image_->GetPointData()->SetActiveScalars("T_H");
  image_->GetPointData()->SetActiveVectors("u_H");

  vtkFieldData* fd = image_->GetFieldData();
  step_->SetName("step");
  step_->SetNumberOfTuples(1);
  step_->SetValue(0, 0);
  fd->AddArray(step_);
  time_->SetName("time");
  time_->SetNumberOfTuples(1);
  time_->SetValue(0, 0.0);
  fd->AddArray(time_);
  for (const auto& [key, value] : metadata) {
    vtkNew<vtkStringArray> s;
    s->SetName(key.c_str());
    s->InsertNextValue(value);
    fd->AddArray(s);
  }
}

FieldGrid::~FieldGrid() = default;

void FieldGrid::whole_extent(int ext[6]) const {
  ext[0] = 0;
  ext[1] = d_.NX - 1;
  ext[2] = 0;
  ext[3] = d_.NY - 1;
  ext[4] = 0;
  ext[5] = 0;
}

void FieldGrid::update(const Fields& f, long step, double time) {
  const std::size_t n = std::size_t(d_.nx) * d_.ny;
  if (f.nx != d_.nx || f.ny != d_.ny || f.x0 != d_.x0 || f.y0 != d_.y0)
    throw Error("the fields' block (" + std::to_string(f.nx) + "x" + std::to_string(f.ny) + " at " +
                std::to_string(f.x0) + "," + std::to_string(f.y0) + ") is not the adaptor's domain (" +
                std::to_string(d_.nx) + "x" + std::to_string(d_.ny) + " at " + std::to_string(d_.x0) + "," +
                std::to_string(d_.y0) + ")");
  if (f.T.size() != n || f.rho.size() != n || f.ux.size() != n || f.uy.size() != n)
    throw Error("the fields' arrays do not hold nx*ny values");

  // VTK filters never write to their input, so handing over the const arrays is safe.
  T_->SetArray(const_cast<double*>(f.T.data()), vtkIdType(n), 1);
  rho_->SetArray(const_cast<double*>(f.rho.data()), vtkIdType(n), 1);
  const double* T = f.T.data();
  const double* rho = f.rho.data();
  const double* ux = f.ux.data();
  const double* uy = f.uy.data();
  double* p = p_.data();
  double* u = u_.data();
  const long long count = (long long)n;
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < count; ++i) {
    p[i] = rho[i] * T[i];
    u[3 * i] = ux[i];
    u[3 * i + 1] = uy[i];
  }
  // New values: every array must say so, or VTK keeps cached ranges and uploaded colours.
  T_->Modified();
  rho_->Modified();
  p_array_->Modified();
  u_array_->Modified();
  step_->SetValue(0, step);
  time_->SetValue(0, time);
  image_->Modified();
}

}  // namespace plume::catalyst
