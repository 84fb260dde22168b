// Halo messages through NCCL: ncclSend/ncclRecv of device buffers, grouped per axis and queued on
// the backend's halo stream, so that the unpack kernels that follow on that stream need no host
// round trip; the host learns of completion through an event.
#include <cuda_runtime.h>
#include <nccl.h>
#include <stdexcept>
#include <string>
#include <vector>
#include "cuda_check.hpp"
#include "parallel/nccl_transport.hpp"

namespace plume::parallel {
namespace {

void check(ncclResult_t r, const char* call) {
  if (r != ncclSuccess) throw std::runtime_error(std::string(call) + " failed: " + ncclGetErrorString(r));
}

class NcclTransport final : public HaloTransport {
 public:
  NcclTransport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels, cudaStream_t stream)
      : channels_(channels), stream_(stream) {
    ncclUniqueId id{};
    if (comm.rank() == 0) check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    comm.broadcast(&id, sizeof id, 0);
    check(ncclCommInitRank(&comm_, comm.size(), id, comm.rank()), "ncclCommInitRank");
  }
  ~NcclTransport() override {
    if (comm_) ncclCommDestroy(comm_);
  }

  // NCCL has no tags: messages between two ranks match in the order they are posted. When both
  // faces of an axis face the same rank (two tiles across a periodic direction), face f's message
  // lands on the peer's face opposite(f); posting the sends in face order and the receives in
  // opposite order makes the k-th send of one side meet the k-th receive of the other.
  void start(int axis, int) override {
    check(ncclGroupStart(), "ncclGroupStart");
    for (int f = 2 * axis; f < 2 * axis + 2; ++f) {
      const HaloChannel& c = channels_[f];
      if (c.peer >= 0) check(ncclSend(c.send, c.bytes, ncclChar, c.peer, comm_, stream_), "ncclSend");
    }
    for (int f = 2 * axis + 1; f >= 2 * axis; --f) {
      const HaloChannel& c = channels_[f];
      if (c.peer >= 0) check(ncclRecv(c.recv, c.bytes, ncclChar, c.peer, comm_, stream_), "ncclRecv");
    }
    check(ncclGroupEnd(), "ncclGroupEnd");
  }
  // The messages are queued on the halo stream, and so is what the stepper does with them next
  // (unpacking, the next axis's packing): the stream waits for them, the host need not.
  bool test(int) override { return true; }
  void wait(int) override {}

 private:
  std::array<HaloChannel, kFaces> channels_;
  cudaStream_t stream_;
  ncclComm_t comm_ = nullptr;
};

}  // namespace

bool nccl_built() { return true; }

std::unique_ptr<HaloTransport> make_nccl_transport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels,
                                                   void* stream) {
  return std::make_unique<NcclTransport>(comm, channels, static_cast<cudaStream_t>(stream));
}

}  // namespace plume::parallel
