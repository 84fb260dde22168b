#include "headless_gl.hpp"
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <cstdio>

namespace plume::gui {
namespace {

std::string hex(EGLint e) {
  char s[16];
  std::snprintf(s, sizeof s, "0x%x", unsigned(e));
  return s;
}

// A display on the first EGL device that initialises, else the default display. `how` says which.
EGLDisplay open_display(std::string& how) {
  auto query = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (query && get_display) {
    EGLDeviceEXT devs[16];
    EGLint n = 0;
    if (query(16, devs, &n))
      for (EGLint i = 0; i < n; ++i) {
        EGLDisplay d = get_display(EGL_PLATFORM_DEVICE_EXT, devs[i], nullptr);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
          how = "device platform, device " + std::to_string(i) + " of " + std::to_string(n);
          return d;
        }
      }
  }
  EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
    how = "default display";
    return d;
  }
  return EGL_NO_DISPLAY;
}

}  // namespace

HeadlessGl::HeadlessGl(int width, int height) : width_(width), height_(height) {
  std::string how;
  EGLDisplay display = open_display(how);
  if (display == EGL_NO_DISPLAY)
    throw HeadlessGlError(HeadlessGlError::Kind::NoDisplay,
                          "EGL finds no device or display to render on (error " + hex(eglGetError()) +
                              "): is a GPU driver's or Mesa's EGL library installed (libegl1, libegl-mesa0)?");
  display_ = display;
  auto fail = [&](const std::string& what) {
    const std::string text = what + " (EGL error " + hex(eglGetError()) + ")";
    eglTerminate(display);
    display_ = nullptr;
    throw HeadlessGlError(HeadlessGlError::Kind::NoContext, text);
  };
  const EGLint config_attrs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                 EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
  EGLConfig config;
  EGLint configs = 0;
  if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(display, config_attrs, &config, 1, &configs) || configs < 1)
    fail("EGL offers no configuration with desktop OpenGL and an RGB pbuffer");
  const EGLint pbuffer_attrs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, pbuffer_attrs);
  if (surface == EGL_NO_SURFACE)
    fail("EGL cannot make a " + std::to_string(width) + " x " + std::to_string(height) + " pbuffer");
  surface_ = surface;
  const EGLint context_attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                  EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attrs);
  if (context == EGL_NO_CONTEXT) fail("EGL gives no OpenGL 3.3 core context");
  context_ = context;
  if (!eglMakeCurrent(display, surface, surface, context)) fail("EGL cannot make the OpenGL context current");
  const char* vendor = eglQueryString(display, EGL_VENDOR);
  const char* version = eglQueryString(display, EGL_VERSION);
  where_ = std::string("EGL ") + (version ? version : "?") + " (" + (vendor ? vendor : "?") + "), " + how;
}

HeadlessGl::~HeadlessGl() {
  if (!display_) return;
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_) eglDestroyContext(display_, context_);
  if (surface_) eglDestroySurface(display_, surface_);
  eglTerminate(display_);
}

void HeadlessGl::swap() { eglSwapBuffers(display_, surface_); }

std::string HeadlessGl::where() const { return where_; }

}  // namespace plume::gui
