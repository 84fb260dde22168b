// The communication a decomposed run needs, behind an interface with no MPI in it, so that the
// solver's public headers build without MPI. Implementations: the single-process one here
// (self_communicator()) and MPI's (parallel/mpi.hpp, when plume is built with MPI).
#pragma once
#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include "plume/parallel/decomposition.hpp"

namespace plume::parallel {

enum class ReduceOp : int { Sum = 0, Min = 1, Max = 2 };

// The persistent halo messages of one tile, created once: start() posts the receives and sends of
// both faces of an axis, test() drives them (true once all have completed), wait() blocks.
// `state` is which of the tile's two state buffers holds the current state (DirectSlabs::state,
// HaloOps::state_buffer), for a transport that copies faces straight from state to state.
class HaloTransport {
 public:
  virtual ~HaloTransport() = default;
  virtual void start(int axis, int state) = 0;
  virtual bool test(int axis) = 0;
  virtual void wait(int axis) = 0;
};

// A face whose slabs a transport may copy straight from the sender's state into the receiver's,
// with neither packing nor unpacking (HaloMemory::DevicePeer; a face along y or z, whose slabs
// are rows of consecutive sites). Each slab is a 2-D region of `rows` rows of `row_bytes` bytes,
// `pitch` bytes apart, starting `send[k]` bytes (slab k of the face's boundary layers) or
// `recv[k]` bytes (its halo layers) into the state buffer that holds the current state, one of
// the tile's two, `state`. Slab k of one side's `send` meets slab k of the neighbour's `recv`.
struct DirectSlabs {
  static constexpr std::size_t kMaxSlabs = 32;  // more: the face is packed
  std::array<void*, 2> state{};                 // null: the face is packed
  std::vector<std::size_t> send, recv;
  std::size_t row_bytes = 0, rows = 0, pitch = 0;
  bool any() const { return state[0] != nullptr; }
};

// One face's channel: its neighbour's rank (-1: no message) and the persistent buffers, which
// must stay where they are for the transport's lifetime (a face copied straight from state to
// state has none: `direct` describes it, and `bytes` is 0).
struct HaloChannel {
  int peer = -1;
  const void* send = nullptr;
  void* recv = nullptr;
  std::size_t bytes = 0;
  DirectSlabs direct;
};

class Communicator {
 public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual int node_rank() const = 0;  // rank among the ranks on this host (to pick a GPU)
  virtual std::string name() const = 0;
  // Whether MPI accepts device pointers (CUDA-aware MPI, as MPIX_Query_cuda_support reports).
  virtual bool device_pointers() const { return false; }
  // Whether another thread may make its own MPI calls (on other communicators) while this one's
  // are in progress: MPI initialised with MPI_THREAD_MULTIPLE (an in-situ consumer thread beside
  // the halo exchange). Always true without MPI.
  virtual bool concurrent_threads() const { return true; }

  virtual void barrier() = 0;
  virtual void allreduce(double* values, std::size_t n, ReduceOp op) = 0;
  virtual void allreduce(long long* values, std::size_t n, ReduceOp op) = 0;
  virtual void broadcast(void* data, std::size_t bytes, int root) = 0;
  // Blocking point-to-point messages of any size (gathers and scatters of whole lattices).
  virtual void send(const void* data, std::size_t bytes, int dest, int tag) = 0;
  virtual void recv(void* data, std::size_t bytes, int source, int tag) = 0;

  // The messages of a tile's halo exchange. Face f sends to channels[f].peer, which receives it
  // on its face opposite(f).
  virtual std::unique_ptr<HaloTransport> connect(const std::array<HaloChannel, kFaces>& channels) = 0;

  // Ranks passing the same color >= 0 form a new communicator, ordered as here; a rank passing a
  // negative color gets nullptr. Collective.
  virtual std::unique_ptr<Communicator> split(int color) = 0;

  // Ends the whole job now: prints `message` on stderr and, with MPI, calls MPI_Abort. For
  // errors that only this rank saw (the others may be waiting for it in a message).
  [[noreturn]] virtual void abort(const std::string& message, int code) = 0;
};

// The one-rank communicator: a single process, or a build without MPI.
std::unique_ptr<Communicator> self_communicator();

// Thrown alike on every rank by a collective check, so every rank can end cleanly (exit code,
// MPI_Finalize) instead of aborting.
struct CollectiveError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Collective agreement on errors. Every rank passes its own problem ("" when it has none); if
// any rank has one, every rank throws CollectiveError("<what>: rank 2 of 4: ...; rank 3 of 4:
// ..."), naming the ranks (just "<what>: ..." on one rank).
void agree(Communicator& comm, const std::string& local_problem, const std::string& what);

// For a driver's main(): what to do with an exception that ended its work. A CollectiveError
// reached every rank: rank 0 prints it, and the function returns the exit code 1 on every
// rank. Anything else happened on this rank alone while others may wait for it in a message:
// the function prints it naming the rank and aborts the whole job (does not return), except in
// a one-rank job, where it prints it and returns 1.
int handle_fatal(Communicator& comm, const std::exception& e, const std::string& program);

}  // namespace plume::parallel
