// The CPU backend of the D2Q37 model: the generic one, instantiated for its Traits.
#include "../../src/cpu/cpu_backend.hpp"
#include "d2q37/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cpu_backend<d2q37::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
