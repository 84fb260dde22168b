#include "plume/solver.hpp"
#include <stdexcept>
#include "plume/lattice/d2q37.hpp"
#include "plume/physics/collision.hpp"

namespace plume {

Solver::Solver(const SolverConfig& cfg) : cfg_(cfg) {
  domain_ = Domain{cfg.nx, cfg.ny, 0, 0, cfg.nx, cfg.ny};
  std::string why;
  const int ndev = (cfg.backend == BackendKind::CPU) ? 0 : cuda_device_count(&why);
  if (cfg.backend == BackendKind::CUDA && ndev == 0)
    throw std::runtime_error("backend 'cuda' requested but no CUDA device is usable: " + why);
  if (ndev > 0) {
    const int dev = cfg.device >= 0 ? cfg.device : 0;
    if (dev >= ndev)
      throw std::runtime_error("CUDA device " + std::to_string(dev) + " requested but only " + std::to_string(ndev) +
                               " present");
    backend_ = make_cuda_backend(domain_, cfg.physics, cfg.precision, dev);
    reason_ = cfg.backend == BackendKind::CUDA ? "requested" : "a CUDA device is present";
  } else {
    backend_ = make_cpu_backend(domain_, cfg.physics, cfg.precision, cfg.threads);
    reason_ = cfg.backend == BackendKind::CPU ? "requested" : "no CUDA device (" + why + ")";
  }
}

Solver::~Solver() = default;

void Solver::initialize() {
  backend_->initialize(cfg_.initial);
  step_ = 0;
}

void Solver::advance(long nsteps) {
  backend_->step(nsteps);
  step_ += nsteps;
}

double Solver::time() const { return step_ * phys::dt<D2Q37>(); }

void Solver::set_physics(const PhysicsParams& p) {
  cfg_.physics = p;
  backend_->set_params(p);
}

void Solver::fields(Fields& out) { backend_->fields(out); }

std::vector<double> Solver::populations() {
  std::vector<double> f(std::size_t(D2Q37::Q) * domain_.nx * domain_.ny);
  backend_->read_populations(f.data());
  return f;
}

void Solver::set_populations(const std::vector<double>& f, long step) {
  if (f.size() != std::size_t(D2Q37::Q) * domain_.nx * domain_.ny)
    throw std::runtime_error("set_populations: wrong number of values");
  backend_->write_populations(f.data());
  step_ = step;
}

}  // namespace plume
