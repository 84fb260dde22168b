#include "plume/io/diagnostics.hpp"
#include <fmt/format.h>
#include <cmath>

namespace plume::io {

double Diagnostics::at(const std::string& name) const {
  for (std::size_t i = 0; i < quantities.size(); ++i)
    if (quantities[i].name == name) return values[i];
  throw std::out_of_range("no diagnostic '" + name + "'");
}

PartialSums partial_sums(const Fields& f, const Domain& d) { return row_sums(f, d); }

void combine(PartialSums& into, const PartialSums& o) { add_row_sums(into, o); }

Diagnostics finish(const PartialSums& p, const Model& m, const AnySetup& setup, long long step, double time) {
  Diagnostics d;
  d.step = step;
  d.time = time;
  d.quantities = m.diagnostics();
  d.values = m.diagnose(p, setup);
  return d;
}

Diagnostics compute_diagnostics(const Fields& f, const Domain& d, const AnySetup& setup, long long step, double time) {
  return finish(partial_sums(f, d), f.model(), setup, step, time);
}

Diagnostics compute_diagnostics(const Fields& local, const Domain& d, parallel::Communicator& comm,
                                const AnySetup& setup, long long step, double time) {
  PartialSums p = partial_sums(local, d);
  allreduce_row_sums(p, comm);
  return finish(p, local.model(), setup, step, time);
}

std::string Fault::message() const {
  const std::string what = std::isfinite(value) ? fmt::format("{} = {:.6g}", field, value)
                                                : fmt::format("{} is {}", field, std::isnan(value) ? "NaN" : "infinite");
  const std::string site = three_d ? fmt::format("(x={}, y={}, z={})", x, y, z) : fmt::format("(x={}, y={})", x, y);
  return fmt::format("the state became unphysical at step {}: {} at {}{}", step, what, site,
                     count > 1 ? fmt::format(", {} bad sites in all", count) : "");
}

std::optional<Fault> find_fault(const Fields& f, long long step) {
  if (auto fault = plume::find_fault(f, step)) return Fault{*fault};
  return std::nullopt;
}

std::optional<Fault> find_fault(const Fields& local, const Domain& d, parallel::Communicator& comm, long long step) {
  if (auto fault = allreduce_fault(plume::find_fault(local, step), local.model(), d, comm, step)) return Fault{*fault};
  return std::nullopt;
}

}  // namespace plume::io
