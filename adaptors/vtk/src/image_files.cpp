#include "plume/vtkout/image_files.hpp"
#include <memory>
#include <stdexcept>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkErrorCode.h>
#include <vtkFieldData.h>
#include <vtkImageData.h>
#include <vtkLongLongArray.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkStringArray.h>
#include <vtkXMLImageDataWriter.h>
#include <vtkXMLPImageDataWriter.h>
#include "plume/io/atomic_file.hpp"
#include "xml_write.hpp"

namespace plume::vtkout {
namespace {

using detail::add_string;
using detail::configure;
using detail::write_atomically;

// The summary alone: VTK's parallel image writer describes the lattice and the arrays (from an
// image of the whole extent whose arrays hold no values) and each piece, whose extent and file
// name come from the ranks; the pieces themselves are written by their ranks (write_piece).
class SummaryWriter : public vtkXMLPImageDataWriter {
 public:
  static SummaryWriter* New();
  vtkTypeMacro(SummaryWriter, vtkXMLPImageDataWriter);
  std::vector<std::pair<Extent, std::string>> pieces;

 protected:
  int WritePiece(int) override { return 1; }
  void WritePPieceAttributes(int index) override {
    const auto& p = pieces.at(std::size_t(index));
    this->WriteVectorAttribute("Extent", 6, const_cast<int*>(p.first.data()));
    if (this->ErrorCode == vtkErrorCode::NoError) this->WriteStringAttribute("Source", p.second.c_str());
  }
};
vtkStandardNewMacro(SummaryWriter);

// The image of `extent` (cell data; see image_files.hpp) without arrays.
void shape(vtkImageData* im, const Fields& f, const Extent& extent) {
  im->SetExtent(const_cast<int*>(extent.data()));
  im->SetOrigin(-0.5, -0.5, f.NZ > 1 ? -0.5 : 0.0);
  im->SetSpacing(1.0, 1.0, 1.0);
}

std::string unit_of(const io::FieldChoice& c, const Model& m) {
  if (!c.derived() && m.fields()[std::size_t(c.stored)].unit) return m.fields()[std::size_t(c.stored)].unit;
  return "lattice units";
}

}  // namespace

Extent piece_extent(const Fields& f) {
  return {f.x0, f.x0 + f.nx, f.y0, f.y0 + f.ny, f.NZ > 1 ? f.z0 : 0, f.NZ > 1 ? f.z0 + f.nz : 0};
}

Extent whole_extent(const Fields& f) { return {0, f.NX, 0, f.NY, 0, f.NZ > 1 ? f.NZ : 0}; }

void write_piece(const std::string& path, const Fields& f, const std::vector<const io::FieldChoice*>& arrays,
                 long long step, double time, const Description& d) {
  vtkNew<vtkImageData> im;
  shape(im, f, piece_extent(f));
  const vtkIdType n = vtkIdType(f.sites());
  std::vector<std::vector<double>> derived;  // the derived arrays' values, alive until written
  derived.reserve(arrays.size());
  vtkNew<vtkStringArray> units;
  units->SetName("units");
  for (const io::FieldChoice* c : arrays) {
    vtkNew<vtkDoubleArray> a;
    a->SetName(c->name.c_str());
    if (c->derived()) {
      derived.push_back(io::extract_field(f, *c));
      a->SetArray(derived.back().data(), n, 1);  // 1: VTK never frees it
    } else {
      // The stored field in place: a writer only reads its input.
      a->SetArray(const_cast<double*>(f.data(c->stored)), n, 1);
    }
    im->GetCellData()->AddArray(a);
    units->InsertNextValue(c->name + ": " + unit_of(*c, f.model()));
  }
  if (!arrays.empty()) im->GetCellData()->SetActiveScalars(arrays.front()->name.c_str());
  vtkFieldData* fd = im->GetFieldData();
  detail::add_run_data(fd, step, time, d);
  fd->AddArray(units);

  vtkNew<vtkXMLImageDataWriter> w;
  configure(w);
  w->SetInputData(im);
  write_atomically(w, path);
}

void write_summary(const std::string& path, const Fields& f, const std::vector<const io::FieldChoice*>& arrays,
                   const std::vector<std::pair<Extent, std::string>>& pieces) {
  vtkNew<vtkImageData> im;
  shape(im, f, whole_extent(f));
  for (const io::FieldChoice* c : arrays) {
    vtkNew<vtkDoubleArray> a;  // no values: the summary declares the arrays
    a->SetName(c->name.c_str());
    im->GetCellData()->AddArray(a);
  }
  vtkNew<SummaryWriter> w;
  // Rank 0 alone writes the summary, from the pieces' extents it was given: without this the
  // writer reduces over the global controller (Catalyst's MPI one when in situ runs), in a
  // collective the other ranks never join.
  w->SetController(nullptr);
  configure(w);
  w->pieces = pieces;
  w->SetNumberOfPieces(int(pieces.size()));
  w->SetStartPiece(0);
  w->SetEndPiece(int(pieces.size()) - 1);
  w->SetInputData(im);
  write_atomically(w, path);
}

}  // namespace plume::vtkout
