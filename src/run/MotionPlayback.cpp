// A model posed by a recorded motion (see MotionPlayback.h).
#include "articula/run/MotionPlayback.h"

#include <filesystem>
#include <map>
#include <set>

#include "RunFolderOutputs.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelFile.h"

namespace articula::run {

namespace {

constexpr Real kPi = 3.14159265358979323846;

struct Coordinate {
  std::string joint, name;
  int mobod = 0, index = 0;
  bool angular = false;
};

std::vector<Coordinate> settableCoordinates(const model::ModelSpec& m, const model::BuiltModel& built) {
  std::vector<Coordinate> out;
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const model::JointCoordinates jc = model::jointCoordinates(m.bodies[i].joint);
    if (jc.quaternion) continue;
    for (size_t k = 0; k < jc.q.size(); ++k)
      out.push_back({m.bodies[i].joint.name, jc.q[k].name, built.mobodOfBody[i], static_cast<int>(k), jc.q[k].angular});
  }
  return out;
}

// The coordinate a label names and whether it is its speed; nullptr when none. `byName` maps
// OpenSim's bare names to their coordinates (several: ambiguous).
const Coordinate* matchLabel(const std::string& label, const std::vector<Coordinate>& coords,
                             const std::multimap<std::string, const Coordinate*>& byName, bool& speed,
                             const std::string& file) {
  speed = false;
  for (const Coordinate& c : coords) {
    if (label == c.joint + "." + c.name || label == "/jointset/" + c.joint + "/" + c.name + "/value") return &c;
    if (label == "/jointset/" + c.joint + "/" + c.name + "/speed") {
      speed = true;
      return &c;
    }
  }
  if (byName.count(label) > 1)
    throw Error(file + ": column \"" + label + "\" names a coordinate of several joints: label it \"JOINT." + label +
                "\"");
  const auto it = byName.find(label);
  return it == byName.end() ? nullptr : it->second;
}

// d/dt of each row's vector: central differences inside, one-sided at the ends.
std::vector<Vector> differentiate(const std::vector<Vector>& x, const std::vector<Real>& t) {
  std::vector<Vector> d(x.size());
  for (size_t r = 0; r < x.size(); ++r) {
    const size_t a = r == 0 ? 0 : r - 1, b = r + 1 == x.size() ? r : r + 1;
    d[r] = (x[b] - x[a]) / (t[b] - t[a]);
  }
  return d;
}

// A body's motion from the state (through Velocity) and its spatial acceleration A_GB at Bo.
BodySample sampleBody(const MatterSubsystem& matter, const State& s, int mobod, const Vec3& com, const SpatialVec& A) {
  BodySample b;
  const Transform& X = matter.getBodyTransform(s, mobod);
  const Vec3 w = matter.getBodyVelocity(s, mobod).head<3>();
  const Vec3 r = X.R() * com;
  b.origin = X.p();
  b.orientation = X.R().toQuaternion();
  b.com = X * com;
  b.comVelocity = matter.findStationVelocityInGround(s, mobod, com);
  b.angularVelocity = w;
  b.angularAcceleration = A.head<3>();
  b.comAcceleration = A.tail<3>() + b.angularAcceleration.cross(r) + w.cross(w.cross(r));
  return b;
}

}  // namespace

MotionColumns matchMotionColumns(const model::ModelSpec& m, const model::BuiltModel& built,
                                 const files::StorageTable& motion, const std::string& file) {
  if (motion.rows() < 2)
    throw Error(file + ": a motion needs at least two rows, it has " + std::to_string(motion.rows()));
  for (size_t r = 1; r < motion.rows(); ++r)
    if (!(motion.time(r) > motion.time(r - 1)))
      throw Error(file + ": row " + std::to_string(r + 1) + ": time " + std::to_string(motion.time(r)) +
                  " does not follow " + std::to_string(motion.time(r - 1)));
  const std::vector<Coordinate> coords = settableCoordinates(m, built);
  std::multimap<std::string, const Coordinate*> byName;
  for (const Coordinate& c : coords) byName.emplace(c.name, &c);
  MotionColumns out;
  std::set<std::pair<const Coordinate*, bool>> set;
  for (size_t k = 1; k < motion.labels.size(); ++k) {
    bool speed = false;
    const Coordinate* c = matchLabel(motion.labels[k], coords, byName, speed, file);
    if (!c) {
      out.ignored.push_back(motion.labels[k]);
      continue;
    }
    if (!set.insert({c, speed}).second)
      throw Error(file + ": column \"" + motion.labels[k] + "\" sets " + c->joint + "." + c->name +
                  (speed ? "'s speed" : "") + " a second time");
    out.columns.push_back({k, c->mobod, c->index, c->angular, speed});
  }
  if (out.columns.empty())
    throw Error(file + ": no column names a coordinate of the model (labels such as \"" +
                (coords.empty() ? std::string("JOINT.COORDINATE") : coords[0].name) + "\")");
  for (const Coordinate& c : coords)
    if (!set.count({&c, false})) out.missing.push_back(c.joint + "." + c.name);
  return out;
}

RunResult playMotion(const model::ModelSpec& m, const model::BuiltModel& built, const files::StorageTable& motion,
                     const MotionColumns& columns) {
  MultibodySystem& sys = *built.system;
  MatterSubsystem& matter = sys.updMatter();
  State s = built.initialState;
  const size_t rows = motion.rows();
  std::vector<Real> t(rows);
  std::vector<Vector> q(rows), u(rows);
  auto value = [&](size_t r, const MotionColumns::Column& c) {
    return motion.at(r, c.column) * (motion.inDegrees && c.angular ? kPi / 180 : 1);
  };
  auto setQ = [&](size_t r) {
    for (const MotionColumns::Column& c : columns.columns)
      if (!c.speed) MobilizedBody(matter, c.mobod).setOneQ(s, c.index, value(r, c));
  };
  for (size_t r = 0; r < rows; ++r) {
    t[r] = motion.time(r);
    setQ(r);
    q[r] = s.getQ();
  }
  const std::vector<Vector> qdot = differentiate(q, t);
  for (size_t r = 0; r < rows; ++r) {
    s.updQ() = q[r];
    sys.realize(s, Stage::Position);
    matter.multiplyByNInv(s, qdot[r], u[r]);
    s.updU() = u[r];
    for (const MotionColumns::Column& c : columns.columns)
      if (c.speed) MobilizedBody(matter, c.mobod).setOneU(s, c.index, value(r, c));
    u[r] = s.getU();
  }
  const std::vector<Vector> udot = differentiate(u, t);
  RunResult result;
  std::vector<SpatialVec> A, bias;
  for (size_t r = 0; r < rows; ++r) {
    s.setTime(t[r]);
    s.updQ() = q[r];
    s.updU() = u[r];
    sys.realize(s, Stage::Velocity);
    matter.multiplyBySystemJacobian(s, udot[r], A);
    matter.calcBiasForSystemJacobian(s, bias);
    Frame f;
    f.time = t[r];
    f.q = q[r];
    f.u = u[r];
    f.udot = udot[r];
    for (size_t i = 0; i < m.bodies.size(); ++i) {
      const int mb = built.mobodOfBody[i];
      f.bodies.push_back(sampleBody(matter, s, mb, m.bodies[i].massCenter, A[mb] + bias[mb]));
    }
    f.kineticEnergy = sys.calcKineticEnergy(s);
    f.potentialEnergy = sys.calcPotentialEnergy(s);
    result.totals.add(f);
    result.frames.push_back(std::move(f));
  }
  result.integrator = "none (a recorded motion)";
  return result;
}

files::StorageTable bodyKinematicsTable(const model::ModelSpec& m, const std::vector<Frame>& frames) {
  files::StorageTable table;
  table.name = "Positions";
  table.inDegrees = true;
  table.header = {"",
                  "This file contains the kinematics (positions and orientations,",
                  "velocities and angular velocities, or accelerations and angular accelerations)",
                  "of the centers of mass of the body segments in model " + files::storageText(m.name) + ".",
                  "",
                  "Body segment orientations are described using body-fixed X-Y-Z Euler angles.",
                  "",
                  "Angular velocities and accelerations are given about the body-local axes.",
                  "",
                  "Units are S.I. units (seconds, meters, Newtons, ...)",
                  "Angles are in degrees.",
                  ""};
  table.labels = {"time"};
  auto addBody = [&](const std::string& name) {
    for (const char* axis : {"_X", "_Y", "_Z", "_Ox", "_Oy", "_Oz"})
      table.labels.push_back(files::storageText(name) + axis);
  };
  addBody("ground");
  for (const model::BodySpec& b : m.bodies) addBody(b.name);
  for (const char* axis : {"X", "Y", "Z"}) table.labels.push_back(std::string("center_of_mass_") + axis);
  Real mass = 0;
  for (const model::BodySpec& b : m.bodies) mass += b.mass;
  std::vector<double> row;
  for (const Frame& f : frames) {
    row.assign(7, 0.0);
    row[0] = f.time;
    Vec3 com = Vec3::Zero();
    for (size_t i = 0; i < f.bodies.size(); ++i) {
      const BodySample& b = f.bodies[i];
      const Vec3 angles = b.orientation.toRotation().toBodyFixedXYZ() * (180 / kPi);
      row.insert(row.end(), {b.com[0], b.com[1], b.com[2], angles[0], angles[1], angles[2]});
      com += m.bodies[i].mass * b.com;
    }
    if (mass > 0) com /= mass;
    row.insert(row.end(), {com[0], com[1], com[2]});
    table.addRow(row);
  }
  return table;
}

MotionReport playMotionFile(const MotionRequest& q) {
  model::ModelSpec spec;
  model::BuiltModel built;
  files::StorageTable motion;
  MotionReport report;
  RunResult result;
  try {
    spec = model::loadModelFile(q.modelFile, q.load);
    built = model::buildModel(spec, q.modelFile);
    motion = files::readStorage(q.motionFile);
    report.columns = matchMotionColumns(spec, built, motion, q.motionFile);
    result = playMotion(spec, built, motion, report.columns);
  } catch (const std::exception& e) {
    throw RunError(RunFailure::BadInput, e.what());
  }
  if (q.warn) {
    for (const std::string& w : spec.warnings) q.warn(q.modelFile + ": " + w);
    auto list = [](const std::vector<std::string>& names) {
      std::string s;
      for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
      return s;
    };
    if (!report.columns.missing.empty())
      q.warn(q.motionFile + ": no column for " + std::to_string(report.columns.missing.size()) +
             " coordinates, kept at the model's initial values: " + list(report.columns.missing));
    if (!report.columns.ignored.empty())
      q.warn(q.motionFile + ": " + std::to_string(report.columns.ignored.size()) +
             " columns name no coordinate of the model, not used: " + list(report.columns.ignored));
  }
  const std::string stem = std::filesystem::path(q.motionFile).stem().string();
  report.outFolder = q.outFolder.empty() ? stem + "-motion" : q.outFolder;
  report.bodyKinematicsFile = stem + "_BodyKinematics_pos_global.sto";
  report.frames = result.frames.size();
  // The run folder's files as a run writes them: the bodies and the joint-space columns (no
  // forces: there are none), angles in the motion's unit.
  spec.scenario.outputs = {model::OutputKind::TrajectoryCsv, model::OutputKind::TrajectoryJson};
  using G = model::ColumnGroup;
  spec.scenario.columns.groups = {G::Bodies, G::Coordinates, G::Speeds, G::Accelerations};
  spec.scenario.columns.angles = motion.inDegrees ? model::AngleUnit::Degrees : model::AngleUnit::Radians;
  try {
    RunFolderWriter folder(report.outFolder);
    RunFolderOutputs outputs(spec, built, folder);
    for (const Frame& f : result.frames)
      for (FrameSink* sink : outputs.sinks()) sink->add(f);
    files::writeStorage(bodyKinematicsTable(spec, result.frames), folder.add(report.bodyKinematicsFile));
    outputs.finish({}, "", q.viewerPage);
    folder.commit();
  } catch (const std::exception& e) {
    throw RunError(RunFailure::Output, e.what());
  }
  return report;
}

}  // namespace articula::run
