// Inverse kinematics of one frame (include/articula/run/InverseKinematics.h). The objective is
// Simbody's Assembler's as OpenSim sets it up (the marker goal divided by its total weight W, each
// coordinate goal weighted by its task weight); multiplied by 2W it is the sum of squares of the
// residuals sqrt(w_i)(x_i − m_i) and sqrt(W w_j)(q_j − v_j), solved by Levenberg–Marquardt in the
// free coordinates p, q = A p + b (held coordinates and couplers' dependent ones eliminated).
#include "articula/run/InverseKinematics.h"

#include <cmath>

#include <Eigen/Cholesky>

#include "articula/matter/MatterSubsystem.h"
#include "articula/model/JointTypes.h"
#include "articula/model/StationJacobian.h"
#include "articula/run/RunError.h"

namespace articula::run {
namespace {

[[noreturn]] void refuse(const std::string& what) {
  throw RunError(RunFailure::BadInput, "inverse kinematics: " + what);
}

}  // namespace

InverseKinematics::InverseKinematics(const model::ModelSpec& model, const model::BuiltModel& built,
                                     std::vector<IkMarkerGoal> markers, std::vector<IkCoordinateGoal> coordinates,
                                     Real accuracy)
    : built_(&built), coordinates_(std::move(coordinates)), accuracy_(accuracy) {
  const MatterSubsystem& matter = built.system->getMatter();
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    if (info.nq != info.nu || (info.mobilizer && info.mobilizer->quaternionIndex() >= 0))
      refuse("body " + info.name +
             "'s joint has coordinates other than its q (quaternions); convert it to Euler angles");
  }
  for (const IkMarkerGoal& g : markers) {
    const model::MarkerSpec& m = model.markers.at(g.marker);
    const int b = m.body == "ground" ? -1 : model.findBody(m.body);
    markers_.push_back({b < 0 ? 0 : built.mobodOfBody[b], m.location, g.weight});
  }
  // q = A p + b: start with every q free, then eliminate held and coupled ones.
  const int nq = matter.getNQ();
  std::vector<bool> free(nq, true);
  Matrix A = Matrix::Identity(nq, nq);
  Vector b0 = Vector::Zero(nq);
  const std::map<std::string, int> qOf = model::coordinateQIndices(model, built);
  auto q = [&](const std::string& name) {
    const auto it = qOf.find(name);
    if (it == qOf.end()) refuse("a constraint names coordinate " + name + ", not a function_based joint's");
    return it->second;
  };
  for (const model::ConstraintSpec& c : model.constraints) {
    if (c.type == model::ConstraintType::PrescribedMotion) {
      const int k = q(c.coordinates.at("coordinate"));
      held_.push_back({k, model::makeFunction(c.function.at(0))});
      free[k] = false;
      A.row(k).setZero();
      continue;
    }
    const bool linear = c.type == model::ConstraintType::CoordinateCoupler && !c.function.empty() &&
                        c.function[0].type == model::FunctionType::Linear;
    if (!linear)
      refuse("constraint " + c.name + ": only prescribed_motion and linear coordinate_coupler are supported");
    // Σ a_i q_i + c = 0: the last argument is solved for (OpenSim's dependent coordinate).
    const model::FunctionSpec& f = c.function[0];
    const int n = static_cast<int>(f.args.size());
    const int d = q(f.args[n - 1]);
    const Real ad = f.coefficients.at(n - 1);
    if (ad == 0 || !free[d]) refuse("constraint " + c.name + ": its last coordinate cannot be solved for");
    Eigen::RowVectorXd row = Eigen::RowVectorXd::Zero(nq);
    Real offset = -f.coefficients.at(n) / ad;
    for (int i = 0; i + 1 < n; ++i) {
      const int k = q(f.args[i]);
      row += (-f.coefficients[i] / ad) * A.row(k);
      offset += (-f.coefficients[i] / ad) * b0[k];
    }
    // q_d's own column goes; where q_d fed earlier rows, substitute.
    for (int r = 0; r < nq; ++r)
      if (A(r, d) != 0 && r != d) {
        const Real s = A(r, d);
        A.row(r) += s * row;
        b0[r] += s * offset;
        A(r, d) = 0;
      }
    A.row(d) = row;
    b0[d] = offset;
    free[d] = false;
  }
  std::vector<int> cols;
  for (int k = 0; k < nq; ++k)
    if (free[k]) cols.push_back(k);
  freeQ_ = cols;
  A_.resize(nq, static_cast<Eigen::Index>(cols.size()));
  for (size_t j = 0; j < cols.size(); ++j) A_.col(static_cast<Eigen::Index>(j)) = A.col(cols[j]);
  b_ = b0;
}

void InverseKinematics::setQ(State& state, const Vector& p) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Vector q = A_ * p + b_;
  for (const Held& h : held_) q[h.q] = h.f->value(state.getTime());
  matter.updQ(state) = q;
  built_->system->realize(state, Stage::Position);
}

void InverseKinematics::markerKinematics(const State& state, std::vector<Vec3>& x, Matrix& dxdq) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  const Matrix NInv = model::calcNInv(matter, state);
  const bool identity = NInv.isIdentity(0);  // function_based joints: u = q̇, skip the products
  x.resize(markers_.size());
  dxdq.resize(3 * static_cast<Eigen::Index>(markers_.size()), matter.getNQ());
  Matrix d;
  for (size_t i = 0; i < markers_.size(); ++i) {
    const Marker& m = markers_[i];
    x[i] = matter.getBodyTransform(state, m.mobod) * m.location;
    if (identity && m.mobod != 0) matter.calcStationJacobian(state, m.mobod, m.location, d);
    else model::calcStationQJacobian(matter, state, m.mobod, m.location, NInv, d);
    dxdq.middleRows(3 * static_cast<Eigen::Index>(i), 3) = d;
  }
}

// The residual vector (markers seen, then coordinate goals) and, with J, its Jacobian in p.
// Returns the cost: half the sum of squares over W (the objective in the header).
Real InverseKinematics::residuals(const State& state, const std::vector<Vec3>& measured,
                                  const std::vector<Real>& targets, Vector& r, Matrix* J) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Real W = 0;
  int seen = 0;
  for (size_t i = 0; i < markers_.size(); ++i)
    if (measured[i].allFinite()) {
      W += markers_[i].weight;
      ++seen;
    }
  if (W <= 0) W = 1;
  const Eigen::Index nr = 3 * seen + static_cast<Eigen::Index>(coordinates_.size());
  r.resize(nr);
  std::vector<Vec3> x;
  Matrix dxdq, Jq;
  if (J) {
    markerKinematics(state, x, dxdq);
    Jq.setZero(nr, matter.getNQ());
  } else {
    x.resize(markers_.size());
    for (size_t i = 0; i < markers_.size(); ++i)
      x[i] = matter.getBodyTransform(state, markers_[i].mobod) * markers_[i].location;
  }
  Eigen::Index row = 0;
  for (size_t i = 0; i < markers_.size(); ++i) {
    if (!measured[i].allFinite()) continue;
    const Real s = std::sqrt(markers_[i].weight);
    r.segment<3>(row) = s * (x[i] - measured[i]);
    if (J) Jq.middleRows(row, 3) = s * dxdq.middleRows(3 * static_cast<Eigen::Index>(i), 3);
    row += 3;
  }
  const ConstVectorView q = matter.getQ(state);
  for (size_t j = 0; j < coordinates_.size(); ++j, ++row) {
    const Real s = std::sqrt(W * coordinates_[j].weight);
    r[row] = s * (q[coordinates_[j].q] - targets[j]);
    if (J) Jq(row, coordinates_[j].q) = s;
  }
  if (J) {
    if (A_.rows() == A_.cols() && A_.isIdentity(0)) *J = std::move(Jq);  // no held or coupled coordinates
    else *J = Jq * A_;
  }
  return r.squaredNorm() / (2 * W);
}

IkFrameResult InverseKinematics::solve(State& state, const std::vector<Vec3>& measured,
                                       const std::vector<Real>& targets, int maxIterations) const {
  if (measured.size() != markers_.size() || targets.size() != coordinates_.size())
    throw std::invalid_argument("InverseKinematics::solve: one measurement per marker and target per coordinate goal");
  const MatterSubsystem& matter = built_->system->getMatter();
  // p: the state's free coordinates.
  const ConstVectorView q0 = matter.getQ(state);
  Vector p(static_cast<Eigen::Index>(freeQ_.size()));
  for (size_t j = 0; j < freeQ_.size(); ++j) p[static_cast<Eigen::Index>(j)] = q0[freeQ_[j]];
  setQ(state, p);
  IkFrameResult out;
  Vector r, rTrial;
  Matrix J;
  Real cost = residuals(state, measured, targets, r, &J);
  Real mu = 1e-3;
  for (int it = 0; it < maxIterations; ++it) {
    out.iterations = it + 1;
    const Matrix H = J.transpose() * J;
    const Vector g = J.transpose() * r;
    Vector step;
    bool accepted = false;
    for (int tries = 0; tries < 30 && !accepted; ++tries) {
      Matrix Hd = H;
      Hd.diagonal() += mu * (H.diagonal().array() + 1e-12).matrix();
      step = -Hd.ldlt().solve(g);
      setQ(state, p + step);
      const Real trial = residuals(state, measured, targets, rTrial, nullptr);
      if (trial <= cost) {
        accepted = true;
        p += step;
        cost = trial;
        mu = std::max(mu / 10, 1e-12);
      } else {
        mu *= 10;
      }
    }
    if (!accepted) {  // no descent left: at the minimum to rounding
      setQ(state, p);
      out.converged = true;
      break;
    }
    cost = residuals(state, measured, targets, r, &J);
    if (step.lpNorm<Eigen::Infinity>() < accuracy_) {
      out.converged = true;
      break;
    }
  }
  out.cost = cost;
  out.squaredErrors.assign(markers_.size(), 0);
  Real worst = -1;
  for (size_t i = 0; i < markers_.size(); ++i) {
    if (!measured[i].allFinite()) continue;
    const Real e =
        (matter.getBodyTransform(state, markers_[i].mobod) * markers_[i].location - measured[i]).squaredNorm();
    out.squaredErrors[i] = e;
    out.totalSquaredError += e;
    if (e > worst) {
      worst = e;
      out.worstMarker = static_cast<int>(i);
    }
  }
  if (!markers_.empty()) out.rmsError = std::sqrt(out.totalSquaredError / static_cast<Real>(markers_.size()));
  out.maxError = worst > 0 ? std::sqrt(worst) : 0;
  return out;
}

}  // namespace articula::run
