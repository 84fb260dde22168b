// Headless check of the GUI's GPU path (docs/gui.md, "GPU path"): an EGL OpenGL context without
// a window (gui/egl), a CUDA run, and every field made into device texels (DeviceTexels, as plume-gui's
// simulation thread does) and copied into one texture through CUDA-OpenGL interop, and into
// another through the host path (glTexSubImage2D of the floats that gui/shown_field.cpp prepares).
// Both textures are read back; they must agree bit for bit (the speed, std::hypot against CUDA's
// hypot, within one unit in the last place of the float), and the field must vary (a constant
// texture would make the comparison say nothing); the same for the 3-D texture of the volume
// rendering of a 3-D run. Exit status 0 only then; 77 when there is no
// CUDA device or no EGL display with desktop OpenGL (nothing to check).
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "gl_interop.hpp"
#include "headless_gl.hpp"
#include "plume/solver.hpp"

namespace {

constexpr int kSkip = 77;

GLuint r32f_texture(int w, int h) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, w, h, 0, GL_RED, GL_FLOAT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

std::vector<float> read_back(GLuint t, int w, int h) {
  std::vector<float> v(std::size_t(w) * h, -1.0f);
  glBindTexture(GL_TEXTURE_2D, t);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, v.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return v;
}

// One field at sampling step k; returns the number of problems found.
int compare(plume::gui::GlTextureInterop& interop, plume::gui::DeviceTexels& texels, const plume::Fields& host,
            const plume::DeviceFields& dev, const plume::io::FieldChoice& kind, int k) {
  const std::vector<double> values = plume::io::extract_field(host, kind);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double offset = 0.5 * (*lo + *hi);
  const int tnx = host.nx / k, tny = host.ny / k;
  // The host path's floats, as gui/shown_field.cpp prepares them.
  std::vector<float> expect(std::size_t(tnx) * tny);
  for (int y = 0; y < tny; ++y)
    for (int x = 0; x < tnx; ++x)
      expect[std::size_t(y) * tnx + x] = float(values[std::size_t(y) * k * host.nx + std::size_t(x) * k] - offset);
  const GLuint via_host = r32f_texture(tnx, tny), via_cuda = r32f_texture(tnx, tny);
  glBindTexture(GL_TEXTURE_2D, via_host);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, tnx, tny, GL_RED, GL_FLOAT, expect.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  texels.compute(dev, kind, offset, k, tnx, tny);
  interop.write(texels, via_cuda);
  const std::vector<float> a = read_back(via_host, tnx, tny), b = read_back(via_cuda, tnx, tny);
  interop.forget();  // the next field's textures may get these names again
  const GLuint both[] = {via_host, via_cuda};
  glDeleteTextures(2, both);
  int problems = 0;
  const bool exact = plume::gui::device_texels_exact(kind);
  std::size_t differ = 0, first = 0, beyond_ulp = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) {
      if (differ++ == 0) first = i;
      if (!(std::nextafter(a[i], -INFINITY) <= b[i] && b[i] <= std::nextafter(a[i], INFINITY))) ++beyond_ulp;
    }
  const bool varies = *hi > *lo;
  const bool host_ok = std::memcmp(a.data(), expect.data(), a.size() * sizeof(float)) == 0;
  std::printf("%-9s k=%d %4dx%-4d range [%.9g, %.9g]: %zu texel(s) differ, %zu by more than 1 ulp%s%s\n",
              kind.name.c_str(), k, tnx, tny, *lo, *hi, differ, beyond_ulp, varies ? "" : ", FIELD IS CONSTANT",
              host_ok ? "" : ", HOST READ-BACK WRONG");
  if (differ) std::printf("  first at texel %zu: host %.9g, interop %.9g\n", first, a[first], b[first]);
  if (exact ? differ > 0 : beyond_ulp > 0) ++problems;
  if (kind.name != "ux" && !varies) ++problems;  // u_x may still be exactly 0 early on
  if (!host_ok) ++problems;
  return problems;
}

// The volume rendering's 3-D texture (gui/volume.hpp) of one field of a 3-D run at sampling step
// k: DeviceTexels::compute_volume through interop into one GL_TEXTURE_3D, the host path's floats
// through glTexSubImage3D into another; returns the number of problems found.
int compare_volume(plume::gui::GlTextureInterop& interop, plume::gui::DeviceTexels& texels, const plume::Fields& host,
                   const plume::DeviceFields& dev, const plume::io::FieldChoice& kind, int k) {
  const std::vector<double> values = plume::io::extract_field(host, kind);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double offset = 0.5 * (*lo + *hi);
  const int tnx = host.nx / k, tny = host.ny / k, tnz = host.nz / k;
  std::vector<float> expect(std::size_t(tnx) * tny * tnz);
  for (int z = 0; z < tnz; ++z)
    for (int y = 0; y < tny; ++y)
      for (int x = 0; x < tnx; ++x)
        expect[(std::size_t(z) * tny + y) * tnx + x] = float(values[host.at(x * k, y * k, z * k)] - offset);
  GLuint t[2];
  glGenTextures(2, t);
  for (GLuint id : t) {
    glBindTexture(GL_TEXTURE_3D, id);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_R32F, tnx, tny, tnz, 0, GL_RED, GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  }
  glBindTexture(GL_TEXTURE_3D, t[0]);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, tnx, tny, tnz, GL_RED, GL_FLOAT, expect.data());
  texels.compute_volume(dev, kind, offset, k, tnx, tny, tnz);
  interop.write_volume(texels, t[1]);
  std::vector<float> a(expect.size(), -1.0f), b(expect.size(), -2.0f);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_3D, t[0]);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RED, GL_FLOAT, a.data());
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RED, GL_FLOAT, b.data());
  glBindTexture(GL_TEXTURE_3D, 0);
  interop.forget();
  glDeleteTextures(2, t);
  std::size_t differ = 0, beyond_ulp = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) {
      ++differ;
      if (!(std::nextafter(a[i], -INFINITY) <= b[i] && b[i] <= std::nextafter(a[i], INFINITY))) ++beyond_ulp;
    }
  const bool varies = *hi > *lo, host_ok = std::memcmp(a.data(), expect.data(), a.size() * sizeof(float)) == 0;
  std::printf("volume %-9s k=%d %dx%dx%d range [%.9g, %.9g]: %zu texel(s) differ, %zu by more than 1 ulp%s%s\n",
              kind.name.c_str(), k, tnx, tny, tnz, *lo, *hi, differ, beyond_ulp, varies ? "" : ", FIELD IS CONSTANT",
              host_ok ? "" : ", HOST READ-BACK WRONG");
  int problems = 0;
  if (plume::gui::device_texels_exact(kind) ? differ > 0 : beyond_ulp > 0) ++problems;
  if ((kind.name == "T" && !varies) || !host_ok) ++problems;  // the flow may not have started yet
  return problems;
}

// A 3-D thermal convection run on the device, its temperature and speed as volumes.
int check_volumes(plume::gui::GlTextureInterop& interop) {
  plume::SolverConfig cfg;
  cfg.model = "thermal3d";
  cfg.nx = 48;
  cfg.ny = 20;
  cfg.nz = 16;
  cfg.backend = plume::BackendKind::CUDA;
  cfg.device = 0;
  plume::Solver solver(cfg);
  solver.initialize();
  solver.advance(50);
  solver.request_snapshot();
  const plume::Fields& host = solver.snapshot().wait();
  const plume::DeviceFields dev = solver.snapshot().device_fields();
  if (!dev || dev.nz != host.nz) {
    std::printf("FAILED: the CUDA backend gave no device fields of the 3-D snapshot's size\n");
    return 1;
  }
  plume::gui::DeviceTexels texels;
  int problems = 0;
  for (const char* name : {"T", "speed"})
    for (int k : {1, 2}) problems += compare_volume(interop, texels, host, dev, plume::io::field_choice(host.model(), name), k);
  return problems;
}

}  // namespace

int main() {
  std::string why;
  if (plume::cuda_device_count(&why) == 0) {
    std::printf("skipped: no CUDA device (%s)\n", why.c_str());
    return kSkip;
  }
  std::unique_ptr<plume::gui::HeadlessGl> gl;
  try {
    gl = std::make_unique<plume::gui::HeadlessGl>(16, 16);
  } catch (const plume::gui::HeadlessGlError& e) {
    std::printf("%s: %s\n", e.kind == plume::gui::HeadlessGlError::Kind::NoDisplay ? "skipped" : "FAILED", e.what());
    return e.kind == plume::gui::HeadlessGlError::Kind::NoDisplay ? kSkip : 1;
  }
  std::printf("context: %s\n", gl->where().c_str());
  const std::string vendor = reinterpret_cast<const char*>(glGetString(GL_VENDOR));
  std::printf("OpenGL: %s | %s | %s\n", vendor.c_str(), reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));

  plume::SolverConfig cfg;
  cfg.nx = 192;
  cfg.ny = 256;
  cfg.backend = plume::BackendKind::CUDA;
  cfg.device = 0;
  plume::Solver solver(cfg);
  std::printf("solver: %s\n", solver.backend().description.c_str());
  const std::string unavailable = plume::gui::gl_interop_unavailable(vendor, cfg.device);
  if (!unavailable.empty()) {
    std::printf("FAILED: interop unavailable: %s\n", unavailable.c_str());
    return 1;
  }
  solver.initialize();
  solver.advance(200);
  solver.request_snapshot();
  const plume::Fields& host = solver.snapshot().wait();
  const plume::DeviceFields dev = solver.snapshot().device_fields();
  if (!dev || dev.nx != host.nx || dev.ny != host.ny) {
    std::printf("FAILED: the CUDA backend gave no device fields of the snapshot's size\n");
    return 1;
  }
  plume::gui::GlTextureInterop interop;
  plume::gui::DeviceTexels texels;
  int problems = 0;
  for (const plume::io::FieldChoice& kind : plume::io::field_choices(host.model()))
    problems += compare(interop, texels, host, dev, kind, 1);
  problems += compare(interop, texels, host, dev, plume::io::field_choice(host.model(), "T"), 3);  // a decimated texture, as for large lattices
  problems += check_volumes(interop);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    std::printf("OpenGL error 0x%x\n", e);
    ++problems;
  }
  std::printf(problems ? "FAILED: %d problem(s)\n" : "interop and host upload agree (bit for bit but for the speed's last place)\n", problems);
  return problems ? 1 : 0;
}
