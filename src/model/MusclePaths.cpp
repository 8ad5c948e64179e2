// Muscle path geometry (include/articula/model/MusclePaths.h). ∂p/∂q of a point fixed on body B
// is its station Jacobian times N⁻¹ (StationJacobian.h); a moving point adds R_GB ∂r/∂q_k through
// its location functions' derivatives. ∂length/∂q = Σ e_i · (∂p_{i+1}/∂q − ∂p_i/∂q) over the
// active points, e_i the unit vector from p_i to p_{i+1}.
#include "articula/model/MusclePaths.h"

#include <Eigen/QR>
#include <map>

#include <cmath>

#include "articula/constraints/ConstraintSet.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelError.h"
#include "articula/model/StationJacobian.h"

namespace articula::model {
namespace {

// "joint.coordinate" -> matter u index, for every function_based joint (q̇ = u).
std::map<std::string, int> coordinateUIndices(const ModelSpec& model, const BuiltModel& built) {
  std::map<std::string, int> u;
  const MatterSubsystem& matter = built.system->getMatter();
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const JointSpec& j = model.bodies[b].joint;
    const int start = matter.getInfo(built.mobodOfBody[b]).uStart;
    for (size_t k = 0; k < j.functions.coordinates.size(); ++k)
      u[j.name + "." + j.functions.coordinates[k]] = start + static_cast<int>(k);
  }
  return u;
}

// The speeds u with u_c = 1 that satisfy G u = 0 (rows on u_c alone left out), the others of least norm.
Vector coupledSpeeds(const Matrix& G, int c) {
  const int nu = static_cast<int>(G.cols());
  std::vector<int> rows;
  for (int i = 0; i < G.rows(); ++i) {
    const Real own = std::abs(G(i, c)), all = G.row(i).cwiseAbs().sum();
    if (all > 0 && all > own * (1 + 1e-12)) rows.push_back(i);
  }
  Vector u = Vector::Zero(nu);
  u[c] = 1;
  if (rows.empty()) return u;
  Matrix A(static_cast<int>(rows.size()), nu - 1);
  Vector b(static_cast<int>(rows.size()));
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int j = 0, col = 0; j < nu; ++j)
      if (j != c) A(r, col++) = G(rows[static_cast<size_t>(r)], j);
    b[r] = -G(rows[static_cast<size_t>(r)], c);
  }
  const Vector x = A.completeOrthogonalDecomposition().solve(b);
  for (int j = 0, col = 0; j < nu; ++j)
    if (j != c) u[j] = x[col++];
  return u;
}

}  // namespace

MusclePaths::MusclePaths(const ModelSpec& model, const BuiltModel& built) : built_(&built) {
  const std::map<std::string, int> q = coordinateQIndices(model, built), u = coordinateUIndices(model, built);
  for (const auto& [name, index] : q) {
    coordinateNames_.push_back(name);
    coordinateQ_.push_back(index);
    coordinateU_.push_back(u.at(name));
  }
  for (const MuscleSpec& m : model.muscles) {
    std::vector<Point> points;
    for (const PathPointSpec& s : m.path) {
      auto fail = [&](const std::string& what) {
        throw ModelError("", "muscle " + m.name + " path point " + s.name, "", what);
      };
      auto qOf = [&](const std::string& c) {
        const auto it = q.find(c);
        if (it == q.end()) fail("no coordinate \"" + c + "\"");
        return it->second;
      };
      Point p;
      p.kind = s.kind;
      p.location = s.location;
      if (s.body != "ground") {
        const int b = model.findBody(s.body);
        if (b < 0) fail("no body \"" + s.body + "\"");
        p.mobod = built.mobodOfBody[b];
      }
      if (s.kind == PathPointKind::Conditional) {
        p.q = qOf(s.coordinate);
        p.lower = s.lower;
        p.upper = s.upper;
      }
      if (s.kind == PathPointKind::Moving)
        for (int i = 0; i < 3; ++i) {
          p.moving[i] = makeFunction(s.moving[i]);
          if (!s.moving[i].args.empty()) p.movingQ[i] = qOf(s.moving[i].args[0]);
        }
      points.push_back(std::move(p));
    }
    muscles_.push_back(std::move(points));
  }
}

bool MusclePaths::active(const State& s, const Point& p) const {
  if (p.kind != PathPointKind::Conditional) return true;
  const Real q = built_->system->getMatter().getQ(s)[p.q];
  return q >= p.lower && q <= p.upper;  // OpenSim's ConditionalPathPoint::isActive
}

MusclePaths::Located MusclePaths::locate(const State& s, const Point& p, const Matrix* NInv) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  const ConstVectorView q = matter.getQ(s);
  Vec3 r = p.location, drdq[3] = {Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
  if (p.kind == PathPointKind::Moving)
    for (int i = 0; i < 3; ++i) {
      const Real x = p.movingQ[i] >= 0 ? q[p.movingQ[i]] : 0;
      r[i] = p.moving[i]->value(x);
      if (p.movingQ[i] >= 0) drdq[i][i] = p.moving[i]->derivative(x);
    }
  const Transform& X = matter.getBodyTransform(s, p.mobod);
  Located l{X * r, Matrix::Zero(3, matter.getNQ())};
  if (!NInv) return l;
  calcStationQJacobian(matter, s, p.mobod, r, *NInv, l.dpdq);
  for (int i = 0; i < 3; ++i)
    if (p.movingQ[i] >= 0) l.dpdq.col(p.movingQ[i]) += X.R().matrix() * drdq[i];
  return l;
}

std::vector<Real> MusclePaths::gradient(const State& s, int muscle) const {
  const Matrix NInv = calcNInv(built_->system->getMatter(), s);
  std::vector<Located> at;
  for (const Point& p : muscles_.at(muscle))
    if (active(s, p)) at.push_back(locate(s, p, &NInv));
  Vector g = Vector::Zero(built_->system->getMatter().getNQ());
  for (size_t i = 0; i + 1 < at.size(); ++i) {
    const Vec3 d = at[i + 1].p - at[i].p;
    const Real n = d.norm();
    if (n > 0) g += (d / n).transpose() * (at[i + 1].dpdq - at[i].dpdq);
  }
  return std::vector<Real>(g.data(), g.data() + g.size());
}

Real MusclePaths::length(const State& s, int muscle) const {
  Real L = 0;
  std::vector<Vec3> at;
  for (const Point& p : muscles_.at(muscle))
    if (active(s, p)) at.push_back(locate(s, p, nullptr).p);
  for (size_t i = 0; i + 1 < at.size(); ++i) L += (at[i + 1] - at[i]).norm();
  return L;
}

std::vector<Real> MusclePaths::momentArms(const State& s, int muscle) const {
  const std::vector<Real> g = gradient(s, muscle);
  std::vector<Real> r;
  for (const int q : coordinateQ_) r.push_back(-g[q]);
  return r;
}

std::vector<Real> MusclePaths::coupledMomentArms(const State& s, int muscle) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  const ConstraintSet* constraints = ConstraintSet::find(matter);
  if (!constraints || constraints->getNumConstraints() == 0) return momentArms(s, muscle);
  Matrix G;
  constraints->calcG(s, G);
  const std::vector<Real> g = gradient(s, muscle);
  std::vector<Real> r;
  Vector qdot(matter.getNQ());
  for (const int c : coordinateU_) {
    matter.multiplyByN(s, coupledSpeeds(G, c), qdot);
    Real dL = 0;
    for (int k = 0; k < matter.getNQ(); ++k) dL += g[static_cast<size_t>(k)] * qdot[k];
    r.push_back(-dL);
  }
  return r;
}

Real MusclePaths::lengtheningSpeed(const State& s, int muscle) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Vector qdot(matter.getNQ());
  matter.multiplyByN(s, Vector(matter.getU(s)), qdot);
  const std::vector<Real> g = gradient(s, muscle);
  Real v = 0;
  for (int k = 0; k < matter.getNQ(); ++k) v += g[k] * qdot[k];
  return v;
}

}  // namespace articula::model
