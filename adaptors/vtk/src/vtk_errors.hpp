// What the VTK readers of geometry files share: the error messages a VTK object reports, caught
// instead of printed, so that a reader's failure becomes a GeometryError that names the file (and
// the configuration adds the key); and the check that a file can be opened at all.
#pragma once
#include <string>
#include <vtkAlgorithm.h>
#include <vtkCallbackCommand.h>
#include <vtkExecutive.h>
#include <vtkCommand.h>
#include <vtkNew.h>
#include <vtkObject.h>

namespace plume::vtkgeometry {

class VtkErrors {
 public:
  // The reader's own errors and its executive's (which says that the reader failed).
  explicit VtkErrors(vtkAlgorithm* a) {
    callback_->SetClientData(this);
    callback_->SetCallback([](vtkObject*, unsigned long, void* self, void* message) {
      if (message) static_cast<VtkErrors*>(self)->text_ += static_cast<const char*>(message);
    });
    for (vtkObject* o : {static_cast<vtkObject*>(a), static_cast<vtkObject*>(a->GetExecutive())}) {
      o->AddObserver(vtkCommand::ErrorEvent, callback_);
      o->AddObserver(vtkCommand::WarningEvent, callback_);
    }
  }
  bool empty() const { return text_.empty(); }
  // The first line of what was caught, without VTK's "ERROR: In file, line ..." preamble.
  std::string first() const;

 private:
  vtkNew<vtkCallbackCommand> callback_;
  std::string text_;
};

// GeometryError "cannot read <what> '<path>': <reason>" when the file is missing, a folder or
// unreadable (VTK's readers would only say that they read nothing).
void check_readable(const std::string& path, const char* what);

}  // namespace plume::vtkgeometry
