// output_dir/insitu.json: what the in-situ extracts of a run hold (grid, arrays and their units,
// pipelines and their frequencies, the caller's metadata; at the end, what each pipeline did and
// why one was dropped), so that they can be read without the run's configuration at hand.
#pragma once
#include <string>
#include <utility>
#include <vector>
#include "plume/catalyst/adaptor.hpp"

namespace plume::catalyst {

// Written to a temporary file and renamed into place; throws Error when it cannot be written.
// `arrays`: each point array's name and meaning (FieldGrid::describe_arrays); `model`: its title.
void write_run_description(const std::string& output_dir, const Domain& whole, int ranks, const Options& options,
                           const std::vector<PipelineStats>& pipelines, const std::string& model,
                           const std::vector<std::pair<std::string, std::string>>& arrays);

}  // namespace plume::catalyst
