// The mouse of an X display, driven through the XTest extension, for tests that click and drag
// in the real program. libXtst is loaded at run time: Debian ships its library with the X server
// but its headers only in libxtst-dev.
#pragma once
#include <string>

typedef struct _XDisplay Display;

namespace plume::test {

class Pointer {
 public:
  explicit Pointer(const std::string& display);  // throws std::runtime_error
  ~Pointer();
  Pointer(const Pointer&) = delete;
  Pointer& operator=(const Pointer&) = delete;

  void move(int x, int y);
  void press(int button);    // 1 left, 2 middle, 3 right
  void release(int button);
  void click(int button) { press(button), release(button); }
  void wheel(int clicks);    // > 0 up (zoom in), < 0 down
  // Lets the program see the events: flushes and waits `ms` milliseconds.
  void settle(int ms = 120);

 private:
  Display* dpy_ = nullptr;
  void* xtst_ = nullptr;
  int (*motion_)(Display*, int, int, int, unsigned long) = nullptr;
  int (*button_)(Display*, unsigned, int, unsigned long) = nullptr;
};

}  // namespace plume::test
