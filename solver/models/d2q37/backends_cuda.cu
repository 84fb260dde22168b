// The CUDA backend of the D2Q37 model (built when plume is built with CUDA).
#include "../../src/cuda/cuda_backend.cuh"
#include "d2q37/backends.hpp"
#include "d2q37/model.hpp"

namespace plume::d2q37 {

std::unique_ptr<Backend> Backends::cuda(const Domain& d, const AnySetup& s, Precision p, int device) {
  return make_cuda_backend<Traits>(d, s, p, device);
}

}  // namespace plume::d2q37
