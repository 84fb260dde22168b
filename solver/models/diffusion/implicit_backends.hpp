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

// What both share: the physics their steps read, kept as the wrapped backend keeps its own.
class ImplicitBackend : public WrappedBackend {
 public:
  ImplicitBackend(Backend& in, const AnySetup& s) : WrappedBackend(in), params_(s.as<Setup>().physics) {}
  std::string description() const override {
    return WrappedBackend::description() + ", implicit theta = " + parameter::number_text(params_.theta);
  }
  void set_setup(const AnySetup& s) override {
    WrappedBackend::set_setup(s);
    params_ = s.as<Setup>().physics;
  }

 protected:
  Params params_;
};

}  // namespace plume::diffusion
