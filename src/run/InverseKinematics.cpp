// Inverse kinematics of one frame (include/articula/run/InverseKinematics.h). The objective is
// Simbody's Assembler's as OpenSim sets it up (the marker goal divided by its total weight W, each
// coordinate goal weighted by its task weight); multiplied by 2W it is the sum of squares of the
// residuals sqrt(w_i)(x_i − m_i) and sqrt(W w_j)(q_j − v_j), solved by Levenberg–Marquardt in the
// free coordinates p, q = A p + b (held coordinates and couplers' dependent ones eliminated).
#include "articula/run/InverseKinematics.h"

#include <cmath>

#include "articula/matter/MatterSubsystem.h"
#include "articula/model/JointTypes.h"
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
    markers_.push_back({.mobod = b < 0 ? 0 : built.mobodOfBody[b],
                        .location = m.location,
                        .weight = g.weight,
                        .pathQ = {},
                        .p = {},
                        .feeds = {}});
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
  planSparsity();
}

// Each marker's path columns and the free coordinates they feed through A; each coordinate
// goal's row of A; the work arrays at their sizes.
void InverseKinematics::planSparsity() {
  const MatterSubsystem& matter = built_->system->getMatter();
  const Eigen::Index np = A_.cols();
  Scratch& sc = scratch_;
  for (Marker& m : markers_) {
    for (int a = m.mobod; a > 0; a = matter.getInfo(a).parent)
      for (int j = 0; j < matter.getInfo(a).nq; ++j) m.pathQ.push_back(matter.getInfo(a).qStart + j);
    for (Eigen::Index c = 0; c < np; ++c)
      for (const int q : m.pathQ)
        if (A_(q, c) != 0) {
          m.p.push_back(static_cast<int>(c));
          break;
        }
    for (size_t c = 0; c < m.pathQ.size(); ++c)
      for (size_t k = 0; k < m.p.size(); ++k)
        if (const Real a = A_(m.pathQ[c], m.p[k]); a != 0)
          m.feeds.push_back({static_cast<int>(c), static_cast<int>(k), a});
    sc.dxdq.emplace_back(3, static_cast<Eigen::Index>(m.pathQ.size()));
    sc.dxdp.emplace_back(3, static_cast<Eigen::Index>(m.p.size()));
  }
  for (const IkCoordinateGoal& c : coordinates_) {
    CoordinateRow row;
    for (Eigen::Index k = 0; k < np; ++k)
      if (A_(c.q, k) != 0) row.entries.emplace_back(static_cast<int>(k), A_(c.q, k));
    coordinateRows_.push_back(std::move(row));
  }
  sc.x.resize(markers_.size());
  sc.nInv.resize(static_cast<size_t>(matter.getNumBodies()));
  sc.nIdentity.assign(static_cast<size_t>(matter.getNumBodies()), 1);
  sc.H.resize(np, np);
  sc.Hd.resize(np, np);
  sc.g.resize(np);
  sc.p.resize(np);
  sc.pTrial.resize(np);
  sc.step.resize(np);
  // The factorizations size themselves on their first compute() and reuse that storage after;
  // assigning a size-constructed one copies its not-yet-set info field (UBSan: invalid enum load).
}

void InverseKinematics::setQ(State& state, const Vector& p) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  VectorView q = matter.updQ(state);
  q.noalias() = A_ * p;
  q += b_;
  for (const Held& h : held_) q[h.q] = h.f->value(state.getTime());
  built_->system->realize(state, Stage::Position);
}

// ∂x/∂q on each marker's path (the station Jacobian times N⁻¹'s diagonal blocks; function_based
// joints have u = q̇ and skip the product), then ∂x/∂p through A.
void InverseKinematics::markerBlocks(const State& state) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Scratch& sc = scratch_;
  const Real* q = matter.getQ(state).data();
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    SmallMatrix& N = sc.nInv[static_cast<size_t>(b)];
    N.resize(info.nq, info.nq);
    Real e[6] = {0, 0, 0, 0, 0, 0}, u[6];
    for (int k = 0; k < info.nq; ++k) {
      e[k] = 1;
      matter.getMobilizer(b).multiplyByNInv(q + info.qStart, e, u);
      for (int r = 0; r < info.nq; ++r) N(r, k) = u[r];
      e[k] = 0;
    }
    sc.nIdentity[static_cast<size_t>(b)] = N.isIdentity(0);
  }
  for (size_t i = 0; i < markers_.size(); ++i) {
    const Marker& m = markers_[i];
    Matrix& D = sc.dxdq[i];
    matter.calcStationJacobianOnPath(state, m.mobod, m.location, D);
    Eigen::Index c = 0;
    for (int a = m.mobod; a > 0; a = matter.getInfo(a).parent) {
      const int n = matter.getInfo(a).nu;
      if (!sc.nIdentity[static_cast<size_t>(a)]) {
        const Eigen::Matrix<Real, 3, Eigen::Dynamic, 0, 3, 6> block = D.middleCols(c, n) *
                                                                      sc.nInv[static_cast<size_t>(a)];
        D.middleCols(c, n) = block;
      }
      c += n;
    }
    Matrix& P = sc.dxdp[i];
    P.setZero();
    for (const Feed& f : m.feeds) P.col(f.blockColumn) += f.a * D.col(f.pathColumn);
  }
}

void InverseKinematics::markerKinematics(const State& state, std::vector<Vec3>& x, Matrix& dxdq) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  markerBlocks(state);
  x.resize(markers_.size());
  dxdq.setZero(3 * static_cast<Eigen::Index>(markers_.size()), matter.getNQ());
  for (size_t i = 0; i < markers_.size(); ++i) {
    const Marker& m = markers_[i];
    x[i] = matter.getBodyTransform(state, m.mobod) * m.location;
    for (size_t c = 0; c < m.pathQ.size(); ++c)
      dxdq.block<3, 1>(3 * static_cast<Eigen::Index>(i),
                       m.pathQ[c]) = scratch_.dxdq[i].col(static_cast<Eigen::Index>(c));
  }
}

// The objective (header): Σ w_i |x_i − m_i|² / (2W) + Σ w_j (q_j − v_j)² / 2, markers seen only.
Real InverseKinematics::objective(const State& state, const std::vector<Vec3>& measured,
                                  const std::vector<Real>& targets, Real W) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Real markers = 0;
  for (size_t i = 0; i < markers_.size(); ++i)
    if (measured[i].allFinite())
      markers += markers_[i].weight *
                 (matter.getBodyTransform(state, markers_[i].mobod) * markers_[i].location - measured[i]).squaredNorm();
  Real c = markers / (2 * W);
  const ConstVectorView q = matter.getQ(state);
  for (size_t j = 0; j < coordinates_.size(); ++j) {
    const Real d = q[coordinates_[j].q] - targets[j];
    c += coordinates_[j].weight * d * d / 2;
  }
  return c;
}

// JᵀJ and Jᵀr (lower triangle) of the residuals sqrt(w_i)(x_i − m_i), sqrt(W w_j)(q_j − v_j) in
// p, a marker's 3 x k block at a time.
void InverseKinematics::normalEquations(const State& state, const std::vector<Vec3>& measured,
                                        const std::vector<Real>& targets, Real W) const {
  const MatterSubsystem& matter = built_->system->getMatter();
  Scratch& sc = scratch_;
  markerBlocks(state);
  sc.H.setZero();
  sc.g.setZero();
  for (size_t i = 0; i < markers_.size(); ++i) {
    if (!measured[i].allFinite()) continue;
    const Marker& m = markers_[i];
    const Vec3 e = matter.getBodyTransform(state, m.mobod) * m.location - measured[i];
    const Matrix& P = sc.dxdp[i];
    const int k = static_cast<int>(m.p.size());
    for (int a = 0; a < k; ++a) {
      const Vec3 wa = m.weight * P.col(a);
      sc.g[m.p[a]] += wa.dot(e);
      for (int b = a; b < k; ++b) sc.H(m.p[b], m.p[a]) += wa.dot(P.col(b));  // p sorted: b ≥ a is lower
    }
  }
  const ConstVectorView q = matter.getQ(state);
  for (size_t j = 0; j < coordinates_.size(); ++j) {
    const Real s2 = W * coordinates_[j].weight, d = q[coordinates_[j].q] - targets[j];
    const auto& row = coordinateRows_[j].entries;
    for (size_t a = 0; a < row.size(); ++a) {
      sc.g[row[a].first] += s2 * row[a].second * d;
      for (size_t b = a; b < row.size(); ++b) sc.H(row[b].first, row[a].first) += s2 * row[a].second * row[b].second;
    }
  }
}

// The Levenberg–Marquardt step −(H + μ diag H)⁻¹ g; Cholesky, LDLᵀ when that fails.
void InverseKinematics::solveDamped(Real mu) const {
  Scratch& sc = scratch_;
  sc.Hd.triangularView<Eigen::Lower>() = sc.H;
  sc.Hd.diagonal() += mu * (sc.H.diagonal().array() + 1e-12).matrix();
  sc.llt.compute(sc.Hd);
  if (sc.llt.info() == Eigen::Success) {
    sc.step = sc.llt.solve(sc.g);
  } else {
    sc.ldlt.compute(sc.Hd);
    sc.step = sc.ldlt.solve(sc.g);
  }
  sc.step = -sc.step;
}

IkFrameResult InverseKinematics::solve(State& state, const std::vector<Vec3>& measured,
                                       const std::vector<Real>& targets, int maxIterations) const {
  if (measured.size() != markers_.size() || targets.size() != coordinates_.size())
    throw std::invalid_argument("InverseKinematics::solve: one measurement per marker and target per coordinate goal");
  const MatterSubsystem& matter = built_->system->getMatter();
  Scratch& sc = scratch_;
  Real W = 0;
  for (size_t i = 0; i < markers_.size(); ++i)
    if (measured[i].allFinite()) W += markers_[i].weight;
  if (W <= 0) W = 1;
  // p: the state's free coordinates.
  const ConstVectorView q0 = matter.getQ(state);
  Vector& p = sc.p;
  for (size_t j = 0; j < freeQ_.size(); ++j) p[static_cast<Eigen::Index>(j)] = q0[freeQ_[j]];
  setQ(state, p);
  IkFrameResult out;
  Real cost = objective(state, measured, targets, W);
  normalEquations(state, measured, targets, W);
  Real mu = 1e-3;
  for (int it = 0; it < maxIterations; ++it) {
    out.iterations = it + 1;
    bool accepted = false;
    for (int tries = 0; tries < 30 && !accepted; ++tries) {
      solveDamped(mu);
      sc.pTrial = p + sc.step;
      setQ(state, sc.pTrial);
      const Real trial = objective(state, measured, targets, W);
      if (trial <= cost) {
        accepted = true;
        p = sc.pTrial;
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
    if (sc.step.lpNorm<Eigen::Infinity>() < accuracy_) {  // the state is at p: no new Jacobian needed
      out.converged = true;
      break;
    }
    normalEquations(state, measured, targets, W);
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
