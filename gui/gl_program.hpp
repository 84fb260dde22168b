// What the field texture (gui/field_texture.cpp) and the volume rendering (gui/volume_view.cpp)
// share: a shader program drawn as one triangle covering the viewport, textures of their kind,
// and the colormap as a 256-texel lookup texture.
#pragma once
#include "plume/viz/colormap.hpp"

namespace plume::gui {

// The vertex shader of a pass that covers the viewport with one triangle (no vertex buffer).
extern const char* const kCoverViewport;

// Compiles and links the program; throws std::runtime_error with the log, naming `what`.
unsigned link_program(const char* vertex, const char* fragment, const char* what);

// A 2-D texture of w x h texels, clamped at the edges, without data.
unsigned make_texture(int internal, unsigned format, unsigned type, int w, int h, int min_filter, int mag_filter);

// Makes `texture` (w x h) the colour attachment of `fbo`; throws std::runtime_error naming `what`
// when the framebuffer cannot render into it.
void attach_color(unsigned fbo, unsigned texture, int w, int h, const char* what);

// A 256 x 1 RGBA8 texture for colormaps, and its filling with one.
unsigned make_lut();
void write_lut(unsigned lut, viz::Colormap map);

}  // namespace plume::gui
