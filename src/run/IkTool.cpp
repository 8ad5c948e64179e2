// OpenSim's Inverse Kinematics tool (include/articula/run/IkTool.h). Follows OpenSim's
// InverseKinematicsTool: markers tracked are those with an applied task that both the model and
// the trial have; coordinate tasks on locked coordinates are dropped; the frames are the trial's
// rows from the one nearest the start time to the one nearest the end time (within the trial).
#include "articula/run/IkTool.h"

#include <chrono>
#include <cmath>
#include <map>
#include <numbers>

#include "articula/files/MarkerTrajectories.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/model/Markers.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "articula/run/RunError.h"

namespace articula::run {
namespace {

[[noreturn]] void refuse(const model::IkSetup& s, const std::string& what) {
  throw RunError(RunFailure::BadInput, s.file + ": " + what);
}

size_t nearestRow(const std::vector<double>& time, double t) {
  size_t best = 0;
  for (size_t i = 1; i < time.size(); ++i)
    if (std::abs(time[i] - t) < std::abs(time[best] - t)) best = i;
  return best;
}

// A coordinate task's target over time: constant, or the coordinate file's column (linear
// interpolation; degrees converted for angular coordinates when the file says inDegrees).
struct Target {
  Real constant = 0;
  std::vector<double> t, v;
  Real at(Real time) const {
    if (t.empty()) return constant;
    if (time <= t.front()) return v.front();
    if (time >= t.back()) return v.back();
    const size_t k = static_cast<size_t>(std::upper_bound(t.begin(), t.end(), time) - t.begin());
    const double a = (time - t[k - 1]) / (t[k] - t[k - 1]);
    return v[k - 1] + a * (v[k] - v[k - 1]);
  }
};

struct Coordinate {
  std::string name;  // OpenSim's
  int q = 0;
  bool angular = false;
  Real defaultValue = 0;
};

std::vector<Coordinate> modelCoordinates(const model::ModelSpec& m, const model::BuiltModel& built) {
  const std::map<std::string, int> qOf = model::coordinateQIndices(m, built);
  const ConstVectorView q0 = built.system->getMatter().getQ(built.initialState);
  std::vector<Coordinate> out;
  for (const model::BodySpec& b : m.bodies) {
    const model::FunctionBasedSpec& f = b.joint.functions;
    for (size_t k = 0; k < f.coordinates.size(); ++k) {
      const int q = qOf.at(b.joint.name + "." + f.coordinates[k]);
      out.push_back({f.coordinates[k], q, k < f.angular.size() && f.angular[k], q0[q]});
    }
  }
  return out;
}

bool isHeld(const model::ModelSpec& m, const model::BodySpec& b, const std::string& coordinate) {
  for (const model::ConstraintSpec& c : m.constraints)
    if (c.type == model::ConstraintType::PrescribedMotion && c.coordinates.count("coordinate") &&
        c.coordinates.at("coordinate") == b.joint.name + "." + coordinate)
      return true;
  return false;
}

}  // namespace

IkTrial runInverseKinematics(const model::IkSetup& setup) {
  if (setup.modelFile.empty()) refuse(setup, "no model_file");
  if (setup.markerFile.empty()) refuse(setup, "no marker_file");
  const model::ModelSpec m = model::loadModelFile(setup.modelFile);
  const model::BuiltModel built = model::buildModel(m, setup.modelFile);
  files::MarkerTrajectories trc = files::readTrc(setup.markerFile);
  trc.convertToMetres();

  IkTrial trial;
  trial.modelName = m.name;
  const std::vector<Coordinate> coords = modelCoordinates(m, built);
  for (const Coordinate& c : coords) {
    trial.coordinates.push_back(c.name);
    trial.angular.push_back(c.angular);
  }
  // Marker goals, in the trial's order.
  std::map<std::string, Real> weightOf;
  for (const model::IkMarkerTask& t : setup.markerTasks)
    if (t.apply) weightOf[t.name] = t.weight;
  std::vector<IkMarkerGoal> markerGoals;
  std::vector<size_t> trcColumn;
  for (size_t k = 0; k < trc.markers.size(); ++k) {
    const auto w = weightOf.find(trc.markers[k]);
    const int i = model::findMarker(m, trc.markers[k]);
    if (w == weightOf.end() || i < 0) continue;
    markerGoals.push_back({i, w->second});
    trcColumn.push_back(k);
    trial.markers.push_back(trc.markers[k]);
  }
  // Coordinate goals.
  std::vector<IkCoordinateGoal> coordinateGoals;
  std::vector<Target> targets;
  std::optional<files::StorageTable> coordinateFile;
  for (const model::IkCoordinateTask& t : setup.coordinateTasks) {
    if (!t.apply) continue;
    size_t c = 0;
    while (c < coords.size() && coords[c].name != t.name) ++c;
    if (c == coords.size()) refuse(setup, "IKCoordinateTask " + t.name + ": the model has no such coordinate");
    bool held = false;
    for (const model::BodySpec& b : m.bodies) held = held || isHeld(m, b, t.name);
    if (held) continue;  // OpenSim: a locked coordinate's task is dropped
    Target target;
    if (t.valueType == model::IkValueType::DefaultValue) target.constant = coords[c].defaultValue;
    if (t.valueType == model::IkValueType::ManualValue) target.constant = t.value;
    if (t.valueType == model::IkValueType::FromFile) {
      if (setup.coordinateFile.empty())
        refuse(setup, "IKCoordinateTask " + t.name + ": from_file without a coordinate_file");
      if (!coordinateFile) coordinateFile = files::readStorage(setup.coordinateFile);
      const auto col = coordinateFile->column(t.name);
      if (!col) refuse(setup, "IKCoordinateTask " + t.name + ": no such column in " + setup.coordinateFile);
      const Real scale = coordinateFile->inDegrees && coords[c].angular ? std::numbers::pi / 180 : 1;
      for (size_t r = 0; r < coordinateFile->rows(); ++r) {
        target.t.push_back(coordinateFile->time(r));
        target.v.push_back(scale * coordinateFile->at(r, *col));
      }
    }
    coordinateGoals.push_back({coords[c].q, t.weight});
    targets.push_back(target);
  }
  const InverseKinematics ik(m, built, markerGoals, coordinateGoals, setup.accuracy);

  if (trc.frames() == 0) refuse(setup, "the marker file has no frames");
  const double start = std::max(setup.startTime, trc.time.front()), end = std::min(setup.endTime, trc.time.back());
  if (end < start) refuse(setup, "the time range holds no frame of the marker file");
  const size_t first = nearestRow(trc.time, start), lastRow = nearestRow(trc.time, end);

  State s = built.initialState;
  std::vector<Vec3> measured(markerGoals.size());
  std::vector<Real> goal(coordinateGoals.size());
  const auto t0 = std::chrono::steady_clock::now();
  const MatterSubsystem& matter = built.system->getMatter();
  Vector last = matter.getQ(s), beforeLast = last;  // the poses of the last two frames solved
  for (size_t f = first; f <= lastRow; ++f) {
    // OpenSim's frame times: the first frame's, then steps of 1/DataRate (the file's Time column
    // is rounded, e.g. to 0.417 for 0.41666…).
    const double time = trc.time[first] + static_cast<double>(f - first) / trc.dataRate;
    s.setTime(time);
    for (size_t i = 0; i < markerGoals.size(); ++i) {
      const files::Point3& p = trc.position(f, trcColumn[i]);
      measured[i] = Vec3(p[0], p[1], p[2]);
    }
    for (size_t j = 0; j < targets.size(); ++j) goal[j] = targets[j].at(time);
    // Start from the last two poses extrapolated (OpenSim starts from the last pose): about 10%
    // fewer iterations; the solution moves within the accuracy.
    if (f >= first + 2) matter.updQ(s) = 2 * last - beforeLast;
    trial.frames.push_back(ik.solve(s, measured, goal, f == first ? 1000 : 100));
    beforeLast = last;
    last = matter.getQ(s);
    trial.time.push_back(time);
    const ConstVectorView q = matter.getQ(s);
    std::vector<Real> row;
    for (const Coordinate& c : coords) row.push_back(q[c.q]);
    trial.q.push_back(std::move(row));
  }
  trial.solveSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return trial;
}

files::StorageTable ikMotionTable(const IkTrial& trial) {
  files::StorageTable t;
  t.name = "Coordinates";
  t.inDegrees = true;
  t.header = {"", "Units are S.I. units (second, meters, Newtons, ...)", "Angles are in degrees.", ""};
  t.labels.push_back("time");
  for (const std::string& c : trial.coordinates) t.labels.push_back(files::storageText(c));
  std::vector<double> row;
  for (size_t f = 0; f < trial.time.size(); ++f) {
    row.assign(1, trial.time[f]);
    for (size_t c = 0; c < trial.coordinates.size(); ++c)
      row.push_back(trial.angular[c] ? trial.q[f][c] * 180 / std::numbers::pi : trial.q[f][c]);
    t.addRow(row);
  }
  return t;
}

files::StorageTable ikMarkerErrorTable(const IkTrial& trial) {
  files::StorageTable t;
  t.name = "Model Marker Errors from IK";
  t.header = {"", "Units are S.I. units (second, meters, Newtons, ...)", ""};
  t.labels = {"time", "total_squared_error", "marker_error_RMS", "marker_error_max"};
  for (size_t f = 0; f < trial.time.size(); ++f) {
    const IkFrameResult& r = trial.frames[f];
    const double row[] = {trial.time[f], r.totalSquaredError, r.rmsError, r.maxError};
    t.addRow(row);
  }
  return t;
}

}  // namespace articula::run
