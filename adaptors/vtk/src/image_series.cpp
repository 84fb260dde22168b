#include "plume/vtkout/image_series.hpp"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <sys/stat.h>
#include "plume/io/atomic_file.hpp"

namespace plume::vtkout {

ImageSeries::ImageSeries(std::string dir, std::string base, const Model& m, const std::vector<std::string>& fields,
                         Description d, parallel::Communicator& comm)
    : dir_(std::move(dir)),
      base_(std::move(base)),
      arrays_(io::pointwise_fields(m, fields)),
      description_(std::move(d)),
      comm_(comm) {}

std::string ImageSeries::summary_name(long long step) const {
  char s[32];
  std::snprintf(s, sizeof s, "_%09lld.pvti", step);
  return base_ + s;
}

std::string ImageSeries::piece_name(long long step, int rank) const {
  char s[48];
  std::snprintf(s, sizeof s, "_%09lld_r%d.vti", step, rank);
  return base_ + s;
}

long long ImageSeries::step_of(const std::string& summary) const {
  long long step = -1;
  if (summary.size() <= base_.size() + 1 || summary.compare(0, base_.size() + 1, base_ + "_") != 0) return -1;
  if (std::sscanf(summary.c_str() + base_.size() + 1, "%lld", &step) != 1 || step < 0) return -1;
  return summary_name(step) == summary ? step : -1;
}

void ImageSeries::begin(long long first_step) {
  if (comm_.rank() != 0) return;
  if (::mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST)
    throw std::runtime_error("cannot create the folder '" + dir_ + "': " + std::strerror(errno));
  io::remove_stale_temporaries(dir_);
  collection_ = std::make_unique<Collection>(dir_ + "/" + base_ + ".pvd");
  if (first_step > 0) collection_->resume(first_step, [this](const std::string& f) { return step_of(f); });
}

std::string ImageSeries::write(const Fields& local, long long step, double time) {
  const int ranks = comm_.size(), rank = comm_.rank();
  std::string problem;
  try {
    write_piece(dir_ + "/" + piece_name(step, rank), local, arrays_, step, time, description_);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  // Every piece is in place (or every rank knows which is not) before the summary names them.
  parallel::agree(comm_, problem, "cannot write the VTK files of step " + std::to_string(step));
  std::vector<long long> extents(std::size_t(6) * std::size_t(ranks), 0);
  const Extent mine = piece_extent(local);
  for (int i = 0; i < 6; ++i) extents[std::size_t(6 * rank + i)] = mine[std::size_t(i)];
  comm_.allreduce(extents.data(), extents.size(), parallel::ReduceOp::Sum);
  const std::string summary = dir_ + "/" + summary_name(step);
  if (rank == 0) {
    try {
      std::vector<std::pair<Extent, std::string>> pieces;
      for (int r = 0; r < ranks; ++r) {
        Extent e;
        for (int i = 0; i < 6; ++i) e[std::size_t(i)] = int(extents[std::size_t(6 * r + i)]);
        pieces.emplace_back(e, piece_name(step, r));
      }
      write_summary(summary, local, arrays_, pieces);
      if (!collection_) throw std::logic_error("ImageSeries::write before begin");
      collection_->add(step, time, summary_name(step));
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  parallel::agree(comm_, problem, "cannot write the VTK files of step " + std::to_string(step));
  return summary;
}

}  // namespace plume::vtkout
