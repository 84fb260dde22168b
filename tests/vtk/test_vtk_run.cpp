// `plume run` with output.vtk_every under mpirun: the VTK files hold the solver's fields bit for
// bit, the same whole lattice whatever the ranks and tiling, in 2-D (D2Q9) and 3-D (D3Q19); the .pvd lists every step written;
// bad values of the keys end the command before any work, naming the key.
#include <gtest/gtest.h>
#include <filesystem>
#include <array>
#include <map>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkXMLPImageDataReader.h>
#include <vtkXMLPolyDataReader.h>
#include <vtkXMLPPolyDataReader.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkPointData.h>
#include <vtkDataArray.h>
#include "output_files.hpp"
#include "plume/config/run_config.hpp"
#include "run_plume.hpp"
#include "vtk_files.hpp"

using namespace plume;
using namespace plume::test;

namespace {

const std::vector<long long> kSteps{0, 10, 20, 30, 40};

// `plume run CASE ARGS` on `ranks` ranks; a job that hangs is ended after a minute.
Result run_case(int ranks, const std::string& case_file, const std::string& args) {
  return run_shell("timeout -k 5 60 " + std::string(MPIEXEC) + " -np " + std::to_string(ranks) + " " + PLUME_EXE +
                   " run -q " + q(case_file) + " " + args);
}

// A small D2Q9 case (a Couette channel: the flow changes from step to step), on `ranks` ranks.
Result run(int ranks, const std::string& out, const std::string& more = "") {
  return run_case(ranks, std::string(PLUME_SOURCE_DIR) + "/assets/d2q9_couette.toml",
                  "--set lattice.nx=24 --set lattice.ny=16 --set run.steps=40 --set output.every=40"
                  " --set output.vtk_every=10 -o " + q(out) + " " + more);
}

std::string summary(const std::string& out, long long step) {
  char name[64];
  std::snprintf(name, sizeof name, "/vtk/plume_%09lld.pvti", step);
  return out + name;
}

// The cell arrays of a summary and its pieces, by name.
std::map<std::string, std::vector<double>> read_arrays(const std::string& pvti) {
  vtkNew<vtkXMLPImageDataReader> r;
  r->SetFileName(pvti.c_str());
  r->Update();
  std::map<std::string, std::vector<double>> a;
  vtkCellData* cd = r->GetOutput()->GetCellData();
  for (int i = 0; i < cd->GetNumberOfArrays(); ++i) {
    auto* d = vtkDoubleArray::SafeDownCast(cd->GetArray(i));
    if (d) a[d->GetName()].assign(d->GetPointer(0), d->GetPointer(0) + d->GetNumberOfValues());
  }
  return a;
}

// The 1-rank run, made once for the tests that compare with it (a run takes seconds to start).
const std::string& one_rank_run() {
  static const TempDir tmp;
  static const std::string out = tmp / "np1";
  static const Result r = run(1, out);
  EXPECT_EQ(r.code, 0) << r.err;
  return out;
}

}  // namespace

TEST(VtkRun, TheFilesHoldTheSolversFieldsAndTheSeriesEveryStep) {
  const std::string& out = one_rank_run();

  // The final state, from the run's own checkpoint.
  std::vector<std::string> problems;
  const auto cfg = config::load_config(out + "/config.toml", problems);
  ASSERT_TRUE(cfg) << problems.front();
  const Fields f = checkpoint_fields(ckpt(out, 40), *cfg);
  const auto last = read_arrays(summary(out, 40));
  ASSERT_EQ(last.size(), f.info().size()) << "every field the model stores";
  for (int k = 0; k < f.count(); ++k) {
    SCOPED_TRACE(f.info()[k].name);
    ASSERT_EQ(last.count(f.info()[k].name), 1u);
    EXPECT_TRUE(last.at(f.info()[k].name) == f[k]) << "bit for bit";
  }
  EXPECT_FALSE(read_arrays(summary(out, 10)).at("ux") == last.at("ux")) << "the flow must change, or this proves little";

  EXPECT_EQ(pvd_times(out + "/vtk/plume.pvd"), (std::vector<std::string>{"0", "10", "20", "30", "40"}));
}

TEST(VtkRun, TwoRanksInEitherTilingWriteTheLatticeOfOne) {
  TempDir tmp;
  const std::string& one = one_rank_run();
  for (const std::string tiles : {"2x1", "1x2"}) {
    SCOPED_TRACE(tiles);
    const std::string dir = tmp / tiles;
    const Result r = run(2, dir, "--set run.tiles=" + tiles);
    ASSERT_EQ(r.code, 0) << r.err;
    for (long long step : kSteps) {
      EXPECT_TRUE(std::filesystem::exists(dir + "/vtk/plume_" + std::string(9 - std::to_string(step).size(), '0') +
                                          std::to_string(step) + "_r1.vti"));
      EXPECT_TRUE(read_arrays(summary(dir, step)) == read_arrays(summary(one, step))) << "step " << step;
    }
  }
}

TEST(VtkRun, BadValuesEndTheCommandNamingTheKey) {
  TempDir tmp;
  const std::string out = tmp / "out";
  // Every problem of the command line is told at once.
  const Result r = run(1, out,
                       "--set output.vtk_every=-1 --set 'output.vtk_fields=[\"vorticity\"]' --set "
                       "'output.vtk_fields=[\"nope\"]' --set 'output.vtk_fields=[\"rho\", \"rho\"]'");
  EXPECT_EQ(r.code, 2) << r.err;
  for (const std::string message :
       {"output.vtk_every = -1 is out of range", "output.vtk_fields=[\"vorticity\"]: 'vorticity' needs each site's neighbours",
        "output.vtk_fields=[\"nope\"]: unknown field 'nope'", "output.vtk_fields=[\"rho\", \"rho\"]: 'rho' is named twice"})
    EXPECT_NE(r.err.find(message), std::string::npos) << message << "\n" << r.err;
  EXPECT_FALSE(std::filesystem::exists(out)) << "nothing written";
}

TEST(VtkRun, ARestartContinuesTheSeriesAndOverwriteRemovesIt) {
  TempDir tmp;
  const std::string out = tmp / "out";
  ASSERT_EQ(run(1, out, "--set output.checkpoint_every=20").code, 0);
  const auto before = read_arrays(summary(out, 40));
  // From step 20, in the run's own folder: the series keeps 0-20 and gets 30 and 40 again.
  Result r = run_shell(std::string(PLUME_EXE) + " run -q --restart " + q(ckpt(out, 20)) + " -o " + q(out));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(pvd_times(out + "/vtk/plume.pvd"), (std::vector<std::string>{"0", "10", "20", "30", "40"}));
  EXPECT_TRUE(read_arrays(summary(out, 40)) == before) << "the restart continues bit for bit";
  // Another run replacing this one takes the VTK files with the rest.
  r = run_shell(std::string(PLUME_EXE) + " run -q --overwrite " + q(out + "/config.toml") +
                " --set output.vtk_every=0 -o " + q(out));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out + "/vtk"));
}

TEST(VtkRun, A3DRunTiledAlongZOrXWritesTheLatticeOfOneRank) {
  TempDir tmp;
  const std::string tg = tmp / "taylor_green.toml";
  write_file(tg,
             "model = \"d3q19\"\n[lattice]\nnx = 12\nny = 10\nnz = 8\n[physics]\ntau = 0.8\n"
             "[initial]\nstart = \"taylor_green\"\namplitude = 0.05\n[run]\nsteps = 20\n"
             "[output]\nevery = 0\nvtk_every = 10\n");
  const std::string one = tmp / "np1";
  Result r = run_case(1, tg, "-o " + q(one));
  ASSERT_EQ(r.code, 0) << r.err;
  vtkNew<vtkXMLPImageDataReader> whole;
  whole->SetFileName(summary(one, 20).c_str());
  whole->Update();
  int ext[6];
  whole->GetOutput()->GetExtent(ext);
  EXPECT_EQ(std::vector<int>(ext, ext + 6), (std::vector<int>{0, 12, 0, 10, 0, 8})) << "a 3-D image of cells";
  const auto last = read_arrays(summary(one, 20));
  ASSERT_EQ(last.count("uz"), 1u);
  EXPECT_FALSE(last.at("uz") == read_arrays(summary(one, 0)).at("uz")) << "the flow must change";
  for (const std::string tiles : {"1x1x2", "2x1x1"}) {
    SCOPED_TRACE(tiles);
    const std::string dir = tmp / tiles;
    r = run_case(2, tg, "--set run.tiles=" + tiles + " -o " + q(dir));
    ASSERT_EQ(r.code, 0) << r.err;
    for (long long step : {0, 10, 20})
      EXPECT_TRUE(read_arrays(summary(dir, step)) == read_arrays(summary(one, step))) << "step " << step;
  }
}

// Needs the tracers (solver/tracers) and the run loop handing their points to Output::vtk: until
// then [tracers] is refused, or no .vtp is written.
TEST(VtkRun, TracersAreWrittenBesideTheFieldsAtEveryVtkStepOnOneAndTwoRanks) {
  for (int ranks : {1, 2}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const TempDir tmp;
    const std::string out = tmp / "tracers";
    const Result r = run(ranks, out,
                         "--set 'tracers.seed_in=\"line\"' --set tracers.count=9 --set 'tracers.from=[2.0, 3.0]'"
                         " --set 'tracers.to=[21.0, 12.0]'");
    ASSERT_EQ(r.code, 0) << r.err;
    for (long long step : kSteps) {
      char name[64];
      std::snprintf(name, sizeof name, "/vtk/tracers_%09lld.vtp", step);
      vtkNew<vtkXMLPolyDataReader> reader;
      reader->SetFileName((out + name).c_str());
      reader->Update();
      vtkPolyData* pd = reader->GetOutput();
      ASSERT_EQ(pd->GetNumberOfPoints(), 9) << name;
      EXPECT_EQ(pd->GetNumberOfVerts(), 9) << name;
      vtkDataArray* ids = pd->GetPointData()->GetArray("id");
      ASSERT_NE(ids, nullptr) << name;
      for (vtkIdType i = 1; i < 9; ++i) EXPECT_LT(ids->GetTuple1(i - 1), ids->GetTuple1(i)) << "in the order of the ids";
      for (vtkIdType i = 0; i < 9; ++i) {
        double p[3];
        pd->GetPoint(i, p);
        EXPECT_TRUE(p[0] >= 0 && p[0] < 24 && p[1] >= 0 && p[1] < 16 && p[2] == 0) << name << " point " << i;
      }
    }
    // The same steps and times as the lattice's series.
    EXPECT_EQ(pvd_times(out + "/vtk/tracers.pvd"), pvd_times(out + "/vtk/plume.pvd"));
    EXPECT_EQ(pvd_times(out + "/vtk/tracers.pvd").size(), kSteps.size());
  }
}

// Needs the tracers and the run loop handing the points of each step to Output::vtk and the
// in-situ sinks. The same tracers reach ParaView Catalyst (pipelines/points.py's extracts) and
// the VTK files: at every VTK step (0, 10, ..., 40: with other output, the synchronous path) the
// same ids at the same positions, bit for bit. In situ runs every 5 steps, so that steps 5, 15,
// 25 and 35 go through the hand-off path alone: there the tracers stand apart from both VTK steps
// around them (the Couette flow moves those away from the resting wall), so points of another
// step would show.
TEST(VtkRun, TheTracersInSituAreTheVtkFilesTracersAtEveryStep) {
  for (int ranks : {1, 2}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const TempDir tmp;
    const std::string out = tmp / "insitu";
    const Result r = run(ranks, out,
                         "--set 'tracers.seed_in=\"line\"' --set tracers.count=9 --set 'tracers.from=[2.0, 3.0]'"
                         " --set 'tracers.to=[21.0, 12.0]' --set output.every=20 --set insitu.every=5"
                         " --set 'insitu.scripts=[\"" + std::string(PLUME_SOURCE_DIR) + "/pipelines/points.py\"]'");
    ASSERT_EQ(r.code, 0) << r.err;
    // A step's tracers by id: from the VTK file (9 digits) or the in-situ extract (7 digits).
    const auto tracers = [&](long long step, bool in_situ) {
      char name[64];
      std::snprintf(name, sizeof name, in_situ ? "/insitu/tracers_%07lld.pvtp" : "/vtk/tracers_%09lld.vtp", step);
      vtkSmartPointer<vtkPolyData> pd;
      if (in_situ) {
        vtkNew<vtkXMLPPolyDataReader> reader;
        reader->SetFileName((out + name).c_str());
        reader->Update();
        pd = reader->GetOutput();
      } else {
        vtkNew<vtkXMLPolyDataReader> reader;
        reader->SetFileName((out + name).c_str());
        reader->Update();
        pd = reader->GetOutput();
      }
      std::map<long long, std::array<double, 3>> by_id;
      vtkDataArray* ids = pd->GetPointData()->GetArray("id");
      for (vtkIdType i = 0; ids && i < pd->GetNumberOfPoints(); ++i) {
        std::array<double, 3> p;
        pd->GetPoint(i, p.data());
        by_id[(long long)ids->GetTuple1(i)] = p;
      }
      EXPECT_EQ(by_id.size(), 9u) << name;
      return by_id;
    };
    for (long long step : kSteps) EXPECT_EQ(tracers(step, true), tracers(step, false)) << "step " << step;
    for (long long step : {5, 15, 25, 35}) {
      const auto here = tracers(step, true);
      EXPECT_NE(here, tracers(step - 5, false)) << "step " << step << " has the tracers of step " << step - 5;
      EXPECT_NE(here, tracers(step + 5, false)) << "step " << step << " has the tracers of step " << step + 5;
    }
  }
}

// VTK files and Catalyst pipelines in one run on two ranks: the summary's writer once joined a
// reduction over the MPI controller that Catalyst installs, which only rank 0 entered, and the run
// hung at its first VTK step.
TEST(VtkRun, VtkFilesBesideInSituPipelinesOnTwoRanks) {
  const TempDir tmp;
  const std::string out = tmp / "both";
  const Result r = run(2, out,
                       "--set insitu.every=20 --set 'insitu.scripts=[\"" + std::string(PLUME_SOURCE_DIR) +
                           "/pipelines/fields.py\"]'");
  ASSERT_EQ(r.code, 0) << r.err;
  for (long long step : kSteps) {
    const auto arrays = read_arrays(summary(out, step));
    EXPECT_EQ(arrays.count("rho"), 1u) << summary(out, step);
    if (arrays.count("rho")) EXPECT_EQ(arrays.at("rho").size(), 24u * 16u) << summary(out, step);
  }
  EXPECT_EQ(pvd_times(out + "/vtk/plume.pvd").size(), kSteps.size());
}
