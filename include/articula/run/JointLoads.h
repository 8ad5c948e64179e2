// The loads of one frame in joint space (docs/output-format.md, "Joint space"): the generalized
// force each class of force element applies along every mobility, the constraints' and the
// prescribed motions' shares, the force and moment every joint transmits to its body, and the
// force each constraint applies to each body it names.
//
// Σ classes + constraint + motion = M u̇ + c(q, u) at every frame (the inverse dynamics of the
// recorded motion), which is how the tests check them.
#pragma once
#include <array>
#include <vector>

#include "articula/model/ModelBuilder.h"

namespace articula::run {

struct JointLoads {
  std::array<Vector, model::kForceClassCount> byClass;  // by ForceClass, per mobility; empty for an absent class
  Vector applied;                                       // their sum
  Vector constraint;                                    // -Gᵀλ of every constraint (empty without constraints)
  Vector motion;                                        // what the prescribed joint motions need (empty without them)
  // Per spec body: [moment; force] its joint applies to it at the joint's M frame origin,
  // expressed in the parent body's frame (Ground's for root joints).
  std::vector<SpatialVec> reaction;
  // Per ConstraintBody entry: [moment about the body's mass centre; force], in Ground.
  std::vector<SpatialVec> constraintForce;
};

// A body that a constraint names (spec indices).
struct ConstraintBody {
  int constraint = -1, body = -1;
};

class JointLoadSampler {
 public:
  JointLoadSampler(const model::ModelSpec& model, const model::BuiltModel& built);
  // `s` realized through Acceleration. Allocates nothing after the first call.
  void sample(const State& s, JointLoads& out);

  bool has(model::ForceClass c) const { return present_[static_cast<int>(c)]; }
  bool hasConstraints() const { return !model_.constraints.empty(); }
  bool hasMotion() const { return motion_; }
  const std::vector<ConstraintBody>& constraintBodies() const { return constraintBodies_; }

 private:
  void addGeneralizedForce(const State& s, Vector& tau);  // J^T F_ + f_ added into tau
  void sampleReactions(const State& s, JointLoads& out);
  void sampleConstraints(const State& s, JointLoads& out);
  const model::ModelSpec& model_;
  const model::BuiltModel& built_;
  std::array<bool, model::kForceClassCount> present_{};
  bool motion_ = false;
  std::vector<ConstraintBody> constraintBodies_;
  std::vector<SpatialVec> F_, reactionG_;  // scratch: per mobilized body
  Vector f_, tau_;
};

}  // namespace articula::run
