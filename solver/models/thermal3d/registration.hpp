// 3-D thermal convection for the registry (solver/models/registry.cpp).
#pragma once
#include "plume/model.hpp"

namespace plume {
struct Parameters;
}

namespace plume::thermal3d {
const plume::Model& model();
const plume::Parameters& parameters();  // parameters.cpp
}
