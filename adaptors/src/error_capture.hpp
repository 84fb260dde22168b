// Catches the error messages written while a pipeline runs: Python's tracebacks and VTK's errors
// (a writer that cannot write, a filter given the wrong input) both reach vtkOutputWindow.
// Catalyst by itself only prints them and carries on; with this the adaptor can report them.
#pragma once
#include <string>
#include <vtkNew.h>

class vtkCallbackCommand;
class vtkObject;
class vtkOutputWindow;

namespace plume::catalyst {

class ErrorCapture {
 public:
  ErrorCapture();
  ~ErrorCapture();
  ErrorCapture(const ErrorCapture&) = delete;
  ErrorCapture& operator=(const ErrorCapture&) = delete;

  void clear();  // forget what was caught, and listen to the current output window
  bool empty() const { return text_.empty(); }
  // What was caught since clear(), without the frames of Python's import machinery.
  std::string text() const;

 private:
  static void on_error(vtkObject*, unsigned long, void* self, void* message);
  void listen();
  vtkNew<vtkCallbackCommand> callback_;
  vtkOutputWindow* window_ = nullptr;
  unsigned long tag_ = 0;
  std::string text_;
};

}  // namespace plume::catalyst
