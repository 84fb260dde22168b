// The files of the seed-001 benchmark (a D2Q9 BGK channel with obstacles, widely used to teach
// and to compare GPU codes), read and written exactly as that benchmark's own program does, so
// that its users can run their input files unchanged and check plume's outputs with their own
// tools (docs/d2q9.md, "Seed 001's benchmark files").
//
// Parameter file: seven lines, nx, ny, maxIters, reynolds_dim (integers), density, accel, omega
// (reals). Outputs: av_vels.dat, one line "t:\t%.12E" per step; final_state.dat, one line
// "x y u_x u_y |u| pressure solid" ("%d %d %.12E %.12E %.12E %.12E %d") per site, rows from the
// bottom, x fastest.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace plume::io {

struct Seed001Params {
  int nx = 0, ny = 0;
  long max_iters = 0;
  int reynolds_dim = 0;
  double density = 0, accel = 0, omega = 0;
  // The kinematic viscosity the benchmark defines, (2 / omega - 1) / 6.
  double viscosity() const { return (2.0 / omega - 1.0) / 6.0; }
};

// A seed-001 file that cannot be used; what() names the file, the line and the problem.
struct Seed001Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads and checks a parameter file: every value present, of its type, and in range (nx, ny >= 1,
// max_iters >= 0, density > 0, 0 < omega < 2: a positive viscosity).
Seed001Params read_seed001_params(const std::string& path);

// One site of the final state: its velocity, the pressure and whether it is solid.
struct Seed001Site {
  double ux, uy, pressure;
  bool solid;
};

// The two outputs, written atomically (plume/io/atomic_file.hpp). av_vels holds one value per
// step; sites holds nx * ny sites, x fastest, from the bottom row.
void write_av_vels(const std::string& path, const std::vector<double>& av_vels);
void write_final_state(const std::string& path, int nx, int ny, const std::vector<Seed001Site>& sites);

}  // namespace plume::io
