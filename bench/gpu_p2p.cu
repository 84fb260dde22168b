// Point-to-point bandwidth and latency between the GPUs of ranks 0 and 1, the ways plume's halos
// travel: host-staged (device -> pinned host, MPI, pinned host -> device, as the host transport
// does each phase), NCCL (ncclSend/ncclRecv between device buffers) and CUDA IPC (plume's own
// cuda-ipc transport, exchange only: it sends both ways at once by design). Two patterns:
// ping-pong (half the round trip: one message in flight) and exchange (both ranks send s bytes to
// each other at once, as a halo phase does, so that the two directions share what they share:
// host memory bandwidth, a link that is not full duplex). A fit t = t0 + s/B0 over the sizes of
// each gives B0, t0; the exchange's are the performance model's.
//   mpirun -np 2 gpu_p2p [--transport host|nccl|cuda-ipc|all]
#include <mpi.h>
#include <nccl.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include "cuda_check.hpp"
#include "parallel/ipc_transport.hpp"
#include "plume/parallel/mpi.hpp"

namespace {

void nccl_check(ncclResult_t r, const char* what) {
  if (r != ncclSuccess) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(r));
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

struct Fit {
  double t0, B0;
};
// Relative least squares of t = t0 + s/B0 (sizes span six decades).
Fit fit(const std::vector<double>& s, const std::vector<double>& t) {
  double a11 = 0, a12 = 0, a22 = 0, b1 = 0, b2 = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double w = 1 / (t[k] * t[k]);
    a11 += w, a12 += w * s[k], a22 += w * s[k] * s[k], b1 += w * t[k], b2 += w * s[k] * t[k];
  }
  const double det = a11 * a22 - a12 * a12;
  return {(b1 * a22 - b2 * a12) / det, det / (a11 * b2 - a12 * b1)};
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::string which = argc > 2 && std::string(argv[1]) == "--transport" ? argv[2] : "all";
  if (size != 2) {
    if (rank == 0) std::fprintf(stderr, "gpu_p2p: run on exactly 2 ranks (got %d)\n", size);
    MPI_Finalize();
    return 2;
  }
  // MPI is initialised: plume's communicator over it, gone before MPI_Finalize.
  auto session = std::make_unique<plume::parallel::MpiSession>(argc, argv);
  int ndev = 0;
  PLUME_CUDA_CHECK(cudaGetDeviceCount(&ndev));
  PLUME_CUDA_CHECK(cudaSetDevice(rank % ndev));
  const std::size_t max_bytes = std::size_t(64) << 20;
  char *d_send, *d_recv, *h_send, *h_recv;
  PLUME_CUDA_CHECK(cudaMalloc(&d_send, max_bytes));
  PLUME_CUDA_CHECK(cudaMalloc(&d_recv, max_bytes));
  PLUME_CUDA_CHECK(cudaMemset(d_send, rank + 1, max_bytes));
  PLUME_CUDA_CHECK(cudaMallocHost(&h_send, max_bytes));
  PLUME_CUDA_CHECK(cudaMallocHost(&h_recv, max_bytes));
  cudaStream_t st;
  PLUME_CUDA_CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  ncclComm_t nc = nullptr;
  ncclUniqueId id{};
  if (rank == 0) nccl_check(ncclGetUniqueId(&id), "ncclGetUniqueId");
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  nccl_check(ncclCommInitRank(&nc, 2, id, rank), "ncclCommInitRank");
  const int peer = 1 - rank;

  // One message of s bytes from this rank's device to the peer's device, or back.
  auto host_leg = [&](std::size_t s, bool sending) {
    if (sending) {
      PLUME_CUDA_CHECK(cudaMemcpyAsync(h_send, d_send, s, cudaMemcpyDeviceToHost, st));
      PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
      MPI_Send(h_send, int(s), MPI_BYTE, peer, 1, MPI_COMM_WORLD);
    } else {
      MPI_Recv(h_recv, int(s), MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      PLUME_CUDA_CHECK(cudaMemcpyAsync(d_recv, h_recv, s, cudaMemcpyHostToDevice, st));
      PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
    }
  };
  auto nccl_leg = [&](std::size_t s, bool sending) {
    if (sending)
      nccl_check(ncclSend(d_send, s, ncclChar, peer, nc, st), "ncclSend");
    else
      nccl_check(ncclRecv(d_recv, s, ncclChar, peer, nc, st), "ncclRecv");
    PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
  };

  // plume's cuda-ipc transport over one face pair (rank 0's z-high face meets rank 1's z-low),
  // set up again for each size (outside all but the first block of a size's timing).
  std::unique_ptr<plume::parallel::HaloTransport> ipc;
  std::size_t ipc_bytes = 0;
  auto ipc_exchange = [&](std::size_t s) {
    if (s != ipc_bytes) {
      ipc.reset();
      std::array<plume::parallel::HaloChannel, plume::parallel::kFaces> channels;
      channels[rank == 0 ? plume::parallel::ZHigh : plume::parallel::ZLow] = {peer, d_send, d_recv, s, {}};
      ipc = plume::parallel::make_ipc_transport(session->world(), channels, st);
      ipc_bytes = s;
    }
    ipc->start(2, 0);
    PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
  };

  // Both ranks send s bytes to each other and receive the peer's.
  auto host_exchange = [&](std::size_t s) {
    PLUME_CUDA_CHECK(cudaMemcpyAsync(h_send, d_send, s, cudaMemcpyDeviceToHost, st));
    PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
    MPI_Sendrecv(h_send, int(s), MPI_BYTE, peer, 2, h_recv, int(s), MPI_BYTE, peer, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    PLUME_CUDA_CHECK(cudaMemcpyAsync(d_recv, h_recv, s, cudaMemcpyHostToDevice, st));
    PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
  };
  auto nccl_exchange = [&](std::size_t s) {
    nccl_check(ncclGroupStart(), "ncclGroupStart");
    nccl_check(ncclSend(d_send, s, ncclChar, peer, nc, st), "ncclSend");
    nccl_check(ncclRecv(d_recv, s, ncclChar, peer, nc, st), "ncclRecv");
    nccl_check(ncclGroupEnd(), "ncclGroupEnd");
    PLUME_CUDA_CHECK(cudaStreamSynchronize(st));
  };

  // Seconds per call of `one(s)` over `parts` for s = 8 B .. 64 MB (the slower rank's, middle of 3
  // blocks), printed, then fitted to t = t0 + s/B0 and printed as a RESULT line named `what`.
  auto series = [&](const std::string& what, const std::string& t, const char* heading, int parts, auto&& one) {
    std::vector<double> sizes, times;
    if (rank == 0) std::printf("%s: %s\n       bytes   time [us]   GB/s\n", t.c_str(), heading);
    for (std::size_t s = 8; s <= max_bytes; s *= 4) {
      const int reps = int(std::clamp<std::size_t>((std::size_t(256) << 20) / s, 20, 1000));
      std::vector<double> best;
      for (int block = 0; block < 3; ++block) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double t0 = now();
        for (int r = 0; r < reps; ++r) one(s);
        double dt = (now() - t0) / (double(parts) * reps);
        MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        best.push_back(dt);
      }
      std::sort(best.begin(), best.end());
      sizes.push_back(double(s));
      times.push_back(best[1]);
      if (rank == 0) std::printf("  %10zu   %9.2f   %6.2f\n", s, best[1] * 1e6, double(s) / best[1] * 1e-9);
    }
    const Fit f = fit(sizes, times);
    if (rank == 0)
      std::printf("RESULT %s transport=%s t0_us=%.2f B0_GBs=%.2f\n", what.c_str(), t.c_str(), f.t0 * 1e6, f.B0 * 1e-9);
  };

  for (const std::string t : {"host", "nccl", "cuda-ipc"}) {
    if (which != "all" && which != t) continue;
    if (t == "cuda-ipc") {
      series("exchange", t, "exchange, both ranks send s bytes at once", 1, ipc_exchange);
      continue;
    }
    const bool host = t == "host";
    // Half a round trip: one message in flight at a time.
    series("p2p", t, "device-to-device ping-pong between GPU 0 and GPU 1, one way", 2, [&](std::size_t s) {
      for (int leg = 0; leg < 2; ++leg) {
        const bool sending = (leg == 0) == (rank == 0);
        host ? host_leg(s, sending) : nccl_leg(s, sending);
      }
    });
    series("exchange", t, "exchange, both ranks send s bytes at once", 1, [&](std::size_t s) {
      host ? host_exchange(s) : nccl_exchange(s);
    });
  }
  ipc.reset();
  session.reset();
  ncclCommDestroy(nc);
  MPI_Finalize();
  return 0;
}
