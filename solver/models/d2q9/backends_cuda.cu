// The CUDA backend of the D2Q9 model (built when plume is built with CUDA): the generic one,
// instantiated for its Traits.
#include "../../src/cuda/cuda_backend.cuh"
#include "d2q9/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cuda_backend<d2q9::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
