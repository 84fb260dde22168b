// plume's public solver API: configure, initialise, advance, look at the fields.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "plume/backend.hpp"

namespace plume {

enum class BackendKind : int { Auto = 0, CPU = 1, CUDA = 2 };

struct SolverConfig {
  int nx = 256, ny = 512;  // global lattice
  PhysicsParams physics;
  InitialState initial;
  Precision precision = Precision::FP64;
  BackendKind backend = BackendKind::Auto;
  int device = -1;   // CUDA device index; -1: automatic
  int threads = 0;   // OpenMP threads; 0: the runtime's default
};

class Solver {
 public:
  // Chooses and allocates the backend; throws std::runtime_error with a clear message on failure.
  explicit Solver(const SolverConfig& cfg);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  void initialize();           // Rayleigh–Taylor initial state, step 0
  void advance(long nsteps);   // fused pull-stream + collide steps

  long step() const { return step_; }
  double time() const;         // step * dt
  const SolverConfig& config() const { return cfg_; }
  const Domain& domain() const { return domain_; }
  Backend& backend() { return *backend_; }
  const std::string& backend_reason() const { return reason_; }  // why this backend was chosen

  void set_physics(const PhysicsParams& p);  // steering: takes effect at the next step
  void fields(Fields& out);                  // fields of the current state (local block)

  // Interior populations of the local block, canonical order [i][y][x].
  std::vector<double> populations();
  void set_populations(const std::vector<double>& f, long step);

 private:
  SolverConfig cfg_;
  Domain domain_;
  std::unique_ptr<Backend> backend_;
  std::string reason_;
  long step_ = 0;
};

}  // namespace plume
