// --script files are checked as a whole before any line runs: every bad line is reported at
// once, configuration keys and values included, as the simulation thread will apply them.
#include <gtest/gtest.h>
#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include "plume/config/run_config.hpp"
#include "script.hpp"

using plume::gui::ScriptError;
using plume::gui::load_script;

namespace {

std::string write_script(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + std::to_string(::getpid()) + name;
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> problems_of(const std::string& path) {
  try {
    load_script(path, plume::config::default_config());
  } catch (const ScriptError& e) {
    return e.problems;
  }
  return {};
}

}  // namespace

TEST(Script, EveryBadLineIsReportedAtOnce) {
  const std::string path = write_script("-bad.txt",
                                        "steps 1\n"
                                        "set physics.gravty 1e-4\n"   // unknown key
                                        "set physics.k1 -3\n"         // out of range
                                        "steps ten\n"                 // syntax
                                        "# a comment\n"
                                        "set physics.k2 0.02\n"       // fine
                                        "reset initial.seeed 3\n"     // unknown key in a reset
                                        "lattice 0 64\n"              // out of range
                                        "field rho\n");
  const std::vector<std::string> p = problems_of(path);
  // One problem a mistake: nx = 0 is not fed to the rules that read nx (initial.kmax <= nx/2).
  ASSERT_EQ(p.size(), 5u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0].rfind(path + ":2: unknown key 'physics.gravty'", 0), 0u) << p[0];
  EXPECT_NE(p[0].find("did you mean 'physics.gravity'"), std::string::npos) << p[0];
  EXPECT_EQ(p[1].rfind(path + ":3: physics.k1 = -3", 0), 0u) << p[1];
  EXPECT_EQ(p[2], path + ":4: steps N must be an integer, got 'ten'");
  EXPECT_EQ(p[3].rfind(path + ":7: unknown key 'initial.seeed'", 0), 0u) << p[3];
  EXPECT_EQ(p[4].rfind(path + ":8: lattice.nx = 0", 0), 0u) << p[4];
  std::remove(path.c_str());
}

TEST(Script, TheConfigurationIsFollowedLineByLine) {
  // Gravity 0.02 is fine with the default temperatures (it must stay below both); lowering one
  // of them to 0.019 afterwards is not, and the line that does it is the one named. With gravity
  // 0.0002 the same temperature is fine (the top of the 384 rows keeps its pressure).
  const std::string path = write_script("-order.txt",
                                        "set physics.gravity 0.02\n"
                                        "steps 10\n"
                                        "set initial.T_up 0.019\n"
                                        "set physics.gravity 0.0002\n"
                                        "set initial.T_up 0.019\n");
  const std::vector<std::string> p = problems_of(path);
  ASSERT_EQ(p.size(), 1u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0].rfind(path + ":3: physics.gravity = 0.02 is too large", 0), 0u) << p[0];
  std::remove(path.c_str());
}

TEST(Script, AfterAFileIsLoadedOnlyKeysAndTypesAreKnown) {
  // load-config replaces the configuration by a file's (it may not exist before the run: an
  // earlier save-config may write it), so ranges depend on it; keys and types do not.
  const std::string path = write_script("-loaded.txt",
                                        "load-config later.toml\n"
                                        "set physics.k1 -3\n"
                                        "set physics.kk1 0.1\n"
                                        "set physics.k2 fast\n");
  const std::vector<std::string> p = problems_of(path);
  ASSERT_EQ(p.size(), 2u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0].rfind(path + ":3: unknown key 'physics.kk1'", 0), 0u) << p[0];
  EXPECT_EQ(p[1].rfind(path + ":4: physics.k2=fast", 0), 0u) << p[1];
  std::remove(path.c_str());
}

TEST(Script, AGoodScriptLoadsEveryCommand) {
  const std::string path =
      write_script("-good.txt", "set physics.k1 0.02\n\ngravity 1e-4\nreset seed 3\nsteps 5\nreport\n");
  const plume::gui::Script s = load_script(path, plume::config::default_config());
  ASSERT_EQ(s.lines.size(), 5u);
  EXPECT_EQ(s.lines[1].number, 3);
  EXPECT_EQ(s.where(s.lines[4]), path + ":6");
  std::remove(path.c_str());
  EXPECT_THROW(load_script(path, plume::config::default_config()), std::runtime_error);  // gone: named
}

TEST(Script, ACaseMustBeOneOfTheFolders) {
  const std::vector<plume::gui::Case> cases{{"d2q9_channel", "/nowhere/d2q9_channel.toml", "d2q9", ""}};
  const std::string path = write_script("cases.txt", "case d2q9_channel\ncase d2q9_chanel\nset physics.tau 0.7\n");
  try {
    load_script(path, plume::config::default_config(), &cases);
    FAIL() << "an unknown case passed";
  } catch (const ScriptError& e) {
    ASSERT_EQ(e.problems.size(), 1u) << e.what();  // after a case, the keys of another model are fine
    EXPECT_NE(e.problems[0].find(":2: no case 'd2q9_chanel' (cases: d2q9_channel)"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

// Lines that name sites are checked against the lattice they will run on: a paint centre outside
// it wrapped round the periodic x without a word (paint hot 99999 5 painted 175 sites), a probe
// outside it failed only when its line ran. The lattice is the one in effect at that line: set
// lattice.* takes effect at the next reset, a lattice line at once.
TEST(Script, SitesOutsideTheLatticeAreNamed) {
  plume::config::RunConfig start = plume::config::default_config();
  start.solver.nx = 32;
  start.solver.ny = 16;
  const std::string path = write_script("-sites.txt",
                                        "paint hot 99999 5\n"
                                        "paint cold 31 15\n"
                                        "probe 32 0\n"
                                        "probe 3 16\n"
                                        "set lattice.nx 64\n"
                                        "probe 40 1\n"   // still 32 wide: no reset yet
                                        "reset\n"
                                        "probe 40 1\n"
                                        "lattice 24 16\n"
                                        "paint hot 40 1\n");
  std::vector<std::string> p;
  try {
    load_script(path, start);
  } catch (const ScriptError& e) {
    p = e.problems;
  }
  ASSERT_EQ(p.size(), 5u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0], path + ":1: paint X = 99999 lies outside the 32 x 16 lattice: 0 <= X <= 31");
  EXPECT_EQ(p[1], path + ":3: probe X = 32 lies outside the 32 x 16 lattice: 0 <= X <= 31");
  EXPECT_EQ(p[2], path + ":4: probe Y = 16 lies outside the 32 x 16 lattice: 0 <= Y <= 15");
  EXPECT_EQ(p[3], path + ":6: probe X = 40 lies outside the 32 x 16 lattice: 0 <= X <= 31");
  EXPECT_EQ(p[4], path + ":10: paint X = 40 lies outside the 24 x 16 lattice: 0 <= X <= 23");
  std::remove(path.c_str());
}

// On a 3-D lattice the coordinates are those of the plane the line acts in: its own, or the one
// the last slice line chose.
TEST(Script, SitesOfA3DLatticeAreThoseOfThePlane) {
  plume::config::RunConfig start = plume::config::default_config();
  start.solver.model = "d3q19";  // a model with solid sites
  start.solver.nx = 32;
  start.solver.ny = 16;
  start.solver.nz = 8;
  const std::string path = write_script("-sites3d.txt",
                                        "probe 31 15\n"            // the z plane: 32 x 16
                                        "slice x 3\n"
                                        "probe 15 7\n"             // the x plane: 16 x 8
                                        "probe 20 1\n"
                                        "solid draw 20 7 plane z=2\n"
                                        "solid draw 1 1 plane z=8\n");
  std::vector<std::string> p;
  try {
    load_script(path, start);
  } catch (const ScriptError& e) {
    p = e.problems;
  }
  ASSERT_EQ(p.size(), 2u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0], path + ":4: probe X = 20 lies outside the 16 x 8 plane x = 3 of the 32 x 16 x 8 lattice: 0 <= X <= 15");
  EXPECT_EQ(p[1], path + ":6: solid plane z=8 lies outside the 32 x 16 x 8 lattice: 0 <= z <= 7");
  std::remove(path.c_str());
}

// A verb the model has not (painting heat into D3Q19, solids into D2Q37) did nothing and ended
// with exit status 0, and a slice past the lattice showed another plane than the one asked for:
// both are named before the run, against the model and lattice in effect at that line.
TEST(Script, VerbsTheModelHasNotAndPlanesOutsideTheLatticeAreNamed) {
  plume::config::RunConfig start = plume::config::default_config();
  for (const char* o : {"model=d3q19", "lattice.nx=32", "lattice.ny=16", "lattice.nz=8"})
    plume::config::apply_override(start, o);
  const std::string path = write_script("-verbs.txt",
                                        "paint hot 5 5\n"
                                        "tool lower\n"
                                        "solid draw 5 5\n"  // D3Q19 has solid sites
                                        "slice z 8\n"
                                        "slice y 15\n"
                                        "load-config other.toml\n"  // its model and lattice: known when it runs
                                        "paint hot 5 5\n"
                                        "slice z 99\n");
  std::vector<std::string> p;
  try {
    load_script(path, start);
  } catch (const ScriptError& e) {
    p = e.problems;
  }
  ASSERT_EQ(p.size(), 3u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0], path + ":1: paint: model d3q19 offers no painting");
  EXPECT_EQ(p[1], path + ":2: tool: model d3q19 offers no painting");
  EXPECT_EQ(p[2], path + ":4: slice z=8 lies outside the 32 x 16 x 8 lattice: 0 <= z <= 7");
  std::remove(path.c_str());
  // D2Q37 (192 x 384) paints, has no solid sites, and one plane.
  const std::string d2q37 = write_script("-verbs2.txt",
                                         "slice x 3\nslice z 1\nslice z 0\nslice z\n"
                                         "paint hot 5 5\ntool raise\nsolid draw 5 5\ntool erase\n");
  const std::vector<std::string> q = problems_of(d2q37);
  ASSERT_EQ(q.size(), 4u) << ::testing::PrintToString(q);
  EXPECT_EQ(q[0], d2q37 + ":1: slice x=3 lies outside the 192 x 384 lattice: a 2-D lattice has only its z = 0 plane");
  EXPECT_EQ(q[1], d2q37 + ":2: slice z=1 lies outside the 192 x 384 lattice: a 2-D lattice has only its z = 0 plane");
  EXPECT_EQ(q[2], d2q37 + ":7: solid: model d2q37 has no solid sites");
  EXPECT_EQ(q[3], d2q37 + ":8: tool: model d2q37 has no solid sites");
  std::remove(d2q37.c_str());
}

// A script is read whole before the run, so it is a regular file of bounded size, with lines of
// bounded length that no message quotes in full (an over-long line came back in every message).
TEST(Script, OnlyARegularFileWithinTheLimitsIsRead) {
  const std::string wide = write_script("-wide.txt", "steps 1\nset physics.k1 " + std::string(100000, '1') + "\n");
  std::vector<std::string> p = problems_of(wide);
  ASSERT_EQ(p.size(), 1u) << ::testing::PrintToString(p).substr(0, 1000);
  EXPECT_EQ(p[0], wide + ":2: the line is 100015 bytes long, over the limit of 4096 bytes for a script line");
  std::remove(wide.c_str());
  const std::string big = write_script("-big.txt", std::string(plume::gui::kMaxScriptBytes + 1, '\n'));
  try {
    load_script(big, plume::config::default_config());
    ADD_FAILURE() << "a script over the limit was read";
  } catch (const ScriptError& e) {
    ADD_FAILURE() << e.what();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read script '" + big + "': it is 1.00 MiB, over the 1.00 MiB limit"),
              std::string::npos)
        << e.what();
  }
  std::remove(big.c_str());
  try {
    load_script("/dev/zero", plume::config::default_config());
    ADD_FAILURE() << "/dev/zero was read";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "cannot read script '/dev/zero': it is a character device, not a regular file");
  }
}

// After a file is loaded the lattice is that file's, known only when the line runs.
TEST(Script, AfterAFileIsLoadedSitesAreCheckedWhenTheLineRuns) {
  const std::string path = write_script("-sites-loaded.txt", "load-config later.toml\npaint hot 5000 5\n");
  EXPECT_NO_THROW(load_script(path, plume::config::default_config()));
  std::remove(path.c_str());
}

// A script is text: a NUL ended the line where it stood (steps 2\0\xff ran as steps 2).
TEST(Script, ControlBytesAreRefusedNamingTheLine) {
  const std::string path =
      write_script("-nul.txt", std::string("steps 1\nsteps 2") + '\0' + "\xff\nsteps\x01 3\r\n\tsteps 4\r\n");
  const std::vector<std::string> p = problems_of(path);
  ASSERT_EQ(p.size(), 2u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0], path + ":2: the line holds the control byte \\x00 at column 8: a script is text");
  EXPECT_EQ(p[1], path + ":3: the line holds the control byte \\x01 at column 6: a script is text");
  std::remove(path.c_str());
}

// The files that screenshot and image lines write are checked before the run, not when the line
// runs at the end of it.
TEST(Script, FilesThatCannotBeWrittenAreNamed) {
  const std::string dir = ::testing::TempDir(), folder = dir + "/" + std::to_string(::getpid()) + "-folder.png";
  std::filesystem::create_directories(folder);
  const std::string path = write_script("-files.txt", "screenshot /nonexistent/shot.png\nimage " + dir +
                                                          "/field.png\nimage " + folder + "\n");
  const std::vector<std::string> p = problems_of(path);
  ASSERT_EQ(p.size(), 2u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0], path + ":1: cannot write '/nonexistent/shot.png': its folder '/nonexistent' does not exist");
  EXPECT_EQ(p[1], path + ":3: cannot write '" + folder + "': it is a folder");
  std::remove(path.c_str());
  std::filesystem::remove(folder);
}
