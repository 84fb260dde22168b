// What a compute backend (CPU/OpenMP, CUDA) provides to the Solver. Each backend owns the
// populations of one block in a Layout and runs the per-site physics of physics/site.hpp.
#pragma once
#include <memory>
#include <string>
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/physics/params.hpp"
#include "plume/physics/rayleigh_taylor.hpp"

namespace plume {

enum class Precision : int { FP64 = 0, FP32 = 1 };  // storage of the populations; arithmetic is FP64

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;         // "cpu" or "cuda"
  virtual std::string description() const = 0;  // device / threads, for logs and summaries
  virtual const Layout& layout() const = 0;
  virtual void set_params(const PhysicsParams& p) = 0;
  // Rayleigh–Taylor state into the current populations.
  virtual void initialize(const InitialState& s) = 0;
  // n fused steps (periodic halos in x, and in y when there are no walls).
  virtual void step(long n) = 0;
  // Fields of the current state (from the post-streaming populations), into host memory.
  virtual void fields(Fields& out) = 0;
  // Interior populations in canonical order [i][y][x] (x fastest), as doubles.
  virtual void read_populations(double* out) = 0;
  virtual void write_populations(const double* in) = 0;
};

std::unique_ptr<Backend> make_cpu_backend(const Domain& d, const PhysicsParams& p, Precision prec, int threads);

// CUDA: returns the number of usable devices (0 when CUDA is not compiled in or no driver/device),
// with a reason in *why when there are none.
int cuda_device_count(std::string* why = nullptr);
std::unique_ptr<Backend> make_cuda_backend(const Domain& d, const PhysicsParams& p, Precision prec, int device);

}  // namespace plume
