// The CPU backend of the D2Q9 model.
#include "../../src/cpu/cpu_backend.hpp"
#include "d2q9/backends.hpp"
#include "d2q9/model.hpp"

namespace plume::d2q9 {

std::unique_ptr<Backend> Backends::cpu(const Domain& d, const AnySetup& s, Precision p, int threads) {
  return make_cpu_backend<Traits>(d, s, p, threads);
}

}  // namespace plume::d2q9
