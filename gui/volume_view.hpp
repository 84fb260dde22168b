// The volume rendering of a 3-D run on screen (docs/gui.md, "3-D runs"): the shown field of the
// whole lattice in a 3-D texture (host upload, or on the GPU path a copy from the device texels
// through CUDA-OpenGL interop), ray-marched front to back in a fragment shader with the field's
// colormap and VolumeLook's opacity ramp, into a texture that Dear ImGui draws. An orthographic
// camera turns about the lattice's centre (gui/volume.hpp says where a point lands); dragging
// with the mouse turns it. Solid sites are opaque grey.
#pragma once
#include "plume/viz/image.hpp"
#include "texture_upload.hpp"
#include "view_settings.hpp"
#include "volume.hpp"

namespace plume::gui {

class VolumeView {
 public:
  VolumeView();
  ~VolumeView();
  VolumeView(const VolumeView&) = delete;
  VolumeView& operator=(const VolumeView&) = delete;

  // A new volume; its texture copy goes through `path`.
  void set_volume(const ShownVolume& v, TextureUpload& path);
  bool empty() const { return nx_ == 0; }
  viz::Range data_range() const { return data_range_; }

  struct Frame {
    double left, top, width, height;  // screen area, colour bar included
    viz::Range range;                 // the colour range
    const char* overlay = "";
  };
  // Draws on the background draw list; a drag in the area turns s.look's camera.
  void draw(ViewSettings& s, const Frame& f);

 private:
  void allocate(int tx, int ty, int tz, bool solid);
  void render(const ViewSettings& s, viz::Range r, int w, int h);

  unsigned volume_ = 0, solid_ = 0, lut_ = 0, color_ = 0, fbo_ = 0, vao_ = 0, program_ = 0;
  int tx_ = 0, ty_ = 0, tz_ = 0;         // texels
  int nx_ = 0, ny_ = 0, nz_ = 0, k_ = 1;  // the lattice, and its sampling
  bool has_solid_ = false;
  double offset_ = 0.0;
  viz::Range data_range_;
  int color_w_ = 0, color_h_ = 0;
  // What the last rendering drew: another rendering is needed when any of it changed.
  struct Drawn {
    VolumeLook look;
    viz::Colormap map = viz::Colormap::Viridis;
    viz::Range range;
    int w = 0, h = 0;
  };
  Drawn drawn_;
  bool dirty_ = true;
  bool lut_written_ = false;
  bool dragging_ = false;
};

}  // namespace plume::gui
