// When a run's outputs are due: images, diagnostics, checkpoints (with first_checkpoint), VTK
// files and the in-situ consumers (the pipelines, ParaView Live), decided here and only here. The
// batch driver's loop (app/run_loop.cpp) stops where next() says and writes what due() says; its
// in-situ hook (app/insitu.cpp) and the Catalyst adaptor (each pipeline's own `every`) use the
// same rules. A value type, built from the configuration (config::cadences).
#pragma once
#include <algorithm>
#include <climits>
#include <optional>

namespace plume::io {

constexpr long long kNever = LLONG_MAX;

// Every n steps from step 0, step 0 included; n <= 0: never.
struct Every {
  long long n = 0;
  bool due(long long step) const { return n > 0 && step % n == 0; }
  // The first step after `step` where it is due (kNever: none).
  long long next(long long step) const { return n > 0 ? (step / n + 1) * n : kNever; }
};

// When the in-situ consumers run: the pipelines every `scripts` steps (insitu.every), ParaView
// Live every `live` steps (insitu.live_every; 0: no Live).
struct InSituCadence {
  Every scripts, live;
  bool due(long long step) const { return scripts.due(step) || live.due(step); }
  long long next(long long step) const { return std::min(scripts.next(step), live.next(step)); }
};

// The cadences of a run's outputs (0: none between the first and the last step).
struct Cadences {
  Every images, diagnostics, checkpoints, vtk;
  long long first_checkpoint = 0;        // one more checkpoint at this step (0: none)
  std::optional<InSituCadence> insitu;   // none: the run has no in-situ consumer
};

// What is due at one step.
struct Due {
  bool image = false, diagnostics = false, checkpoint = false, insitu = false, vtk = false;
  bool any() const { return image || diagnostics || checkpoint || insitu || vtk; }
  bool operator==(const Due& o) const {
    return image == o.image && diagnostics == o.diagnostics && checkpoint == o.checkpoint && insitu == o.insitu &&
           vtk == o.vtk;
  }
  bool operator!=(const Due& o) const { return !(*this == o); }
};

class Schedule {
 public:
  // A run from step `first` to step `last` (a `last` below `first` is `first`: nothing to advance).
  Schedule(const Cadences& c, long long first, long long last) : c_(c), first_(first), last_(std::max(last, first)) {}

  long long first() const { return first_; }
  long long last() const { return last_; }

  // At the first step (a start or a restart): the image and the diagnostics of the state the run
  // starts from, the in-situ consumers, and the VTK file where its cadence falls; no checkpoint
  // (a start has nothing to keep, a restart has its checkpoint).
  Due start() const { return {true, true, false, bool(c_.insitu), c_.vtk.due(first_)}; }

  // At a step the run has advanced to (first < step <= last). The last step writes an image, the
  // diagnostics, a checkpoint and, with a VTK cadence, a VTK file; the in-situ consumers only
  // where their cadence falls.
  Due at(long long step) const {
    const bool last = step == last_;
    return {c_.images.due(step) || last,
            c_.diagnostics.due(step) || last,
            c_.checkpoints.due(step) || last || (c_.first_checkpoint > 0 && step == c_.first_checkpoint),
            c_.insitu && c_.insitu->due(step),
            c_.vtk.due(step) || (last && c_.vtk.n > 0)};
  }

  // A run stopped early (a signal): what it keeps so that it can continue from there.
  static Due stop() { return {true, true, true, false, false}; }

  // The first step after `step` where anything is due (at most last()).
  long long next(long long step) const {
    return std::min({last_, c_.images.next(step), c_.diagnostics.next(step), c_.checkpoints.next(step),
                     c_.first_checkpoint > step ? c_.first_checkpoint : kNever, c_.vtk.next(step),
                     c_.insitu ? c_.insitu->next(step) : kNever});
  }

 private:
  Cadences c_;
  long long first_, last_;
};

}  // namespace plume::io
