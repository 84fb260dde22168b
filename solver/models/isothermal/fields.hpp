// The stored fields the isothermal models share (D2Q9, D3Q19), each stated once: density, the
// velocity components, the solid sites and the force on them. Each model lists those it stores,
// in its order (Traits::field_list).
#pragma once
#include "plume/model.hpp"

namespace plume::isothermal {

inline constexpr FieldInfo kDensity{"rho", "rho", "density rho", "lattice units",
                                    "density (at solid sites: the case's density)", false, true, FieldRole::Scalar};
inline constexpr FieldInfo kVelocityX{"ux", "u,x", "velocity u x", "lattice units",
                                      "velocity, x component (with half the body force)", true, false,
                                      FieldRole::VelocityX};
inline constexpr FieldInfo kVelocityY{"uy", "u,y", "velocity u y", "lattice units",
                                      "velocity, y component (with half the body force)", true, false,
                                      FieldRole::VelocityY};
inline constexpr FieldInfo kVelocityZ{"uz", "u,z", "velocity u z", "lattice units",
                                      "velocity, z component (with half the body force)", true, false,
                                      FieldRole::VelocityZ};
inline constexpr FieldInfo kSolid{"solid", "solid", "solid sites", "", "1 at a solid site, 0 in the fluid", false,
                                  false, FieldRole::Scalar};
inline constexpr FieldInfo kForceX{"force_x", "F_x on solids", "force on the solids F x", "lattice units",
                                   "force the site's populations exert on solid sites in one step, x component "
                                   "(momentum exchange)",
                                   true, false, FieldRole::Scalar};
inline constexpr FieldInfo kForceY{"force_y", "F_y on solids", "force on the solids F y", "lattice units",
                                   "force the site's populations exert on solid sites in one step, y component "
                                   "(momentum exchange)",
                                   true, false, FieldRole::Scalar};
inline constexpr FieldInfo kForceZ{"force_z", "F_z on solids", "force on the solids F z", "lattice units",
                                   "force the site's populations exert on solid sites in one step, z component "
                                   "(momentum exchange)",
                                   true, false, FieldRole::Scalar};

}  // namespace plume::isothermal
