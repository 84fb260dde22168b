// A backend that is another one but for its step: every call goes to the wrapped backend, which
// keeps the state and everything read from it (fields, sums, faults, snapshots, populations,
// sites, solids); a model whose step is no per-site update (the implicit scheme,
// implicit_cpu.cpp, implicit_cuda.cu) overrides step() and step_async() alone and rewrites the
// wrapped generic backend's state through its state_to_rewrite().
#pragma once
#include <memory>
#include "backend.hpp"

namespace plume::diffusion {

class WrappedBackend : public Backend {
 public:
  explicit WrappedBackend(Backend& inner) : in_(inner) {}
  std::string name() const override { return in_.name(); }
  std::string description() const override { return in_.description(); }
  const Layout& layout() const override { return in_.layout(); }
  void set_setup(const AnySetup& s) override { in_.set_setup(s); }
  void initialize() override { in_.initialize(); }
  void wait_steps() override { in_.wait_steps(); }
  void fields(Fields& out) override { in_.fields(out); }
  void request_fields() override { in_.request_fields(); }
  bool fields_ready() override { return in_.fields_ready(); }
  const Fields& wait_fields() override { return in_.wait_fields(); }
  DeviceFields device_fields() const override { return in_.device_fields(); }
  void request_device_fields() override { in_.request_device_fields(); }
  void wait_device_fields() override { in_.wait_device_fields(); }
  FieldRange snapshot_range(const FieldFormula& v, const Box& b, int mask) override {
    return in_.snapshot_range(v, b, mask);
  }
  void snapshot_values(const FieldFormula* v, int n, int x, int y, int z, double* out) override {
    in_.snapshot_values(v, n, x, y, z, out);
  }
  std::vector<double> site_sums() override { return in_.site_sums(); }
  RowSums row_sums() override { return in_.row_sums(); }
  std::optional<Fault> find_fault() override { return in_.find_fault(); }
  std::optional<Fault> snapshot_fault() override { return in_.snapshot_fault(); }
  void read_populations(double* out) override { in_.read_populations(out); }
  void write_populations(const double* in) override { in_.write_populations(in); }
  void read_sites(const std::vector<Site>& sites, double* out) override { in_.read_sites(sites, out); }
  void write_sites(const std::vector<Site>& sites, const double* in) override { in_.write_sites(sites, in); }
  void set_solids(const std::uint8_t* mask, const Box& b) override { in_.set_solids(mask, b); }
  void set_links(const float* q, const Box& b) override { in_.set_links(q, b); }
  // The wrapped backend's halo exchange, with its per-site update: the model's own tile stepper
  // (Model::make_tile_stepper; the implicit scheme's, implicit_stepper.hpp) keeps the exchange
  // and replaces the step.
  HaloOps* halo_ops() override { return in_.halo_ops(); }

 private:
  Backend& in_;
};

}  // namespace plume::diffusion
