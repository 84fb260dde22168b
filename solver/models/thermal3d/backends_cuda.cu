// The CUDA backend of the 3-D thermal convection model (built when plume is built with CUDA): the generic one,
// instantiated for its Traits.
#include "../../src/cuda/cuda_backend.cuh"
#include "thermal3d/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cuda_backend<thermal3d::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
