// What a model's run-time description (plume::Model) takes from its Traits alone, written once
// for every model: its lattice and fields, which setup is its own, which directions a setup makes
// periodic, its default setup, and its backends. The Traits must meet plume/model_contract.hpp,
// checked here. The generic backends are only declared here: CMake instantiates them for every
// Traits that solver/models/models.cmake registers (cmake/PlumeModel.cmake), so that model.cpp
// does not compile them.
#pragma once
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>
#include "backend.hpp"
#include "plume/lattice/lattice_info.hpp"
#include "plume/model.hpp"
#include "plume/model_contract.hpp"
#include "plume/reductions.hpp"

namespace plume {

// src/cpu/cpu_backend.hpp and src/cuda/cuda_backend.cuh.
template <class T>
std::unique_ptr<Backend> make_cpu_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st, int threads);
template <class T>
std::unique_ptr<Backend> make_cuda_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st, int device);

// The backend of Traits T where `where` says (what TraitsModel::make_backend makes; a model that
// runs more than one Traits picks one with it).
template <class T>
std::unique_ptr<Backend> make_backend_of(const BackendPlace& where, const Domain& d, const AnySetup& s, Precision p,
                                         Streaming st) {
  if (!where.cuda) return make_cpu_backend<T>(d, s, p, st, where.threads);
#if PLUME_HAVE_CUDA
  return make_cuda_backend<T>(d, s, p, st, where.device);
#else
  throw std::runtime_error("plume was built without CUDA");
#endif
}

template <class T>
class TraitsModel : public Model {
  static_assert(ModelContract<T>::value && GpuTuningContract<T>::value);

 public:
  using Setup = typename T::Setup;

  const LatticeInfo& lattice() const override { return lattice_; }
  const std::vector<FieldInfo>& fields() const override { return fields_; }
  AnySetup default_setup() const override { return AnySetup(Setup{}); }
  bool owns(const AnySetup& s) const override { return s.holds<Setup>(); }
  parallel::Periodic periodic(const AnySetup& s) const override { return T::periodic(T::params(s.as<Setup>())); }
  std::unique_ptr<Backend> make_backend(const BackendPlace& where, const Domain& d, const AnySetup& s, Precision p,
                                        Streaming st) const override {
    return make_backend_of<T>(where, d, s, p, st);
  }
  // The model's own row quantities, from its traits (reductions.hpp): the code the device runs.
  int own_row_sums() const override { return own_row_sums_of<T>::value; }
  void sum_row(const Fields& f, int y, int z, double* out) const override {
    if constexpr (own_row_sums_of<T>::value > 0) {
      const double* row[T::kFields];
      for (int k = 0; k < T::kFields; ++k) row[k] = f.data(k) + f.at(0, y, z);
      // The row's sums of the stored fields, in x order as everywhere, for a model of two passes.
      double sums[T::kFields] = {};
      if (row_passes_of<T>::value > 1)
        for (int k = 0; k < T::kFields; ++k)
          for (int x = 0; x < f.nx; ++x) sums[k] += row[k][x];
      row_quantities<T>([&](int k, int x) { return row[k][x]; }, f.nx, f.x0, f.NX, sums, out);
    }
  }

 private:
  LatticeInfo lattice_ = describe_lattice<typename T::Lattice>();
  std::vector<FieldInfo> fields_{std::begin(T::field_list), std::end(T::field_list)};
};

}  // namespace plume
