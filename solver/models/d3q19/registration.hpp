// The D3Q19 model for the registry (solver/models/registry.cpp).
#pragma once
#include "plume/model.hpp"

namespace plume {
struct Parameters;
}

namespace plume::d3q19 {
const plume::Model& model();
const plume::Parameters& parameters();  // parameters.cpp
}
