// The CPU backends of the diffusion model: the generic one, instantiated for its 2-D and 3-D
// stencils.
#include "../../src/cpu/cpu_backend.hpp"
#include "diffusion/model.hpp"

namespace plume {

template std::unique_ptr<Backend> make_cpu_backend<diffusion::Traits<2>>(const Domain&, const AnySetup&, Precision, Streaming, int);
template std::unique_ptr<Backend> make_cpu_backend<diffusion::Traits<3>>(const Domain&, const AnySetup&, Precision, Streaming, int);

}  // namespace plume
