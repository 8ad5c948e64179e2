// The per-frame tables' columns and values (OutputColumns.h).
#include "articula/run/OutputColumns.h"

#include <numbers>
#include <stdexcept>

#include "articula/model/JointTypes.h"

namespace articula::run {

namespace {

using model::ColumnGroup;
using model::ForceClass;

constexpr Real kDegree = 180 / std::numbers::pi;

const char* const kBodyColumns[] = {
    "pos_x[m]",          "pos_y[m]",     "pos_z[m]",     "quat_w[1]",    "quat_x[1]",         "quat_y[1]",
    "quat_z[1]",         "vel_x[m/s]",   "vel_y[m/s]",   "vel_z[m/s]",   "angvel_x[rad/s]",   "angvel_y[rad/s]",
    "angvel_z[rad/s]",   "acc_x[m/s^2]", "acc_y[m/s^2]", "acc_z[m/s^2]", "angacc_x[rad/s^2]", "angacc_y[rad/s^2]",
    "angacc_z[rad/s^2]", "origin_x[m]",  "origin_y[m]",  "origin_z[m]"};
const char* const kContactColumns[] = {"contact_fx[N]",  "contact_fy[N]",  "contact_fz[N]",
                                       "contact_mx[Nm]", "contact_my[Nm]", "contact_mz[Nm]"};
const char* const kForceMomentColumns[] = {"fx[N]", "fy[N]", "fz[N]", "mx[Nm]", "my[Nm]", "mz[Nm]"};
const char* const kQuaternionNames[] = {"qw", "qx", "qy", "qz"};

bool degreesWanted(const model::ModelSpec& m, const model::OutputSelection& selection) {
  const model::AngleUnit a = selection.angles;
  return a == model::AngleUnit::Degrees || (a == model::AngleUnit::AsFile && m.initialState.degrees);
}

// The written units of an angular / linear coordinate and its derivatives.
struct Units {
  const char *q, *u, *udot, *force;
};
Units unitsOf(bool angular, bool degrees) {
  if (!angular) return {"m", "m/s", "m/s^2", "N"};
  return degrees ? Units{"deg", "deg/s", "deg/s^2", "Nm"} : Units{"rad", "rad/s", "rad/s^2", "Nm"};
}

void appendVec3(std::vector<Real>& row, const Vec3& v) { row.insert(row.end(), v.data(), v.data() + 3); }

}  // namespace

OutputColumns::OutputColumns(const model::ModelSpec& m, const model::BuiltModel& b)
    : OutputColumns(m, b, m.scenario.columns) {}

OutputColumns::OutputColumns(const model::ModelSpec& m, const model::BuiltModel& b,
                             const model::OutputSelection& selection)
    : selection_(selection), contact_(b.contact != nullptr), digits_(selection.digits) {
  if (selection_.bodies.empty()) {
    for (size_t i = 0; i < m.bodies.size(); ++i) bodies_.push_back(static_cast<int>(i));
  } else {
    for (const std::string& name : selection_.bodies) {
      const int i = m.findBody(name);
      if (i < 0) throw Error("outputs: no body named \"" + name + "\"");
      bodies_.push_back(i);
    }
  }
  add("time[s]");
  addBodyColumns(m, bodies_, contact_);
  addJointColumns(m, b, bodies_);
  if (selection_.wants(ColumnGroup::Energy)) {
    openGroup(ColumnGroup::Energy);
    for (const char* c : {"kinetic_energy[J]", "potential_energy[J]", "nonconservative_work[J]", "energy_balance[J]"})
      add(c);
    closeGroup();
  }
}

void OutputColumns::openGroup(ColumnGroup g) { spans_.push_back({g, names_.size(), names_.size()}); }
void OutputColumns::closeGroup() {
  spans_.back().end = names_.size();
  if (spans_.back().begin == spans_.back().end) spans_.pop_back();  // nothing of it in this model
}

void OutputColumns::addBodyColumns(const model::ModelSpec& m, const std::vector<int>& bodies, bool contact) {
  if (selection_.wants(ColumnGroup::Bodies)) {
    openGroup(ColumnGroup::Bodies);
    for (const int i : bodies)
      for (const char* c : kBodyColumns) add(m.bodies[i].name + "." + c);
    closeGroup();
  }
  if (contact && selection_.wants(ColumnGroup::Contact)) {
    openGroup(ColumnGroup::Contact);
    for (const int i : bodies)
      for (const char* c : kContactColumns) add(m.bodies[i].name + "." + c);
    closeGroup();
  }
}

void OutputColumns::addJointColumns(const model::ModelSpec& m, const model::BuiltModel& b,
                                    const std::vector<int>& bodies) {
  const MatterSubsystem& matter = b.system->getMatter();
  const bool degrees = degrees_ = degreesWanted(m, selection_);
  qScale_.assign(matter.getNQ(), 1);
  uScale_.assign(matter.getNU(), 1);
  std::vector<std::string> qNames(matter.getNQ()), uNames(matter.getNU());
  std::vector<Units> uUnits(matter.getNU(), unitsOf(false, false));
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const model::JointSpec& joint = m.bodies[i].joint;
    const model::JointCoordinates jc = model::jointCoordinates(joint);
    const MobilizedBodyInfo& info = matter.getInfo(b.mobodOfBody[i]);
    const std::string prefix = joint.name + ".";
    int k = info.qStart;
    size_t named = 0;
    if (jc.quaternion) {
      quaternionAt_.push_back(k);
      for (const char* c : kQuaternionNames) qNames[k++] = prefix + c + ".q[1]";
      named = 3;  // rx, ry, rz stand for the quaternion
    }
    for (; named < jc.q.size() && k < info.qStart + info.nq; ++named, ++k) {
      const bool angular = jc.q[named].angular;
      qNames[k] = prefix + jc.q[named].name + ".q[" + unitsOf(angular, degrees).q + "]";
      qScale_[k] = angular && degrees ? kDegree : 1;
    }
    for (int j = 0; j < info.nu && j < static_cast<int>(jc.u.size()); ++j) {
      const int at = info.uStart + j;
      uNames[at] = prefix + jc.u[j].name;
      uUnits[at] = unitsOf(jc.u[j].angular, degrees);
      uScale_[at] = jc.u[j].angular && degrees ? kDegree : 1;
    }
  }
  auto group = [&](ColumnGroup g, auto&& each) {
    if (!selection_.wants(g)) return;
    openGroup(g);
    each();
    closeGroup();
  };
  group(ColumnGroup::Coordinates, [&] {
    for (const std::string& n : qNames) add(n);
  });
  group(ColumnGroup::Speeds, [&] {
    for (size_t k = 0; k < uNames.size(); ++k) add(uNames[k] + ".u[" + uUnits[k].u + "]");
  });
  group(ColumnGroup::Accelerations, [&] {
    for (size_t k = 0; k < uNames.size(); ++k) add(uNames[k] + ".udot[" + uUnits[k].udot + "]");
  });
  const JointLoadSampler loads(m, b);
  group(ColumnGroup::GeneralizedForces, [&] {
    for (int c = 0; c < model::kForceClassCount; ++c)
      if (loads.has(static_cast<ForceClass>(c))) forceClasses_.push_back(c);
    constraintTau_ = loads.hasConstraints();
    motionTau_ = loads.hasMotion();
    for (size_t k = 0; k < uNames.size(); ++k) {
      const std::string unit = std::string("[") + uUnits[k].force + "]";
      for (const int c : forceClasses_) add(uNames[k] + ".tau_" + model::nameOf(static_cast<ForceClass>(c)) + unit);
      add(uNames[k] + ".tau_applied" + unit);
      if (constraintTau_) add(uNames[k] + ".tau_constraint" + unit);
      if (motionTau_) add(uNames[k] + ".tau_motion" + unit);
    }
    needsLoads_ = true;
  });
  group(ColumnGroup::Reactions, [&] {
    for (const int i : bodies)
      for (const char* c : kForceMomentColumns) add(m.bodies[i].joint.name + ".reaction_" + c);
    needsLoads_ = true;
  });
  group(ColumnGroup::Constraints, [&] {
    for (const ConstraintBody& cb : loads.constraintBodies())
      for (const char* c : kForceMomentColumns)
        add(m.constraints[cb.constraint].name + "." + m.bodies[cb.body].name + "." + c);
    needsLoads_ = needsLoads_ || !loads.constraintBodies().empty();
  });
  lastQuaternion_.assign(bodies_.size() + quaternionAt_.size(), Vec4::Zero());
}

void OutputColumns::values(const Frame& f, std::vector<Real>& row) {
  if (needsLoads_ && f.loads.reaction.size() != f.bodies.size())
    throw std::logic_error("a frame without joint loads (RunSettings::jointLoads was off)");
  if (first_) e0_ = f.kineticEnergy + f.potentialEnergy;
  row.clear();
  row.push_back(f.time);
  for (const ColumnSpan& span : spans_) {
    switch (span.group) {
      case ColumnGroup::Bodies:
        for (size_t k = 0; k < bodies_.size(); ++k) {
          const BodySample& b = f.bodies[bodies_[k]];
          appendVec3(row, b.com);
          Vec4 q = b.orientation.asVec4();
          if (!first_ && q.dot(lastQuaternion_[k]) < 0) q = -q;
          lastQuaternion_[k] = q;
          row.insert(row.end(), q.data(), q.data() + 4);
          appendVec3(row, b.comVelocity);
          appendVec3(row, b.angularVelocity);
          appendVec3(row, b.comAcceleration);
          appendVec3(row, b.angularAcceleration);
          appendVec3(row, b.origin);
        }
        break;
      case ColumnGroup::Contact:
        for (const int i : bodies_) {
          appendVec3(row, f.contactForce[i]);
          appendVec3(row, f.contactTorque[i]);
        }
        break;
      case ColumnGroup::Coordinates: {
        const size_t at = row.size();
        for (Eigen::Index k = 0; k < f.q.size(); ++k) row.push_back(f.q[k] * qScale_[k]);
        for (size_t j = 0; j < quaternionAt_.size(); ++j) {
          Real* q = &row[at + quaternionAt_[j]];
          Vec4 v(q[0], q[1], q[2], q[3]);
          const size_t slot = bodies_.size() + j;
          if (!first_ && v.dot(lastQuaternion_[slot]) < 0) v = -v;
          lastQuaternion_[slot] = v;
          for (int c = 0; c < 4; ++c) q[c] = v[c];
        }
        break;
      }
      case ColumnGroup::Speeds:
        for (Eigen::Index k = 0; k < f.u.size(); ++k) row.push_back(f.u[k] * uScale_[k]);
        break;
      case ColumnGroup::Accelerations:
        for (Eigen::Index k = 0; k < f.udot.size(); ++k) row.push_back(f.udot[k] * uScale_[k]);
        break;
      case ColumnGroup::GeneralizedForces:
        for (Eigen::Index k = 0; k < f.u.size(); ++k) {
          for (const int c : forceClasses_) row.push_back(f.loads.byClass[c][k]);
          row.push_back(f.loads.applied[k]);
          if (constraintTau_) row.push_back(f.loads.constraint[k]);
          if (motionTau_) row.push_back(f.loads.motion[k]);
        }
        break;
      case ColumnGroup::Reactions:
        for (const int i : bodies_) {
          appendVec3(row, f.loads.reaction[i].tail<3>());
          appendVec3(row, f.loads.reaction[i].head<3>());
        }
        break;
      case ColumnGroup::Constraints:
        for (const SpatialVec& F : f.loads.constraintForce) {
          appendVec3(row, F.tail<3>());
          appendVec3(row, F.head<3>());
        }
        break;
      case ColumnGroup::Energy:
        row.push_back(f.kineticEnergy);
        row.push_back(f.potentialEnergy);
        row.push_back(f.nonConservativeWork);
        row.push_back(f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork - e0_);
        break;
    }
  }
  first_ = false;
}

}  // namespace articula::run
