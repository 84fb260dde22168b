// Catches the error messages written while a pipeline call runs: Python's tracebacks and VTK's
// errors (a writer that cannot write, a filter given the wrong input) both reach vtkOutputWindow
// as error text. Catalyst by itself only prints them and carries on; with this the adaptor can
// report them. Between begin() and end() the output window is one that keeps the error text
// instead of printing it (the adaptor's report prints it, once) and shows every other text (a
// script's print(), warnings) as VTK's own window does.
#pragma once
#include <string>
#include <vtkSmartPointer.h>

class vtkOutputWindow;

namespace plume::catalyst {

class CatchingWindow;

class ErrorCapture {
 public:
  ErrorCapture();
  ~ErrorCapture();
  ErrorCapture(const ErrorCapture&) = delete;
  ErrorCapture& operator=(const ErrorCapture&) = delete;

  // Forget what was caught and catch from now on, in place of the current output window (ParaView
  // installs its own when it starts), until end().
  void begin();
  void end();  // the current output window again; what was caught stays until the next begin()
  bool empty() const { return text_.empty(); }
  // What was caught, without the frames of Python's import machinery.
  std::string text() const;

  // Catching from construction to destruction.
  class Scope {
   public:
    explicit Scope(ErrorCapture* c) : c_(c) {
      if (c_) c_->begin();
    }
    ~Scope() {
      if (c_) c_->end();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ErrorCapture* c_;
  };

 private:
  vtkSmartPointer<CatchingWindow> window_;
  vtkSmartPointer<vtkOutputWindow> previous_;  // the window it stands in for, while catching
  std::string text_;
};

}  // namespace plume::catalyst
