#include "pointer.hpp"
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <unistd.h>
#include <stdexcept>

namespace plume::test {

Pointer::Pointer(const std::string& display) {
  dpy_ = XOpenDisplay(display.c_str());
  if (!dpy_) throw std::runtime_error("cannot open X display " + display);
  xtst_ = dlopen("libXtst.so.6", RTLD_NOW);
  if (!xtst_) throw std::runtime_error(std::string("cannot load libXtst.so.6: ") + dlerror());
  motion_ = reinterpret_cast<decltype(motion_)>(dlsym(xtst_, "XTestFakeMotionEvent"));
  button_ = reinterpret_cast<decltype(button_)>(dlsym(xtst_, "XTestFakeButtonEvent"));
  if (!motion_ || !button_) throw std::runtime_error("libXtst.so.6 lacks XTestFake*Event");
}

Pointer::~Pointer() {
  if (dpy_) XCloseDisplay(dpy_);
  if (xtst_) dlclose(xtst_);
}

void Pointer::move(int x, int y) {
  motion_(dpy_, -1, x, y, CurrentTime);
  settle();
}

void Pointer::press(int button) {
  button_(dpy_, unsigned(button), True, CurrentTime);
  settle();
}

void Pointer::release(int button) {
  button_(dpy_, unsigned(button), False, CurrentTime);
  settle();
}

void Pointer::wheel(int clicks) {
  // X reports the wheel as buttons 4 (up) and 5 (down).
  for (int i = 0; i < (clicks < 0 ? -clicks : clicks); ++i) click(clicks > 0 ? 4 : 5);
}

void Pointer::settle(int ms) {
  XFlush(dpy_);
  ::usleep(ms * 1000);
}

}  // namespace plume::test
