// What plume-gui asks of a snapshot where the fields are (Snapshot::range: the colour range
// of the field shown; Snapshot::values: the read-out under the cursor), on the CPU backend,
// against the host computation the GUI made over the fields (io::extract_field, then the finite
// extremes of the fluid sites' values): the same numbers for every field of every model, over the
// whole lattice and over a plane, and the values at a site bit for bit. (The CUDA backend against
// the same host code: tests/gpu/test_gpu_snapshot_reductions.cpp.)
#include <gtest/gtest.h>
#include <omp.h>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "every_model.hpp"
#include "plume/io/field_select.hpp"
#include "plume/reductions.hpp"
#include "plume/solver.hpp"

using namespace plume;

namespace {

int solid_field(const Model& m) {
  for (std::size_t k = 0; k < m.fields().size(); ++k)
    if (std::string(m.fields()[k].name) == "solid") return int(k);
  return -1;
}

// The GUI's computation: the values of the box's sites, finite ones only, those of the sites the
// mask leaves (fluid) apart.
FieldRange by_hand(const std::vector<double>& v, const Fields& f, const Box& b, int mask) {
  FieldRange r;
  for (int z = b.z0; z < b.z1; ++z)
    for (int y = b.y0; y < b.y1; ++y)
      for (int x = b.x0; x < b.x1; ++x) {
        const std::size_t i = f.at(x, y, z);
        const bool kept = mask < 0 || f[mask][i] == 0.0;
        r.kept += kept;
        if (!std::isfinite(v[i])) continue;
        r.lo_all = std::min(r.lo_all, v[i]);
        r.hi_all = std::max(r.hi_all, v[i]);
        if (!kept) continue;
        r.lo = std::min(r.lo, v[i]);
        r.hi = std::max(r.hi, v[i]);
      }
  return r;
}

void expect_same(const FieldRange& a, const FieldRange& b, const std::string& what) {
  EXPECT_EQ(a.lo, b.lo) << what;
  EXPECT_EQ(a.hi, b.hi) << what;
  EXPECT_EQ(a.lo_all, b.lo_all) << what;
  EXPECT_EQ(a.hi_all, b.hi_all) << what;
  EXPECT_EQ(a.kept, b.kept) << what;
}

}  // namespace

TEST(SnapshotReductions, TheRangeAndValuesOfEveryFieldAreTheHostComputationsForEveryModel) {
  for (const test::ModelCase& mc : test::every_model_case()) {
    Solver s(mc.config);
    s.initialize();
    s.advance(12);
    Fields f;
    s.snapshot().fields(f);
    const int mask = solid_field(s.model());
    // The whole lattice, a plane across it (a 3-D lattice's slice, a 2-D lattice's rows) and a
    // corner box.
    const Box whole = Box::of(s.domain());
    const Box plane{0, f.nx, 0, f.ny, f.nz / 2, f.nz / 2 + 1};
    const Box column{2, 3, 0, f.ny, 0, f.nz};
    const Box corner{1, f.nx / 2, f.ny / 3, f.ny, 0, (f.nz + 1) / 2};
    for (bool on_device : {false, true}) {  // on the CPU backend both requests make host fields
      if (on_device)
        s.request_snapshot(plume::Snapshot::Device);
      else
        s.request_snapshot();
      s.snapshot().wait_device();
      std::vector<FieldFormula> all;
      std::vector<std::vector<double>> values;
      for (const io::FieldChoice& c : io::field_choices(s.model())) {
        all.push_back(c.formula());
        values.push_back(io::extract_field(f, c));
        const std::vector<double>& v = values.back();
        for (const Box& b : {whole, plane, column, corner}) {
          const std::string what = mc.what + " " + c.name + " box from (" + std::to_string(b.x0) + ", " +
                                   std::to_string(b.y0) + ", " + std::to_string(b.z0) + ")";
          expect_same(s.snapshot().range(c.formula(), b, mask), by_hand(v, f, b, mask), what);
          if (mask >= 0) expect_same(s.snapshot().range(c.formula(), b), by_hand(v, f, b, -1), what + ", no mask");
        }
      }
      const std::array<std::array<int, 3>, 3> sites{
          {{0, 0, 0}, {f.nx - 1, f.ny - 1, f.nz - 1}, {f.nx / 3, f.ny / 2, f.nz / 2}}};
      for (const std::array<int, 3>& c : sites) {
        const std::vector<double> got = s.snapshot().values(all, c[0], c[1], c[2]);
        ASSERT_EQ(got.size(), all.size());
        for (std::size_t k = 0; k < all.size(); ++k) {
          const double want = values[k][f.at(c[0], c[1], c[2])];
          EXPECT_EQ(std::memcmp(&got[k], &want, sizeof want), 0)
              << mc.what << " " << io::field_choices(s.model())[k].name << " at " << c[0] << " " << c[1] << " " << c[2];
        }
      }
    }
    EXPECT_THROW(s.snapshot().values(std::vector<FieldFormula>{io::field_choices(s.model())[0].formula()}, f.nx, 0, 0),
                 std::invalid_argument)
        << mc.what;
  }
}

// Signed zeros are ordered (-0 below +0), so that the extremes have the same bits with any
// number of threads, and a GPU's blocks in any order.
TEST(SnapshotReductions, TheRangeHasTheSameBitsWithAnyThreads) {
  Fields f;
  f.resize(find_model("diffusion"), 64, 33, 1);
  for (std::size_t i = 0; i < f.sites(); ++i) f[0][i] = i % 3 == 1 ? -0.0 : 0.0;  // both zeros, interleaved
  FieldFormula t;
  t.stored = 0;
  const Box b{0, 64, 0, 33, 0, 1};
  const int threads = omp_get_max_threads();
  FieldRange first;
  for (int n : {1, 2, 3, 7}) {
    omp_set_num_threads(n);
    const FieldRange r = field_range(f, t, b, -1);
    if (n == 1) first = r;
    EXPECT_TRUE(std::signbit(r.lo)) << n << " threads";
    EXPECT_FALSE(std::signbit(r.hi)) << n << " threads";
    EXPECT_EQ(std::memcmp(&r, &first, sizeof r), 0) << n << " threads";
  }
  omp_set_num_threads(threads);
}
