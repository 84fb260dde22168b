// The --report file: what a scripted run observed, one record a line as `kind key=value ...`,
// so that tests and scripts can check the effect of steering without reading pixels. The whole
// file is rewritten atomically after every record: it is complete at any moment.
#pragma once
#include <string>
#include <vector>
#include "snapshot.hpp"

namespace plume::gui {

class Report {
 public:
  Report() = default;
  // Empty path: records are dropped. `context` goes into the header (build, OpenGL, options).
  Report(std::string path, const std::vector<std::string>& context);

  // diag: step, time, steering parameters and the diagnostics of the snapshot.
  void diag(const Snapshot& s);
  // probe: the hydrodynamic fields at site (x, y) (a 3-D lattice: of the plane shown); throws
  // std::out_of_range outside the lattice.
  void probe(const Snapshot& s, int x, int y);
  // pick: the point nearest picture position (x, y) within a site (point_layer.hpp: its set, id,
  // position and arrays), or `none`.
  void pick(const Snapshot& s, double x, double y);
  // Any other record (summary of a --frames run, script events).
  void record(const std::string& line);
  bool enabled() const { return !path_.empty(); }

 private:
  void flush();
  std::string path_;
  std::string text_;
};

}  // namespace plume::gui
