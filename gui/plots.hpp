// Live plots: kinetic energy and mixing-layer width per snapshot, the solver's site updates per
// second, and the frame time. Fixed-size histories, drawn with ImGui::PlotLines.
#pragma once
#include <cstddef>
#include <vector>
#include "snapshot.hpp"

namespace plume::gui {

// The newest `capacity` values, oldest first from offset().
class History {
 public:
  explicit History(std::size_t capacity = 600) : cap_(capacity) { v_.reserve(capacity); }
  void push(float x);
  void clear() { v_.clear(), next_ = 0; }
  int size() const { return int(v_.size()); }
  int offset() const { return v_.size() < cap_ ? 0 : int(next_); }
  const float* data() const { return v_.data(); }
  float last() const;

 private:
  std::size_t cap_, next_ = 0;
  std::vector<float> v_;
};

class Plots {
 public:
  // One sample per new step; a new initial state (reset, new lattice, configuration,
  // checkpoint) starts the physics histories again.
  void add_snapshot(const Snapshot& s);
  void add_frame(double seconds);
  // A window of four plots side by side at (x, y), w x h pixels.
  void draw(float x, float y, float w, float h);
  static constexpr float kHeight = 120.0f;

 private:
  History quantity_[2], rate_, frame_ms_;
  std::string name_[2], label_[2];  // the model's two plotted diagnostics, and their labels
  long last_step_ = -1;
  long long last_diag_step_ = -1;
  std::uint64_t last_run_ = 0;
};

}  // namespace plume::gui
