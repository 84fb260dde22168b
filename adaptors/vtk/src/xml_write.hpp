// What every VTK XML file of plume/vtkout shares: how its values are encoded, how it reaches its
// name (the one atomic write path, plume/io/atomic_file.hpp) and the strings of its field data.
#pragma once
#include <stdexcept>
#include <string>
#include <vtkErrorCode.h>
#include <vtkDoubleArray.h>
#include <vtkFieldData.h>
#include <vtkLongLongArray.h>
#include <vtkNew.h>
#include <vtkStringArray.h>
#include <vtkXMLWriter.h>
#include "plume/io/atomic_file.hpp"
#include "plume/vtkout/image_files.hpp"  // Description

namespace plume::vtkout::detail {

// Raw binary data after the XML header: the fastest to write and read, and no larger than the
// values themselves; 64-bit block headers, for pieces beyond 4 GiB.
inline void configure(vtkXMLWriter* w) {
  w->SetDataModeToAppended();
  w->EncodeAppendedDataOff();
  w->SetCompressorTypeToNone();
  w->SetHeaderTypeToUInt64();
}

// Runs a writer whose file name is the temporary one of `path`, then puts the file in place: no
// reader ever sees half a file under its name, and a failure (disk full) throws
// std::runtime_error naming it, leaving nothing behind.
inline void write_atomically(vtkXMLWriter* w, const std::string& path) {
  w->SetFileName(io::temporary_path(path).c_str());
  const int ok = w->Write();
  const unsigned long code = w->GetErrorCode();
  if (!ok || code != vtkErrorCode::NoError) {
    io::discard_temporary(path);
    const char* why = code == vtkErrorCode::OutOfDiskSpaceError ? "no space left on device"
                      : code != vtkErrorCode::NoError          ? vtkErrorCode::GetStringFromErrorCode(code)
                                                               : "the VTK writer failed";
    throw std::runtime_error("cannot write '" + path + "': " + why);
  }
  io::commit_temporary(path);
}

inline void add_string(vtkFieldData* fd, const char* name, const std::string& value) {
  vtkNew<vtkStringArray> a;
  a->SetName(name);
  a->InsertNextValue(value);
  fd->AddArray(a);
}

// What every file says of the run it comes from: the step, its time (also as ParaView's
// TimeValue), the model, plume's version and the run's configuration.
inline void add_run_data(vtkFieldData* fd, long long step, double time, const Description& d) {
  vtkNew<vtkLongLongArray> s;
  s->SetName("step");
  s->InsertNextValue(step);
  fd->AddArray(s);
  for (const char* name : {"time", "TimeValue"}) {
    vtkNew<vtkDoubleArray> t;
    t->SetName(name);
    t->InsertNextValue(time);
    fd->AddArray(t);
  }
  add_string(fd, "model", d.model);
  add_string(fd, "plume", d.plume);
  add_string(fd, "configuration", d.configuration);
}

}  // namespace plume::vtkout::detail
