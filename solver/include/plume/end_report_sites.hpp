// The part of a model's end-of-run report (Model::end_report) that comes from the run's last state
// rather than from histories of diagnostics: the model names global sites, the run reads their
// stored fields where the fields are (Snapshot::values, collective) and the model adds what
// it makes of them to its report. A model offers it by deriving from this interface besides Model
// (D2Q9: the pressure difference in front of and behind a body, d2q9/end_report.hpp).
#pragma once
#include <array>
#include <vector>
#include "plume/end_report.hpp"
#include "plume/grid/domain.hpp"
#include "plume/model.hpp"

namespace plume {

class EndReportSites {
 public:
  virtual ~EndReportSites() = default;
  // The sites (global x, y, z inside `lattice`) whose stored fields the report reads; none: nothing to add.
  virtual std::vector<std::array<int, 3>> report_sites(const AnySetup& setup, const Domain& lattice) const = 0;
  // Adds to the report what the fields at those sites give: site_fields[k] holds the stored fields
  // (Model::fields() order) of site k of report_sites.
  virtual void add_site_values(EndReport& r, const AnySetup& setup, const Domain& lattice,
                               const std::vector<std::vector<double>>& site_fields) const = 0;
};

}  // namespace plume
