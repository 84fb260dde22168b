// The scalar fields a user can choose (images, the GUI, output.field), all from the model: its
// stored fields (Model::fields()), the ones it derives (Model::derived_fields(): D2Q37's
// p = rho T_H) and those every model with a velocity gets (FieldRole): the speed and, in 2-D, the
// vorticity. Each derived field is computed by one per-site formula (plume/derived.hpp).
#pragma once
#include <string>
#include <vector>
#include "plume/derived.hpp"
#include "plume/fields.hpp"

namespace plume::io {

struct FieldChoice {
  std::string name;   // as in output.field, file names and commands: "T", "p", "speed"
  std::string label;  // for the GUI's choice and legends: "T_H", "p = rho T_H", "|u_H|"
  std::string title;  // for image captions, in the words of the ParaView pipelines: "temperature T_H"
  bool is_signed = false;  // both signs around 0: a diverging colour map, a range symmetric about 0
  bool magnitude = false;  // >= 0 by construction (the speed): a range from 0
  int stored = -1;         // the field's index in plume::Fields; -1: derived
  DerivedOp op = DerivedOp::Product;
  int inputs[3] = {-1, -1, -1};  // the stored fields a derived one reads
  int count = 0;
  double factor = 1.0;  // DerivedOp::Scaled
  bool generic = false;  // derived by plume from the velocity (speed, vorticity), not by the model
  bool derived() const { return stored < 0; }
  // Whether its value at a site reads that site's stored fields alone (all but the vorticity,
  // which reads the neighbours): then a rank's block gives the same values as the whole lattice.
  bool pointwise() const { return !derived() || op != DerivedOp::CurlZ; }
  // How it is computed, for the solver's reductions (Snapshot::range, Snapshot::values).
  FieldFormula formula() const { return FieldFormula{stored, op, {inputs[0], inputs[1], inputs[2]}, count, factor}; }
};

// The model's choices, in its order (Model::field_order(); for D2Q37 T, rho, p, ux, uy, speed,
// vorticity). The list is built once per model.
const std::vector<FieldChoice>& field_choices(const Model& m);
std::vector<std::string> field_names(const Model& m);
// The velocity's symbol, from its x component's label ("u_H,x" -> "u_H"); "" when the model has none.
std::string velocity_symbol(const Model& m);
// The position of `name` in field_choices(m); throws std::invalid_argument naming the choices.
int field_index(const Model& m, const std::string& name);
const FieldChoice& field_choice(const Model& m, const std::string& name);
// The choices that `names` name, in that order, for outputs written by each rank from its own
// block (the VTK files): each named once and pointwise; none named: the model's stored fields.
// Throws std::invalid_argument naming the problem.
std::vector<const FieldChoice*> pointwise_fields(const Model& m, const std::vector<std::string>& names);

// The arrays of `f` that a derived choice reads.
DerivedInputs derived_inputs(const FieldChoice& c, const Fields& f);
// The field over the local block, x fastest (derived ones as plume::derived_at says).
std::vector<double> extract_field(const Fields& f, const FieldChoice& c);
// The same into `out` (resized; its storage reused), over the OpenMP threads.
void extract_field(const Fields& f, const FieldChoice& c, std::vector<double>& out);

}  // namespace plume::io
