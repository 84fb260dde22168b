// A build without CUDA: the transport cannot be chosen, and choosing it says why.
#include <stdexcept>
#include "ipc_transport.hpp"

namespace plume::parallel {

bool ipc_reaches_all(Communicator&) { return false; }

std::unique_ptr<HaloTransport> make_ipc_transport(Communicator&, const std::array<HaloChannel, kFaces>&, void*) {
  throw std::runtime_error("halo transport cuda-ipc: this build of plume has no CUDA; use host");
}

}  // namespace plume::parallel
