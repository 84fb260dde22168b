// The CPU backend of the D3Q19 model: the generic one, instantiated for its Traits.
#include "../../src/cpu/cpu_backend.hpp"
#include "d3q19/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cpu_backend<d3q19::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
