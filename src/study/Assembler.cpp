// Assembler: Gauss-Newton on q with the position constraints as hard conditions, goals in the
// constraints' null space with a small Levenberg-Marquardt damping, and a backtracking line
// search on a merit that weights constraint errors heavily. Variables are scaled free speeds
// z = E_u du (E_u: the speeds' unit weights), so a step moves q by N E_u^-1 z.
#include "articula/study/Assembler.h"

#include <Eigen/Cholesky>
#include <Eigen/SVD>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "articula/constraints/ConstraintSet.h"
#include "articula/matter/Motion.h"

namespace articula {

namespace {

constexpr Real kConstraintMeritWeight = 1e6;  // merit = goal cost + this * |weighted errors|^2
constexpr Real kRankThreshold = 1e-10;        // singular values below this * largest are dropped
constexpr Real kDamping = 1e-12;              // LM damping relative to the goal Hessian's scale
constexpr Real kStepTolerance = 1e-12;        // a goal step this small (scaled units) has converged
constexpr int kMaxHalvings = 30;

std::string fmt(Real x) {
  std::ostringstream os;
  os << std::setprecision(3) << x;
  return os.str();
}

// One position-error row of an enabled constraint.
struct Row {
  const Constraint* c;
  int k;
};

class Solver {
 public:
  Solver(const Assembler& a, State& s) : a_(a), s_(s), matter_(a.getSystem().getMatter()) {
    set_ = ConstraintSet::find(matter_);
    selectFreeMobilities();
  }

  AssemblyResult run();

 private:
  void selectFreeMobilities();
  void evaluate(bool withJacobians);
  // Without goals (once they are done) only the constraint errors count.
  Real merit(bool withGoals) const {
    return (withGoals ? r_.squaredNorm() : 0) + kConstraintMeritWeight * pw_.squaredNorm();
  }
  Real maxConstraintError(int* worst) const;
  bool hasGoals() const { return r_.size() > 0; }
  Vector step(bool withGoals) const;
  void applyStep(const Vector& z, Real alpha);
  void coordinateGoalRows(int& row, bool withJacobians);
  void markerGoalRows(int& row, bool withJacobians);
  [[noreturn]] void fail(int iterations) const;

  const Assembler& a_;
  State& s_;
  const MatterSubsystem& matter_;
  const ConstraintSet* set_ = nullptr;
  std::vector<int> free_;  // matter speed index of each variable
  Vector wu_;              // unit weight of each free speed
  std::vector<Row> rows_;
  Vector pw_, r_;  // weighted constraint errors, sqrt(weight) goal residuals
  Matrix P_, J_;   // their Jacobians with respect to z
};

void Solver::selectFreeMobilities() {
  Vector all = Vector::Ones(s_.getNU());
  matter_.calcUWeights(s_, 1.0, all);
  const int u0 = s_.getUStart(matter_.getIndex());
  for (int b = 1; b < matter_.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter_.getInfo(b);
    if (info.nu == 0 || isPrescribed(matter_, s_, b)) continue;
    for (int j = info.uStart; j < info.uStart + info.nu; ++j)
      if (!a_.isMobilityLocked(j)) free_.push_back(j);
  }
  wu_.resize(static_cast<int>(free_.size()));
  for (size_t k = 0; k < free_.size(); ++k) wu_[static_cast<int>(k)] = all[u0 + free_[k]];
}

void Solver::evaluate(bool withJacobians) {
  a_.getSystem().realize(s_, Stage::Velocity);  // G of velocity-dependent rows needs Velocity
  const int nf = static_cast<int>(free_.size());
  rows_.clear();
  std::vector<Real> err;
  if (set_)
    for (int i = 0; i < set_->getNumConstraints(); ++i) {
      const Constraint& c = set_->getConstraint(i);
      if (!c.isEnabled(s_) || c.getNumPositionEquations() == 0) continue;
      const Vector p = c.getPositionErrors(s_);
      for (int k = 0; k < p.size(); ++k) {
        rows_.push_back({&c, k});
        err.push_back(p[k] / c.getUnitError());
      }
    }
  pw_ = Eigen::Map<const Vector>(err.data(), static_cast<Eigen::Index>(err.size()));
  if (withJacobians && !rows_.empty()) {
    Matrix G;
    set_->calcG(s_, G);
    P_.resize(static_cast<int>(rows_.size()), nf);
    for (size_t i = 0; i < rows_.size(); ++i) {
      const int g = set_->globalRow(*rows_[i].c, rows_[i].k);
      for (int k = 0; k < nf; ++k) P_(i, k) = G(g, free_[k]) / (wu_[k] * rows_[i].c->getUnitError());
    }
  }
  int row = 0;
  const int ng = static_cast<int>(a_.getCoordinateGoals().size() + 3 * a_.getMarkerGoals().size());
  r_.resize(ng);
  if (withJacobians) J_.setZero(ng, nf);
  coordinateGoalRows(row, withJacobians);
  markerGoalRows(row, withJacobians);
}

void Solver::coordinateGoalRows(int& row, bool withJacobians) {
  const int nu = matter_.getNU();
  Vector e, qdot;
  for (const auto& g : a_.getCoordinateGoals()) {
    const MobilizedBodyInfo& info = matter_.getInfo(g.body);
    const Real sw = std::sqrt(g.weight);
    r_[row] = sw * (matter_.getQ(s_)[info.qStart + g.qIndex] - g.value);
    if (withJacobians)
      for (size_t k = 0; k < free_.size(); ++k) {
        if (free_[k] < info.uStart || free_[k] >= info.uStart + info.nu) continue;
        e.setZero(nu);
        e[free_[k]] = 1;
        matter_.multiplyByN(s_, e, qdot);  // column of N: dq/du_j
        J_(row, static_cast<int>(k)) = sw * qdot[info.qStart + g.qIndex] / wu_[static_cast<int>(k)];
      }
    ++row;
  }
}

void Solver::markerGoalRows(int& row, bool withJacobians) {
  Matrix JS;
  for (const auto& m : a_.getMarkerGoals()) {
    const Real sw = std::sqrt(m.weight);
    r_.segment<3>(row) = sw * (matter_.findStationLocationInGround(s_, m.body, m.p_BS) - m.p_GT);
    if (withJacobians) {
      matter_.calcStationJacobian(s_, m.body, m.p_BS, JS);
      for (size_t k = 0; k < free_.size(); ++k)
        J_.block<3, 1>(row, static_cast<int>(k)) = sw * JS.col(free_[k]) / wu_[static_cast<int>(k)];
    }
    row += 3;
  }
}

// Minimum-norm Newton step on the constraints plus (withGoals) the damped Gauss-Newton step of the
// goals restricted to the constraints' (linearized) null space.
Vector Solver::step(bool withGoals) const {
  const int nf = static_cast<int>(free_.size());
  Vector z = Vector::Zero(nf);
  Matrix Z = Matrix::Identity(nf, nf);
  if (P_.rows() > 0 && nf > 0) {
    Eigen::JacobiSVD<Matrix> svd(P_, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const Vector& sv = svd.singularValues();
    int rank = 0;
    while (rank < sv.size() && sv[rank] > kRankThreshold * sv[0]) ++rank;
    const Vector c = svd.matrixU().leftCols(rank).transpose() * pw_;
    z = -svd.matrixV().leftCols(rank) * c.cwiseQuotient(sv.head(rank));
    Z = svd.matrixV().rightCols(nf - rank);
  }
  if (withGoals && hasGoals() && Z.cols() > 0) {
    const Matrix JZ = J_ * Z;
    Matrix H = JZ.transpose() * JZ;
    const Real scale = std::max(H.diagonal().maxCoeff(), Real(1e-300));
    H.diagonal().array() += kDamping * scale;
    z -= Z * H.ldlt().solve(JZ.transpose() * (r_ + J_ * z));
  }
  return z;
}

void Solver::applyStep(const Vector& z, Real alpha) {
  Vector du = Vector::Zero(matter_.getNU()), dq;
  for (size_t k = 0; k < free_.size(); ++k) du[free_[k]] = alpha * z[static_cast<int>(k)] / wu_[static_cast<int>(k)];
  matter_.multiplyByN(s_, du, dq);
  matter_.updQ(s_) += dq;
  matter_.normalizeQ(s_);
}

Real Solver::maxConstraintError(int* worst) const {
  Real e = 0;
  if (worst) *worst = -1;
  for (int i = 0; i < pw_.size(); ++i)
    if (!(std::abs(pw_[i]) <= e)) {  // NaN counts as worst
      e = std::abs(pw_[i]);
      if (worst) *worst = i;
    }
  return e;
}

void Solver::fail(int iterations) const {
  int worst = -1;
  const Real e = maxConstraintError(&worst);
  const Row& row = rows_.at(worst);
  const Real unit = row.c->getUnitError();
  std::ostringstream os;
  os << "Assembler: " << row.c->label() << " still violated by " << fmt(e * unit) << " > tolerance "
     << fmt(a_.getTolerance() * unit) << " after " << iterations << " iterations (equation " << row.k
     << "; metres or radians";
  if (unit != 1) os << ", unit error " << fmt(unit);
  os << (free_.empty() ? "; no coordinate is free to move)" : ")");
  throw AssemblyFailure(os.str());
}

AssemblyResult Solver::run() {
  AssemblyResult result;
  matter_.normalizeQ(s_);  // an assembled State has unit quaternions even when nothing else moves
  evaluate(true);
  int it = 0;
  bool goalsDone = !hasGoals();
  for (; it < a_.getMaxIterations(); ++it) {
    const bool constraintsMet = maxConstraintError(nullptr) <= a_.getTolerance();
    if (constraintsMet && goalsDone) break;
    const Vector z = step(!goalsDone);
    if (constraintsMet && z.lpNorm<Eigen::Infinity>() <= kStepTolerance) {
      goalsDone = true;
      break;
    }
    const Real before = merit(!goalsDone);
    const Vector q0 = matter_.getQ(s_);
    Real alpha = 1;
    bool accepted = false;
    for (int h = 0; h <= kMaxHalvings && !accepted; ++h, alpha *= 0.5) {
      matter_.updQ(s_) = q0;
      applyStep(z, alpha);
      evaluate(false);
      accepted = merit(!goalsDone) < before;
    }
    if (!accepted) {  // stationary point of the merit: nothing more to gain from the goals
      matter_.updQ(s_) = q0;
      evaluate(true);
      if (goalsDone) {
        ++it;
        break;
      }
      // Goals the constraints keep out of reach can stall the combined step a little off the
      // constraint manifold; the constraints are hard, so Newton on them alone finishes.
      goalsDone = true;
    }
    evaluate(true);
  }
  a_.getSystem().realize(s_, Stage::Position);
  if (!(maxConstraintError(nullptr) <= a_.getTolerance())) fail(it);
  result.iterations = it;
  result.constraintError = maxConstraintError(nullptr);
  result.goalCost = r_.squaredNorm();
  result.goalsConverged = goalsDone;
  return result;
}

}  // namespace

Assembler::Assembler(const MultibodySystem& system) : system_(system) {
  if (!system.isTopologyRealized()) throw Error("Assembler: the System's topology must be realized first");
  lockedU_.assign(system.getMatter().getNU(), 0);
}

void Assembler::setTolerance(Real tolerance) {
  if (!(tolerance > 0) || !std::isfinite(tolerance))
    throw Error(std::string("Assembler: tolerance ") + fmt(tolerance) + " must be positive and finite");
  tolerance_ = tolerance;
}

void Assembler::setMaxIterations(int iterations) {
  if (iterations < 1)
    throw Error(std::string("Assembler: maxIterations ") + std::to_string(iterations) + " must be at least 1");
  maxIterations_ = iterations;
}

void Assembler::requireBody(int body, const char* what) const {
  const int n = system_.getMatter().getNumBodies();
  if (body < 1 || body >= n)
    throw Error(std::string("Assembler: ") + what + " body " + std::to_string(body) +
                " is not a mobilized body (valid: 1.." + std::to_string(n - 1) + ")");
}

static void requireWeight(Real weight, const std::string& what) {
  if (!(weight > 0) || !std::isfinite(weight))
    throw Error(std::string("Assembler: ") + what + " weight " + fmt(weight) + " must be positive and finite");
}

void Assembler::lockBody(int body) {
  requireBody(body, "lockBody:");
  const MobilizedBodyInfo& info = system_.getMatter().getInfo(body);
  for (int j = 0; j < info.nu; ++j) lockedU_[info.uStart + j] = 1;
}

void Assembler::lockMobility(int body, int uIndex) {
  requireBody(body, "lockMobility:");
  const MobilizedBodyInfo& info = system_.getMatter().getInfo(body);
  if (uIndex < 0 || uIndex >= info.nu)
    throw Error(std::string("Assembler: lockMobility: body ") + std::to_string(body) + " has no mobility " +
                std::to_string(uIndex) + " (it has " + std::to_string(info.nu) + ")");
  lockedU_[info.uStart + uIndex] = 1;
}

int Assembler::addCoordinateGoal(int body, int qIndex, Real value, Real weight) {
  requireBody(body, "coordinate goal:");
  const MobilizedBodyInfo& info = system_.getMatter().getInfo(body);
  if (qIndex < 0 || qIndex >= info.nq)
    throw Error(std::string("Assembler: coordinate goal: body ") + std::to_string(body) + " has no coordinate " +
                std::to_string(qIndex) + " (it has " + std::to_string(info.nq) + ")");
  if (!std::isfinite(value))
    throw Error(std::string("Assembler: coordinate goal value ") + fmt(value) + " must be finite");
  requireWeight(weight, "coordinate goal");
  coordinates_.push_back({body, qIndex, value, weight});
  return static_cast<int>(coordinates_.size()) - 1;
}

int Assembler::addMarkerGoal(std::string name, int body, const Vec3& p_BS, const Vec3& p_GT, Real weight) {
  requireBody(body, (std::string("marker '") + name + "':").c_str());
  if (!p_BS.allFinite() || !p_GT.allFinite())
    throw Error(std::string("Assembler: marker '") + name + "': station and target must be finite");
  requireWeight(weight, std::string("marker '") + name + "'");
  markers_.push_back({std::move(name), body, p_BS, p_GT, weight});
  return static_cast<int>(markers_.size()) - 1;
}

void Assembler::setMarkerTarget(int marker, const Vec3& p_GT) {
  if (marker < 0 || marker >= getNumMarkers())
    throw Error(std::string("Assembler: marker ") + std::to_string(marker) + " does not exist (there are " +
                std::to_string(getNumMarkers()) + ")");
  if (!p_GT.allFinite())
    throw Error(std::string("Assembler: marker '") + markers_[marker].name + "': target must be finite");
  markers_[marker].p_GT = p_GT;
}

AssemblyResult Assembler::assemble(State& s) const {
  Solver solver(*this, s);
  return solver.run();
}

}  // namespace articula
