// The D2Q9 model's backends (backends.cpp, backends_cuda.cu), for its registration (model.cpp).
#pragma once
#include <memory>
#include "plume/backend.hpp"

namespace plume::d2q9 {

// The generic backends made for the model's Traits (backends.cpp, backends_cuda.cu), as the
// model's TraitsModel calls them (traits_model.hpp).
struct Backends {
  static std::unique_ptr<Backend> cpu(const Domain& d, const AnySetup& s, Precision p, int threads);
#if PLUME_HAVE_CUDA
  static std::unique_ptr<Backend> cuda(const Domain& d, const AnySetup& s, Precision p, int device);
#endif
};

}  // namespace plume::d2q9
