// The CUDA backends of the diffusion model (built when plume is built with CUDA): the generic one,
// instantiated for its 2-D and 3-D stencils.
#include "../../src/cuda/cuda_backend.cuh"
#include "diffusion/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cuda_backend<diffusion::Traits<2>>(const Domain&, const AnySetup&, Precision, Streaming, int);
template std::unique_ptr<Backend> make_cuda_backend<diffusion::Traits<3>>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
