// The run's model as it travels through a configuration (SolverConfig::model): the registered
// object itself, never null, so that what follows a configuration asks the model directly instead
// of looking its name up again. A name becomes a model here, once, where it enters (a
// configuration's `model` key, the GUI's cases, a test's literal): find_model throws
// std::invalid_argument naming the known models, so an unknown name never gets into a
// configuration.
#pragma once
#include <ostream>
#include <string>
#include "plume/model.hpp"

namespace plume {

class ModelChoice {
 public:
  // The registered default model: the registry's first (solver/models/registry.cpp).
  ModelChoice() : m_(models().front()) {}
  ModelChoice(const Model& m) : m_(&m) {}  // NOLINT: a model is a choice of itself
  ModelChoice(const std::string& name) : m_(&find_model(name)) {}  // NOLINT: where a name enters
  ModelChoice(const char* name) : ModelChoice(std::string(name)) {}  // NOLINT

  const Model& operator*() const { return *m_; }
  const Model* operator->() const { return m_; }
  const Model& get() const { return *m_; }
  const std::string& name() const { return m_->name(); }

  friend bool operator==(const ModelChoice& a, const ModelChoice& b) { return a.m_ == b.m_; }
  friend bool operator!=(const ModelChoice& a, const ModelChoice& b) { return a.m_ != b.m_; }
  // By name, without a lookup (a name that is no model is simply another).
  friend bool operator==(const ModelChoice& a, const std::string& n) { return a.name() == n; }
  friend bool operator!=(const ModelChoice& a, const std::string& n) { return a.name() != n; }
  friend bool operator==(const std::string& n, const ModelChoice& a) { return a.name() == n; }
  friend bool operator!=(const std::string& n, const ModelChoice& a) { return a.name() != n; }
  friend bool operator==(const ModelChoice& a, const char* n) { return a.name() == n; }
  friend bool operator!=(const ModelChoice& a, const char* n) { return a.name() != n; }
  friend std::ostream& operator<<(std::ostream& o, const ModelChoice& a) { return o << a.name(); }

 private:
  const Model* m_;
};

}  // namespace plume
