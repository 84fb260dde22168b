// The one checked write path on a full disk: whole files keep their old content or get the new
// one, diagnostics.csv never ends in a cut row, every failure names the file, and the temporary
// files of writers that died are cleaned up.
#include <gtest/gtest.h>
#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <sstream>
#include "d2q37/registration.hpp"
#include "plume/io/atomic_file.hpp"
#include "plume/io/diagnostics_csv.hpp"
#include "small_filesystem.hpp"

using namespace plume;
using plume::test::read_file;
using plume::test::SmallFileSystem;
using plume::test::TempDir;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> n;
  for (const auto& e : std::filesystem::directory_iterator(dir)) n.push_back(e.path().filename());
  std::sort(n.begin(), n.end());
  return n;
}

}  // namespace

TEST(AtomicFile, AFailedWriteKeepsTheOldFileAndLeavesNoTemporary) {
  SmallFileSystem fs(64 * 1024);
  if (!fs.mounted()) GTEST_SKIP() << fs.reason();
  io::write_file_atomic(fs / "summary.txt", "the old summary\n");
  fs.fill();
  const std::string big(32 * 1024, 'n');
  const std::string err = error_of([&] { io::write_file_atomic(fs / "summary.txt", big); });
  EXPECT_HAS(err, "cannot write '" + fs / "summary.txt" + "': No space left on device");
  EXPECT_EQ(read_file(fs / "summary.txt"), "the old summary\n");
  EXPECT_EQ(names_in(fs.path()), (std::vector<std::string>{"filler", "summary.txt"}));
}

TEST(AppendFile, ARecordThatDoesNotFitIsCutOffAgain) {
  SmallFileSystem fs(64 * 1024);
  if (!fs.mounted()) GTEST_SKIP() << fs.reason();
  io::Diagnostics d;
  d.quantities = d2q37::model().diagnostics();
  d.values.assign(d.quantities.size(), 0.0);
  d.values[0] = 1.0 / 3.0;  // mass
  std::string err;
  long long rows = 0;
  {
    io::DiagnosticsCsv csv(fs / "diagnostics.csv", -1, d2q37::model());
    fs.fill();
    // The file's last page still has room: rows go in until one crosses into a page the disk
    // does not have.
    for (; rows < 100000 && err.empty(); ++rows) {
      d.step = rows;
      err = error_of([&] { csv.append(d); });
    }
  }
  EXPECT_HAS(err, "cannot write '" + fs / "diagnostics.csv" + "': No space left on device");
  const std::string text = read_file(fs / "diagnostics.csv");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n') << "a cut row at the end: "
                               << text.substr(text.size() - std::min<std::size_t>(80, text.size()));
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, io::DiagnosticsCsv::header(d2q37::model()));
  long long whole = 0;
  while (std::getline(in, line)) {
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 12) << line;
    EXPECT_EQ(std::stoll(line), whole++);
  }
  EXPECT_EQ(whole, rows - 1) << "every row but the failed one is there";
}

TEST(AppendFile, AFullDeviceIsReportedNamingTheFile) {
  // /dev/full: every write fails with ENOSPC; no mount needed.
  io::AppendFile f("/dev/full");
  EXPECT_HAS(error_of([&] { f.append("1,2,3\n"); }), "cannot write '/dev/full': No space left on device");
}

TEST(AtomicFile, StaleTemporariesOfDeadWritersAreRemoved) {
  TempDir tmp;
  // pid 999999999 is above any pid_max: no process has it.
  const std::string dead = "T_000000010.png.tmp.999999999", mine = "summary.json.tmp." + std::to_string(::getpid());
  for (const std::string& n : {dead, mine, std::string("notes.tmp.old"), std::string("data.csv")})
    plume::test::write_file(tmp / n, "x");
  EXPECT_EQ(io::remove_stale_temporaries(tmp.path), std::vector<std::string>{dead});
  EXPECT_EQ(names_in(tmp.path), (std::vector<std::string>{"data.csv", "notes.tmp.old", mine}));
  EXPECT_TRUE(io::remove_stale_temporaries(tmp / "missing").empty());
}

TEST(AtomicFile, AFileAnotherWriterWroteUnderTheTemporaryNameIsCommittedOrDiscarded) {
  TempDir tmp;
  const std::string target = tmp / "piece.vti";
  test::write_file(target, "old");
  test::write_file(io::temporary_path(target), "new");  // as a writer given only a name does
  EXPECT_EQ(read_file(target), "old") << "not yet in place";
  io::commit_temporary(target);
  EXPECT_EQ(read_file(target), "new");
  EXPECT_EQ(names_in(tmp.path), std::vector<std::string>{"piece.vti"});
  EXPECT_HAS(error_of([&] { io::commit_temporary(target); }), "cannot open the written file");
  test::write_file(io::temporary_path(target), "half");
  io::discard_temporary(target);  // after the writer failed
  EXPECT_EQ(names_in(tmp.path), std::vector<std::string>{"piece.vti"});
  EXPECT_EQ(read_file(target), "new");
}

// A staging folder (the Catalyst extracts' of one rank) is a temporary too: a dead writer's goes
// with everything in it, a living writer's stays.
TEST(AtomicFile, StaleStagingFoldersOfDeadWritersAreRemovedWithTheirFiles) {
  TempDir tmp;
  const std::string dead = ".rank0.tmp.999999999", mine = ".rank1.tmp." + std::to_string(::getpid());
  for (const std::string& d : {dead, mine}) {
    std::filesystem::create_directories(tmp / (d + "/fields_0000020"));
    plume::test::write_file(tmp / (d + "/fields_0000020/fields_0000020_0.vti"), "half");
    plume::test::write_file(tmp / (d + "/fields_0000020.pvti"), "x");
  }
  EXPECT_EQ(io::remove_stale_temporaries(tmp.path), std::vector<std::string>{dead});
  EXPECT_EQ(names_in(tmp.path), std::vector<std::string>{mine});
}

// A file complete in another folder (a staging folder) becomes the target whole, replacing the
// old one; one that cannot be committed is removed and the error names the target.
TEST(AtomicFile, AFileCompletedElsewhereIsCommittedInPlace) {
  TempDir tmp;
  std::filesystem::create_directories(tmp / "staging");
  const std::string target = tmp / "temperature_0000020.png";
  test::write_file(target, "old");
  test::write_file(tmp / "staging/temperature_0000020.png", "new");
  io::commit_file(tmp / "staging/temperature_0000020.png", target);
  EXPECT_EQ(read_file(target), "new");
  EXPECT_TRUE(names_in(tmp / "staging").empty());
  test::write_file(tmp / "staging/b.png", "x");
  EXPECT_HAS(error_of([&] { io::commit_file(tmp / "staging/b.png", tmp / "no/such/folder/b.png"); }),
             "no/such/folder/b.png");
  EXPECT_TRUE(names_in(tmp / "staging").empty()) << "a file that cannot be committed is not left behind";
  EXPECT_EQ(read_file(target), "new");
}
