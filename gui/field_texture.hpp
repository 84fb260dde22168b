// GPU side of the field view: the scalar field as a single-channel float texture, and a shader
// pass that maps it through a colormap into an RGBA texture that Dear ImGui draws. Colouring on
// the GPU means a change of colormap or range costs one small pass, not a re-upload.
#pragma once
#include "plume/viz/colormap.hpp"
#include "texture_upload.hpp"

namespace plume::gui {

class FieldTexture {
 public:
  FieldTexture();
  ~FieldTexture();
  FieldTexture(const FieldTexture&) = delete;
  FieldTexture& operator=(const FieldTexture&) = delete;

  // Sends the values through `path`, reallocating the textures when the size changed.
  void upload(TextureUpload& path, const ScalarFieldView& v);
  // Colours the last upload: lo maps to the bottom of the colormap, hi to the top.
  void colorize(viz::Colormap map, double lo, double hi);

  unsigned color_texture() const { return color_; }
  int nx() const { return nx_; }
  int ny() const { return ny_; }

 private:
  void allocate(int nx, int ny);
  void set_colormap(viz::Colormap map);

  unsigned scalar_ = 0, color_ = 0, lut_ = 0, fbo_ = 0, vao_ = 0, program_ = 0;
  int loc_lo_ = -1, loc_inv_span_ = -1;
  int nx_ = 0, ny_ = 0;
  double offset_ = 0.0;
  bool have_lut_ = false;
  viz::Colormap lut_map_ = viz::Colormap::Viridis;
};

// The solid sites as a texture that Dear ImGui draws over the field in one colour: one byte a
// site (255 solid, 0 fluid) that the sampler reads as white with that byte as its opacity, so
// that the draw call's tint is the solids' colour.
class MaskTexture {
 public:
  MaskTexture() = default;
  ~MaskTexture();
  MaskTexture(const MaskTexture&) = delete;
  MaskTexture& operator=(const MaskTexture&) = delete;

  // nx * ny bytes, x fastest, row 0 at the bottom.
  void upload(const unsigned char* mask, int nx, int ny);
  unsigned texture() const { return tex_; }

 private:
  unsigned tex_ = 0;
  int nx_ = 0, ny_ = 0;
};

}  // namespace plume::gui
