// The CPU backend of the 3-D thermal convection model: the generic one, instantiated for its Traits.
#include "../../src/cpu/cpu_backend.hpp"
#include "thermal3d/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cpu_backend<thermal3d::Traits>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
