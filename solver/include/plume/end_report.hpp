// What a model reports at the end of a run from the histories of some of its diagnostics
// (Model::reported_histories, Model::end_report): D2Q9's force coefficients and Strouhal number
// around solids. The run prints it and writes it into summary.json and summary.txt.
#pragma once
#include <string>
#include <vector>
#include "plume/periodicity.hpp"

namespace plume {

struct EndReport {
  struct Value {
    std::string name;     // a key of summary.json: "strouhal", "drag_coefficient_mean"
    double value = 0;
    std::string meaning;  // one line: "St = f L / U, f the lift's frequency"
  };
  std::string title;  // "force coefficients on the solids"; empty: nothing to report
  std::string state;  // kind_name() of what the histories settled on: "periodic", "steady", ...
  std::string note;   // over what it was measured, or why it is not settled
  std::vector<Value> values;
  bool empty() const { return title.empty(); }
};

}  // namespace plume
