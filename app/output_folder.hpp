// Whose files an output folder holds, and whether a run may write into it: a run never silently
// replaces the files of another run. A folder that holds files plume writes (config.toml,
// diagnostics.csv, summaries, images, checkpoints, insitu/, vtk/) is taken only when the user asks to
// overwrite it (--overwrite: those files are removed first) or continues that run (restarts from a
// checkpoint in that folder). Other files in the folder are never touched.
#pragma once
#include <string>
#include <vector>
#include "plume/config/run_config.hpp"

namespace plume::app {

// Names of the files (and the insitu/ and vtk/ folders) in `dir` that a plume run writes; none when `dir`
// does not exist.
std::vector<std::string> run_files(const std::string& dir);

// The restart checkpoint lies in the output folder: the run continues the one that wrote it.
bool continues_run_in(const config::RunConfig& cfg, const std::string& dir);

// Why the run must not write into its output folder (naming the folder and the ways on), or ""
// when it may.
std::string folder_refusal(const config::RunConfig& cfg, const std::string& dir);

// Removes run_files(dir): with --overwrite, before the new run writes. Returns how many.
std::size_t remove_run_files(const std::string& dir);

}  // namespace plume::app
