// The D2Q37 model for the registry (solver/models/registry.cpp), and its parameters for the model
// (model.cpp).
#pragma once
#include "plume/model.hpp"

namespace plume::d2q37 {
const plume::Model& model();
const plume::Parameters& parameters();  // parameters.cpp
}
