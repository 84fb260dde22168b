#include "run_description.hpp"
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <vtkPVVersion.h>
#include "plume/io/atomic_file.hpp"

namespace plume::catalyst {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace

void write_run_description(const std::string& output_dir, const Domain& whole, int ranks, const Options& options,
                           const std::vector<PipelineStats>& pipelines, const std::string& model,
                           const std::vector<std::pair<std::string, std::string>>& arrays) {
  std::ostringstream j;
  j << "{\n";
  j << "  \"what\": \"in-situ extracts of a plume run (ParaView Catalyst)\",\n";
  j << "  \"paraview\": " << quoted(PARAVIEW_VERSION_FULL) << ",\n";
  j << "  \"grid\": {\"type\": \"vtkImageData\", \"whole_extent\": [0, " << whole.NX - 1 << ", 0, " << whole.NY - 1
    << ", 0, " << whole.NZ - 1 << "], \"origin\": [0, 0, 0], \"spacing\": [1, 1, 1], \"association\": \"points (one per lattice site)\", "
       "\"pieces\": "
    << ranks << "},\n";
  j << "  \"model\": " << quoted(model) << ",\n";
  j << "  \"arrays\": {";
  for (std::size_t i = 0; i < arrays.size(); ++i)
    j << (i ? ",\n" : "\n") << "    " << quoted(arrays[i].first) << ": " << quoted(arrays[i].second);
  j << "\n  },\n";
  j << "  \"field_data\": {\"step\": \"time step\", \"time\": \"simulation time (lattice units)\"},\n";
  j << "  \"pipelines\": [";
  for (std::size_t i = 0; i < pipelines.size(); ++i)
    j << (i ? ",\n" : "\n") << "    {\"script\": " << quoted(pipelines[i].script) << ", \"every\": " << pipelines[i].every
      << ", \"live\": " << (pipelines[i].live ? "true" : "false") << ", \"calls\": " << pipelines[i].calls
      << ", \"seconds\": " << pipelines[i].seconds << ", \"dropped\": "
      << (pipelines[i].dropped.empty() ? std::string("null") : quoted(pipelines[i].dropped)) << "}";
  j << "\n  ],\n";
  j << "  \"live\": "
    << (options.live ? quoted(options.live_host + ":" + std::to_string(options.live_port)) : std::string("null"))
    << ",\n";
  j << "  \"on_error\": " << quoted(to_string(options.on_error)) << ",\n";
  j << "  \"metadata\": {";
  for (std::size_t i = 0; i < options.metadata.size(); ++i)
    j << (i ? ",\n" : "\n") << "    " << quoted(options.metadata[i].first) << ": " << quoted(options.metadata[i].second);
  j << (options.metadata.empty() ? "}\n" : "\n  }\n");
  j << "}\n";

  try {
    io::write_file_atomic((std::filesystem::path(output_dir) / "insitu.json").string(), j.str());
  } catch (const std::runtime_error& e) {
    throw Error(e.what());
  }
}

}  // namespace plume::catalyst
