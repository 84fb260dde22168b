// ParaView Catalyst adaptor: hands plume's fields to Catalyst Python pipelines every N steps and
// serves ParaView Live. One Adaptor per process, built after MPI_Init and destroyed (or
// finalize()d) before MPI_Finalize; with MPI every rank builds it and calls execute() at the same
// steps with its own block (one piece per rank of one dataset of the global lattice).
//
//   plume::catalyst::Adaptor insitu(options, solver.domain());   // loads every pipeline now
//   for (...) {
//     solver.advance(n);
//     if (insitu.due(solver.step())) {
//       solver.snapshot().fields(fields);
//       insitu.execute(solver.step(), solver.time(), fields, solver.domain());
//     }
//   }
//   insitu.finalize();
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "plume/catalyst/error.hpp"
#include "plume/catalyst/options.hpp"
#include "plume/fields.hpp"
#include "plume/grid/layout.hpp"
#include "plume/point_set.hpp"

namespace plume::catalyst {

// Cost of one pipeline so far (seconds of its Catalyst execution, this rank).
struct PipelineStats {
  std::string script;
  long every = 0;
  long calls = 0;
  double seconds = 0.0;
  bool live = false;     // hosts the ParaView Live link
  bool enabled = true;   // false once dropped by on_error = disable
  std::string dropped;   // when and why it was dropped ("at step 300: ..."); empty while it runs
};

class Adaptor {
 public:
  // Initialises Catalyst (once per process), checks and loads every pipeline (a script that does
  // not exist is an Error whatever on_error says; one that fails to load follows on_error). The
  // grid's arrays are the model's fields (field_grid.hpp).
  Adaptor(const Options& options, const Domain& domain, const Model& model);
  ~Adaptor();  // finalize() if not done
  Adaptor(const Adaptor&) = delete;
  Adaptor& operator=(const Adaptor&) = delete;

  // Whether any pipeline runs at this step: lets the caller skip fetching fields otherwise.
  bool due(long step) const;
  // The next step after `step` at which a pipeline runs (LONG_MAX when none is left).
  long next_due(long step) const;

  // Runs the pipelines due at this step on this block. The fields (the model's) are read, not
  // copied (stored scalars such as T_H and rho are handed to VTK in place; derived ones such as
  // p = rho T_H and the velocity as a 3-vector are filled into buffers allocated once); they must
  // stay unchanged until execute() returns.
  void execute(long step, double time, const Fields& fields, const Domain& domain);
  // The same, with this rank's points of the run's point sets at this step (Snapshot::point_sets),
  // each handed to the channel of its name (Options::point_sets; a set the options do not name is
  // an Error; a channel without a set at this step holds no points). The points are copied.
  void execute(long step, double time, const Fields& fields, const Domain& domain, const std::vector<PointSet>& points);

  // Calls each pipeline's catalyst_finalize and shuts Catalyst down. Idempotent. Collective. A
  // pipeline that fails in catalyst_finalize throws Error (after Catalyst has ended) under
  // on_error = stop; under disable it is logged.
  void finalize();

  std::vector<PipelineStats> stats() const;
  double grid_seconds() const;  // time spent filling the VTK grid (p, u_H) so far

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace plume::catalyst
