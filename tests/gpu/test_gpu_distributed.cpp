// Decomposed runs on GPUs, one per rank, under mpirun (label gpu; scripts/gpu.sh scaling and
// gpu-scaling-model.sh run it on the GPUs of a node): after 200 steps the gathered populations and
// fields equal a one-GPU run bit for bit, for every tiling of the rank count (1-D along x and y,
// 2-D, uneven splits), walls and periodic y, overlap on and off, and every transport this build
// and MPI library offer; then every other model the same way, 3-D ones tiled along z too.
//
// Collective calls first, comparisons after on rank 0 with EXPECT only (a fatal assertion would
// leave the other ranks waiting in a collective).
#include <gtest/gtest.h>
#include <map>
#include <tuple>
#include "d2q37/lattice.hpp"
#include "every_model.hpp"
#include "in_place_cases.hpp"
#include "plume/model.hpp"
#include "plume/parallel/mpi.hpp"
#include "plume/solver.hpp"
#include "rank_report.hpp"

using namespace plume;
using namespace plume::parallel;
using namespace plume::testing;

namespace {

Communicator* world = nullptr;

// 259 x 198: every tiling of 2 and 4 ranks splits it unevenly along x, and some along y; large
// enough that the bulk kernel still has rows left on 4 tiles.
SolverConfig gpu_case(bool walls, Precision precision) {
  SolverConfig c = seam_case(259, 198, walls, precision);
  c.backend = BackendKind::CUDA;
  return c;
}

std::vector<TransportKind> transports() {
  std::vector<TransportKind> t{TransportKind::Host};
  SolverConfig probe = gpu_case(true, Precision::FP64);
  for (TransportKind k : {TransportKind::CudaAware, TransportKind::Nccl, TransportKind::CudaIpc}) {
    probe.transport = k;
    try {
      Solver s(probe, *world);  // collective: every rank learns the same
      t.push_back(k);
    } catch (const CollectiveError&) {
      // not offered here (no NCCL in the build, MPI without CUDA support, ranks on several hosts):
      // the next test says which
    }
  }
  return t;
}

}  // namespace

TEST(GpuDistributed, EveryTilingAndTransportGivesTheOneGpuResultBitForBit) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  const long steps = 200;
  struct Case {
    Tiling tiles;
    bool walls, overlap;
    TransportKind transport;
    Precision precision;
  };
  std::vector<Case> cases;
  for (TransportKind tr : transports())
    for (const Tiling t : tilings_of(world->size(), gpu_case(true, Precision::FP64), d2q37::D2Q37::reach))
      for (bool walls : {true, false})
        for (bool overlap : {true, false}) cases.push_back({t, walls, overlap, tr, Precision::FP64});
  cases.push_back({Tiling{}, true, true, TransportKind::Auto, Precision::FP32});  // automatic tiling, FP32

  for (const Case& k : cases) {
    SolverConfig c = gpu_case(k.walls, k.precision);
    c.tiles = k.tiles;
    c.overlap = k.overlap;
    c.transport = k.transport;
    Solver s(c, *world);
    EXPECT_EQ(s.backend().kind, BackendKind::CUDA);
    s.initialize();
    s.advance(steps);
    const std::vector<double> global = s.checkpoint_out().populations;
    Fields local, F;
    s.snapshot().fields(local);
    s.snapshot().gather(local, F);
    const std::string what = s.decomposition().describe() + (k.walls ? ", walls" : ", periodic y") +
                             (k.overlap ? ", overlap" : ", no overlap") + ", transport " +
                             (world->size() > 1 ? to_string(s.backend().transport) : "none") +
                             (k.precision == Precision::FP32 ? ", FP32" : "");
    if (s.communicator().rank() != 0) continue;
    const Reference& ref = reference(c, steps);
    EXPECT_EQ(first_difference(global, ref.populations, c.nx, c.ny), "") << what;
    EXPECT_EQ(first_difference(F, ref.fields), "") << what;
  }
}

// Every model of the registry (tests/physics/every_model.hpp: walls, solids, moving walls, a
// thermal layer, the 2-D and 3-D stencil), FP64 and FP32 storage, on every tiling of the job's GPUs
// along x, y and z, each transport, overlap on and off: the gathered populations equal the
// one-GPU run bit for bit.
TEST(GpuDistributed, EveryModelOnEveryTilingAndTransportGivesTheOneGpuPopulationsBitForBit) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  const long steps = 60;
  const std::vector<TransportKind> offered = transports();
  int with_z_tiles = 0;
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::every_model_case(precision, BackendKind::CUDA))
      with_z_tiles += expect_every_tiling_is_one_process(*world, mc.config, steps,
                                                         mc.config.model->lattice().reach,
                                                         mc.what + (precision == Precision::FP32 ? " FP32" : " FP64"),
                                                         offered);
  if (world->size() > 1) EXPECT_GT(with_z_tiles, 0) << "no tiling along z was tried";
}

// In-place streaming through every tiling and transport (the exchange after a pushing step returns
// the halos' values to their tiles, on the halo stream): every lattice Boltzmann case of the
// in-place tests, after an odd number of steps, equal to the one-GPU in-place run bit for bit.
TEST(GpuDistributed, InPlaceStreamingOnEveryTilingAndTransportGivesTheOneGpuPopulationsBitForBit) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  const std::vector<TransportKind> offered = transports();
  for (Precision precision : {Precision::FP64, Precision::FP32})
    for (const test::ModelCase& mc : test::lbm_cases(precision, BackendKind::CUDA))
      expect_every_tiling_is_one_process(*world, test::in_place(mc.config), 41,
                                         mc.config.model->lattice().reach,
                                         "in place, " + mc.what + (precision == Precision::FP32 ? " FP32" : " FP64"),
                                         offered);
}

// The copy-engine transport runs wherever the ranks share a host (the GPU jobs of these tests), so
// that the transport lists above cannot lose it quietly; on several hosts it says why not.
TEST(GpuDistributed, TheCudaIpcTransportRunsOnTheGpusOfOneHost) {
  if (cuda_device_count() == 0 || world->size() == 1) GTEST_SKIP() << "needs a CUDA device and several ranks";
  SolverConfig c = gpu_case(false, Precision::FP64);
  c.transport = TransportKind::CudaIpc;
  try {
    Solver s(c, *world);
    EXPECT_EQ(s.backend().transport, TransportKind::CudaIpc);
  } catch (const CollectiveError& e) {
    const std::string m = e.what();
    if (m.find("runs on host") != std::string::npos) GTEST_SKIP() << m;
    ADD_FAILURE() << m;
  }
}

// A transport that cannot run here is refused on every rank with the reason, not run wrongly.
TEST(GpuDistributed, AnUnavailableTransportIsRefusedOnEveryRankWithTheReason) {
  if (cuda_device_count() == 0 || world->size() == 1) GTEST_SKIP() << "needs a CUDA device and several ranks";
  SolverConfig c = gpu_case(true, Precision::FP64);
  c.transport = TransportKind::CudaAware;
  if (world->device_pointers()) GTEST_SKIP() << "this MPI library is CUDA-aware: nothing to refuse";
  std::string message;
  try {
    Solver s(c, *world);
  } catch (const CollectiveError& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("does not report CUDA support"), std::string::npos) << message;
  EXPECT_NE(message.find("rank 0 of"), std::string::npos) << message;
}

int main(int argc, char** argv) {
  MpiSession mpi(argc, argv);
  world = &mpi.world();
  return run_on_every_rank(*world, argc, argv);
}
