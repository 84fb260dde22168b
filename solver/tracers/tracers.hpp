// Passive tracer particles (plume/tracer_config.hpp) as a run's extra state
// (plume/extra_state.hpp): seeded by seeding.hpp, carried by the flow's stored velocity
// (advect.hpp, with the velocity's margins from window_exchange.hpp), moved between tiles by
// migration.hpp, stored as record.hpp says. Each rank keeps the tracers whose nearest site its
// block holds.
#pragma once
#include <array>
#include <vector>
#include "plume/extra_state.hpp"
#include "plume/fields.hpp"
#include "plume/tracer_config.hpp"
#include "tracer.hpp"
#include "window.hpp"

namespace plume::tracers {

class Tracers final : public ExtraState {
 public:
  // velocity: the indices of the model's stored fields ux, uy and (3-D) uz; solid: of its field
  // "solid" (1 at solid sites), -1 when it has none. Throws std::invalid_argument naming the
  // problem when `t` breaks a rule (rules.hpp) on the lattice `global`.
  Tracers(const TracerConfig& t, const std::array<int, 3>& velocity, int solid, const Domain& global);

  const std::string& name() const override { return name_; }
  long every() const override { return cfg_.every; }
  // The tracers of the configuration's seeding at the solver's step (also a restart from a
  // checkpoint without tracers); those that would start in a solid site are left out (the others
  // keep their ids).
  void initialize(Solver& s) override;
  // One update by Heun's method over the steps since the positions' step (dt: `steps`, or fewer
  // right after a start between two updates), then the migration.
  void advance(Solver& s, long steps) override;
  std::vector<std::uint8_t> save(Solver& s) override;
  void load(Solver& s, const std::vector<std::uint8_t>& bytes) override;
  PointSet points() const override;

 private:
  Lattice lattice(const Solver& s) const;
  void read_flow(Solver& s);  // the window of the current state (collective)

  std::string name_ = "tracers";
  TracerConfig cfg_;
  std::array<int, 3> velocity_;
  int solid_;
  int dims_;
  std::vector<Tracer> mine_;  // this rank's
  long long step_ = 0;        // the step the positions belong to
  Fields fields_;             // kept: their storage is reused at every update
  Window window_;
};

}  // namespace plume::tracers
