// [geometry]: its rules, and the solids built from it (plume/geometry/).
#include "geometry.hpp"
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include "plume/geometry/error.hpp"
#include "plume/geometry/mask_png.hpp"
#include "plume/geometry/obstacle_file.hpp"
#include "plume/geometry/shapes.hpp"
#include "plume/geometry/solids3d.hpp"
#include "plume/geometry/union.hpp"
#ifdef PLUME_HAVE_VTK_GEOMETRY
#include "plume/vtkgeometry/geometry_files.hpp"
#endif

namespace plume::config {

namespace {

const char* const kCylinderKeys[3] = {"geometry.cylinders_x", "geometry.cylinders_y", "geometry.cylinders_z"};

// The keys of `g` that describe 3-D shapes.
std::vector<std::string> keys_3d(const GeometryConfig& g) {
  std::vector<std::string> k;
  if (!g.spheres.empty()) k.push_back("geometry.spheres");
  if (!g.boxes.empty()) k.push_back("geometry.boxes");
  if (!g.stl.file.empty()) k.push_back("geometry.stl.file");
  for (int a = 0; a < 3; ++a)
    if (!g.cylinders[a].empty()) k.push_back(kCylinderKeys[a]);
  return k;
}

// The keys of `g` that describe solid sites.
std::vector<std::string> keys_given(const GeometryConfig& g) {
  std::vector<std::string> k;
  if (!g.obstacles.empty()) k.push_back("geometry.obstacles");
  if (!g.mask.empty()) k.push_back("geometry.mask");
  if (!g.voxels.empty()) k.push_back("geometry.voxels");
  if (!g.rectangles.empty()) k.push_back("geometry.rectangles");
  if (!g.circles.empty()) k.push_back("geometry.circles");
  if (g.particles.radius > 0) k.push_back("geometry.particles.radius");
  for (const std::string& s : keys_3d(g)) k.push_back(s);
  return k;
}

std::string models_with_solids() {
  std::string s;
  for (const Model* m : models())
    if (m->supports_solids()) s += (s.empty() ? "" : ", ") + m->name();
  return s.empty() ? "none yet" : s;
}

void check_file(const std::string& key, const std::string& path, std::vector<std::string>& problems) {
  if (path.empty()) return;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    problems.push_back(fmt::format("{} = \"{}\": file not found ({})", key, path, std::strerror(errno)));
  else if (!S_ISREG(st.st_mode))
    problems.push_back(fmt::format("{} = \"{}\" is not a file", key, path));
  else if (::access(path.c_str(), R_OK) != 0)
    problems.push_back(fmt::format("{} = \"{}\" is not readable", key, path));
}

// Spheres, boxes and cylinders: only on a 3-D lattice, and inside it.
void check_shapes_3d(const RunConfig& c, std::vector<std::string>& problems) {
  const GeometryConfig& g = c.geometry;
  const int n[3] = {c.solver.nx, c.solver.ny, c.solver.nz};
  if (n[2] == 1) {
    for (const std::string& k : keys_3d(g))
      problems.push_back(fmt::format("{}: a 3-D shape needs a 3-D lattice, and this one is 2-D (lattice.nz = 1); in 2-D "
                                     "use geometry.circles and geometry.rectangles",
                                     k));
    return;
  }
  const auto inside = [&](int a, double v) { return 0 <= v && v <= n[a] - 1; };
  for (std::size_t i = 0; i < g.spheres.size(); ++i) {
    const auto [x, y, z, r] = g.spheres[i];
    if (!(std::isfinite(r) && r > 0 && inside(0, x) && inside(1, y) && inside(2, z)))
      problems.push_back(fmt::format("geometry.spheres[{}] = [{}, {}, {}, {}] is not a sphere of the lattice: its centre "
                                     "must lie between the sites, 0 <= x <= {}, 0 <= y <= {}, 0 <= z <= {} (n - 1 "
                                     "along each axis), and its radius be > 0",
                                     i, x, y, z, r, n[0] - 1, n[1] - 1, n[2] - 1));
  }
  for (std::size_t i = 0; i < g.boxes.size(); ++i) {
    const auto [x0, y0, z0, x1, y1, z1] = g.boxes[i];
    if (!(0 <= x0 && x0 < x1 && x1 <= n[0] && 0 <= y0 && y0 < y1 && y1 <= n[1] && 0 <= z0 && z0 < z1 && z1 <= n[2]))
      problems.push_back(fmt::format("geometry.boxes[{}] = [{}, {}, {}, {}, {}, {}] is not a box of the lattice: it must "
                                     "have 0 <= x0 < x1 <= nx = {}, 0 <= y0 < y1 <= ny = {} and 0 <= z0 < z1 <= nz = {}",
                                     i, x0, y0, z0, x1, y1, z1, n[0], n[1], n[2]));
  }
  static const char* const name[3] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) {
    const int ua = a == 0 ? 1 : 0, va = a == 2 ? 1 : 2;
    for (std::size_t i = 0; i < g.cylinders[a].size(); ++i) {
      const auto [u, v, r, lo, hi] = g.cylinders[a][i];
      const bool whole = lo == std::floor(lo) && hi == std::floor(hi);
      if (!(std::isfinite(r) && r > 0 && inside(ua, u) && inside(va, v) && whole && 0 <= lo && lo < hi && hi <= n[a]))
        problems.push_back(fmt::format(
            "{}[{}] = [{}, {}, {}, {}, {}] is not a cylinder of the lattice: its axis must lie between the sites, 0 <= "
            "{} <= {} and 0 <= {} <= {}, its radius be > 0, and its ends be whole numbers with 0 <= {}0 < {}1 <= n{} = {}",
            kCylinderKeys[a], i, u, v, r, lo, hi, name[ua], n[ua] - 1, name[va], n[va] - 1, name[a], name[a], name[a],
            n[a]));
    }
  }
}

// Whether every site of the lattice is solid: marked a band of rows at a time (at most a million
// sites), stopping at the first fluid site, which a lattice with fluid usually shows in its first.
bool all_solid(const Geometry& solids, int nx, int ny, int nz) {
  const int rows = std::clamp((1 << 20) / std::max(1, nx), 1, std::max(1, ny));
  std::vector<std::uint8_t> mask;
  for (int z = 0; z < nz; ++z)
    for (int y0 = 0; y0 < ny; y0 += rows) {
      const int y1 = std::min(ny, y0 + rows);
      mask.assign(std::size_t(nx) * std::size_t(y1 - y0), 0);
      solids.mark(Box{0, nx, y0, y1, z, z + 1}, mask.data());
      if (std::find(mask.begin(), mask.end(), 0) != mask.end()) return false;
    }
  return true;
}

bool periodic_x(const RunConfig& c) { return c.solver.model->periodic(c.solver.setup)[0]; }
bool periodic_y(const RunConfig& c) { return c.solver.model->periodic(c.solver.setup)[1]; }

}  // namespace

namespace detail {

void check_geometry(const RunConfig& c, std::vector<std::string>& problems) {
  const GeometryConfig& g = c.geometry;
  const Model& model = *c.solver.model;
  if (!model.supports_solids())
    for (const std::string& k : keys_given(g))
      problems.push_back(fmt::format("{}: model {} has no solid sites (models that have them: {})", k, model.name(),
                                     models_with_solids()));
  check_file("geometry.obstacles", g.obstacles, problems);
  check_file("geometry.mask", g.mask, problems);
  check_file("geometry.voxels", g.voxels, problems);
  check_file("geometry.stl.file", g.stl.file, problems);
#ifndef PLUME_HAVE_VTK_GEOMETRY
  for (const auto& [key, path] : {std::pair{"geometry.voxels", g.voxels}, std::pair{"geometry.stl.file", g.stl.file}})
    if (!path.empty())
      problems.push_back(fmt::format("{} = \"{}\": this plume was built without VTK (ParaView's VTK was not found), "
                                     "which reads these files",
                                     key, path));
#endif
  const int nx = c.solver.nx, ny = c.solver.ny;
  for (std::size_t i = 0; i < g.rectangles.size(); ++i) {
    const auto [x0, y0, x1, y1] = g.rectangles[i];
    if (!(0 <= x0 && x0 < x1 && x1 <= nx && 0 <= y0 && y0 < y1 && y1 <= ny))
      problems.push_back(fmt::format("geometry.rectangles[{}] = [{}, {}, {}, {}] is not a rectangle of the lattice: it "
                                     "must have 0 <= x0 < x1 <= nx = {} and 0 <= y0 < y1 <= ny = {}",
                                     i, x0, y0, x1, y1, nx, ny));
  }
  for (std::size_t i = 0; i < g.circles.size(); ++i) {
    const auto [x, y, r] = g.circles[i];
    if (!(std::isfinite(r) && r > 0 && 0 <= x && x <= nx - 1 && 0 <= y && y <= ny - 1))
      problems.push_back(fmt::format("geometry.circles[{}] = [{}, {}, {}] is not a circle of the lattice: its centre "
                                     "must lie between the sites, 0 <= x <= nx - 1 = {} and 0 <= y <= ny - 1 = {}, "
                                     "and its radius be > 0",
                                     i, x, y, r, nx - 1, ny - 1));
  }
  check_shapes_3d(c, problems);
  if (g.particles.radius > 0 && model.owns(c.solver.setup))
    if (const std::string p = geometry::ParticleBed::problem(nx, ny, g.particles, periodic_x(c), periodic_y(c));
        !p.empty())
      problems.push_back("geometry.particles: " + p);
}

}  // namespace detail

void build_solids(RunConfig& c) {
  const GeometryConfig& g = c.geometry;
  const int nx = c.solver.nx, ny = c.solver.ny;
  auto solids = std::make_shared<geometry::Solids>();
  std::vector<std::string> problems;
  // Each source's errors name its key; all of them are reported together.
  const auto add = [&](const std::string& key, auto make) {
    try {
      solids->add(make());
    } catch (const geometry::GeometryError& e) {
      problems.push_back(fmt::format("{}: {}", key, e.what()));
    }
  };
  if (!g.obstacles.empty())
    add("geometry.obstacles", [&] { return geometry::read_obstacle_file(g.obstacles, nx, ny); });
  if (!g.mask.empty()) add("geometry.mask", [&] { return geometry::read_mask_png(g.mask, nx, ny); });
#ifdef PLUME_HAVE_VTK_GEOMETRY
  const int nz = c.solver.nz;
  if (!g.voxels.empty())
    add("geometry.voxels", [&] { return vtkgeometry::read_voxel_file(g.voxels, g.voxels_array, nx, ny, nz); });
  if (!g.stl.file.empty())
    add("geometry.stl.file", [&] {
      return vtkgeometry::voxelise_stl(g.stl.file, {g.stl.scale, g.stl.x, g.stl.y, g.stl.z}, nx, ny, nz);
    });
#endif
  for (const auto& [x0, y0, x1, y1] : g.rectangles) solids->add(std::make_shared<geometry::Rectangle>(x0, y0, x1, y1));
  for (const auto& [x, y, r] : g.circles) solids->add(std::make_shared<geometry::Circle>(x, y, r));
  for (const auto& [x, y, z, r] : g.spheres) solids->add(std::make_shared<geometry::Sphere>(x, y, z, r));
  for (const auto& [x0, y0, z0, x1, y1, z1] : g.boxes)
    solids->add(std::make_shared<geometry::Cuboid>(x0, y0, z0, x1, y1, z1));
  for (int a = 0; a < 3; ++a)
    for (const auto& [u, v, r, lo, hi] : g.cylinders[a])
      solids->add(std::make_shared<geometry::Cylinder>(a, u, v, r, int(lo), int(hi)));
  if (g.particles.radius > 0)
    add("geometry.particles", [&] {
      return std::make_shared<geometry::ParticleBed>(nx, ny, g.particles, periodic_x(c), periodic_y(c));
    });
  if (!problems.empty()) throw ConfigError(problems);
  // A lattice with no fluid site has nothing to simulate (a run of it would report a still,
  // empty flow and succeed).
  if (!solids->empty() && all_solid(*solids, nx, ny, c.solver.nz)) {
    std::string keys;
    for (const std::string& k : keys_given(g)) keys += (keys.empty() ? "" : ", ") + k;
    throw ConfigError(fmt::format("{}: every site of the {} lattice is solid: there is no fluid to simulate; leave "
                                  "some sites fluid",
                                  keys, size_text(c.solver.global())));
  }
  c.solver.solids = solids->empty() ? nullptr : std::shared_ptr<const Geometry>(solids);
}

}  // namespace plume::config
