// Halo messages through NCCL between device buffers (docs/distributed.md, "Transports"). Defined
// by solver/src/cuda/nccl_transport.cpp when plume is built with CUDA and NCCL, else by
// nccl_absent.cpp, which says so.
#pragma once
#include <array>
#include <memory>
#include "plume/parallel/communicator.hpp"

namespace plume::parallel {

bool nccl_built();
// Collective over `comm` (every rank calls it, with its device current): one NCCL communicator
// bootstrapped through comm's broadcast of the unique id; the messages of the channels (device
// buffers) queue on `stream` (a cudaStream_t, the backend's halo stream).
std::unique_ptr<HaloTransport> make_nccl_transport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels,
                                                   void* stream);

}  // namespace plume::parallel
