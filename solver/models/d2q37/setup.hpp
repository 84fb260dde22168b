// The D2Q37 setup of a run's configuration, for the code that knows it runs D2Q37 (its
// configuration keys, the GUI's D2Q37 panel, tests). A configuration that names no setup gets the
// model's defaults on first use; one that holds another model's setup is an error.
#pragma once
#include "d2q37/model.hpp"
#include "plume/solver.hpp"

namespace plume::d2q37 {

inline Setup& setup(SolverConfig& c) {
  if (c.setup.empty()) c.setup = AnySetup(Setup{});
  return c.setup.as<Setup>();
}
inline const Setup& setup(const SolverConfig& c) {
  static const Setup defaults{};
  return c.setup.empty() ? defaults : c.setup.as<Setup>();
}
inline PhysicsParams& physics(SolverConfig& c) { return setup(c).physics; }
inline const PhysicsParams& physics(const SolverConfig& c) { return setup(c).physics; }
inline InitialState& initial(SolverConfig& c) { return setup(c).initial; }
inline const InitialState& initial(const SolverConfig& c) { return setup(c).initial; }

}  // namespace plume::d2q37
