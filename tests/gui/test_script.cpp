// --script files are checked as a whole before any line runs: every bad line is reported at
// once, configuration keys and values included, as the simulation thread will apply them.
#include <gtest/gtest.h>
#include <unistd.h>
#include <algorithm>
#include <cstdio>
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
  // Line 8 may add problems that follow from nx = 0 (the geometry's extent); the others are exact.
  ASSERT_GE(p.size(), 6u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0].rfind(path + ":2: unknown key 'physics.gravty'", 0), 0u) << p[0];
  EXPECT_NE(p[0].find("did you mean 'physics.gravity'"), std::string::npos) << p[0];
  EXPECT_EQ(p[1].rfind(path + ":3: physics.k1 = -3", 0), 0u) << p[1];
  EXPECT_EQ(p[2], path + ":4: steps N must be an integer, got 'ten'");
  EXPECT_EQ(p[3].rfind(path + ":7: unknown key 'initial.seeed'", 0), 0u) << p[3];
  EXPECT_EQ(p[4].rfind(path + ":8: lattice.nx = 0", 0), 0u) << p[4];
  for (std::size_t k = 5; k < p.size(); ++k) EXPECT_EQ(p[k].rfind(path + ":8: ", 0), 0u) << p[k];
  EXPECT_NE(std::find_if(p.begin(), p.end(),  // every problem of a line
                         [&](const std::string& q) { return q.rfind(path + ":8: initial.kmax = 10 exceeds nx/2", 0) == 0; }),
            p.end())
      << ::testing::PrintToString(p);
  std::remove(path.c_str());
}

TEST(Script, TheConfigurationIsFollowedLineByLine) {
  // Gravity 0.5 is fine with the default temperatures (it must stay below both); lowering one
  // of them to 0.4 afterwards is not, and the line that does it is the one named.
  const std::string path = write_script("-order.txt",
                                        "set physics.gravity 0.5\n"
                                        "steps 10\n"
                                        "set initial.T_up 0.4\n"
                                        "set physics.gravity 0.1\n"
                                        "set initial.T_up 0.4\n");
  const std::vector<std::string> p = problems_of(path);
  ASSERT_EQ(p.size(), 1u) << ::testing::PrintToString(p);
  EXPECT_EQ(p[0].rfind(path + ":3: physics.gravity = 0.5 is too large", 0), 0u) << p[0];
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
