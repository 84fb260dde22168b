// Halo messages between the GPUs of one host through CUDA IPC. Each rank maps its neighbours'
// receive buffers into its own address space, and its halo stream copies each message straight
// into the neighbour's buffer: the copy engines move it over NVLink (or PCIe), and no
// multiprocessor is taken from the bulk, where NCCL's kernels take some. Everything is queued on
// the backend's halo stream, as with NCCL, and the host never waits: the two sides of a face
// order their use of the receive buffer with two counters in the receiver's device memory,
// written by the sender's stream (cuStreamWriteValue64) and waited for by the receiver's
// (cuStreamWaitValue64). A face along y or z whose backend describes it (DirectSlabs) needs no
// buffers at all: its slabs go straight from the sender's state into the receiver's halo layers,
// one 2-D copy each, and the packing and unpacking that a buffer costs (a read and a write of
// every value on each side) are gone.
#include <cuda.h>  // the driver's types; its functions are looked up at run time (Driver below)
#include <cuda_runtime.h>
#include <cudaTypedefs.h>
#include <unistd.h>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include "cuda_check.hpp"
#include "parallel/ipc_transport.hpp"

namespace plume::parallel {
namespace {

// The driver functions this transport needs, found through the runtime: plume links the CUDA
// runtime only, so that it loads on machines without a driver (solver/src/cuda/CMakeLists.txt).
struct Driver {
  PFN_cuStreamWriteValue64_v11070 write = nullptr;
  PFN_cuStreamWaitValue64_v11070 wait = nullptr;
  PFN_cuMemGetAddressRange_v3020 range = nullptr;
  PFN_cuDeviceGetAttribute_v2000 attribute = nullptr;
  PFN_cuDeviceGet_v2000 device = nullptr;

  void load() {
    find("cuStreamWriteValue64", write);
    find("cuStreamWaitValue64", wait);
    find("cuMemGetAddressRange", range);
    find("cuDeviceGetAttribute", attribute);
    find("cuDeviceGet", device);
  }
  template <class F>
  static void find(const char* name, F& f) {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult found{};
    PLUME_CUDA_CHECK(cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &found));
    if (found != cudaDriverEntryPointSuccess || !p)
      throw std::runtime_error(std::string("halo transport cuda-ipc: the CUDA driver has no ") + name);
    f = reinterpret_cast<F>(p);
  }
};

void check(CUresult r, const char* call) {
  if (r != CUDA_SUCCESS)
    throw std::runtime_error(std::string("halo transport cuda-ipc: ") + call + " failed (CUresult " +
                             std::to_string(int(r)) + ")");
}

// The counters of a rank, in its device memory, one pair per face: arrived[f] = k once the k-th
// message for face f is in its receive buffer; freed[f] = k once the neighbour's receive buffer
// that face f sends into has been read up to message k-1. Both are written by the neighbour.
constexpr int kArrived = 0, kFreed = kFaces, kCounters = 2 * kFaces;

// How a rank receives a face copied state to state: where its slabs lie in its state buffers.
struct ExportedDirect {
  std::uint64_t on = 0;  // 0: the face is packed
  std::uint64_t slabs = 0, row_bytes = 0, rows = 0, pitch = 0;
  std::uint64_t recv[DirectSlabs::kMaxSlabs] = {};
};

// What a rank tells the others: where it runs, and handles of its counters, receive buffers and
// (for faces copied state to state) state buffers.
struct Exported {
  char host[256] = {};
  char problem[256] = {};  // why it could not export ("" if it could)
  cudaIpcMemHandle_t counters{};
  cudaIpcMemHandle_t recv[kFaces]{};
  std::uint64_t recv_offset[kFaces] = {};  // from the start of the allocation the handle maps
  cudaIpcMemHandle_t state[2]{};
  std::uint64_t state_offset[2] = {};
  ExportedDirect direct[kFaces];
};

std::string host_name() {
  char h[256] = {};
  gethostname(h, sizeof h - 1);
  return h;
}

void copy_text(char (&to)[256], const std::string& from) { std::strncpy(to, from.c_str(), sizeof to - 1); }

// Every rank's `mine`, in rank order, on every rank (an allgather of a plain struct, by one
// broadcast per rank: the set-up's only collective traffic).
template <class T>
std::vector<T> gather_all(Communicator& comm, const T& mine) {
  std::vector<T> all(std::size_t(comm.size()));
  for (int r = 0; r < comm.size(); ++r) {
    if (r == comm.rank()) all[std::size_t(r)] = mine;
    comm.broadcast(&all[std::size_t(r)], sizeof(T), r);
  }
  return all;
}

// A CUDA call that may fail without harm here: its error is cleared, so that no later check of
// cudaGetLastError (a kernel launch's) takes it for its own.
bool succeeds(cudaError_t e) {
  if (e != cudaSuccess) cudaGetLastError();
  return e == cudaSuccess;
}

class IpcTransport final : public HaloTransport {
 public:
  IpcTransport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels, cudaStream_t stream)
      : channels_(channels), stream_(stream) {
    PLUME_CUDA_CHECK(cudaGetDevice(&device_));
    // Local part: every rank reaches the exchange below even if it failed, so that none waits.
    Exported mine;
    copy_text(mine.host, host_name());
    try {
      driver_.load();
      export_buffers(mine);
    } catch (const std::exception& e) {
      copy_text(mine.problem, e.what());
    }
    const std::vector<Exported> all = gather_all(comm, mine);
    try {
      if (mine.problem[0]) throw std::runtime_error(mine.problem);
      map_neighbours(all, mine);
    } catch (...) {
      release();
      throw;
    }
  }

  ~IpcTransport() override { release(); }

  // For each face of the axis: tell the neighbour that this rank's receive buffer has been read
  // (the unpacking of the message before is queued before this on the same stream; a face copied
  // state to state: the halo layers that this message fills were last read by the border kernels
  // two steps ago, which the halo stream waited for at the last swap); wait until
  // the neighbour has read its own; copy the message into it; tell it the message is there. Then
  // wait for both messages of this rank. The first loop posts every "read" before any wait, so
  // two ranks that face each other across both faces of an axis never wait for each other.
  void start(int axis, int state) override {
    for (int f = 2 * axis; f < 2 * axis + 2; ++f)
      if (channels_[f].peer >= 0) signal(remote_[f].freed, ++count_[f]);
    for (int f = 2 * axis; f < 2 * axis + 2; ++f) {
      const HaloChannel& c = channels_[f];
      if (c.peer < 0) continue;
      wait_for(kFreed + f, count_[f]);
      if (c.bytes > 0)
        PLUME_CUDA_CHECK(cudaMemcpyAsync(remote_[f].recv, c.send, c.bytes, cudaMemcpyDeviceToDevice, stream_));
      if (c.direct.any()) copy_direct(f, state);
      signal(remote_[f].arrived, count_[f]);
    }
    for (int f = 2 * axis; f < 2 * axis + 2; ++f)
      if (channels_[f].peer >= 0) wait_for(kArrived + f, count_[f]);
  }
  // The unpacking that follows is queued on the halo stream too: the host need not wait.
  bool test(int) override { return true; }
  void wait(int) override {}

 private:
  struct Remote {
    void* recv = nullptr;
    CUdeviceptr arrived = 0, freed = 0;
    std::array<char*, 2> state{};  // the neighbour's state buffers (faces copied state to state)
    ExportedDirect direct;         // where its halo slabs lie in them
  };

  // Slab k of this rank's boundary layers into slab k of the neighbour's halo layers, in the
  // state buffer of the same index: the ranks step in lockstep, so both hold their current state
  // in the buffer of the same index.
  void copy_direct(int f, int state) {
    const DirectSlabs& d = channels_[f].direct;
    const Remote& r = remote_[f];
    for (std::size_t k = 0; k < d.send.size(); ++k)
      PLUME_CUDA_CHECK(cudaMemcpy2DAsync(r.state[std::size_t(state)] + r.direct.recv[k], r.direct.pitch,
                                         static_cast<const char*>(d.state[std::size_t(state)]) + d.send[k], d.pitch,
                                         d.row_bytes, d.rows, cudaMemcpyDeviceToDevice, stream_));
  }

  // Maps each neighbour's receive buffer and counters of the face opposite the one facing it.
  void map_neighbours(const std::vector<Exported>& all, const Exported& mine) {
    for (int f = 0; f < kFaces; ++f) {
      const int p = channels_[f].peer;
      if (p < 0) continue;
      const Exported& theirs = all[std::size_t(p)];
      if (theirs.problem[0])
        throw std::runtime_error("halo transport cuda-ipc: neighbour rank " + std::to_string(p) +
                                 " could not share its buffers");
      if (std::strcmp(theirs.host, mine.host) != 0)
        throw std::runtime_error("halo transport cuda-ipc: neighbour rank " + std::to_string(p) + " runs on host " +
                                 theirs.host + ", this rank on " + mine.host +
                                 "; CUDA IPC reaches only the GPUs of one host: use nccl");
      // The neighbour receives what face f sends on its face opposite(f).
      const int g = int(opposite(Face(f)));
      char* counters = static_cast<char*>(open(p, theirs.counters));
      if (channels_[f].bytes > 0) remote_[f].recv = static_cast<char*>(open(p, theirs.recv[g])) + theirs.recv_offset[g];
      const DirectSlabs& d = channels_[f].direct;
      const ExportedDirect& td = theirs.direct[g];
      if (d.any() != (td.on != 0) ||
          (d.any() && (td.slabs != d.send.size() || td.row_bytes != d.row_bytes || td.rows != d.rows)))
        throw std::logic_error("halo transport cuda-ipc: rank " + std::to_string(p) +
                               " describes the face facing this rank otherwise than this rank does");
      if (d.any()) {
        remote_[f].direct = td;
        for (int b = 0; b < 2; ++b)
          remote_[f].state[std::size_t(b)] = static_cast<char*>(open(p, theirs.state[b])) + theirs.state_offset[b];
      }
      remote_[f].arrived = reinterpret_cast<CUdeviceptr>(counters + sizeof(std::uint64_t) * (kArrived + g));
      remote_[f].freed = reinterpret_cast<CUdeviceptr>(counters + sizeof(std::uint64_t) * (kFreed + g));
    }
  }

  // Every write into a neighbour's memory is one that the neighbour's stream waits for, so once
  // both ranks' streams are done, no copy into a buffer that is about to go is left in flight.
  void release() {
    cudaSetDevice(device_);
    if (stream_) cudaStreamSynchronize(stream_);
    for (auto& [key, base] : opened_) cudaIpcCloseMemHandle(base);
    opened_.clear();
    if (counters_) cudaFree(counters_);
    counters_ = nullptr;
  }

  void export_buffers(Exported& mine) {
    int can = 0;
    CUdevice dev{};
    check(driver_.device(&dev, device_), "cuDeviceGet");
    check(driver_.attribute(&can, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, dev), "cuDeviceGetAttribute");
    if (!can)
      throw std::runtime_error("halo transport cuda-ipc: GPU " + std::to_string(device_) +
                               " has no 64-bit stream memory operations (cuStreamWaitValue64); use nccl");
    PLUME_CUDA_CHECK(cudaMalloc(&counters_, kCounters * sizeof(std::uint64_t)));
    PLUME_CUDA_CHECK(cudaMemset(counters_, 0, kCounters * sizeof(std::uint64_t)));
    PLUME_CUDA_CHECK(cudaDeviceSynchronize());
    PLUME_CUDA_CHECK(cudaIpcGetMemHandle(&mine.counters, counters_));
    bool direct = false;
    for (int f = 0; f < kFaces; ++f) {
      const HaloChannel& c = channels_[f];
      if (c.peer >= 0 && c.direct.any()) {
        direct = true;
        ExportedDirect& e = mine.direct[f];
        e.on = 1;
        e.slabs = c.direct.recv.size();
        e.row_bytes = c.direct.row_bytes;
        e.rows = c.direct.rows;
        e.pitch = c.direct.pitch;
        std::copy(c.direct.recv.begin(), c.direct.recv.end(), e.recv);
      }
      if (c.peer < 0 || c.bytes == 0) continue;  // no buffer to share
      export_allocation(c.recv, mine.recv[f], mine.recv_offset[f]);
    }
    if (direct)
      for (std::size_t b = 0; b < 2; ++b) {
        void* state = nullptr;
        for (const HaloChannel& c : channels_)
          if (c.direct.any()) state = c.direct.state[b];
        export_allocation(state, mine.state[b], mine.state_offset[b]);
      }
  }

  // A handle maps a whole allocation: the buffer's place in it goes along.
  void export_allocation(void* p, cudaIpcMemHandle_t& handle, std::uint64_t& offset) {
    CUdeviceptr base = 0;
    std::size_t size = 0;
    const CUdeviceptr at = reinterpret_cast<CUdeviceptr>(p);
    check(driver_.range(&base, &size, at), "cuMemGetAddressRange");
    PLUME_CUDA_CHECK(cudaIpcGetMemHandle(&handle, reinterpret_cast<void*>(base)));
    offset = at - base;
  }

  // A handle is opened once per process, however many faces lead to its allocation.
  void* open(int rank, const cudaIpcMemHandle_t& h) {
    const auto key = std::make_pair(rank, std::string(h.reserved, sizeof h.reserved));
    auto it = opened_.find(key);
    if (it != opened_.end()) return it->second;
    void* p = nullptr;
    const cudaError_t e = cudaIpcOpenMemHandle(&p, h, cudaIpcMemLazyEnablePeerAccess);
    if (!succeeds(e))
      throw std::runtime_error("halo transport cuda-ipc: cannot map the buffers of neighbour rank " + std::to_string(rank) +
                               " (cudaIpcOpenMemHandle: " + cudaGetErrorString(e) +
                               "); every rank must see the GPUs of the others: use nccl");
    opened_.emplace(key, p);
    return p;
  }

  // The write is fenced after the work before it on the stream (the copy): the neighbour that
  // sees the count sees the message.
  void signal(CUdeviceptr at, std::uint64_t value) {
    check(driver_.write(stream_, at, value, CU_STREAM_WRITE_VALUE_DEFAULT), "cuStreamWriteValue64");
  }
  void wait_for(int counter, std::uint64_t value) {
    const CUdeviceptr at = reinterpret_cast<CUdeviceptr>(counters_ + counter);
    check(driver_.wait(stream_, at, value, CU_STREAM_WAIT_VALUE_GEQ), "cuStreamWaitValue64");
  }

  Driver driver_;
  std::array<HaloChannel, kFaces> channels_;
  cudaStream_t stream_;
  int device_ = 0;
  std::uint64_t* counters_ = nullptr;
  std::array<Remote, kFaces> remote_{};
  std::array<std::uint64_t, kFaces> count_{};  // messages started per face
  std::map<std::pair<int, std::string>, void*> opened_;
};

// A rank's GPU as every process of the host names it: its PCI bus id.
struct RankGpu {
  char host[256] = {};
  char pci[32] = {};
};

}  // namespace

bool ipc_reaches_all(Communicator& comm) {
  RankGpu mine;
  copy_text(mine.host, host_name());
  int dev = 0;
  bool ok = succeeds(cudaGetDevice(&dev)) && succeeds(cudaDeviceGetPCIBusId(mine.pci, sizeof mine.pci - 1, dev));
  for (const RankGpu& other : gather_all(comm, mine)) {
    if (!ok) break;
    int o = -1, can = 0;
    ok = std::strcmp(other.host, mine.host) == 0 && other.pci[0] && succeeds(cudaDeviceGetByPCIBusId(&o, other.pci)) &&
         (o == dev || (succeeds(cudaDeviceCanAccessPeer(&can, dev, o)) && can));
  }
  long long every = ok ? 1 : 0;
  comm.allreduce(&every, 1, ReduceOp::Min);
  return every == 1;
}

std::unique_ptr<HaloTransport> make_ipc_transport(Communicator& comm, const std::array<HaloChannel, kFaces>& channels,
                                                  void* stream) {
  return std::make_unique<IpcTransport>(comm, channels, static_cast<cudaStream_t>(stream));
}

}  // namespace plume::parallel
