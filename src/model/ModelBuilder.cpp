// ModelSpec -> MultibodySystem (see ModelBuilder.h).
#include "articula/model/ModelBuilder.h"

#include <cmath>
#include <stdexcept>

#include "BodyTree.h"
#include "ContactBuilder.h"
#include "ModelConstraints.h"
#include "articula/Counted.h"
#include "articula/forces/ConstantForce.h"
#include "articula/forces/ConstantTorque.h"
#include "articula/forces/CoordinateLimitForce.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/JointActuator.h"
#include "articula/forces/LinearBushing.h"
#include "articula/forces/MobilityConstantForce.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/MuscleTone.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/forces/PdServo.h"
#include "articula/forces/RangeOfMotionLimit.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointConstantForce.h"
#include "articula/forces/TwoPointLinearDamper.h"
#include "articula/forces/TwoPointLinearSpring.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelEvents.h"

namespace articula::model {

namespace {

int coordinateIndex(const std::vector<CoordinateName>& names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i].name == name) return static_cast<int>(i);
  throw Error("no coordinate '" + name + "'");
}

Vec3 v3(const std::vector<Real>& v) { return Vec3(v.at(0), v.at(1), v.at(2)); }

class ForceFactory {
 public:
  ForceFactory(const ModelSpec& m, const BuiltModel& b) : m_(m), b_(b) {}

  std::unique_ptr<ForceElement> make(const ForceSpec& f) const {
    using T = ForceType;
    switch (f.type) {
      case T::ConstantForce:
        return std::make_unique<ConstantForce>(body(f, "body"), vec(f, "station"), vec(f, "force"), f.name);
      case T::ConstantTorque: return std::make_unique<ConstantTorque>(body(f, "body"), vec(f, "torque"), f.name);
      case T::MobilityConstantForce:
        return std::make_unique<MobilityConstantForce>(body(f, "body"), whichU(f), num(f, "force"), f.name);
      case T::MobilityLinearSpring:
        return std::make_unique<MobilityLinearSpring>(body(f, "body"), whichQ(f), num(f, "stiffness"), num(f, "rest"),
                                                      f.name);
      case T::MobilityLinearDamper:
        return std::make_unique<MobilityLinearDamper>(body(f, "body"), whichU(f), num(f, "damping"), f.name);
      case T::MobilityLinearStop:
        return std::make_unique<MobilityLinearStop>(body(f, "body"), whichQ(f), num(f, "lower"), num(f, "upper"),
                                                    num(f, "stiffness"), num(f, "dissipation"), f.name);
      case T::TwoPointLinearSpring:
        return std::make_unique<TwoPointLinearSpring>(body(f, "body1"), vec(f, "station1"), body(f, "body2"),
                                                      vec(f, "station2"), num(f, "stiffness"), num(f, "natural_length"),
                                                      f.name);
      case T::TwoPointLinearDamper:
        return std::make_unique<TwoPointLinearDamper>(body(f, "body1"), vec(f, "station1"), body(f, "body2"),
                                                      vec(f, "station2"), num(f, "damping"), f.name);
      case T::TwoPointConstantForce:
        return std::make_unique<TwoPointConstantForce>(body(f, "body1"), vec(f, "station1"), body(f, "body2"),
                                                       vec(f, "station2"), num(f, "force"), f.name);
      case T::LinearBushing:
        return std::make_unique<LinearBushing>(body(f, "body1"), frame(f, "frame1"), body(f, "body2"),
                                               frame(f, "frame2"), vec6(f, "stiffness"), vec6(f, "damping"), f.name);
      case T::GlobalDamper: return std::make_unique<GlobalDamper>(num(f, "damping"), f.name);
      case T::PassiveJointDamping: {
        auto d = std::make_unique<PassiveJointDamping>(num(f, "damping"), f.name);
        d->setDampRootJoints(num(f, "damp_root_joints") != 0);
        for (const auto& [name, c] : f.bodyDamping) d->setBodyDamping(b_.mobodOfBody.at(m_.findBody(name)), c);
        return d;
      }
      case T::RangeOfMotionLimit: return rangeOfMotion(f);
      case T::TorquePulse: return torquePulse(f);
      case T::JointActuator:
        return std::make_unique<JointActuator>(body(f, "body"), whichU(f), makeFunction(f.function.value()),
                                               num(f, "scale"), num(f, "limit"), f.name);
      case T::PdServo: return pdServo(f);
      case T::MuscleTone: return muscleTone(f);
      case T::CoordinateLimitForce: {
        const CoordinateLimitForce::Parameters p{num(f, "lower"),           num(f, "upper"),
                                                 num(f, "lower_stiffness"), num(f, "upper_stiffness"),
                                                 num(f, "damping"),         num(f, "transition")};
        return std::make_unique<CoordinateLimitForce>(body(f, "body"), whichQ(f), p, f.name);
      }
    }
    throw std::logic_error("ForceFactory: a force type without a case");
  }

 private:
  int body(const ForceSpec& f, const char* role) const {
    const std::string& n = f.bodies.at(role);
    return n == "ground" ? 0 : b_.mobodOfBody.at(m_.findBody(n));
  }
  const JointSpec& joint(const ForceSpec& f) const { return m_.bodies.at(m_.findBody(f.bodies.at("body"))).joint; }
  int whichQ(const ForceSpec& f) const { return coordinateIndex(jointCoordinates(joint(f)).q, f.coordinate.value()); }
  int whichU(const ForceSpec& f) const { return coordinateIndex(jointCoordinates(joint(f)).u, f.coordinate.value()); }
  static Real num(const ForceSpec& f, const char* k) { return f.numbers.at(k).at(0); }
  static Vec3 vec(const ForceSpec& f, const char* k) { return v3(f.numbers.at(k)); }
  static Vec6 vec6(const ForceSpec& f, const char* k) { return Eigen::Map<const Vec6>(f.numbers.at(k).data()); }
  static Transform frame(const ForceSpec& f, const std::string& k) {
    const auto& q = f.numbers.at(k + ".orientation");
    return Transform(Quaternion(q.at(0), q.at(1), q.at(2), q.at(3)).toRotation(), v3(f.numbers.at(k + ".position")));
  }

  std::unique_ptr<ForceElement> rangeOfMotion(const ForceSpec& f) const {
    if (f.coordinate) {
      RangeOfMotionLimit::Axis a{num(f, "lower"), num(f, "upper"), num(f, "stiffness"), num(f, "damping")};
      return std::make_unique<RangeOfMotionLimit>(body(f, "body"), whichQ(f), a, f.name);
    }
    std::array<RangeOfMotionLimit::Axis, 3> axes;
    for (int i = 0; i < 3; ++i)
      axes[i] = {f.numbers.at("axes.lower").at(i), f.numbers.at("axes.upper").at(i),
                 f.numbers.at("axes.stiffness").at(i), f.numbers.at("axes.damping").at(i)};
    return std::make_unique<RangeOfMotionLimit>(body(f, "body"), f.twistAxis.value(), axes, f.name);
  }

  std::unique_ptr<ForceElement> torquePulse(const ForceSpec& f) const {
    const bool mobility = f.mode.value() == TorquePulseMode::Mobility;
    const std::vector<Real>& p = f.numbers.at("peak");
    const int b = body(f, "body");
    const size_t want = mobility ? static_cast<size_t>(b_.system->getMatter().getInfo(b).nu) : 3;
    if (p.size() != want)
      throw Error("peak needs " + counted(static_cast<long long>(want), "value", "values") + " (" +
                  (mobility ? "one per speed of the joint" : "a torque in F") + "), got " + std::to_string(p.size()));
    SmallVector peak(static_cast<int>(p.size()));
    for (size_t i = 0; i < p.size(); ++i) peak[static_cast<int>(i)] = p[i];
    return std::make_unique<TorquePulse>(mobility ? TorquePulse::Mode::Mobility : TorquePulse::Mode::BodyTorquePair, b,
                                         peak, num(f, "start"), num(f, "duration"), f.name);
  }

  // The target: a function of time, a constant, or none (hold the assembled initial value).
  std::unique_ptr<ForceElement> pdServo(const ForceSpec& f) const {
    FunctionPtr target;
    if (f.function) target = makeFunction(*f.function);
    else if (f.numbers.count("target")) target = functions::constant(num(f, "target"));
    return std::make_unique<PdServo>(body(f, "body"), whichQ(f), num(f, "kp"), num(f, "kd"), target, num(f, "limit"),
                                     f.name);
  }

  std::unique_ptr<ForceElement> muscleTone(const ForceSpec& f) const {
    auto tone = std::make_unique<MuscleTone>(num(f, "stiffness"), num(f, "damping"), f.name);
    for (const std::string& joint : f.joints)
      for (size_t i = 0; i < m_.bodies.size(); ++i)
        if (m_.bodies[i].joint.name == joint) tone->addJoint(b_.mobodOfBody.at(i));
    return tone;
  }

  const ModelSpec& m_;
  const BuiltModel& b_;
};

std::string bodyPath(size_t i, const char* field) { return "/bodies/" + std::to_string(i) + field; }

// Adds the bodies parents first (the file may list them in any order).
void addBodies(const ModelSpec& m, BuiltModel& b, const std::string& file) {
  MatterSubsystem& matter = b.system->updMatter();
  b.mobodOfBody.assign(m.bodies.size(), -1);
  b.bodyOfMobod.assign(m.bodies.size() + 1, -1);
  const BodyTree tree = makeBodyTree(m);
  if (tree.order.size() != m.bodies.size())
    throw ModelError(file, "/bodies", "", "the joints do not form a tree rooted at ground");
  for (const int i : tree.order) {
    const BodySpec& s = m.bodies[i];
    const JointSpec& j = s.joint;
    const int parent = tree.parent[i] < 0 ? 0 : b.mobodOfBody[tree.parent[i]];
    try {
      const Body body(MassProperties::fromCentral(s.mass, s.massCenter, Inertia(s.inertia, "body '" + s.name + "'")),
                      s.name);
      const int index = matter.addMobilizedBody(parent, j.parentFrame.transform(), body, j.childFrame.transform(),
                                                makeMobilizer(j), j.reverse ? Direction::Reverse : Direction::Forward,
                                                j.name);
      b.mobodOfBody[i] = index;
      b.bodyOfMobod[index] = i;
    } catch (const ModelError&) {
      throw;
    } catch (const std::exception& e) {
      throw ModelError(file, j.source.empty() ? bodyPath(i, "/joint") : j.source, "", e.what());
    }
  }
  addModelConstraints(m, b, file);  // they name bodies, so they follow them
}

}  // namespace

void applyInitialState(const ModelSpec& m, const BuiltModel& b, State& state) {
  const MatterSubsystem& matter = b.system->getMatter();
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const JointSpec& j = m.bodies[i].joint;
    const JointCoordinates jc = jointCoordinates(j);
    const MobilizedBody mb(const_cast<MatterSubsystem&>(matter), b.mobodOfBody[i]);
    auto value = [&](const std::map<std::string, Real>& map, const std::string& c) {
      const auto it = map.find(j.name + "." + c);
      return it == map.end() ? 0.0 : it->second;
    };
    SmallVector q(mb.getNumQ()), u(mb.getNumU());
    if (jc.quaternion) {
      const Vec3 angles(value(m.initialState.q, "rx"), value(m.initialState.q, "ry"), value(m.initialState.q, "rz"));
      q.head<4>() = Rotation::bodyFixedXYZ(angles).toQuaternion().asVec4();
      for (int k = 4; k < q.size(); ++k)
        q[k] = value(m.initialState.q, jc.q[k - 1].name);  // x, y, z after the quaternion
    } else {
      for (int k = 0; k < q.size(); ++k) q[k] = value(m.initialState.q, jc.q[k].name);
    }
    for (int k = 0; k < u.size(); ++k) u[k] = value(m.initialState.u, jc.u[k].name);
    if (q.size() > 0) mb.setQ(state, q);
    if (u.size() > 0) mb.setU(state, u);
  }
}

BuiltModel buildModel(const ModelSpec& m, const std::string& file) {
  BuiltModel b;
  b.system = std::make_unique<MultibodySystem>(m.name);
  addBodies(m, b, file);
  // Contact first: the matter fills its report while realizing Dynamics, and the general forces'
  // work tracking (realized after it) reads the report's non-conservative power.
  addContact(m, b, file);
  b.forces = &b.system->addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  b.forces->setTrackNonConservativeWork(true);  // W_nc integrated with the motion, for the energy balance
  if (m.gravity.norm() > 0) {
    b.forces->addForce(std::make_unique<Gravity>(m.gravity));
    b.classOfForce.push_back(ForceClass::Gravity);
  }
  const ForceFactory factory(m, b);
  for (size_t i = 0; i < m.forces.size(); ++i) {
    try {
      b.forces->addForce(factory.make(m.forces[i]));
      b.classOfForce.push_back(forceClassOf(m.forces[i].type));
    } catch (const std::exception& e) {
      throw ModelError(file, "/forces/" + std::to_string(i), "\"" + m.forces[i].name + "\"", e.what());
    }
  }
  std::vector<int> actuators;  // their work is reported on its own (GeneralForceSubsystem::getMeteredWork)
  for (size_t i = 0; i < b.classOfForce.size(); ++i)
    if (b.classOfForce[i] == ForceClass::Actuator) actuators.push_back(static_cast<int>(i));
  b.forces->setMeteredElements(actuators);
  addContactWorkProbe(b);
  try {
    b.initialState = b.system->realizeTopology();
  } catch (const std::exception& e) {
    throw ModelError(file, "/forces", "", e.what());
  }
  checkContactPairs(m, b, file);
  applyInitialState(m, b, b.initialState);
  applyJointMotions(m, b, b.initialState, file);
  assembleInitialState(m, b, file);
  b.forces->recordReferencePosture(b.initialState);  // servos and tone hold the assembled posture
  try {
    b.system->realize(b.initialState, Stage::Acceleration);
  } catch (const std::exception& e) {
    throw ModelError(file, "/initial_state", "", std::string("cannot evaluate the initial state: ") + e.what());
  }
  checkEvents(m, b, file);  // a height event needs the assembled initial state
  return b;
}

}  // namespace articula::model

namespace articula::model {

std::map<std::string, int> coordinateQIndices(const ModelSpec& model, const BuiltModel& built) {
  std::map<std::string, int> q;
  const MatterSubsystem& matter = built.system->getMatter();
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const JointSpec& j = model.bodies[b].joint;
    const int start = matter.getInfo(built.mobodOfBody[b]).qStart;
    for (size_t k = 0; k < j.functions.coordinates.size(); ++k)
      q[j.name + "." + j.functions.coordinates[k]] = start + static_cast<int>(k);
  }
  return q;
}

}  // namespace articula::model
