// Extracts written by real Catalyst (the shipped fields.py) onto a real small tmpfs that fills up
// during the run: no file under an extract's name is ever empty or cut short (every .pvti and .vti
// in the folder reads back whole, with the fields handed over), the extracts of the calls before
// are kept, and the call that could not write its files whole fails by insitu.on_error, saying
// that its files were removed. (A full disk once left fields_0000035.pvti empty and its piece cut
// short under their names: VTK's writers do not always report it, and a failed call's files were
// moved into place all the same.) Mounting needs root: without it the tests skip.
// Catalyst starts once per process, and ctest runs each test in its own process.
#include <gtest/gtest.h>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLImageDataReader.h>
#include <vtkXMLPImageDataReader.h>
#include "d2q37/registration.hpp"
#include "plume/catalyst/adaptor.hpp"
#include "small_filesystem.hpp"

namespace fs = std::filesystem;
using plume::catalyst::Adaptor;
using plume::catalyst::OnError;

namespace {

constexpr int NX = 32, NY = 32;

plume::Domain domain() { return plume::Domain::whole(NX, NY); }

plume::Fields fields() {
  plume::Fields f;
  f.resize(plume::d2q37::model(), NX, NY);
  for (int y = 0; y < NY; ++y)
    for (int x = 0; x < NX; ++x) {
      const std::size_t i = f.at(x, y);
      f["T"][i] = 1.0 + 0.01 * y + 1e-5 * x * y;
      f["rho"][i] = 1.0 - 0.001 * x + 1e-6 * x * y;
      f["ux"][i] = 0.001 * x - 1e-7 * y * y;
      f["uy"][i] = -0.001 * y + 1e-7 * x * x;
    }
  return f;
}

std::string extract_name(long step) {
  char name[64];
  std::snprintf(name, sizeof name, "fields_%07ld.pvti", step);
  return name;
}

// Every file in `dir` whole: each .pvti and .vti reads back with all its points and the fields'
// rho; nothing empty, no temporary left. Returns the .pvti names.
std::vector<std::string> check_folder(const fs::path& dir, const plume::Fields& f) {
  std::vector<std::string> extracts;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    const std::string name = fs::relative(e.path(), dir).string();
    EXPECT_GT(e.file_size(), 0u) << name << " is empty";
    EXPECT_EQ(name.find(".tmp."), std::string::npos) << name << ": a temporary left in the extracts folder";
    const std::string ext = e.path().extension().string();
    if (ext != ".pvti" && ext != ".vti") continue;
    vtkImageData* image = nullptr;
    vtkNew<vtkXMLPImageDataReader> whole;
    vtkNew<vtkXMLImageDataReader> piece;
    if (ext == ".pvti") {
      extracts.push_back(name);
      whole->SetFileName(e.path().c_str());
      whole->Update();
      image = whole->GetOutput();
    } else {
      piece->SetFileName(e.path().c_str());
      piece->Update();
      image = piece->GetOutput();
    }
    EXPECT_EQ(image->GetNumberOfPoints(), vtkIdType(NX * NY)) << name << " does not read back whole";
    vtkDataArray* rho = image->GetPointData()->GetArray("rho");
    EXPECT_NE(rho, nullptr) << name << " has no rho";
    if (!rho || rho->GetNumberOfTuples() != vtkIdType(NX * NY)) continue;
    int wrong = 0;
    for (std::size_t i = 0; i < f.sites(); ++i) wrong += rho->GetComponent(vtkIdType(i), 0) != f["rho"][i];
    EXPECT_EQ(wrong, 0) << name << ": values of rho that are not the fields'";
  }
  return extracts;
}

struct Outcome {
  std::string error;  // the Error that stopped the run, if one did
  long whole = 0;     // the calls before the first one that failed
  std::string log;
  bool enabled = true;
};

// Calls fields.py at every step into `dir` (on the small file system) until a call fails or 200 steps.
Outcome fill_up(const std::string& dir, OnError on_error, const plume::Fields& f) {
  Outcome r;
  plume::catalyst::Options o;
  o.scripts.push_back({plume::catalyst::pipelines_dir() + "/fields.py", 0});
  o.every = 1;
  o.output_dir = dir;
  o.on_error = on_error;
  o.log = [&r](const std::string& m) { r.log += m + "\n"; };
  Adaptor a(o, domain(), plume::d2q37::model());
  for (long step = 1; step <= 200 && r.error.empty() && a.stats()[0].enabled; ++step) {
    try {
      a.execute(step, double(step), f, domain());
      if (a.stats()[0].enabled) r.whole = step;
    } catch (const plume::catalyst::Error& e) {
      r.error = e.what();
    }
  }
  r.enabled = a.stats()[0].enabled;
  a.finalize();
  return r;
}

TEST(InSituFullDisk, StopEndsTheRunAndLeavesOnlyWholeExtracts) {
  plume::test::SmallFileSystem disk(384 * 1024);
  if (!disk.mounted()) GTEST_SKIP() << disk.reason();
  const plume::Fields f = fields();
  const Outcome r = fill_up(disk / "insitu", OnError::Stop, f);
  ASSERT_FALSE(r.error.empty()) << "the file system never filled up; the log:\n" << r.log;
  EXPECT_HAS(r.error, "fields.py' failed at step " + std::to_string(r.whole + 1));
  EXPECT_HAS(r.error, "none of the files this call wrote was put under its name (they were removed)");
  const std::vector<std::string> extracts = check_folder(disk / "insitu", f);
  EXPECT_GE(r.whole, 1) << "no call wrote whole extracts: the file system is too small for this test";
  EXPECT_EQ(extracts.size(), std::size_t(r.whole)) << "the extracts of the calls before the failure are kept";
  for (long step = 1; step <= r.whole; ++step)
    EXPECT_TRUE(fs::exists(fs::path(disk / "insitu") / extract_name(step))) << extract_name(step);
  EXPECT_FALSE(fs::exists(fs::path(disk / "insitu") / extract_name(r.whole + 1)));
}

TEST(InSituFullDisk, DisableDropsThePipelineAndLeavesOnlyWholeExtracts) {
  plume::test::SmallFileSystem disk(384 * 1024);
  if (!disk.mounted()) GTEST_SKIP() << disk.reason();
  const plume::Fields f = fields();
  const Outcome r = fill_up(disk / "insitu", OnError::Disable, f);
  EXPECT_TRUE(r.error.empty()) << r.error;
  ASSERT_FALSE(r.enabled) << "the file system never filled up; the log:\n" << r.log;
  EXPECT_HAS(r.log, "fields.py' failed at step " + std::to_string(r.whole + 1));
  EXPECT_HAS(r.log, "none of the files this call wrote was put under its name (they were removed)");
  EXPECT_HAS(r.log, "on_error = disable: this pipeline is off for the rest of the run");
  const std::vector<std::string> extracts = check_folder(disk / "insitu", f);
  EXPECT_GE(r.whole, 1);
  EXPECT_EQ(extracts.size(), std::size_t(r.whole));
}

}  // namespace
