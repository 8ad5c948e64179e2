// buildModel(): a ModelSpec made into a MultibodySystem with its force elements and the initial
// State the model file asks for. Errors name the file and the JSON path of the offending part.
#pragma once
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ForceClass.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

struct BuiltModel {
  std::unique_ptr<MultibodySystem> system;
  GeneralForceSubsystem* forces = nullptr;
  ContactForceSubsystem* contact = nullptr;  // null when the model has no "contact" block
  std::vector<std::array<int, 2>>
      geometryOfSurface;                 // contact surface -> (spec body, geometry index); body -1: the ground
  std::vector<int> mobodOfBody;          // spec body index -> mobilized body index
  std::vector<int> bodyOfMobod;          // mobilized body index -> spec body index (-1 for Ground)
  std::vector<ForceClass> classOfForce;  // per element of `forces`, in its order (gravity first when present)
  State initialState;                    // realized through Acceleration
  // Constraints (ModelConstraints.h): equations in all, and how assembly moved the initial q.
  int constraintEquations = 0;
  int independentConstraintEquations = 0;  // rank of G at the initial state
  int assemblyIterations = 0;
  Real assemblyError = 0;   // largest remaining position error in unit errors
  Real assemblyChange = 0;  // largest |change| of a q entry, m or rad
};

BuiltModel buildModel(const ModelSpec& model, const std::string& file = "");

// Writes the initial_state values into `state` (defaults 0; quaternion joints from rx, ry, rz).
// "joint.coordinate" -> matter q index, for every function_based joint's coordinates.
std::map<std::string, int> coordinateQIndices(const ModelSpec& model, const BuiltModel& built);

void applyInitialState(const ModelSpec& model, const BuiltModel& built, State& state);

}  // namespace articula::model
