#include "field_grid.hpp"
#include <cstddef>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkLongLongArray.h>
#include <vtkPointData.h>
#include "plume/catalyst/error.hpp"

namespace plume::catalyst {

FieldGrid::FieldGrid(const Domain& d, MPI_Comm comm) : d_(d), halo_(d, comm) {
  const std::size_t n = std::size_t(halo_.ex()) * halo_.ey();
  p_.assign(n, 0.0);
  u_.assign(3 * n, 0.0);  // the z components stay 0
  if (halo_.extended()) {
    T_.assign(n, 0.0);
    rho_.assign(n, 0.0);
    ux_.assign(n, 0.0);
    uy_.assign(n, 0.0);
  }
  int ext[6];
  halo_.extent(ext);
  image_->SetOrigin(0.0, 0.0, 0.0);
  image_->SetSpacing(1.0, 1.0, 1.0);
  image_->SetExtent(ext);

  // Until the first update every scalar shows zeros (those of p_ unless the piece has its own
  // T_H and rho): the pipelines are loaded before the simulation hands over any field and must
  // find every array by name.
  const auto scalar = [&](vtkDoubleArray* a, const char* name, std::vector<double>& own) {
    a->SetName(name);
    a->SetNumberOfComponents(1);
    a->SetArray(own.empty() ? p_.data() : own.data(), vtkIdType(n), 1);  // 1: VTK never frees it
    image_->GetPointData()->AddArray(a);
  };
  // The order is that of VTK's legacy format (active scalars, active vectors, then the others):
  // ParaView Live gathers the ranks' pieces by sending them to rank 0 in that format and appends
  // them with vtkImageAppend, which matches arrays by position, not by name. Any other order
  // makes rank 0's own piece and the received ones disagree ("Components of the inputs do not
  // match") and fills the other ranks' part of the client's grid with the wrong arrays.
  scalar(T_array_, "T_H", T_);
  u_array_->SetName("u_H");
  u_array_->SetNumberOfComponents(3);
  u_array_->SetArray(u_.data(), vtkIdType(3 * n), 1);
  image_->GetPointData()->AddArray(u_array_);
  scalar(rho_array_, "rho", rho_);
  scalar(p_array_, "p", p_);
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
  const std::size_t nb = std::size_t(d_.nx) * d_.ny;
  if (f.nx != d_.nx || f.ny != d_.ny || f.x0 != d_.x0 || f.y0 != d_.y0)
    throw Error("the fields' block (" + std::to_string(f.nx) + "x" + std::to_string(f.ny) + " at " +
                std::to_string(f.x0) + "," + std::to_string(f.y0) + ") is not the adaptor's domain (" +
                std::to_string(d_.nx) + "x" + std::to_string(d_.ny) + " at " + std::to_string(d_.x0) + "," +
                std::to_string(d_.y0) + ")");
  if (f.sites() != nb)
    throw Error("the fields' arrays do not hold nx*ny values");

  const std::size_t n = std::size_t(halo_.ex()) * halo_.ey();
  const double *T = f["T"].data(), *rho = f["rho"].data(), *ux = f["ux"].data(), *uy = f["uy"].data();
  halo_.fill({T, rho, ux, uy}, {T_.data(), rho_.data(), ux_.data(), uy_.data()});
  if (halo_.extended()) {
    T = T_.data();
    rho = rho_.data();
    ux = ux_.data();
    uy = uy_.data();
  } else {
    // VTK filters never write to their input, so handing over the const arrays is safe.
    T_array_->SetArray(const_cast<double*>(T), vtkIdType(n), 1);
    rho_array_->SetArray(const_cast<double*>(rho), vtkIdType(n), 1);
  }
  double* p = p_.data();
  double* u = u_.data();
  const long long count = (long long)n;
  // Threads only pay off on large pieces: on small ones starting them costs more than the loop.
#pragma omp parallel for schedule(static) if (count > (1 << 18))
  for (long long i = 0; i < count; ++i) {
    p[i] = rho[i] * T[i];
    u[3 * i] = ux[i];
    u[3 * i + 1] = uy[i];
  }
  // New values: every array must say so, or VTK keeps cached ranges and uploaded colours.
  T_array_->Modified();
  rho_array_->Modified();
  p_array_->Modified();
  u_array_->Modified();
  step_->SetValue(0, step);
  time_->SetValue(0, time);
  image_->Modified();
}

}  // namespace plume::catalyst
