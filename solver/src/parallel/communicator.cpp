// The one-rank communicator, and the error policy shared by every communicator.
#include "plume/parallel/communicator.hpp"
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace plume::parallel {
namespace {

class NoTransport final : public HaloTransport {
 public:
  void start(int, int) override {}
  bool test(int) override { return true; }
  void wait(int) override {}
};

class SelfCommunicator final : public Communicator {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int node_rank() const override { return 0; }
  std::string name() const override { return "single process"; }
  void barrier() override {}
  void allreduce(double*, std::size_t, ReduceOp) override {}
  void allreduce(long long*, std::size_t, ReduceOp) override {}
  void broadcast(void*, std::size_t, int) override {}
  void send(const void*, std::size_t, int dest, int) override { no_peer(dest); }
  void recv(void*, std::size_t, int source, int) override { no_peer(source); }
  std::unique_ptr<HaloTransport> connect(const std::array<HaloChannel, kFaces>& channels) override {
    for (const HaloChannel& c : channels)
      if (c.peer >= 0) no_peer(c.peer);
    return std::make_unique<NoTransport>();
  }
  std::unique_ptr<Communicator> split(int color) override {
    return color < 0 ? nullptr : std::make_unique<SelfCommunicator>();
  }
  [[noreturn]] void abort(const std::string& message, int code) override {
    std::fprintf(stderr, "%s\n", message.c_str());
    std::fflush(stderr);
    std::exit(code);
  }

 private:
  [[noreturn]] static void no_peer(int rank) {
    throw std::logic_error("single-process communicator: there is no rank " + std::to_string(rank) +
                           " to exchange messages with");
  }
};

}  // namespace

std::unique_ptr<Communicator> self_communicator() { return std::make_unique<SelfCommunicator>(); }

void agree(Communicator& comm, const std::string& local_problem, const std::string& what) {
  const int n = comm.size(), me = comm.rank();
  if (n == 1) {
    if (!local_problem.empty()) throw CollectiveError(what + ": " + local_problem);
    return;
  }
  // Every rank learns the length of every rank's message, then the faulty ranks broadcast theirs.
  std::vector<long long> length(n, 0);
  length[me] = (long long)local_problem.size();
  comm.allreduce(length.data(), length.size(), ReduceOp::Sum);
  constexpr int kListed = 8;  // a message per rank would be unreadable with thousands of ranks
  std::string all;
  int faulty = 0;
  for (int r = 0; r < n; ++r) {
    if (length[r] == 0) continue;
    if (++faulty > kListed) continue;
    std::string text = r == me ? local_problem : std::string(std::size_t(length[r]), '\0');
    comm.broadcast(text.data(), text.size(), r);
    all += (all.empty() ? "" : "; ") + ("rank " + std::to_string(r) + " of " + std::to_string(n) + ": ") + text;
  }
  if (faulty == 0) return;
  if (faulty > kListed) all += "; and " + std::to_string(faulty - kListed) + " more ranks";
  throw CollectiveError(what + ": " + all);
}

int handle_fatal(Communicator& comm, const std::exception& e, const std::string& program) {
  if (dynamic_cast<const CollectiveError*>(&e) || comm.size() == 1) {
    if (comm.rank() == 0) {
      std::fprintf(stderr, "%s: error: %s\n", program.c_str(), e.what());
      std::fflush(stderr);
    }
    return 1;
  }
  comm.abort(program + ": rank " + std::to_string(comm.rank()) + " of " + std::to_string(comm.size()) +
                 ": error: " + e.what() + " (ending all ranks)",
             1);
  return 1;  // not reached: abort() ends the process
}

}  // namespace plume::parallel
