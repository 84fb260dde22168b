#include "gl_program.hpp"
#include <stdexcept>
#include <string>
#include "gl.hpp"

namespace plume::gui {
namespace {

GLuint compile(GLenum type, const char* src, const char* what) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    glDeleteShader(s);
    throw std::runtime_error(std::string(what) + " shader does not compile: " + log);
  }
  return s;
}

}  // namespace

const char* const kCoverViewport = R"(#version 330 core
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
})";

unsigned link_program(const char* vertex, const char* fragment, const char* what) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex, what);
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, fragment, what);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    glDeleteProgram(program);
    throw std::runtime_error(std::string(what) + " shader does not link");
  }
  return program;
}

unsigned make_texture(int internal, unsigned format, unsigned type, int w, int h, int min_filter, int mag_filter) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, type, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, mag_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

void attach_color(unsigned fbo, unsigned texture, int w, int h, const char* what) {
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error(std::string("cannot render ") + what + " into a " + std::to_string(w) + " x " +
                             std::to_string(h) + " texture (framebuffer status " + std::to_string(status) + ")");
}

unsigned make_lut() { return make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 256, 1, GL_LINEAR, GL_LINEAR); }

void write_lut(unsigned lut, viz::Colormap map) {
  unsigned char rgba[256 * 4];
  for (int i = 0; i < 256; ++i) {
    const viz::RGB8 c = viz::colormap(map, i / 255.0);
    rgba[4 * i] = c.r;
    rgba[4 * i + 1] = c.g;
    rgba[4 * i + 2] = c.b;
    rgba[4 * i + 3] = 255;
  }
  glBindTexture(GL_TEXTURE_2D, lut);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 256, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace plume::gui
