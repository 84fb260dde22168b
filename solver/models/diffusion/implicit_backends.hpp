// The implicit scheme's backends (implicit.hpp): the generic backends of the diffusion traits,
// wrapped, with a step of line solves (implicit_cpu.cpp; implicit_cuda.cu, built with CUDA).
#pragma once
#include <memory>
#include <string>
#include "diffusion/model.hpp"
#include "diffusion/wrapped_backend.hpp"
#include "backend.hpp"
#include "plume/parameters.hpp"

namespace plume::diffusion {

template <int D>
std::unique_ptr<Backend> make_implicit_cpu_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st,
                                                   int threads);
template <int D>
std::unique_ptr<Backend> make_implicit_cuda_backend(const Domain& d, const AnySetup& s, Precision p, Streaming st,
                                                    int device);

// What both share: the physics their steps read, kept as the wrapped backend keeps its own; and
// what the tile stepper of a decomposed run (implicit_stepper.hpp) asks of them: that physics,
// the storage (its line solves round as a one-rank step does) and the host threads it may use.
class ImplicitBackend : public WrappedBackend {
 public:
  ImplicitBackend(Backend& in, const AnySetup& s, Precision p, int threads)
      : WrappedBackend(in), params_(s.as<Setup>().physics), precision_(p), host_threads_(threads) {}
  std::string description() const override {
    return WrappedBackend::description() + ", implicit theta = " + parameter::number_text(params_.theta);
  }
  void set_setup(const AnySetup& s) override {
    WrappedBackend::set_setup(s);
    params_ = s.as<Setup>().physics;
  }
  const Params& params() const { return params_; }
  Precision precision() const { return precision_; }
  int threads() const { return host_threads_; }  // OpenMP threads on the host; 0: the runtime's default

 protected:
  Params params_;
  Precision precision_;
  int host_threads_;
};

}  // namespace plume::diffusion
