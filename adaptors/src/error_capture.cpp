#include "error_capture.hpp"
#include <sstream>
#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkOutputWindow.h>

namespace plume::catalyst {

ErrorCapture::ErrorCapture() {
  callback_->SetClientData(this);
  callback_->SetCallback(&ErrorCapture::on_error);
  listen();
}

ErrorCapture::~ErrorCapture() {
  if (window_ && window_ == vtkOutputWindow::GetInstance()) window_->RemoveObserver(tag_);
}

// ParaView installs its own output window when it starts: follow the current one.
void ErrorCapture::listen() {
  vtkOutputWindow* w = vtkOutputWindow::GetInstance();
  if (w == window_) return;
  window_ = w;
  tag_ = window_->AddObserver(vtkCommand::ErrorEvent, callback_);
}

void ErrorCapture::clear() {
  listen();
  text_.clear();
}

void ErrorCapture::on_error(vtkObject*, unsigned long, void* self, void* message) {
  if (message) static_cast<ErrorCapture*>(self)->text_ += static_cast<const char*>(message);
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
