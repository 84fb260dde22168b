// OpenGL declarations for the front end. glvnd's libOpenGL exports every core entry point, so
// the prototypes are enough (no loader); GLFW is told not to pull in a GL header of its own.
#pragma once
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/gl.h>
#include <GL/glext.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
