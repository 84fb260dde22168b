// State a run owns besides the populations: passive tracer particles (solver/tracers), and the
// moving particles of a suspension to come. The solver makes a run's extra states once
// (Model::make_extra_state), advances them with the flow, stores them in checkpoints
// (CheckpointState::extra), and hands their points to consumers at every snapshot
// (Snapshot::point_sets: in situ, VTK output, plume-gui). Each state keeps its own points on the
// rank whose block holds them and moves them to another rank when they leave it.
//
// A passive state reads the flow through the Solver's public API (its snapshot's fields, its
// communicator and decomposition); it never writes the populations.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "plume/point_set.hpp"

namespace plume {

class Solver;

// What a checkpoint stores of one extra state: its name and its bytes, in the state's own format
// (which the state versions and checks).
struct ExtraPayload {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

class ExtraState {
 public:
  virtual ~ExtraState() = default;
  // "tracers": the checkpoint section, the Catalyst channel and the GUI's layer carry this name.
  virtual const std::string& name() const = 0;
  // Steps between its updates (>= 1): the solver advances it after every step that is a multiple.
  virtual long every() const = 0;
  // Collective: the state of step 0 (Solver::initialize, after the populations).
  virtual void initialize(Solver& s) = 0;
  // Collective: advances it over the `steps` steps that brought the flow to s.step(), and moves
  // what left this rank's block to the rank that owns it now.
  virtual void advance(Solver& s, long steps) = 0;
  // Collective: the whole state on rank 0 (empty on the others), in an order that does not depend
  // on the tiling, so that a checkpoint's bytes are the same for any number of ranks.
  virtual std::vector<std::uint8_t> save(Solver& s) = 0;
  // Collective: rank 0 passes what save() gave (the others' argument is ignored), every rank keeps
  // what its block holds. Bytes it cannot read throw parallel::CollectiveError on every rank.
  virtual void load(Solver& s, const std::vector<std::uint8_t>& bytes) = 0;
  // This rank's points, for consumers (plume/point_set.hpp).
  virtual PointSet points() const = 0;
};

}  // namespace plume
