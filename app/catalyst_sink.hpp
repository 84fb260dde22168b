// The ParaView Catalyst sink of the batch driver: insitu.scripts and insitu.live handed to
// plume::catalyst::Adaptor (adaptors/). Built only when ParaView Catalyst is.
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "insitu.hpp"

namespace plume::app {

// Extracts go to run_dir/insitu. Starts a private Xvfb for rendering pipelines when there is no
// DISPLAY. Throws catalyst::Error when a pipeline cannot be loaded (on_error = "stop"). The grid
// holds the model's fields; `point_sets` names the run's point sets, each a channel of its own
// (InSitu::point_set_names).
std::unique_ptr<InSituSink> make_catalyst_sink(const config::InSituConfig& cfg, const std::string& run_dir,
                                               const Domain& domain, const Model& model,
                                               const std::vector<std::string>& point_sets);

}  // namespace plume::app
