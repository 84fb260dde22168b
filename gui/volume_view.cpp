#include "volume_view.hpp"
#include <imgui.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include "field_view.hpp"
#include "gl.hpp"
#include "gl_program.hpp"

namespace plume::gui {
namespace {

// A ray per pixel through the lattice's box, in lattice units about its centre, sampled every
// half site and composited front to back: each sample adds its colour (the colormap's for its
// place t in the colour range) with the opacity 1 - exp(-opacity w(t) ds) of the ramp w. Solid
// sites are opaque grey; NaN (a blown-up run) opaque magenta, as in the planes.
const char* kRayMarch = R"(#version 330 core
uniform sampler3D volume;
uniform sampler3D solid;
uniform sampler2D lut;
uniform bool has_solid;
uniform vec3 right, up, forward, inv_forward;
uniform vec3 n;             // the lattice's sides, sites
uniform vec3 tex_a, tex_b;  // texture coordinate of lattice point X: X * tex_a + tex_b
uniform vec2 centre;        // the lattice's centre in the picture, pixels
uniform float scale;        // pixels per site
uniform float lo, inv_span; // the colour range, relative to the texels' offset
uniform float opacity, ramp_lo, ramp_hi;
uniform vec3 background;
out vec4 color;
void main() {
  const float ds = 0.5;
  vec2 d = (gl_FragCoord.xy - centre) / scale;
  float reach = 0.5 * length(n) + 1.0;
  vec3 o = d.x * right + d.y * up - reach * forward;
  vec3 t0 = (-0.5 * n - o) * inv_forward, t1 = (0.5 * n - o) * inv_forward;
  vec3 tmin = min(t0, t1), tmax = max(t0, t1);
  float enter = max(max(tmin.x, tmin.y), tmin.z), leave = min(min(tmax.x, tmax.y), tmax.z);
  vec3 acc = vec3(0.0);
  float alpha = 0.0;
  for (float t = enter + 0.5 * ds; t < leave && alpha < 0.995; t += ds) {
    vec3 tc = (o + t * forward + 0.5 * n) * tex_a + tex_b;
    vec3 c;
    float a;
    if (has_solid && texture(solid, tc).r > 0.5) {
      c = vec3(0.5);
      a = 1.0;
    } else {
      float v = texture(volume, tc).r;
      if (!(v == v)) {
        c = vec3(1.0, 0.0, 1.0);
        a = 1.0;
      } else {
        float s = clamp((v - lo) * inv_span, 0.0, 1.0);
        float w = clamp((s - ramp_lo) / (ramp_hi - ramp_lo), 0.0, 1.0);
        a = 1.0 - exp(-opacity * w * ds);
        c = texture(lut, vec2(s * (255.0 / 256.0) + 0.5 / 256.0, 0.5)).rgb;
      }
    }
    acc += (1.0 - alpha) * a * c;
    alpha += (1.0 - alpha) * a;
  }
  color = vec4(acc + (1.0 - alpha) * background, 1.0);
})";

unsigned make_texture_3d(GLint internal, GLenum format, GLenum type, int w, int h, int d, GLint filter) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  glTexImage3D(GL_TEXTURE_3D, 0, internal, w, h, d, 0, format, type, nullptr);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, filter);
  for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R})
    glTexParameteri(GL_TEXTURE_3D, wrap, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_3D, 0);
  return t;
}

bool same(const VolumeLook& a, const VolumeLook& b) {
  return a.yaw == b.yaw && a.pitch == b.pitch && a.opacity == b.opacity && a.ramp_lo == b.ramp_lo &&
         a.ramp_hi == b.ramp_hi;
}

}  // namespace

VolumeView::VolumeView() {
  program_ = link_program(kCoverViewport, kRayMarch, "volume");
  glUseProgram(program_);
  glUniform1i(glGetUniformLocation(program_, "volume"), 0);
  glUniform1i(glGetUniformLocation(program_, "solid"), 1);
  glUniform1i(glGetUniformLocation(program_, "lut"), 2);
  glUseProgram(0);
  glGenVertexArrays(1, &vao_);
  glGenFramebuffers(1, &fbo_);
  lut_ = make_lut();
}

VolumeView::~VolumeView() {
  const GLuint tex[] = {volume_, solid_, lut_, color_};
  glDeleteTextures(4, tex);
  glDeleteFramebuffers(1, &fbo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(program_);
}

void VolumeView::allocate(int tx, int ty, int tz, bool solid) {
  if (tx != tx_ || ty != ty_ || tz != tz_) {
    if (volume_) glDeleteTextures(1, &volume_);
    if (solid_) glDeleteTextures(1, &solid_);
    solid_ = 0;
    // Linear filtering: the rays sample between sites.
    volume_ = make_texture_3d(GL_R32F, GL_RED, GL_FLOAT, tx, ty, tz, GL_LINEAR);
    tx_ = tx;
    ty_ = ty;
    tz_ = tz;
  }
  if (solid && !solid_) solid_ = make_texture_3d(GL_R8, GL_RED, GL_UNSIGNED_BYTE, tx, ty, tz, GL_NEAREST);
}

void VolumeView::set_volume(const ShownVolume& v, TextureUpload& path) {
  if (!v.kind) return;
  if (v.texture_nx != tx_ || v.texture_ny != ty_ || v.texture_nz != tz_) path.release();  // before names are reused
  allocate(v.texture_nx, v.texture_ny, v.texture_nz, !v.solid.empty());
  path.upload_volume(texels_view(v.texels_on_device, v.device_texture.get(), v.texture, v.texture_nx, v.texture_ny,
                                 v.texture_nz, v.offset),
                     volume_);
  has_solid_ = !v.solid.empty();
  if (has_solid_) {
    glBindTexture(GL_TEXTURE_3D, solid_);
    GLint alignment = 4;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of tx bytes
    glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, tx_, ty_, tz_, GL_RED, GL_UNSIGNED_BYTE, v.solid.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
    glBindTexture(GL_TEXTURE_3D, 0);
  }
  nx_ = v.nx;
  ny_ = v.ny;
  nz_ = v.nz;
  k_ = v.k;
  offset_ = v.offset;
  data_range_ = v.range;
  dirty_ = true;
}

void VolumeView::render(const ViewSettings& s, viz::Range r, int w, int h) {
  if (w != color_w_ || h != color_h_) {
    if (color_) glDeleteTextures(1, &color_);
    color_ = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, w, h, GL_NEAREST, GL_NEAREST);
    attach_color(fbo_, color_, w, h, "the volume");
    color_w_ = w;
    color_h_ = h;
  }
  if (!lut_written_ || s.map != drawn_.map) write_lut(lut_, s.map);
  lut_written_ = true;
  GLint prev_viewport[4];
  glGetIntegerv(GL_VIEWPORT, prev_viewport);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, w, h);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(program_);
  const auto loc = [&](const char* name) { return glGetUniformLocation(program_, name); };
  const CameraBasis b = camera_basis(s.look.yaw, s.look.pitch);
  glUniform3f(loc("right"), float(b.right[0]), float(b.right[1]), float(b.right[2]));
  glUniform3f(loc("up"), float(b.up[0]), float(b.up[1]), float(b.up[2]));
  glUniform3f(loc("forward"), float(b.forward[0]), float(b.forward[1]), float(b.forward[2]));
  float inv[3];
  for (int a = 0; a < 3; ++a) inv[a] = std::abs(b.forward[a]) > 1e-12 ? float(1.0 / b.forward[a]) : 1e30f;
  glUniform3f(loc("inv_forward"), inv[0], inv[1], inv[2]);
  glUniform3f(loc("n"), float(nx_), float(ny_), float(nz_));
  // Texel i (its centre at (i + 0.5) / t) holds site i k, whose centre is lattice point i k + 0.5.
  const int t[3] = {tx_, ty_, tz_};
  float ta[3], tb[3];
  for (int a = 0; a < 3; ++a) {
    ta[a] = float(1.0 / (double(k_) * t[a]));
    tb[a] = float((0.5 - 0.5 / k_) / t[a]);
  }
  glUniform3f(loc("tex_a"), ta[0], ta[1], ta[2]);
  glUniform3f(loc("tex_b"), tb[0], tb[1], tb[2]);
  glUniform2f(loc("centre"), 0.5f * w, 0.5f * h);
  glUniform1f(loc("scale"), float(volume_scale(nx_, ny_, nz_, w, h)));
  const double span = r.hi > r.lo ? r.hi - r.lo : 1.0;
  glUniform1f(loc("lo"), float(r.lo - offset_));
  glUniform1f(loc("inv_span"), float(1.0 / span));
  glUniform1f(loc("opacity"), float(std::max(0.0, s.look.opacity)));
  glUniform1f(loc("ramp_lo"), float(s.look.ramp_lo));
  glUniform1f(loc("ramp_hi"), float(s.look.ramp_hi != s.look.ramp_lo ? s.look.ramp_hi : s.look.ramp_lo + 1e-6));
  glUniform1i(loc("has_solid"), has_solid_ ? 1 : 0);
  glUniform3f(loc("background"), 0.12f, 0.12f, 0.13f);  // the window's
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_3D, volume_);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_3D, has_solid_ ? solid_ : volume_);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, lut_);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_3D, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_3D, 0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(prev_viewport[0], prev_viewport[1], prev_viewport[2], prev_viewport[3]);
  drawn_ = Drawn{s.look, s.map, r, w, h};
  dirty_ = false;
}

void VolumeView::draw(ViewSettings& s, const Frame& f) {
  if (nx_ == 0) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const double fw = std::max(1.0, f.width - kBarSpace), fh = std::max(1.0, f.height);
  // The mouse turns the camera: a drag across the area's width is about a full turn.
  const ImGuiIO& io = ImGui::GetIO();
  const bool inside = io.MousePos.x >= f.left && io.MousePos.x < f.left + fw && io.MousePos.y >= f.top &&
                      io.MousePos.y < f.top + fh;
  if (!io.WantCaptureMouse && inside && (ImGui::IsMouseClicked(ImGuiMouseButton_Left) ||
                                         ImGui::IsMouseClicked(ImGuiMouseButton_Right)))
    dragging_ = true;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right)) dragging_ = false;
  if (dragging_ && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
    s.look.yaw = std::remainder(s.look.yaw + 360.0 * io.MouseDelta.x / fw, 360.0);
    s.look.pitch = std::clamp(s.look.pitch + 180.0 * io.MouseDelta.y / fh, -90.0, 90.0);
  }
  const int w = int(fw), h = int(fh);
  const Drawn& d = drawn_;
  if (dirty_ || !same(s.look, d.look) || s.map != d.map || f.range.lo != d.range.lo || f.range.hi != d.range.hi ||
      w != d.w || h != d.h)
    render(s, f.range, w, h);
  const ImVec2 a(float(f.left), float(f.top)), b(float(f.left + w), float(f.top + h));
  dl->PushClipRect(a, b, true);
  // Row 0 of the picture is its bottom: flip v so that up is up on screen.
  dl->AddImage(reinterpret_cast<ImTextureID>(std::uintptr_t(color_)), a, b, ImVec2(0, 1), ImVec2(1, 0));
  // The lattice's box, for orientation: its twelve edges.
  const int n[3] = {nx_, ny_, nz_};
  const auto corner = [&](int i, ImVec2& p) {
    const double c[3] = {(i & 1) ? n[0] - 0.5 : -0.5, (i & 2) ? n[1] - 0.5 : -0.5, (i & 4) ? n[2] - 0.5 : -0.5};
    double px, py;
    project(s.look, nx_, ny_, nz_, w, h, c, px, py);
    p = ImVec2(float(f.left + px), float(f.top + py));
  };
  for (int i = 0; i < 8; ++i)
    for (int bit : {1, 2, 4})
      if (!(i & bit)) {
        ImVec2 p, q;
        corner(i, p);
        corner(i | bit, q);
        dl->AddLine(p, q, IM_COL32(110, 110, 110, 255));
      }
  if (f.overlay && *f.overlay) draw_overlay(dl, f.left, f.top, f.overlay);
  dl->PopClipRect();
  draw_colorbar(dl, s, f.range, f.left + fw + 16.0, f.top + 0.1 * fh, 0.8 * fh);
}

}  // namespace plume::gui
