// A reproducible random bed of non-overlapping circular particles (seed 003's gas flowing through
// more than a million of them): discs of one radius placed one after another at uniformly random
// centres, each kept only if it keeps its distance from those already placed (random sequential
// addition), until they cover the wanted fraction of the sites of the bed's region. A cell list
// makes each try and each box's marking look at the neighbouring particles only.
//
// Coordinates are those of the sites (site x stands at x). The region is the columns
// x_min <= x < x_max and every row; along an axis that is not periodic a disc stays inside the
// region's edges (half a site beyond its outer sites, where half-way walls stand); along a periodic
// axis a disc may cross the edge and comes back on the other side. The bed is periodic in x only
// when its region is the whole width.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include "plume/geometry/plane.hpp"

namespace plume::geometry {

struct ParticleBedSpec {
  double radius = 0;            // sites; a site is solid when its centre is less than this from a particle's
  double solid_fraction = 0.3;  // of the sites of the region
  std::uint64_t seed = 1;       // the same seed gives the same bed on every machine
  double gap = 0;               // least distance between the edges of two particles (sites)
  int x_min = 0;                // the region: columns x_min <= x < x_max
  std::optional<int> x_max;     // unset: the lattice's width
};

class ParticleBed final : public PlaneGeometry {
 public:
  struct Particle {
    double x, y;
  };
  // The placement gives up after this many tries in a row found no room (the bed is jammed: discs
  // placed at random cannot cover more than about 0.547 of the plane) ...
  static constexpr long long kMaxFailuresInARow = 1000000;
  // ... or after this many tries per particle wanted, on average (near jamming the tries needed grow
  // without bound before the first rule ends them).
  static constexpr long long kMaxTriesPerParticle = 1000;

  // "" when the bed can be built on an nx x ny lattice, else what is wrong (checked before any
  // work; the constructor throws GeometryError with it).
  static std::string problem(int nx, int ny, const ParticleBedSpec& s, bool periodic_x, bool periodic_y);
  // Places the particles; throws GeometryError when the parameters describe no bed or when the
  // fraction cannot be reached.
  ParticleBed(int nx, int ny, const ParticleBedSpec& s, bool periodic_x, bool periodic_y);

  const std::vector<Particle>& particles() const { return particles_; }
  const ParticleBedSpec& spec() const { return spec_; }
  long long region_sites() const;
  long long solid_sites() const { return solid_sites_; }
  double solid_fraction() const { return double(solid_sites_) / double(region_sites()); }
  // "particle bed: 1641204 particles of radius 4 in columns 0..16384 (seed 1): solid fraction 0.30000 of its sites"
  std::string describe() const override;
  // The edge of the particle (or its periodic image) that holds the solid site.
  double link_fraction(int x, int y, int z, int ex, int ey, int ez) const override;

 protected:
  void mark_plane(const Box& b, std::uint8_t* out) const override;  // sites outside the lattice: fluid

 private:
  // Where centres go along one axis, and the cell list's cells along it.
  struct Axis {
    bool periodic = false;
    int n = 0;              // the lattice's sites along the axis (the period when periodic)
    double lo = 0, span = 0;  // centres: lo + u span, 0 <= u < 1
    int cells = 1;
    double width = 1;       // of a cell: at least the distance at which two particles interact
    int cell(double c) const;
    // The cells that hold centres in [a, b] (in the lattice's coordinates, unwrapped), each once.
    std::vector<int> cells_between(double a, double b) const;
    // The shifts of a particle's images that may reach the lattice: -n, 0, n when periodic.
    std::vector<double> shifts() const;
  };
  static Axis axis(bool periodic, int n, int first, int end, double r, double reach);
  bool has_room(double x, double y) const;
  void place();

  int nx_, ny_;
  ParticleBedSpec spec_;
  Axis ax_, ay_;
  std::vector<Particle> particles_;
  std::vector<int> head_, next_;  // the cell list: first particle of each cell, next in the same cell
  long long solid_sites_ = 0;
};

}  // namespace plume::geometry
