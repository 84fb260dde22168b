// The CPU backend of the D2Q9 model: the generic one, instantiated for its Traits.
#include "../../src/cpu/cpu_backend.hpp"
#include "d2q9/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cpu_backend<d2q9::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
