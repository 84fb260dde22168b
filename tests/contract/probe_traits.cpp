// A small model's Traits (a value that decays by a factor each step) taken through the generic
// code where a Traits enters it: TraitsModel and the CPU backend. The contract tests
// (tests/contract/CMakeLists.txt) compile it with -fsyntax-only as it is, which must succeed (what
// plume/model_contract.hpp asks for is all that the generic code needs), and once with each
// PLUME_OMIT_<member>, which leaves that member out: that compilation must fail with the
// contract's message naming it.
#include "cpu/cpu_backend.hpp"
#include "plume/model_contract.hpp"
#include "traits_model.hpp"

namespace probe {
using namespace plume;

struct Params {
  double factor = 0.5;
};
struct Setup {
  Params physics;
};
struct Lattice {  // one plane, read at the site itself
  static constexpr const char* name = "probe";
  static constexpr int D = 2, Q = 1, reach = 1;
  PLUME_HD static constexpr int e(int /*i*/, int /*axis*/) { return 0; }
};
struct Tuning {
  static constexpr int registers(int /*variant*/) { return 32; }
};

struct Traits {
  using Setup = probe::Setup;
  using Lattice = probe::Lattice;
  using Params = probe::Params;
  struct SiteState {
    double value;
  };
#ifndef PLUME_OMIT_FIELD_LIST
  static constexpr FieldInfo field_list[] = {
      {"v", "v", "value v", "lattice units", "a value that decays", true, false, FieldRole::Scalar},
  };
#endif
  static constexpr int kFields = 1;
  static const plume::Model& model();  // declared only: the compilation never links

  static const Params& params(const Setup& s) { return s.physics; }
  static parallel::Periodic periodic(const Params&) { return {true, true, false}; }
  static constexpr int kVariants = 1;
  static int variant(const Params&) { return 0; }
#ifndef PLUME_OMIT_TUNING
  using Tuning = probe::Tuning;
#endif

#ifndef PLUME_OMIT_UPDATE
  template <int V, class Real>
  PLUME_HD static void update(const StepArgs<Real, Params>& a, int x, int y, int z) {
    const long long s = a.layout.site(x, y, z);
    a.dst[0][s] = Real(a.params.factor * double(a.src[0][s]));
  }
#endif
  template <class Real>
  PLUME_HD static void fields(const StepArgs<Real, Params>& a, int x, int y, int z, double* out) {
    out[0] = double(a.src[0][a.layout.site(x, y, z)]);
  }
  template <class Emit>
  PLUME_HD static void initial_column(const Setup&, const Domain& d, int /*x*/, int /*z*/, Emit&& emit) {
    for (int y = 0; y < d.ny; ++y) emit(y, SiteState{1.0});
  }
  template <class Real>
  PLUME_HD static void initial_site(const Planes<Real>& f, const Layout& l, int x, int y, int z, const SiteState& s) {
    f[0][l.site(x, y, z)] = Real(s.value);
  }
};

}  // namespace probe

template class plume::TraitsModel<probe::Traits>;
template std::unique_ptr<plume::Backend> plume::make_cpu_backend<probe::Traits>(const plume::Domain&,
                                                                               const plume::AnySetup&,
                                                                               plume::Precision, plume::Streaming,
                                                                               int);
