// The values that reach ParaView, with real Catalyst: for every model, a few steps of the solver,
// one call of the shipped fields.py pipeline, and its .pvti extract read back. Every point array
// in it (the grid that the image pipelines and ParaView Live are given too) must hold, at every
// site, the solver's own field (io::extract_field: what plume's own images and VTK files show),
// stored or derived, bit for bit; and every scalar the model offers must be there. D2Q9's and
// D3Q19's p = rho/3 once arrived as rho: the grid left out the factor of a scaled field.
// Catalyst starts once per process: one model per test (ctest runs each in its own process).
#include <gtest/gtest.h>
#include <unistd.h>
#include <filesystem>
#include <string>
#include <vector>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLPImageDataReader.h>
#include "plume/catalyst/adaptor.hpp"
#include "plume/io/field_select.hpp"
#include "plume/solver.hpp"

namespace fs = std::filesystem;

namespace {

class FieldValues : public ::testing::TestWithParam<std::string> {};

TEST_P(FieldValues, EveryArrayIsTheSolversField) {
  const std::string name = GetParam();
  const plume::Model& model = plume::find_model(name);
  plume::SolverConfig c;
  c.model = name;
  const bool three_d = model.lattice().D == 3 || name == "thermal3d";
  c.nx = three_d ? 10 : 20;
  c.ny = three_d ? 8 : 16;
  c.nz = three_d ? 6 : 1;
  c.backend = plume::BackendKind::CPU;
  c.threads = 1;
  plume::Solver solver(c);
  solver.initialize();
  solver.advance(5);  // flow that is not the initial state: the fields differ from one another
  plume::Fields f;
  solver.snapshot().fields(f);

  const fs::path dir = fs::temp_directory_path() / ("plume-field-values-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  plume::catalyst::Options o;
  o.scripts.push_back({plume::catalyst::pipelines_dir() + "/fields.py", 0});
  o.every = 5;
  o.output_dir = (dir / "insitu").string();
  o.log = [](const std::string& m) { ADD_FAILURE() << m; };
  {
    plume::catalyst::Adaptor a(o, solver.domain(), model);
    a.execute(solver.step(), solver.time(), f, solver.domain());
    a.finalize();
  }
  const fs::path extract = dir / "insitu" / "fields_0000005.pvti";
  ASSERT_TRUE(fs::exists(extract)) << extract;
  vtkNew<vtkXMLPImageDataReader> reader;
  reader->SetFileName(extract.c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  ASSERT_EQ(image->GetNumberOfPoints(), vtkIdType(f.sites()));
  int dims[3];
  image->GetDimensions(dims);
  ASSERT_EQ(dims[0], c.nx);
  ASSERT_EQ(dims[1], c.ny);
  ASSERT_EQ(dims[2], c.nz);
  vtkPointData* pd = image->GetPointData();

  // Each array the grid hands over, by the name the grid gives it, and the solver's values.
  struct Expected {
    std::string array;
    std::vector<std::vector<double>> components;
  };
  std::vector<Expected> expected;
  std::vector<const plume::io::FieldChoice*> velocity(3, nullptr);
  for (const plume::io::FieldChoice& ch : plume::io::field_choices(model)) {
    if (ch.generic) continue;  // the speed and vorticity: the pipelines derive them from the vector
    if (!ch.derived()) {
      const plume::FieldRole role = model.fields()[std::size_t(ch.stored)].role;
      if (role != plume::FieldRole::Scalar) {
        velocity[std::size_t(int(role) - int(plume::FieldRole::VelocityX))] = &ch;
        continue;
      }
    }
    expected.push_back({ch.derived() ? ch.name : ch.label, {plume::io::extract_field(f, ch)}});
  }
  if (velocity[0] && velocity[1]) {
    Expected u{plume::io::velocity_symbol(model), {}};
    for (const auto* ch : velocity)
      u.components.push_back(ch ? plume::io::extract_field(f, *ch) : std::vector<double>(f.sites(), 0.0));
    expected.push_back(u);
  }
  ASSERT_EQ(pd->GetNumberOfArrays(), int(expected.size())) << "the extract holds an array this test does not check";
  for (const Expected& e : expected) {
    vtkDataArray* a = pd->GetArray(e.array.c_str());
    ASSERT_NE(a, nullptr) << "no point array " << e.array;
    ASSERT_EQ(a->GetNumberOfComponents(), int(e.components.size())) << e.array;
    ASSERT_EQ(a->GetNumberOfTuples(), vtkIdType(f.sites())) << e.array;
    int wrong = 0;
    for (std::size_t k = 0; k < e.components.size(); ++k)
      for (std::size_t i = 0; i < f.sites(); ++i) {
        const double got = a->GetComponent(vtkIdType(i), int(k)), want = e.components[k][i];
        if (got != want && wrong++ < 3)
          ADD_FAILURE() << name << ": " << e.array << "[" << i << "] component " << k << " is " << got
                        << ", the solver's field " << want;
      }
    EXPECT_EQ(wrong, 0) << name << ": " << e.array << ": sites that differ from the solver's field";
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EveryModel, FieldValues, ::testing::Values("d2q37", "d2q9", "d3q19", "thermal3d", "diffusion"),
                         [](const auto& info) { return info.param; });

}  // namespace
