// Constraints, joint motions and assembly of a model's initial State (ModelConstraints.h).
#include "ModelConstraints.h"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ConstraintFields.h"
#include "articula/constraints/DiskOnPlaneContact.h"
#include "articula/constraints/constraints.h"
#include "articula/matter/Motion.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelError.h"
#include "articula/study/Assembler.h"

namespace articula::model {

namespace {

using namespace articula::constraints;

Vec3 v3(const std::vector<Real>& v) { return Vec3(v.at(0), v.at(1), v.at(2)); }

class ConstraintFactory {
 public:
  ConstraintFactory(const ModelSpec& m, const BuiltModel& b) : m_(m), b_(b) {}

  std::unique_ptr<Constraint> make(const ConstraintSpec& c) const {
    using T = ConstraintType;
    const std::string& n = c.name;
    switch (c.type) {
      case T::Rod:
        return std::make_unique<Rod>(n, body(c, "body1"), vec(c, "station1"), body(c, "body2"), vec(c, "station2"),
                                     num(c, "length"));
      case T::Ball:
        return std::make_unique<Ball>(n, body(c, "body1"), vec(c, "station1"), body(c, "body2"), vec(c, "station2"));
      case T::Weld:
        return std::make_unique<Weld>(n, body(c, "body1"), frame(c, "frame1"), body(c, "body2"), frame(c, "frame2"));
      case T::ConstantOrientation:
        return std::make_unique<ConstantOrientation>(n, body(c, "body1"), frame(c, "frame1").R(), body(c, "body2"),
                                                     frame(c, "frame2").R());
      case T::PointInPlane:
        return std::make_unique<PointInPlane>(n, body(c, "plane_body"), vec(c, "normal"), num(c, "height"),
                                              body(c, "follower_body"), vec(c, "station"));
      case T::PointOnLine:
        return std::make_unique<PointOnLine>(n, body(c, "line_body"), vec(c, "direction"), vec(c, "point"),
                                             body(c, "follower_body"), vec(c, "station"));
      case T::ConstantAngle:
        return std::make_unique<ConstantAngle>(n, body(c, "body1"), vec(c, "axis1"), body(c, "body2"), vec(c, "axis2"),
                                               num(c, "angle"));
      case T::ConstantSpeed: {
        const auto [bd, u] = coordinate(c.coordinates.at("coordinate"), true);
        return std::make_unique<ConstantSpeed>(n, bd, u, num(c, "speed"));
      }
      case T::ConstantAcceleration: {
        const auto [bd, u] = coordinate(c.coordinates.at("coordinate"), true);
        return std::make_unique<ConstantAcceleration>(n, bd, u, num(c, "acceleration"));
      }
      case T::CoordinateCoupler:
      case T::SpeedCoupler: {
        const bool isU = c.type == T::SpeedCoupler;
        std::vector<int> bodies, indices;
        for (const std::string& a : c.function.at(0).args) {
          const auto [bd, k] = coordinate(a, isU);
          bodies.push_back(bd);
          indices.push_back(k);
        }
        const FunctionPtr f = makeFunction(c.function.at(0));
        if (isU) return std::make_unique<SpeedCoupler>(n, f, bodies, indices);
        return std::make_unique<CoordinateCoupler>(n, f, bodies, indices);
      }
      case T::PrescribedMotion: {
        const auto [bd, q] = coordinate(c.coordinates.at("coordinate"), false);
        return std::make_unique<PrescribedMotion>(n, bd, q, makeFunction(c.function.at(0)));
      }
      case T::NoSlip1D:
        return std::make_unique<NoSlip1D>(n, body(c, "case_body"), vec(c, "point"), vec(c, "direction"),
                                          body(c, "body1"), body(c, "body2"));
      case T::SphereOnPlane:
        return std::make_unique<SphereOnPlaneContact>(n, body(c, "plane_body"), frame(c, "plane_frame"),
                                                      body(c, "sphere_body"), vec(c, "center"), num(c, "radius"),
                                                      num(c, "no_slip") != 0);
      case T::SphereOnSphere:
        return std::make_unique<SphereOnSphereContact>(n, body(c, "body1"), vec(c, "center1"), num(c, "radius1"),
                                                       body(c, "body2"), vec(c, "center2"), num(c, "radius2"),
                                                       num(c, "no_slip") != 0);
      case T::DiskOnPlane:
        return std::make_unique<DiskOnPlaneContact>(n, body(c, "plane_body"), frame(c, "plane_frame"),
                                                    body(c, "disk_body"), vec(c, "center"), vec(c, "axle"),
                                                    num(c, "radius"), num(c, "no_slip") != 0);
      case T::LineOnLine:
        return std::make_unique<LineOnLineContact>(n, body(c, "body1"), vec(c, "point1"), vec(c, "direction1"),
                                                   body(c, "body2"), vec(c, "point2"), vec(c, "direction2"));
    }
    throw std::logic_error("ConstraintFactory: a constraint type without a case");
  }

 private:
  int body(const ConstraintSpec& c, const char* role) const {
    const std::string& name = c.bodies.at(role);
    return name == "ground" ? 0 : b_.mobodOfBody.at(m_.findBody(name));
  }
  // (mobilized body, index in its q or u) of a "joint.coordinate" name.
  std::pair<int, int> coordinate(const std::string& name, bool isU) const {
    int spec = -1, index = -1;
    std::string problem;
    if (!resolveCoordinate(m_, name, isU, spec, index, problem)) throw Error(problem);
    return {b_.mobodOfBody.at(spec), index};
  }
  static Real num(const ConstraintSpec& c, const char* k) { return c.numbers.at(k).at(0); }
  static Vec3 vec(const ConstraintSpec& c, const char* k) { return v3(c.numbers.at(k)); }
  static Transform frame(const ConstraintSpec& c, const std::string& k) {
    const auto& q = c.numbers.at(k + ".orientation");
    return Transform(Quaternion(q.at(0), q.at(1), q.at(2), q.at(3)).toRotation(), v3(c.numbers.at(k + ".position")));
  }

  const ModelSpec& m_;
  const BuiltModel& b_;
};

// The JSON path of the constraint a library message names ("Constraint 'name' (Type)").
std::string constraintPath(const ModelSpec& m, const std::string& message) {
  for (size_t i = 0; i < m.constraints.size(); ++i)
    if (message.find("Constraint '" + m.constraints[i].name + "'") != std::string::npos)
      return "/constraints/" + std::to_string(i);
  return "/constraints";
}

// Held coordinates are locked; the others the initial state names become goals, so assembly
// keeps them as close as the constraints allow.
void addInitialGoals(const ModelSpec& m, const BuiltModel& b, const State& s, Assembler& assembler, bool goals) {
  const MatterSubsystem& matter = b.system->getMatter();
  auto resolve = [&](const std::string& name, int& mobod, int& index) {
    int spec = -1;
    std::string problem;
    if (!resolveCoordinate(m, name, false, spec, index, problem)) return false;  // quaternion angles
    mobod = b.mobodOfBody.at(spec);
    return true;
  };
  int mobod = -1, index = -1;
  for (const std::string& name : m.initialState.hold)
    if (resolve(name, mobod, index)) {
      // A held coordinate of a quaternion joint is a translation: its u index is q's minus one.
      const bool quaternion = jointCoordinates(m.bodies.at(b.bodyOfMobod.at(mobod)).joint).quaternion;
      assembler.lockMobility(mobod, quaternion ? index - 1 : index);
    }
  for (const auto& [name, value] : m.initialState.q) {
    if (!goals) break;
    if (std::find(m.initialState.hold.begin(), m.initialState.hold.end(), name) != m.initialState.hold.end()) continue;
    if (!resolve(name, mobod, index)) continue;
    assembler.addCoordinateGoal(mobod, index, matter.getQ(s)[matter.getInfo(mobod).qStart + index]);
  }
}

}  // namespace

void addModelConstraints(const ModelSpec& m, BuiltModel& b, const std::string& file) {
  const ConstraintFactory factory(m, b);
  MatterSubsystem& matter = b.system->updMatter();
  for (size_t i = 0; i < m.constraints.size(); ++i) {
    try {
      ConstraintSet::upd(matter).adopt(factory.make(m.constraints[i]));
    } catch (const std::exception& e) {
      throw ModelError(file, "/constraints/" + std::to_string(i), "\"" + m.constraints[i].name + "\"", e.what());
    }
  }
}

void applyJointMotions(const ModelSpec& m, const BuiltModel& b, State& state, const std::string& file) {
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const JointSpec& j = m.bodies[i].joint;
    if (j.motion.empty()) continue;
    try {
      std::vector<FunctionPtr> fns;
      for (const FunctionSpec& f : j.motion.front().functions) fns.push_back(makeFunction(f));
      prescribeMotion(b.system->getMatter(), state, b.mobodOfBody[i], j.motion.front().level, fns);
    } catch (const std::exception& e) {
      throw ModelError(file, "/bodies/" + std::to_string(i) + "/joint/motion", "\"" + j.name + "\"", e.what());
    }
  }
}

void assembleInitialState(const ModelSpec& m, BuiltModel& b, const std::string& file) {
  const ConstraintSet* set = ConstraintSet::find(b.system->getMatter());
  if (!set || set->getNumConstraints() == 0) return;
  State& s = b.initialState;
  b.constraintEquations = set->getNumPositionEquations() + set->getNumVelocityEquations() +
                          set->getNumAccelerationEquations();
  const Vector q0 = b.system->getMatter().getQ(s);
  // Goals first (they choose the branch and keep named coordinates), then the constraints alone
  // from there, which costs nothing when the first pass met them (the Assembler finishes the
  // constraints itself when goals stall) and still closes the loop should the first pass fail.
  Assembler withGoals(*b.system), constraintsOnly(*b.system);
  addInitialGoals(m, b, s, withGoals, true);
  addInitialGoals(m, b, s, constraintsOnly, false);
  int goalIterations = 0;
  try {
    goalIterations = withGoals.assemble(s).iterations;
  } catch (const AssemblyFailure&) {
    // s holds the last iterate, near the manifold: the constraints-only pass finishes from there
  }
  try {
    const AssemblyResult r = constraintsOnly.assemble(s);
    b.assemblyIterations = goalIterations + r.iterations;
    b.assemblyError = r.constraintError;
    b.system->project(s, 1e-10);  // speeds onto the velocity constraints (q is already there)
  } catch (const std::exception& e) {
    const std::string what = e.what();
    throw ModelError(file, constraintPath(m, what), "", "cannot assemble the initial state: " + what);
  }
  b.assemblyChange = (b.system->getMatter().getQ(s) - q0).lpNorm<Eigen::Infinity>();
  // Independent rows of G at the assembled state (a planar loop closed by a ball has a redundant one).
  b.system->realize(s, Stage::Velocity);
  Matrix G;
  set->calcG(s, G);
  Eigen::ColPivHouseholderQR<Matrix> qr(G);
  qr.setThreshold(1e-9);
  b.independentConstraintEquations = static_cast<int>(qr.rank());
}

}  // namespace articula::model
