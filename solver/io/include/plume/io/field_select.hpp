// The scalar fields a user can ask for (images, the GUI, extracts), by name, computed from
// plume::Fields: T_H, rho, p = rho T_H, u_H components, speed and vorticity.
#pragma once
#include <string>
#include <vector>
#include "plume/fields.hpp"

namespace plume::io {

enum class FieldKind : int { T = 0, Rho, P, Ux, Uy, Speed, Vorticity };

const std::vector<std::string>& field_names();  // "T", "rho", "p", "ux", "uy", "speed", "vorticity"
const char* field_name(FieldKind k);
// What the field is, for image titles: "temperature T_H", "speed |u_H|" (in lattice units).
const char* field_title(FieldKind k);
// Throws std::invalid_argument naming the choices.
FieldKind field_from_name(const std::string& name);
// Signed fields (velocity components, vorticity) are best shown with a diverging colormap
// centred on zero.
bool field_is_signed(FieldKind k);

// The field over the local block, x fastest. Vorticity d(uy)/dx - d(ux)/dy uses central
// differences, periodic in x, one-sided at the first and last row of the block.
std::vector<double> extract_field(const Fields& f, FieldKind k);
// The same into `out` (resized; its storage reused), over the OpenMP threads.
void extract_field(const Fields& f, FieldKind k, std::vector<double>& out);

}  // namespace plume::io
