// A build without NCCL: the transport cannot be chosen, and choosing it says why.
#include <stdexcept>
#include "nccl_transport.hpp"

namespace plume::parallel {

bool nccl_built() { return false; }

std::unique_ptr<HaloTransport> make_nccl_transport(Communicator&, const std::array<HaloChannel, kFaces>&, void*) {
  throw std::runtime_error(
      "halo transport nccl: this build of plume has no NCCL (it needs CUDA and nccl.h + libnccl at configure time); "
      "use host or cuda-aware");
}

}  // namespace plume::parallel
