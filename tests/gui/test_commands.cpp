// The script language: what each line means, and a clear message for each kind of mistake.
#include <gtest/gtest.h>
#include <stdexcept>
#include "commands.hpp"

namespace cmd = plume::gui::cmd;

namespace {

cmd::SimCommand sim(const std::string& line) { return std::get<cmd::SimCommand>(*cmd::parse(line)); }
cmd::ViewCommand view(const std::string& line) { return std::get<cmd::ViewCommand>(*cmd::parse(line)); }

std::string error_of(const std::string& line) {
  try {
    cmd::parse(line);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Commands, ParsesTheExamplesOfTheScriptLanguage) {
  EXPECT_EQ(std::get<cmd::Steps>(sim("steps 200")).n, 200);
  const auto set = std::get<cmd::Set>(sim("set physics.gravity 2e-4"));
  EXPECT_EQ(set.key, "physics.gravity");
  EXPECT_EQ(set.value, "2e-4");
  const auto g = std::get<cmd::Set>(sim("gravity 1e-5   # comment"));
  EXPECT_EQ(g.key, "physics.gravity");
  EXPECT_EQ(g.value, "1e-5");
  const auto p = std::get<cmd::Paint>(sim("paint hot 128 64 radius 10 strength 0.05")).brush;
  EXPECT_TRUE(p.hot);
  EXPECT_DOUBLE_EQ(p.x, 128);
  EXPECT_DOUBLE_EQ(p.y, 64);
  EXPECT_DOUBLE_EQ(p.radius, 10);
  EXPECT_DOUBLE_EQ(p.strength, 0.05);
  EXPECT_FALSE(std::get<cmd::Paint>(sim("paint cold 1 2")).brush.hot);
  EXPECT_EQ(std::get<cmd::Field>(view("field rho")).field->name, "rho");
  EXPECT_EQ(std::get<cmd::Colormap>(view("colormap coolwarm")).map, plume::viz::Colormap::Coolwarm);
  EXPECT_EQ(std::get<cmd::Screenshot>(view("screenshot \"my shots/out.png\"")).path, "my shots/out.png");
  const auto r = std::get<cmd::Range>(view("range 0.9 1.1"));
  EXPECT_FALSE(r.automatic);
  EXPECT_DOUBLE_EQ(r.hi, 1.1);
  EXPECT_TRUE(std::get<cmd::Range>(view("range auto")).automatic);
  EXPECT_EQ(std::get<cmd::MouseTool>(view("tool raise")).tool, plume::gui::Tool::PaintHot);
  EXPECT_EQ(std::get<cmd::MouseTool>(view("tool lower")).tool, plume::gui::Tool::PaintCold);
  EXPECT_EQ(std::get<cmd::MouseTool>(view("tool erase")).tool, plume::gui::Tool::SolidErase);
  EXPECT_EQ(std::get<cmd::MouseTool>(view("tool inspect")).tool, plume::gui::Tool::Inspect);
  const auto reset = std::get<cmd::Reset>(sim("reset perturbation single seed 7 initial.eps 4"));
  ASSERT_EQ(reset.overrides.size(), 3u);
  EXPECT_EQ(reset.overrides[0].first, "initial.perturbation");
  EXPECT_EQ(reset.overrides[1].first, "initial.seed");
  EXPECT_EQ(reset.overrides[2].first, "initial.eps");
  EXPECT_FALSE(cmd::parse("   # only a comment").has_value());
  EXPECT_FALSE(cmd::parse("").has_value());
}

TEST(Commands, MistakesAreNamed) {
  EXPECT_NE(error_of("steps -1").find(">= 0"), std::string::npos);
  EXPECT_NE(error_of("steps many").find("must be an integer, got 'many'"), std::string::npos);
  EXPECT_NE(error_of("paint warm 1 2").find("usage: paint hot|cold"), std::string::npos);
  EXPECT_NE(error_of("paint hot 1 2 radius 0").find("radius must be > 0"), std::string::npos);
  EXPECT_NE(error_of("paint hot 1 2 size 3").find("not 'size'"), std::string::npos);
  EXPECT_NE(error_of("field bogus").find("vorticity"), std::string::npos);
  EXPECT_NE(error_of("solid paint 1 2").find("usage: solid draw|erase"), std::string::npos);
  EXPECT_NE(error_of("solid draw 1 2 size 3").find("not 'size'"), std::string::npos);
  EXPECT_NE(error_of("solid draw 1 2 radius -1").find("radius must be >= 0"), std::string::npos);
  EXPECT_NE(error_of("case").find("usage: case NAME"), std::string::npos);
  EXPECT_NE(error_of("tool brush").find("expected inspect, raise, lower, draw or erase"), std::string::npos);
  EXPECT_NE(error_of("tool").find("usage: tool"), std::string::npos);
  EXPECT_NE(error_of("colormap jet").find("jet"), std::string::npos);
  EXPECT_NE(error_of("range 2 1").find("LO < HI"), std::string::npos);
  EXPECT_NE(error_of("reset colour red").find("not 'colour'"), std::string::npos);
  EXPECT_NE(error_of("screenshot \"unterminated").find("quote"), std::string::npos);
  EXPECT_EQ(error_of("probe -1 -1"), "probe X Y must name a site, 0 <= X, Y < the lattice's size, got -1 -1");
  EXPECT_EQ(error_of("screenshot shot.jpg"), "screenshot FILE.png: 'shot.jpg' does not end in .png, and the file written is a PNG");
  EXPECT_NE(error_of("image field").find("'field' does not end in .png"), std::string::npos);
  EXPECT_EQ(error_of("screenshot SHOT.PNG"), "");
  const std::string unknown = error_of("frobnicate 3");
  EXPECT_NE(unknown.find("unknown command 'frobnicate'"), std::string::npos);
  EXPECT_NE(unknown.find("paint"), std::string::npos);  // lists what there is
}

TEST(Commands, DescribeGivesBackTheCommand) {
  for (const char* line :
       {"run", "pause", "steps 12", "batch 5", "set physics.k1 0.02", "reset initial.seed 3", "lattice 64 128",
        "paint cold 3.5 7 radius 4 strength 0.1", "load-config a.toml", "save-config \"b c.toml\"",
        "save-checkpoint x.chk", "open-checkpoint x.chk", "solid draw 3 4 radius 2", "solid erase 1 2 to 30.5 4 radius 0",
        "case d2q9_taylor_green"}) {
    const cmd::SimCommand c = sim(line);
    EXPECT_EQ(cmd::describe(sim(cmd::describe(c))), cmd::describe(c)) << line;
    EXPECT_EQ(sim(cmd::describe(c)).index(), c.index()) << line;
  }
  EXPECT_EQ(cmd::describe(sim("paint cold 3.5 7 radius 4 strength 0.1")), "paint cold 3.5 7 radius 4 strength 0.1");
}

// NaN passed every range written as a comparison (camera nan 0 was taken), and infinity is no
// angle, coordinate or size either: every number of a line is finite.
TEST(Commands, NumbersMustBeFinite) {
  EXPECT_EQ(error_of("camera nan 0"), "camera YAW must be a finite number, got 'nan'");
  EXPECT_EQ(error_of("camera 0 -inf"), "camera PITCH must be a finite number, got '-inf'");
  EXPECT_EQ(error_of("paint hot nan 5"), "paint X must be a finite number, got 'nan'");
  EXPECT_EQ(error_of("solid draw 1 2 to 3 inf"), "solid Y1 must be a finite number, got 'inf'");
  EXPECT_EQ(error_of("view 1 1 inf"), "view ZOOM must be a finite number, got 'inf'");
  EXPECT_EQ(error_of("range 0 inf"), "range HI must be a finite number, got 'inf'");
  EXPECT_EQ(error_of("opacity 0.1 nan 1"), "opacity LO must be a finite number, got 'nan'");
  EXPECT_EQ(error_of("gravity nan"), "gravity G must be a finite number, got 'nan'");
  EXPECT_EQ(error_of("camera 30 20"), "");
}
