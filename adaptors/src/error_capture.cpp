#include "error_capture.hpp"
#include <sstream>
#include <vtkObjectFactory.h>
#include <vtkOutputWindow.h>

namespace plume::catalyst {

// The output window while a pipeline call runs: error text into the capture's buffer; the rest
// as VTK's own window shows it (which knows, through the window that is current, whether VTK's
// logger has printed a message already: forwarding it to the window this one stands in for would
// print those twice).
class CatchingWindow : public vtkOutputWindow {
 public:
  static CatchingWindow* New();
  vtkTypeMacro(CatchingWindow, vtkOutputWindow);

  std::string* caught = nullptr;

  void DisplayErrorText(const char* text) override {
    if (text && caught) *caught += text;
  }

 protected:
  CatchingWindow() = default;
  ~CatchingWindow() override = default;
};
vtkStandardNewMacro(CatchingWindow);

ErrorCapture::ErrorCapture() : window_(vtkSmartPointer<CatchingWindow>::New()) { window_->caught = &text_; }

ErrorCapture::~ErrorCapture() { end(); }

void ErrorCapture::begin() {
  text_.clear();
  if (previous_) return;  // catching already
  previous_ = vtkOutputWindow::GetInstance();  // held: SetInstance lets go of the window it replaces
  window_->SetDisplayMode(previous_->GetDisplayMode());
  vtkOutputWindow::SetInstance(window_);
}

void ErrorCapture::end() {
  if (!previous_) return;
  if (vtkOutputWindow::GetInstance() == window_) vtkOutputWindow::SetInstance(previous_);
  previous_ = nullptr;
}

std::string ErrorCapture::text() const {
  // A traceback frame is a "  File ..." line followed by the source line; the frames of
  // importlib say nothing about the user's script.
  std::istringstream in(text_);
  std::string line, out;
  bool skip_source = false;
  while (std::getline(in, line)) {
    if (line.find("File \"<frozen importlib") != std::string::npos) {
      skip_source = true;
      continue;
    }
    const bool is_source = line.rfind("    ", 0) == 0;
    if (skip_source && is_source) continue;
    skip_source = false;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out += line;
    out += '\n';
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace plume::catalyst
