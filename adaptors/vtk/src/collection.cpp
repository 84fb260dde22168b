#include "plume/vtkout/collection.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <sys/stat.h>
#include <vtkIndent.h>
#include <vtkNew.h>
#include <vtkSmartPointer.h>
#include <vtkXMLDataElement.h>
#include <vtkXMLUtilities.h>
#include "plume/io/atomic_file.hpp"

namespace plume::vtkout {

void Collection::resume(long long step, const std::function<long long(const std::string&)>& step_of) {
  entries_.clear();
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) return;  // none yet
  const auto root = vtkSmartPointer<vtkXMLDataElement>::Take(vtkXMLUtilities::ReadElementFromFile(path_.c_str()));
  vtkXMLDataElement* list = root ? root->FindNestedElementWithName("Collection") : nullptr;
  if (!list) return;  // not a collection: rewritten from this run's steps
  for (int i = 0; i < list->GetNumberOfNestedElements(); ++i) {
    vtkXMLDataElement* e = list->GetNestedElement(i);
    const char* file = e->GetAttribute("file");
    double time = 0;
    if (!file || !e->GetScalarAttribute("timestep", time)) continue;
    const long long s = step_of(file);
    if (s >= 0 && s <= step) entries_.push_back({s, time, file});
  }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.step < b.step; });
}

void Collection::add(long long step, double time, const std::string& file) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.step >= step; }),
                 entries_.end());
  entries_.push_back({step, time, file});
  // ParaView's format: <VTKFile type="Collection"><Collection><DataSet timestep= part= file=/>...
  vtkNew<vtkXMLDataElement> root;
  root->SetName("VTKFile");
  root->SetAttribute("type", "Collection");
  root->SetAttribute("version", "0.1");
  vtkNew<vtkXMLDataElement> list;
  list->SetName("Collection");
  for (const Entry& e : entries_) {
    vtkNew<vtkXMLDataElement> d;
    d->SetName("DataSet");
    char t[32];
    std::snprintf(t, sizeof t, "%.17g", e.time);  // every bit of the time
    d->SetAttribute("timestep", t);
    d->SetAttribute("part", "0");
    d->SetAttribute("file", e.file.c_str());
    list->AddNestedElement(d);
  }
  root->AddNestedElement(list);
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\"?>\n";
  vtkIndent indent;
  vtkXMLUtilities::FlattenElement(root, xml, &indent, 0);
  io::write_file_atomic(path_, xml.str());
}

}  // namespace plume::vtkout
