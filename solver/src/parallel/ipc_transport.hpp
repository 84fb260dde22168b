// Halo messages between the GPUs of one host through CUDA IPC and the copy engines (docs/
// distributed.md, "Transports"). Defined by solver/src/cuda/ipc_transport.cpp when plume is built
// with CUDA, else by ipc_absent.cpp, which says so.
#pragma once
#include <array>
#include <memory>
#include "plume/parallel/communicator.hpp"

namespace plume::parallel {

// Collective: whether the transport can run between every pair of ranks of `comm`, each with its
// device current: they run on one host, and each rank's GPU can reach every other rank's by
// peer access (not so where each rank sees only its own GPU, e.g. CUDA_VISIBLE_DEVICES set per
// rank). The same answer on every rank.
bool ipc_reaches_all(Communicator& comm);

// Collective over `comm` (every rank calls it, with its device current): each rank maps the
// receive buffers of its neighbours into its own address space; the messages of the channels
// (device buffers) queue on `stream` (a cudaStream_t, the backend's halo stream). Throws, after
// the collective part, where a neighbour runs on another host or its buffers cannot be mapped.
std::unique_ptr<HaloTransport> make_ipc_transport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels,
                                                  void* stream);

}  // namespace plume::parallel
