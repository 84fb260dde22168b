// The MPI communicator: persistent halo requests, reductions, chunked point-to-point messages
// for whole-lattice gathers, and MPI_Abort for errors one rank cannot share.
#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // Open MPI's MPIX_Query_cuda_support
#endif
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstdio>
#include <vector>
#include "plume/parallel/mpi.hpp"

namespace plume::parallel {
namespace {

void check(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw std::runtime_error(std::string(call) + " failed: " + std::string(text, std::size_t(len)));
}

bool mpi_alive() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  return !finalized;
}

MPI_Op mpi_op(ReduceOp op) {
  switch (op) {
    case ReduceOp::Min: return MPI_MIN;
    case ReduceOp::Max: return MPI_MAX;
    default: return MPI_SUM;
  }
}

int message_count(std::size_t bytes) {
  if (bytes > std::size_t(INT_MAX))
    throw std::length_error("a halo message of " + std::to_string(bytes) + " bytes exceeds MPI's int count");
  return int(bytes);
}

// The tag of a halo message is the face that receives it, so that the two faces of an axis stay
// apart when both neighbours are the same rank (two tiles across a periodic direction).
constexpr int kHaloTag = 7100;

class MpiTransport final : public HaloTransport {
 public:
  MpiTransport(MPI_Comm comm, const std::array<HaloChannel, kFaces>& channels) {
    for (int f = 0; f < kFaces; ++f) {
      const HaloChannel& c = channels[f];
      if (c.peer < 0) continue;
      std::vector<MPI_Request>& r = requests_[axis_of(Face(f))];
      r.emplace_back();
      check(MPI_Recv_init(c.recv, message_count(c.bytes), MPI_BYTE, c.peer, kHaloTag + f, comm, &r.back()),
            "MPI_Recv_init");
      r.emplace_back();
      check(MPI_Send_init(c.send, message_count(c.bytes), MPI_BYTE, c.peer, kHaloTag + opposite(Face(f)), comm,
                          &r.back()),
            "MPI_Send_init");
    }
  }
  ~MpiTransport() override {
    if (!mpi_alive()) return;
    for (std::vector<MPI_Request>& rs : requests_)
      for (MPI_Request& r : rs) MPI_Request_free(&r);
  }
  void start(int axis, int) override {
    std::vector<MPI_Request>& r = requests_[axis];
    if (!r.empty()) check(MPI_Startall(int(r.size()), r.data()), "MPI_Startall (halo exchange)");
  }
  bool test(int axis) override {
    std::vector<MPI_Request>& r = requests_[axis];
    int done = 1;
    if (!r.empty()) check(MPI_Testall(int(r.size()), r.data(), &done, MPI_STATUSES_IGNORE), "MPI_Testall (halo)");
    return done != 0;
  }
  void wait(int axis) override {
    std::vector<MPI_Request>& r = requests_[axis];
    if (!r.empty()) check(MPI_Waitall(int(r.size()), r.data(), MPI_STATUSES_IGNORE), "MPI_Waitall (halo)");
  }

 private:
  std::array<std::vector<MPI_Request>, kAxes> requests_;  // per axis: receive and send of each face
};

class MpiCommunicator final : public Communicator {
 public:
  // Takes ownership of `comm` (freed on destruction) and returns errors instead of aborting.
  explicit MpiCommunicator(MPI_Comm comm) : comm_(comm) {
    check(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
    check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
    MPI_Comm node;
    check(MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
    check(MPI_Comm_rank(node, &node_rank_), "MPI_Comm_rank");
    MPI_Comm_free(&node);
  }
  ~MpiCommunicator() override {
    if (mpi_alive()) MPI_Comm_free(&comm_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int node_rank() const override { return node_rank_; }
  std::string name() const override {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(version, &len);
    std::string v(version, std::size_t(len));
    v = v.substr(0, v.find_first_of(",\n"));
    return "MPI, " + std::to_string(size_) + " rank" + (size_ == 1 ? "" : "s") + " (" + v + ")";
  }
  // Compiled-in support is not enough: Open MPI built with CUDA still answers 0 at run time when
  // its CUDA component is not loaded, so ask the library.
  bool device_pointers() const override {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support() == 1;
#else
    return false;
#endif
  }
  bool concurrent_threads() const override {
    int level = MPI_THREAD_SINGLE;
    MPI_Query_thread(&level);
    return level == MPI_THREAD_MULTIPLE;
  }
  void barrier() override { check(MPI_Barrier(comm_), "MPI_Barrier"); }
  void allreduce(double* v, std::size_t n, ReduceOp op) override {
    check(MPI_Allreduce(MPI_IN_PLACE, v, message_count(n), MPI_DOUBLE, mpi_op(op), comm_), "MPI_Allreduce");
  }
  void allreduce(long long* v, std::size_t n, ReduceOp op) override {
    check(MPI_Allreduce(MPI_IN_PLACE, v, message_count(n), MPI_LONG_LONG, mpi_op(op), comm_), "MPI_Allreduce");
  }
  void broadcast(void* data, std::size_t bytes, int root) override {
    for_chunks(bytes, [&](std::size_t at, int n) {
      check(MPI_Bcast(static_cast<char*>(data) + at, n, MPI_BYTE, root, comm_), "MPI_Bcast");
    });
  }
  void send(const void* data, std::size_t bytes, int dest, int tag) override {
    for_chunks(bytes, [&](std::size_t at, int n) {
      check(MPI_Send(static_cast<const char*>(data) + at, n, MPI_BYTE, dest, tag, comm_), "MPI_Send");
    });
  }
  void recv(void* data, std::size_t bytes, int source, int tag) override {
    for_chunks(bytes, [&](std::size_t at, int n) {
      check(MPI_Recv(static_cast<char*>(data) + at, n, MPI_BYTE, source, tag, comm_, MPI_STATUS_IGNORE), "MPI_Recv");
    });
  }
  std::unique_ptr<HaloTransport> connect(const std::array<HaloChannel, kFaces>& channels) override {
    return std::make_unique<MpiTransport>(comm_, channels);
  }
  std::unique_ptr<Communicator> split(int color) override {
    MPI_Comm part;
    check(MPI_Comm_split(comm_, color < 0 ? MPI_UNDEFINED : color, rank_, &part), "MPI_Comm_split");
    if (part == MPI_COMM_NULL) return nullptr;
    return std::make_unique<MpiCommunicator>(part);
  }
  [[noreturn]] void abort(const std::string& message, int code) override {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::fflush(stderr);
    MPI_Abort(comm_, code);
    std::_Exit(code);  // MPI_Abort does not return; this is for the compiler
  }

 private:
  // Messages of any size, cut into pieces MPI's int count can hold.
  template <class F>
  static void for_chunks(std::size_t bytes, F&& f) {
    constexpr std::size_t kChunk = std::size_t(1) << 30;
    std::size_t at = 0;
    do {
      const std::size_t n = std::min(kChunk, bytes - at);
      f(at, int(n));
      at += n;
    } while (at < bytes);
  }

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1, node_rank_ = 0;
};

}  // namespace

MpiSession::MpiSession(int& argc, char**& argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    // Open MPI's runtime daemon loads hwloc's "gl" component, which opens X displays :0 to :9 to
    // look for GPUs. When one of those servers ends during that probe (an Xvfb of another job, or
    // of some pipeline), Xlib ends the daemon and with it this run.
    // plume finds its GPUs through CUDA: the component is off unless the user chose components.
    setenv("HWLOC_COMPONENTS", "-gl", 0);
    int provided = 0;
    // MULTIPLE: the in-situ sinks run on a thread of their own that makes MPI calls (Catalyst's
    // compositing, their agreement) while the run's thread exchanges halos. A library that gives
    // less is used as it is, and the sinks then run on the run's thread (concurrent_threads()).
    check(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided), "MPI_Init_thread");
    owner_ = true;
  }
  MPI_Comm world;
  check(MPI_Comm_dup(MPI_COMM_WORLD, &world), "MPI_Comm_dup");
  world_ = std::make_unique<MpiCommunicator>(world);
}

MpiSession::~MpiSession() {
  world_.reset();
  if (owner_ && mpi_alive()) MPI_Finalize();
}

}  // namespace plume::parallel
