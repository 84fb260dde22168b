// Work that rank 0 does for the whole job (the files of the output folder): the other ranks learn
// its outcome, so that a failure ends every rank alike instead of leaving some waiting.
#pragma once
#include <exception>
#include <string>
#include "plume/parallel/communicator.hpp"

namespace plume::app {

// Runs f on rank 0 only. Collective: when f throws, every rank throws parallel::CollectiveError
// "<what>: <the error>".
template <class F>
void on_rank0(parallel::Communicator& world, const std::string& what, F&& f) {
  std::string problem;
  if (world.rank() == 0) {
    try {
      f();
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  parallel::agree(world, problem, what);
}

// Rank 0's `text` on every rank (collective).
inline void share_from_rank0(parallel::Communicator& world, std::string& text) {
  unsigned long long n = text.size();
  world.broadcast(&n, sizeof n, 0);
  text.resize(n);
  world.broadcast(text.data(), n, 0);
}

}  // namespace plume::app
