// The CUDA backend of the D3Q19 model (built when plume is built with CUDA): the generic one,
// instantiated for its Traits.
#include "../../src/cuda/cuda_backend.cuh"
#include "d3q19/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cuda_backend<d3q19::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
