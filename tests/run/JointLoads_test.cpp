// Joint-space loads against independent computations (JointLoads.h):
// - the generalized forces of every class, the constraints' and the prescribed motions' shares
//   add up to the inverse dynamics of the recorded motion, M u̇ + c(q, u), from recursive
//   Newton–Euler (MatterSubsystem::calcResidualForceIgnoringConstraints), frame by frame;
// - the joint reactions satisfy Newton–Euler on every body: the own joint's reaction minus the
//   children's, plus the applied body forces, equal m a and I α + ω × I ω about the mass centre.
#include "articula/run/JointLoads.h"

#include <gtest/gtest.h>

#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

namespace {

struct Recorded {
  ModelSpec model;
  BuiltModel built;
  RunResult run;
};

Recorded record(ModelSpec m, Real duration) {
  Recorded r;
  r.model = std::move(m);
  r.model.scenario.duration = duration;
  r.model.scenario.reportInterval = duration / 20;
  r.model.scenario.events.clear();
  r.built = buildModel(r.model);
  RunSettings settings;
  settings.jointLoads = true;
  settings.frameThread = false;
  r.run = runSimulation(r.model, r.built, r.model.scenario, nullptr, settings);
  return r;
}

// The State of a frame, realized through `stage`.
State stateOf(const Recorded& r, const Frame& f, Stage stage) {
  State s = r.built.initialState;
  s.setTime(f.time);
  s.updQ() = f.q;
  s.updU() = f.u;
  r.built.system->realize(s, stage);
  return s;
}

void expectInverseDynamics(const Recorded& r) {
  const MatterSubsystem& matter = r.built.system->getMatter();
  const std::vector<SpatialVec> noBodyForces(matter.getNumBodies(), SpatialVec::Zero());
  const Vector noMobilityForces = Vector::Zero(matter.getNU());
  ASSERT_GT(r.run.frames.size(), 10u);
  for (const Frame& f : r.run.frames) {
    const State s = stateOf(r, f, Stage::Velocity);
    Vector id;
    matter.calcResidualForceIgnoringConstraints(s, noMobilityForces, noBodyForces, f.udot, id);
    Vector sum = f.loads.applied;
    if (f.loads.constraint.size()) sum += f.loads.constraint;
    if (f.loads.motion.size()) sum += f.loads.motion;
    Vector classes = Vector::Zero(sum.size());
    for (const Vector& c : f.loads.byClass)
      if (c.size()) classes += c;
    const Real scale = 1 + id.cwiseAbs().maxCoeff();
    EXPECT_LT((sum - id).cwiseAbs().maxCoeff(), 1e-9 * scale) << r.model.name << " at t = " << f.time;
    EXPECT_LT((classes - f.loads.applied).cwiseAbs().maxCoeff(), 1e-12 * scale);
  }
}

// Newton–Euler on each body with the reactions as written (parent frame, at M's origin).
void expectNewtonEuler(const Recorded& r) {
  const MatterSubsystem& matter = r.built.system->getMatter();
  for (const Frame& f : r.run.frames) {
    const State s = stateOf(r, f, Stage::Acceleration);
    const std::vector<SpatialVec>& applied = matter.getAppliedBodyForces(s);
    const size_t nb = r.model.bodies.size();
    // Each joint's reaction on its child, in Ground, as a force and a moment about the mass centre
    // of the body it acts on (the child) — and, negated, on the parent.
    std::vector<Vec3> force(nb, Vec3::Zero()), moment(nb, Vec3::Zero());
    for (size_t i = 0; i < nb; ++i) {
      const int mobod = r.built.mobodOfBody[i];
      const MobilizedBodyInfo& info = matter.getInfo(mobod);
      const Mat33 R_GP = info.parent > 0 ? matter.getBodyTransform(s, info.parent).R().matrix() : Mat33::Identity();
      const Vec3 fG = R_GP * f.loads.reaction[i].tail<3>(), mG = R_GP * f.loads.reaction[i].head<3>();
      const Vec3 pM = matter.getBodyTransform(s, mobod) * info.X_BM.p();
      force[i] += fG;
      moment[i] += mG + (pM - f.bodies[i].com).cross(fG);
      const int parent = info.parent > 0 ? r.built.bodyOfMobod[info.parent] : -1;
      if (parent >= 0) {
        force[parent] -= fG;
        moment[parent] -= mG + (pM - f.bodies[parent].com).cross(fG);
      }
    }
    for (size_t i = 0; i < nb; ++i) {
      const BodySample& b = f.bodies[i];
      const SpatialVec& F = applied[r.built.mobodOfBody[i]];  // [moment about Bo; force]
      force[i] += F.tail<3>();
      moment[i] += F.head<3>() + (b.origin - b.com).cross(F.tail<3>());
      const BodySpec& spec = r.model.bodies[i];
      const Mat33 R = b.orientation.toRotation().matrix();
      const Mat33 I = R * spec.inertia * R.transpose();
      const Vec3 w = b.angularVelocity;
      const Real scale = 1 + spec.mass * 9.81 + force[i].norm();
      EXPECT_LT((force[i] - spec.mass * b.comAcceleration).norm(), 1e-8 * scale) << spec.name << " at t = " << f.time;
      EXPECT_LT((moment[i] - (I * b.angularAcceleration + w.cross(I * w))).norm(), 1e-8 * scale)
          << spec.name << " at t = " << f.time;
    }
  }
}

}  // namespace

TEST(JointLoads, AddUpToInverseDynamicsOnTrees) {
  expectInverseDynamics(record(loadModelFile(sourcePath("models/double_pendulum.json")), 0.5));
  expectInverseDynamics(record(loadModelFile(sourcePath("models/pendulum_chain.json")), 0.2));
}

TEST(JointLoads, AddUpToInverseDynamicsWithContactDampingAndLimits) {
  const Recorded r = record(loadModelFile(sourcePath("models/scenarios/standing_fall.json")), 0.6);
  for (const ForceClass c : {ForceClass::Gravity, ForceClass::Damping, ForceClass::Limit, ForceClass::Contact})
    EXPECT_GT(r.run.frames.back().loads.byClass[static_cast<int>(c)].size(), 0) << nameOf(c);
  expectInverseDynamics(r);
}

TEST(JointLoads, AddUpToInverseDynamicsWithClosedLoops) {
  const Recorded r = record(loadModelFile(sourcePath("models/four_bar.json")), 0.3);
  EXPECT_GT(r.run.frames.back().loads.constraint.cwiseAbs().maxCoeff(), 1e-3);  // the loop carries load
  expectInverseDynamics(r);
  expectInverseDynamics(record(loadModelFile(sourcePath("models/slider_crank.json")), 0.3));
}

TEST(JointLoads, AddUpToInverseDynamicsWithPrescribedMotion) {
  const std::string text = R"({"format": "articula-model", "version": 1, "name": "driven",
    "bodies": [
      {"name": "crank", "mass": 2, "mass_center": [0.2, 0, 0], "inertia": [0.01, 0.03, 0.03],
       "joint": {"type": "pin", "parent": "ground",
                 "motion": {"level": "position", "functions": [{"type": "sinusoid", "coefficients": [0.8, 3, 0, 0], "args": ["t"]}]}}},
      {"name": "link", "mass": 1, "mass_center": [0.15, 0, 0], "inertia": [0.005, 0.01, 0.01],
       "joint": {"type": "pin", "parent": "crank", "parent_frame": {"position": [0.4, 0, 0]}}}],
    "forces": [{"type": "mobility_linear_damper", "body": "link", "coordinate": "angle", "damping": 0.3}]})";
  const Recorded r = record(readModelText(text, "driven.json"), 0.5);
  EXPECT_GT(r.run.frames.back().loads.motion.cwiseAbs().maxCoeff(), 1e-3);  // the drive works
  expectInverseDynamics(r);
}

TEST(JointLoads, ReactionsSatisfyNewtonEulerOnEveryBody) {
  expectNewtonEuler(record(loadModelFile(sourcePath("models/double_pendulum.json")), 0.5));
  expectNewtonEuler(record(loadModelFile(sourcePath("models/scenarios/standing_fall.json")), 0.6));
}
