// The D2Q9 model for the registry (solver/models/registry.cpp).
#pragma once
#include "plume/model.hpp"

namespace plume {
struct Parameters;
}

namespace plume::d2q9 {
const plume::Model& model();
const plume::Parameters& parameters();  // parameters.cpp
}
