// The D2Q9 model's backends (backends.cpp, backends_cuda.cu), for its registration (model.cpp).
#pragma once
#include <memory>
#include "plume/backend.hpp"

namespace plume::d2q9 {

std::unique_ptr<Backend> make_cpu(const Domain& d, const AnySetup& s, Precision p, int threads);
#if PLUME_HAVE_CUDA
std::unique_ptr<Backend> make_cuda(const Domain& d, const AnySetup& s, Precision p, int device);
#endif

}  // namespace plume::d2q9
