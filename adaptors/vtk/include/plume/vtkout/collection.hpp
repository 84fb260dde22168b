// The time series of a run's VTK files: a ParaView data collection (.pvd) that lists each step's
// summary with its time, which ParaView opens as one time-dependent data set (VisIt 3 as well).
// It is rewritten whole, atomically, after every step, so it is valid at every moment and names
// only files that exist.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace plume::vtkout {

class Collection {
 public:
  struct Entry {
    long long step;
    double time;
    std::string file;  // relative to the collection's folder
  };

  explicit Collection(std::string path) : path_(std::move(path)) {}

  // Continues the collection on disk, if any, up to `step` (a restart from that step): its later
  // entries belong to a run that this one replaces. `step_of` gives an entry's step from its file
  // name (the collection holds times, not steps); entries whose step it cannot tell are dropped.
  void resume(long long step, const std::function<long long(const std::string&)>& step_of);
  // Adds (or replaces) a step, and rewrites the file.
  void add(long long step, double time, const std::string& file);
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::vector<Entry> entries_;  // by step
};

}  // namespace plume::vtkout
