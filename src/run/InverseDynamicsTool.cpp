// OpenSim's Inverse Dynamics tool (InverseDynamicsTool.h). The preprocessing follows OpenSim 4's
// InverseDynamicsTool::run, Storage::pad / lowpassIIR / resample / findIndex, GCVSplineSet and
// ExternalForce (opensim-core, OpenSim/Tools and OpenSim/Common).
#include "articula/run/InverseDynamicsTool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>

#include "articula/Error.h"
#include "articula/math/NaturalSpline.h"
#include "articula/math/SignalFilter.h"
#include "articula/model/ExternalLoads.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"

namespace articula::run {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Columns {
  std::vector<Real> time;
  std::vector<std::vector<Real>> data;  // per column after time
  std::vector<std::string> labels;      // after time
};

Columns columnsOf(const files::StorageTable& t) {
  Columns c;
  const size_t nc = t.labels.size(), nr = nc ? t.values.size() / nc : 0;
  if (nc == 0 || nr == 0) throw Error("'" + t.name + "': no data rows");
  c.labels.assign(t.labels.begin() + 1, t.labels.end());
  c.data.assign(nc - 1, std::vector<Real>(nr));
  c.time.resize(nr);
  for (size_t r = 0; r < nr; ++r) {
    c.time[r] = t.values[r * nc];
    for (size_t k = 1; k < nc; ++k) c.data[k - 1][r] = t.values[r * nc + k];
  }
  return c;
}

// Storage::pad(size/2) then Storage::lowpassIIR(fc): resampled at the smallest step (quintic
// natural splines, times t0 + k dt accumulated as OpenSim adds them) unless already uniform.
void padAndFilter(Columns& c, Real fc) {
  const int pad = static_cast<int>(c.time.size()) / 2;
  c.time = padOddReflection(c.time, pad);
  for (auto& d : c.data) d = padOddReflection(d, pad);
  const size_t n = c.time.size();
  Real dtmin = std::numeric_limits<Real>::infinity();
  for (size_t i = 0; i + 1 < n; ++i) dtmin = std::min(dtmin, c.time[i + 1] - c.time[i]);
  if (!(dtmin > std::numeric_limits<Real>::epsilon())) throw Error("coordinates: times do not increase");
  const Real avg = (c.time.back() - c.time.front()) / static_cast<Real>(n - 1);
  if (avg - dtmin > std::numeric_limits<Real>::epsilon()) {
    const NaturalSplineBasis basis(c.time, 5);
    std::vector<Real> t;
    for (Real x = c.time.front(); x <= c.time.back(); x += dtmin) t.push_back(x);
    for (auto& d : c.data) {
      const NaturalSpline s = basis.fit(d);
      std::vector<Real> r(t.size());
      for (size_t i = 0; i < t.size(); ++i) r[i] = s.value(t[i]);
      d = std::move(r);
    }
    c.time = std::move(t);
  }
  for (auto& d : c.data) lowpassButterworth3ZeroPhase(d, dtmin, fc);
}

// Storage::findIndex: the last row at or before t (0 if none).
int findIndex(const std::vector<Real>& time, Real t) {
  const auto it = std::upper_bound(time.begin(), time.end(), t);
  return std::max(0, static_cast<int>(it - time.begin()) - 1);
}

struct Coordinate {
  std::string label;  // <name>_moment / _force
  int q = 0, u = 0;
  bool angular = true;
  int spline = -1;  // index into splines; -1: constant
  Real constant = 0;
};

struct LoadSplines {
  int body = -1;                            // mobilized body the force acts on
  int forceFrame = 0;                       // mobilized body its force and torque are expressed in (0 = ground)
  int pointFrame = 0;                       // mobilized body its point is expressed in
  int force = -1, point = -1, torque = -1;  // first of three splines in loadSplines; -1 none
};

}  // namespace

struct InverseDynamicsTool::Impl {
  model::ModelSpec spec;
  model::BuiltModel built;
  State state;
  std::vector<Coordinate> coords;
  std::vector<NaturalSpline> splines;      // coordinates
  std::vector<NaturalSpline> loadSplines;  // external load columns
  std::vector<LoadSplines> loads;
  std::vector<Real> times;
  std::vector<int> forceElements;  // enabled force elements applied
  std::vector<SpatialVec> F;
  Vector f, udot, residual;
};

InverseDynamicsTool::InverseDynamicsTool(const model::InverseDynamicsSetup& setup) : impl_(std::make_unique<Impl>()) {
  const auto t0 = Clock::now();
  Impl& m = *impl_;
  m.spec = model::loadModelFile(setup.modelFile);
  m.built = model::buildModel(m.spec, setup.modelFile);
  m.state = m.built.initialState;
  const MatterSubsystem& matter = m.built.system->getMatter();

  const files::StorageTable motion = files::readStorage(setup.coordinatesFile);
  Columns c = columnsOf(motion);
  const bool degrees = motion.inDegrees;
  if (setup.lowpassCutoff >= 0) padAndFilter(c, setup.lowpassCutoff);
  std::map<std::string, size_t> column;
  for (size_t k = 0; k < c.labels.size(); ++k) column.emplace(c.labels[k], k);

  // Coordinates in the model's order (bodies in tree order, each joint's coordinates in order).
  std::vector<std::pair<size_t, size_t>> used;  // (coordinate, column)
  for (size_t b = 0; b < m.spec.bodies.size(); ++b) {
    const model::JointSpec& j = m.spec.bodies[b].joint;
    const MobilizedBodyInfo& info = matter.getInfo(m.built.mobodOfBody[b]);
    for (size_t k = 0; k < j.functions.coordinates.size(); ++k) {
      Coordinate co;
      co.angular = k < j.functions.angular.size() ? j.functions.angular[k] : true;
      co.label = j.functions.coordinates[k] + (co.angular ? "_moment" : "_force");
      co.q = info.qStart + static_cast<int>(k);
      co.u = info.uStart + static_cast<int>(k);
      co.constant = matter.getQ(m.built.initialState)[co.q];
      const auto it = column.find(j.functions.coordinates[k]);
      if (it != column.end()) used.emplace_back(m.coords.size(), it->second);
      else
        warnings_.push_back("the coordinates file has no column " + j.functions.coordinates[k] +
                            ": its default value is used");
      m.coords.push_back(co);
    }
  }
  const NaturalSplineBasis basis(c.time, 5);
  for (const auto& [k, col] : used) {
    std::vector<Real>& d = c.data[col];
    if (degrees && m.coords[k].angular)
      for (Real& v : d) v *= std::numbers::pi / 180;
    m.coords[k].spline = static_cast<int>(m.splines.size());
    m.splines.push_back(basis.fit(d));
  }
  const Real start = std::max(c.time.front(), setup.startTime), end = std::min(c.time.back(), setup.endTime);
  for (int i = findIndex(c.time, start); i <= findIndex(c.time, end); ++i) m.times.push_back(c.time[i]);

  // External loads.
  if (!setup.externalLoadsFile.empty()) {
    const model::ExternalLoadsSpec loads = model::readExternalLoads(setup.externalLoadsFile);
    if (!loads.forces.empty()) {
      const files::StorageTable table = files::readStorage(loads.dataFile);
      const Columns g = columnsOf(table);
      const NaturalSplineBasis cubic(g.time, 3);
      auto mobod = [&](const std::string& body, const model::ExternalForceSpec& f) {
        if (body == "ground") return 0;
        const int b = m.spec.findBody(body);
        if (b < 0)
          throw Error(loads.file + ":" + std::to_string(f.line) + ": ExternalForce " + f.name + ": no body \"" + body +
                      "\" in the model");
        return m.built.mobodOfBody[b];
      };
      auto triple = [&](const std::string& id, const model::ExternalForceSpec& f) {
        if (id.empty()) return -1;
        const int first = static_cast<int>(m.loadSplines.size());
        for (const char axis : {'x', 'y', 'z'}) {
          const auto k = std::find(g.labels.begin(), g.labels.end(), id + axis);
          if (k == g.labels.end())
            throw Error(loads.file + ":" + std::to_string(f.line) + ": ExternalForce " + f.name + ": " +
                        loads.dataFile + " has no column " + id + axis);
          m.loadSplines.push_back(cubic.fit(g.data[k - g.labels.begin()]));
        }
        return first;
      };
      for (const model::ExternalForceSpec& f : loads.forces) {
        LoadSplines l;
        l.body = mobod(f.appliedToBody, f);
        if (l.body == 0) continue;  // a load on the ground moves nothing
        l.forceFrame = mobod(f.forceExpressedIn, f);
        l.pointFrame = mobod(f.pointExpressedIn, f);
        l.force = triple(f.forceIdentifier, f);
        l.point = triple(f.pointIdentifier, f);
        l.torque = triple(f.torqueIdentifier, f);
        m.loads.push_back(l);
      }
    }
  }

  // Forces: gravity always (it is not one of OpenSim's forces); the model's other elements unless
  // excluded by "All". Muscles and actuators are not simulated by Articula.
  const bool all = std::find(setup.forcesToExclude.begin(), setup.forcesToExclude.end(), "All") !=
                   setup.forcesToExclude.end();
  for (int e = 0; e < m.built.forces->getNumForces(); ++e)
    if (m.built.classOfForce[e] == model::ForceClass::Gravity || !all) m.forceElements.push_back(e);
  m.F.assign(matter.getNumBodies(), SpatialVec::Zero());
  m.f = Vector::Zero(matter.getNU());
  m.udot = Vector::Zero(matter.getNU());
  m.residual = Vector::Zero(matter.getNU());
  timings_.prepareSeconds = since(t0);
}

InverseDynamicsTool::~InverseDynamicsTool() = default;

files::StorageTable InverseDynamicsTool::run() {
  const auto t0 = Clock::now();
  Impl& m = *impl_;
  const MultibodySystem& system = *m.built.system;
  const MatterSubsystem& matter = system.getMatter();
  files::StorageTable out;
  out.name = "Inverse Dynamics Generalized Forces";
  out.inDegrees = false;
  out.labels.push_back("time");
  for (const Coordinate& c : m.coords) out.labels.push_back(c.label);
  std::vector<Real> row(out.labels.size());
  // One cursor per knot sequence: the coordinates share one basis, the loads another.
  NaturalSpline::Cursor coordCursor, loadCursor;
  for (const Real t : m.times) {
    m.state.setTime(t);
    VectorView q = matter.updQ(m.state);
    VectorView u = matter.updU(m.state);
    for (const Coordinate& c : m.coords) {
      Real v = c.constant, d1 = 0, d2 = 0;
      if (c.spline >= 0) m.splines[c.spline].evaluate(t, v, d1, d2, coordCursor);
      q[c.q] = v;
      u[c.u] = d1;
      m.udot[c.u] = d2;
    }
    system.realize(m.state, Stage::Velocity);
    for (SpatialVec& F : m.F) F.setZero();
    m.f.setZero();
    for (const int e : m.forceElements)
      if (m.built.forces->isForceEnabled(m.state, e)) m.built.forces->getForce(e).calcForce(m.state, matter, m.F, m.f);
    for (const LoadSplines& l : m.loads) {
      auto vec = [&](int first) {
        return Vec3(m.loadSplines[first].value(t, loadCursor), m.loadSplines[first + 1].value(t, loadCursor),
                    m.loadSplines[first + 2].value(t, loadCursor));
      };
      const Transform& X_GB = matter.getBodyTransform(m.state, l.body);
      const Rotation& R_GF = matter.getBodyTransform(m.state, l.forceFrame).R();
      SpatialVec& F = m.F[l.body];
      if (l.force >= 0) {
        const Vec3 force = R_GF * vec(l.force);
        const Vec3 p_G = matter.getBodyTransform(m.state, l.pointFrame) * vec(l.point);
        F.head<3>() += (p_G - X_GB.p()).cross(force);
        F.tail<3>() += force;
      }
      if (l.torque >= 0) F.head<3>() += R_GF * vec(l.torque);
    }
    matter.calcResidualForceIgnoringConstraints(m.state, m.f, m.F, m.udot, m.residual);
    row[0] = t;
    for (size_t k = 0; k < m.coords.size(); ++k) row[k + 1] = m.residual[m.coords[k].u];
    out.addRow(row);
  }
  timings_.framesSeconds = since(t0);
  timings_.frames = static_cast<int>(m.times.size());
  return out;
}

}  // namespace articula::run
