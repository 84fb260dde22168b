// Solids from the desktop: the sites a stroke of the solids brush covers, the cases a model is
// offered from the assets folder, and a switch of model through the simulation thread.
#include <gtest/gtest.h>
#include <unistd.h>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>
#include <utility>
#include "cases.hpp"
#include "plume/config/run_config.hpp"
#include "simulation.hpp"
#include "solid_brush.hpp"
#include "view_settings.hpp"

using plume::Box;
using plume::gui::SolidStroke;
using plume::gui::stroke_boxes;
namespace gui = plume::gui;
namespace cmd = plume::gui::cmd;

namespace {

std::set<std::pair<int, int>> sites_of(const std::vector<Box>& boxes) {
  std::set<std::pair<int, int>> out;
  for (const Box& b : boxes) {
    EXPECT_EQ(b.y1, b.y0 + 1);  // one row each
    for (int x = b.x0; x < b.x1; ++x) EXPECT_TRUE(out.insert({x, b.y0}).second) << "site twice";
  }
  return out;
}

}  // namespace

TEST(SolidBrush, ADabCoversTheDiscAndAStrokeTheSweptDisc) {
  // Radius 0: the site itself; radius 2: the 13 sites within 2 of it.
  EXPECT_EQ(sites_of(stroke_boxes(SolidStroke{5, 5, 5, 5, 0.0, true}, 20, 20)), (std::set<std::pair<int, int>>{{5, 5}}));
  const auto disc = sites_of(stroke_boxes(SolidStroke{5, 5, 5, 5, 2.0, true}, 20, 20));
  EXPECT_EQ(disc.size(), 13u);
  EXPECT_TRUE(disc.count({3, 5}) && disc.count({7, 5}) && disc.count({5, 3}) && disc.count({5, 7}));
  EXPECT_FALSE(disc.count({6, 7}));
  // A horizontal stroke of radius 1 from x = 2 to 10 on row 8: rows 7 to 9, x 2..10 (the caps
  // add (1, 8) and (11, 8)).
  const auto line = sites_of(stroke_boxes(SolidStroke{2, 8, 10, 8, 1.0, true}, 20, 20));
  EXPECT_EQ(line.size(), 9u * 3 + 2);
  for (int x = 2; x <= 10; ++x) EXPECT_TRUE(line.count({x, 7}) && line.count({x, 8}) && line.count({x, 9}));
  // A diagonal stroke leaves no gaps: every site on the diagonal is covered.
  const auto diag = sites_of(stroke_boxes(SolidStroke{0, 0, 15, 15, 0.5, false}, 20, 20));
  for (int i = 0; i <= 15; ++i) EXPECT_TRUE(diag.count({i, i})) << i;
}

TEST(SolidBrush, StrokesAreClippedToTheLattice) {
  const auto corner = sites_of(stroke_boxes(SolidStroke{0, 0, 0, 0, 3.0, true}, 10, 6));
  for (const auto& [x, y] : corner) EXPECT_TRUE(x >= 0 && y >= 0 && x < 10 && y < 6);
  EXPECT_EQ(corner.size(), 11u);  // the quarter of the 29-site disc of radius 3 (with its axes)
  EXPECT_TRUE(stroke_boxes(SolidStroke{-20, -20, -15, -15, 2.0, true}, 10, 6).empty());
}

TEST(SolidBrush, AModelWithoutSolidsRefusesNamingIt) {
  plume::config::RunConfig c = plume::config::default_config();  // D2Q37
  plume::config::apply_override(c, "lattice.nx", "16");
  plume::config::apply_override(c, "lattice.ny", "16");
  plume::config::apply_override(c, "run.backend", "cpu");
  plume::Solver solver(c.solver);
  solver.initialize();
  try {
    gui::edit_solids(solver, SolidStroke{4, 4, 4, 4, 1.0, true});
    FAIL() << "D2Q37 drew solids";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("model d2q37 has no solid sites"), std::string::npos) << e.what();
  }
}

TEST(Cases, EachFileOfTheFolderIsACaseOfTheModelItNames) {
  const std::string dir = ::testing::TempDir() + "/plume-cases-" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/b_channel.toml") << "# A channel.\n# More words.\nmodel = \"d2q9\"\n[lattice]\nnx = 8\n";
  std::ofstream(dir + "/a_plumes.toml") << "[lattice]\nnx = 8\n";  // no model key: the default model
  std::ofstream(dir + "/c_other.toml") << "model = \"d9q99\"\n";      // not a registered model
  std::ofstream(dir + "/e_vortex.toml") << "model = \"d3q19\"\n[lattice]\nnz = 8\n";  // a 3-D case
  std::ofstream(dir + "/d_broken.toml") << "model = \n";              // not TOML
  std::ofstream(dir + "/notes.txt") << "model = \"d2q9\"\n";
  const std::vector<gui::Case> cases = gui::find_cases(dir);
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(cases[0].name, "a_plumes");
  EXPECT_EQ(cases[0].model, "d2q37");
  EXPECT_EQ(cases[1].name, "b_channel");
  EXPECT_EQ(cases[1].model, "d2q9");
  EXPECT_EQ(cases[1].summary, "A channel.");
  EXPECT_EQ(cases[2].name, "e_vortex");
  EXPECT_EQ(cases[2].model, "d3q19");
  EXPECT_EQ(gui::find_case(cases, "b_channel"), &cases[1]);
  EXPECT_EQ(gui::find_case(cases, "c_other"), nullptr);
  EXPECT_EQ(gui::case_of_file(cases, dir + "/./b_channel.toml"), &cases[1]);
  EXPECT_EQ(gui::case_names(cases), "a_plumes, b_channel, e_vortex");
  EXPECT_TRUE(gui::find_cases(dir + "/missing").empty());
  std::filesystem::remove_all(dir);
  // The project's own: each model has its cases.
  const std::vector<gui::Case> assets = gui::find_cases(gui::default_assets_folder());
  ASSERT_NE(gui::find_case(assets, "rayleigh_taylor"), nullptr);
  EXPECT_EQ(gui::find_case(assets, "rayleigh_taylor")->model, "d2q37");
  ASSERT_NE(gui::find_case(assets, "d2q9_taylor_green"), nullptr);
  EXPECT_EQ(gui::find_case(assets, "d2q9_taylor_green")->model, "d2q9");
}

TEST(Simulation, AConfigurationOfAnotherModelSwitchesTheRunAndItsShownField) {
  plume::config::RunConfig c = plume::config::default_config();
  plume::config::apply_override(c, "lattice.nx", "32");
  plume::config::apply_override(c, "lattice.ny", "32");
  plume::config::apply_override(c, "run.backend", "cpu");
  gui::Simulation sim(c, false, 10);
  sim.show(gui::choice_for(plume::find_model("d2q37"), &plume::io::field_choice(plume::find_model("d2q37"), "vorticity")));
  const std::vector<gui::Case> cases = gui::find_cases(gui::default_assets_folder());
  const gui::Case& tg = *gui::find_case(cases, "d2q9_taylor_green");
  const auto seq = sim.post(cmd::LoadConfig{tg.path});
  auto front = std::make_unique<gui::Snapshot>();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (front->applied_seq < seq && std::chrono::steady_clock::now() < until)
    if (!sim.take(front)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_GE(front->applied_seq, seq);
  EXPECT_EQ(front->config.solver.model, "d2q9");
  EXPECT_EQ(front->source, tg.path);
  EXPECT_EQ(front->fields.nx, 128);
  // The field asked for under D2Q37 is D2Q9's of the same name.
  const plume::Model& d2q9 = plume::find_model("d2q9");
  EXPECT_EQ(front->shown.kind, &plume::io::field_choice(d2q9, "vorticity"));
  EXPECT_GT(front->shown.range.hi, 0.0);  // the vortices' vorticity
}
