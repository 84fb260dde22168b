#include "field_texture.hpp"
#include <cmath>
#include <stdexcept>
#include <string>
#include "gl.hpp"
#include "gl_program.hpp"

namespace plume::gui {
namespace {

// NaN (a blown-up run) is drawn magenta, as in viz::colormap, so it cannot pass for data.
const char* kFragment = R"(#version 330 core
uniform sampler2D field;
uniform sampler2D lut;
uniform float lo;
uniform float inv_span;
out vec4 color;
void main() {
  float v = texelFetch(field, ivec2(gl_FragCoord.xy), 0).r;
  if (!(v == v)) { color = vec4(1.0, 0.0, 1.0, 1.0); return; }
  float t = clamp((v - lo) * inv_span, 0.0, 1.0);
  color = texture(lut, vec2(t * (255.0 / 256.0) + 0.5 / 256.0, 0.5));
})";

}  // namespace

FieldTexture::FieldTexture() {
  program_ = link_program(kCoverViewport, kFragment, "field");
  glUseProgram(program_);
  glUniform1i(glGetUniformLocation(program_, "field"), 0);
  glUniform1i(glGetUniformLocation(program_, "lut"), 1);
  glUseProgram(0);
  loc_lo_ = glGetUniformLocation(program_, "lo");
  loc_inv_span_ = glGetUniformLocation(program_, "inv_span");
  glGenVertexArrays(1, &vao_);
  glGenFramebuffers(1, &fbo_);
  lut_ = make_lut();
}

FieldTexture::~FieldTexture() {
  const GLuint tex[] = {scalar_, color_, lut_};
  glDeleteTextures(3, tex);
  glDeleteFramebuffers(1, &fbo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(program_);
}

void FieldTexture::allocate(int nx, int ny) {
  if (nx == nx_ && ny == ny_) return;
  const GLuint old[] = {scalar_, color_};
  glDeleteTextures(2, old);
  // Magnified sites stay crisp squares; minified lattices are averaged by the linear filter.
  scalar_ = make_texture(GL_R32F, GL_RED, GL_FLOAT, nx, ny, GL_NEAREST, GL_NEAREST);
  color_ = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, nx, ny, GL_LINEAR, GL_NEAREST);
  attach_color(fbo_, color_, nx, ny, "the field's colours");
  nx_ = nx;
  ny_ = ny;
}

void FieldTexture::upload(TextureUpload& path, const ScalarFieldView& v) {
  if (v.nx != nx_ || v.ny != ny_) path.release();  // before the texture's name can be reused
  allocate(v.nx, v.ny);
  offset_ = v.offset;
  path.upload(v, scalar_);
}

void FieldTexture::set_colormap(viz::Colormap map) {
  if (have_lut_ && map == lut_map_) return;
  write_lut(lut_, map);
  lut_map_ = map;
  have_lut_ = true;
}

void FieldTexture::colorize(viz::Colormap map, double lo, double hi) {
  if (nx_ == 0) return;
  set_colormap(map);
  GLint prev_viewport[4];
  glGetIntegerv(GL_VIEWPORT, prev_viewport);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, nx_, ny_);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  const double span = hi > lo ? hi - lo : 1.0;
  glUniform1f(loc_lo_, float(lo - offset_));
  glUniform1f(loc_inv_span_, float(1.0 / span));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, scalar_);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, lut_);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(prev_viewport[0], prev_viewport[1], prev_viewport[2], prev_viewport[3]);
}

MaskTexture::~MaskTexture() {
  if (tex_) glDeleteTextures(1, &tex_);
}

void MaskTexture::upload(const unsigned char* mask, int nx, int ny) {
  if (nx != nx_ || ny != ny_) {
    if (tex_) glDeleteTextures(1, &tex_);
    tex_ = make_texture(GL_R8, GL_RED, GL_UNSIGNED_BYTE, nx, ny, GL_LINEAR, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, tex_);
    const GLint swizzle[4] = {GL_ONE, GL_ONE, GL_ONE, GL_RED};
    glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
    nx_ = nx;
    ny_ = ny;
  }
  glBindTexture(GL_TEXTURE_2D, tex_);
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of nx bytes
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, nx, ny, GL_RED, GL_UNSIGNED_BYTE, mask);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace plume::gui
