#include "plume/vtkout/point_series.hpp"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <sys/stat.h>
#include "plume/vtkout/point_files.hpp"

namespace plume::vtkout {

PointSeries::PointSeries(std::string dir, Description d) : dir_(std::move(dir)), description_(std::move(d)) {}

std::string PointSeries::file_name(const std::string& set, long long step) {
  char s[32];
  std::snprintf(s, sizeof s, "_%09lld.vtp", step);
  return set + s;
}

long long PointSeries::step_of(const std::string& set, const std::string& file) {
  long long step = -1;
  if (file.size() <= set.size() + 1 || file.compare(0, set.size() + 1, set + "_") != 0) return -1;
  if (std::sscanf(file.c_str() + set.size() + 1, "%lld", &step) != 1 || step < 0) return -1;
  return file_name(set, step) == file ? step : -1;
}

void PointSeries::begin(long long first_step) {
  if (::mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST)
    throw std::runtime_error("cannot create the folder '" + dir_ + "': " + std::strerror(errno));
  first_step_ = first_step;
  series_.clear();
}

Collection& PointSeries::collection(const std::string& set) {
  auto& c = series_[set];
  if (!c) {
    c = std::make_unique<Collection>(dir_ + "/" + set + ".pvd");
    if (first_step_ > 0) c->resume(first_step_, [&set](const std::string& f) { return step_of(set, f); });
  }
  return *c;
}

std::vector<std::string> PointSeries::write(const std::vector<PointSet>& sets, long long step, double time) {
  std::vector<std::string> paths;
  for (const PointSet& s : sets) {
    if (s.name.empty() || s.name.find('/') != std::string::npos)
      throw std::logic_error("a point set's name must be a file name's start, not '" + s.name + "'");
    const std::string file = file_name(s.name, step);
    write_points(dir_ + "/" + file, s, step, time, description_);
    collection(s.name).add(step, time, file);  // only once the step's file is in place
    paths.push_back(dir_ + "/" + file);
  }
  return paths;
}

}  // namespace plume::vtkout
