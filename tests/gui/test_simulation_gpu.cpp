// The simulation thread on the CUDA backend (label gpu): with device texels on, every snapshot
// carries its texels in device memory, equal to the host path's floats; running snapshots keep the
// fields on the device, with a colour range and a read-out made there that agree with their
// texels; the steps queued while a snapshot is made (Solver::advance_async) are counted, and
// `steps N` stays exact.
#include <gtest/gtest.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>
#include "device_texels.hpp"
#include "plume/config/run_config.hpp"
#include "plume/io/field_select.hpp"
#include "simulation.hpp"
#include "volume.hpp"

using plume::gui::Simulation;
using plume::gui::Snapshot;
namespace cmd = plume::gui::cmd;

namespace {

Snapshot& wait_for(Simulation& sim, std::unique_ptr<Snapshot>& front, std::uint64_t seq) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (front->applied_seq < seq && std::chrono::steady_clock::now() < until)
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_GE(front->applied_seq, seq);
  return *front;
}

}  // namespace

TEST(SimulationGpu, DeviceTexelsAndOverlappedStepsKeepTheRunExact) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) GTEST_SKIP() << "no CUDA device";
  plume::config::RunConfig c = plume::config::default_config();
  plume::config::apply_override(c, "lattice.nx", "1024");
  plume::config::apply_override(c, "lattice.ny", "1024");
  plume::config::apply_override(c, "run.backend", "cuda");
  Simulation sim(c, true, 10, 16384, 1.0);
  sim.use_device_texels(true);
  sim.probe_at(100, 700, 0);
  auto front = std::make_unique<Snapshot>();
  // Running: take snapshots for a second, as a window would. They keep the fields on the device.
  long snapshots_on_device = 0, probed = 0, last_step = -1;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (std::chrono::steady_clock::now() < until) {
    if (!sim.take(front)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    EXPECT_GE(front->step, last_step);
    last_step = front->step;
    EXPECT_LE(front->step, front->steps_total);
    EXPECT_LE(front->diag.step, front->step);
    if (!front->shown.texels_on_device || front->host_fields) continue;
    ++snapshots_on_device;
    EXPECT_EQ(front->fields.sites(), 0u);
    EXPECT_TRUE(front->shown.values.empty());
    // The range is the texels' own (k = 1: every site has a texel): their extremes are the
    // range's ends less the offset; and the read-out at the probed site is its texel's value.
    const plume::gui::ShownField& f = front->shown;
    ASSERT_EQ(f.texture_k, 1);
    EXPECT_EQ(f.offset, 0.5 * (f.range.lo + f.range.hi));
    std::vector<float> texels(std::size_t(f.texture_nx) * f.texture_ny);
    ASSERT_EQ(cudaMemcpy(texels.data(), f.device_texture->data(), texels.size() * sizeof(float),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    EXPECT_EQ(*std::min_element(texels.begin(), texels.end()), float(f.range.lo - f.offset));
    EXPECT_EQ(*std::max_element(texels.begin(), texels.end()), float(f.range.hi - f.offset));
    if (front->probe_site[0] == 100 && front->probe_site[1] == 700 && !front->probe.empty()) {
      ++probed;
      const int t = plume::io::field_index(plume::find_model("d2q37"), f.kind->name);
      const float want = float(front->probe[std::size_t(t)] - f.offset);
      EXPECT_EQ(std::memcmp(&want, &texels[std::size_t(700) * f.texture_nx + 100], sizeof want), 0);
    }
  }
  EXPECT_GT(snapshots_on_device, 5);
  EXPECT_GT(probed, 0);

  // Paused: the snapshot brings the fields to the host; its device texels are float(value -
  // offset), as the host path makes them.
  wait_for(sim, front, sim.post(cmd::Run{false}));
  ASSERT_TRUE(front->host_fields);
  ASSERT_TRUE(front->shown.texels_on_device);
  ASSERT_TRUE(front->shown.device_texture);
  EXPECT_TRUE(front->shown.texture.empty());
  EXPECT_EQ(front->cuda_device, front->shown.device_texture->device());
  const plume::gui::ShownField& f = front->shown;
  std::vector<float> texels(std::size_t(f.texture_nx) * f.texture_ny);
  ASSERT_EQ(cudaMemcpy(texels.data(), f.device_texture->data(), texels.size() * sizeof(float), cudaMemcpyDeviceToHost),
            cudaSuccess);
  std::size_t differ = 0;
  for (int y = 0; y < f.texture_ny; ++y)
    for (int x = 0; x < f.texture_nx; ++x) {
      const float want = float(f.values[std::size_t(y) * front->fields.nx + x] - f.offset);
      differ += std::memcmp(&want, &texels[std::size_t(y) * f.texture_nx + x], sizeof(float)) != 0;
    }
  EXPECT_EQ(differ, 0u);
  // The host snapshot's read-out (made on the device) is the host fields' value.
  ASSERT_FALSE(front->probe.empty());
  const int t = plume::io::field_index(plume::find_model("d2q37"), "T");
  const double host_t = front->fields["T"][front->fields.at(100, 700, 0)];
  EXPECT_EQ(std::memcmp(&front->probe[std::size_t(t)], &host_t, sizeof host_t), 0);

  // Paused, `steps 37` advances exactly 37 steps, overlapped snapshots on the way or not.
  const long at = front->step;
  const Snapshot& after = wait_for(sim, front, sim.post(cmd::Steps{37}));
  EXPECT_EQ(after.step, at + 37);
  EXPECT_FALSE(after.running);
  EXPECT_TRUE(after.host_fields);
  EXPECT_EQ(after.diag.step, after.step);
}

TEST(SimulationGpu, TheDeviceTexelsOfA3DRunAreThePlaneShown) {
  // D3Q19 on 24 x 20 x 16 sites, the plane x = 5 (20 x 16 texels, y across, z up) and then
  // z = 3: the texels made on the device are the host path's floats of that plane.
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) GTEST_SKIP() << "no CUDA device";
  const plume::config::RunConfig c = plume::config::parse_config(
      "model = \"d3q19\"\n[lattice]\nnx = 24\nny = 20\nnz = 16\n[run]\nbackend = \"cuda\"\n", "the test");
  Simulation sim(c, false, 10, 16384, 1.0);
  sim.use_device_texels(true);
  const plume::Model& m = plume::find_model("d3q19");
  auto front = std::make_unique<Snapshot>();
  for (const plume::gui::Slice slice : {plume::gui::Slice{0, 5}, plume::gui::Slice{2, 3}}) {
    sim.show(&plume::io::field_choice(m, "ux"), slice);
    const Snapshot& s = wait_for(sim, front, sim.post(cmd::Steps{3}));
    const plume::gui::ShownField& f = s.shown;
    ASSERT_TRUE(f.texels_on_device);
    EXPECT_EQ(f.plane.axis, slice.axis);
    EXPECT_EQ(f.plane.position, slice.position);
    ASSERT_EQ(f.texture_nx, f.plane.width);
    ASSERT_EQ(f.texture_ny, f.plane.height);
    ASSERT_EQ(f.values.size(), std::size_t(f.plane.width) * f.plane.height);
    std::vector<float> texels(f.values.size());
    ASSERT_EQ(cudaMemcpy(texels.data(), f.device_texture->data(), texels.size() * sizeof(float),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < texels.size(); ++i) {
      const float want = float(f.values[i] - f.offset);
      differ += std::memcmp(&want, &texels[i], sizeof(float)) != 0;
    }
    EXPECT_EQ(differ, 0u) << "slice " << slice.axis << " " << slice.position;
  }
}

TEST(SimulationGpu, TheDeviceVolumeAndThreePlanesOfA3DRunAreTheHostPaths) {
  // D3Q19 on 24 x 20 x 16 sites, then 300 x 12 x 8 (sampled every 2nd site): the volume's texels
  // made on the device are the host path's floats of the whole lattice, float(value - offset),
  // and in the three-slice layout each plane's texels are those of its plane.
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) GTEST_SKIP() << "no CUDA device";
  for (const char* lattice : {"nx = 24\nny = 20\nnz = 16\n", "nx = 300\nny = 12\nnz = 8\n"}) {
    const plume::config::RunConfig c = plume::config::parse_config(
        std::string("model = \"d3q19\"\n[lattice]\n") + lattice +
            "[initial]\nstart = \"taylor_green\"\namplitude = 0.05\n[run]\nbackend = \"cuda\"\n",
        "the test");
    Simulation sim(c, false, 10, 16384, 1.0);
    sim.use_device_texels(true);
    const plume::io::FieldChoice& ux = plume::io::field_choice(plume::find_model("d3q19"), "ux");
    auto front = std::make_unique<Snapshot>();
    sim.show(&ux, {}, plume::gui::Layout::Volume);
    const Snapshot& s = wait_for(sim, front, sim.post(cmd::Steps{3}));
    const plume::gui::ShownVolume& v = s.volume;
    ASSERT_EQ(s.layout, plume::gui::Layout::Volume);
    ASSERT_TRUE(v.texels_on_device);
    ASSERT_TRUE(v.device_texture);
    EXPECT_EQ(v.device_texture->nz(), v.texture_nz);
    const int k = plume::gui::volume_step(s.fields.nx, s.fields.ny, s.fields.nz);
    EXPECT_EQ(v.k, k);
    std::vector<float> texels(std::size_t(v.texture_nx) * v.texture_ny * v.texture_nz);
    ASSERT_EQ(cudaMemcpy(texels.data(), v.device_texture->data(), texels.size() * sizeof(float),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    std::size_t differ = 0;
    for (int z = 0; z < v.texture_nz; ++z)
      for (int y = 0; y < v.texture_ny; ++y)
        for (int x = 0; x < v.texture_nx; ++x) {
          const float want = float(s.fields["ux"][s.fields.at(x * k, y * k, z * k)] - v.offset);
          differ += std::memcmp(&want, &texels[(std::size_t(z) * v.texture_ny + y) * v.texture_nx + x],
                                sizeof(float)) != 0;
        }
    EXPECT_EQ(differ, 0u) << lattice;
    EXPECT_GT(v.range.hi, v.range.lo) << "a field that varies";

    plume::gui::Point3 point;
    point.p[0] = 5;
    point.p[2] = 3;
    sim.show(&ux, {}, plume::gui::Layout::Three, point);
    const Snapshot& t = wait_for(sim, front, sim.post(cmd::Steps{1}));
    ASSERT_EQ(t.layout, plume::gui::Layout::Three);
    for (const plume::gui::ShownField& f : t.planes) {
      ASSERT_TRUE(f.texels_on_device);
      if (f.texture_nx != f.plane.width) continue;  // sampled planes: the 2-D test's business
      std::vector<float> p(f.values.size());
      ASSERT_EQ(f.texture_ny, f.plane.height);
      ASSERT_EQ(cudaMemcpy(p.data(), f.device_texture->data(), p.size() * sizeof(float), cudaMemcpyDeviceToHost),
                cudaSuccess);
      std::size_t off = 0;
      for (std::size_t i = 0; i < p.size(); ++i) {
        const float want = float(f.values[i] - f.offset);
        off += std::memcmp(&want, &p[i], sizeof(float)) != 0;
      }
      EXPECT_EQ(off, 0u) << "plane " << f.plane.axis << " = " << f.plane.position;
    }
  }
}
