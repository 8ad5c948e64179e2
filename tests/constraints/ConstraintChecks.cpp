#include "ConstraintChecks.h"

#include <gtest/gtest.h>

#include "support/DenseDynamics.h"

namespace articula::testing {

OpenTree makeOpenTree(unsigned seed, const RandomTreeOptions& options, bool chain) {
  const RandomTree model(seed, options);
  OpenTree t;
  t.system = std::make_unique<MultibodySystem>("constrained random tree");
  t.forces = &addTestForces(*t.system);
  t.forces->gravity = options.gravity;
  t.specs = model.specs();
  if (chain)
    for (size_t i = 1; i < t.specs.size(); ++i) t.specs[i].parent = static_cast<int>(i) - 1;
  t.bodies.push_back(MobilizedBody::Ground(t.system->updMatter()));
  for (size_t i = 1; i < t.specs.size(); ++i) t.bodies.push_back(addBody(t.bodies[t.specs[i].parent], t.specs[i]));
  return t;
}

void OpenTree::randomize(State& s, std::mt19937& rng) const {
  const MatterSubsystem& m = system->getMatter();
  for (size_t b = 1; b < bodies.size(); ++b) bodies[b].setQ(s, randomQ(m.getMobilizer(static_cast<int>(b)), rng));
  std::uniform_real_distribution<Real> U(-1, 1);
  Vector u(m.getNU());
  for (int i = 0; i < u.size(); ++i) u[i] = U(rng);
  m.updU(s) = u;
}

namespace {

// advanced() along the motion, with time moved too (for time-dependent constraints).
State moved(const MatterSubsystem& m, const State& s, Real h, const Vector* udot = nullptr) {
  State out = advanced(m, s, h, udot);
  out.setTime(s.getTime() + h);
  return out;
}

Vector positionErrors(const MultibodySystem& sys, const Constraint& c, State s) {
  sys.realize(s, Stage::Position);
  return c.getPositionErrors(s);
}
Vector velocityErrors(const MultibodySystem& sys, const Constraint& c, State s) {
  sys.realize(s, Stage::Velocity);
  return c.getVelocityErrors(s);
}

// Coefficients of u in the velocity errors: verr(J e_j, e_j) - verr(0, 0), columns j.
Matrix velocityCoefficients(const MatterSubsystem& m, const Constraint& c, const State& s) {
  const int nu = m.getNU(), n = c.getNumPositionEquations() + c.getNumVelocityEquations();
  const ConstraintInput in(m, s);
  std::vector<SpatialVec> V(m.getNumBodies(), SpatialVec::Zero());
  Vector u = Vector::Zero(nu), e0(n), e(n);
  c.calcVelocityErrors(in, V, u.data(), e0.data());
  Matrix out(n, nu);
  for (int j = 0; j < nu; ++j) {
    u.setZero();
    u[j] = 1;
    m.multiplyBySystemJacobian(s, u, V);
    c.calcVelocityErrors(in, V, u.data(), e.data());
    out.col(j) = e - e0;
  }
  return out;
}

// Coefficients of udot in the acceleration errors: aerr(J e_j + bias, e_j) - aerr(bias, 0).
Matrix accelerationCoefficients(const MatterSubsystem& m, const Constraint& c, const State& s, Vector& aerrAtZero) {
  const int nu = m.getNU(), n = c.getNumEquations();
  const ConstraintInput in(m, s);
  std::vector<SpatialVec> bias, A;
  m.calcBiasForSystemJacobian(s, bias);
  Vector udot = Vector::Zero(nu), e(n);
  aerrAtZero.resize(n);
  c.calcAccelerationErrors(in, bias, udot.data(), aerrAtZero.data());
  Matrix out(n, nu);
  for (int j = 0; j < nu; ++j) {
    udot.setZero();
    udot[j] = 1;
    m.multiplyBySystemJacobian(s, udot, A);
    for (size_t b = 0; b < A.size(); ++b) A[b] += bias[b];
    c.calcAccelerationErrors(in, A, udot.data(), e.data());
    out.col(j) = e - aerrAtZero;
  }
  return out;
}

}  // namespace

Matrix constraintRows(const Constraint& c, const State& s) {
  const ConstraintSet& set = ConstraintSet::get(c.getMatter());
  Matrix G;
  set.calcG(s, G);
  Matrix rows(c.getNumEquations(), G.cols());
  for (int k = 0; k < c.getNumEquations(); ++k) rows.row(k) = G.row(set.globalRow(c, k));
  return rows;
}

void checkConstraintDerivatives(const MultibodySystem& sys, const Constraint& c, const State& s0,
                                const std::string& what, Real tol, bool velocityLinearInU) {
  const MatterSubsystem& m = sys.getMatter();
  State s = s0;
  sys.realize(s, Stage::Velocity);
  const int mp = c.getNumPositionEquations(), mv = c.getNumVelocityEquations(), nu = m.getNU();
  const Matrix G = constraintRows(c, s);
  const Real scale = std::max<Real>(1, G.norm());

  // Force routine vs velocity and acceleration coefficients.
  if (mp + mv > 0 && velocityLinearInU) {
    const Matrix Gv = velocityCoefficients(m, c, s);
    EXPECT_LT((Gv - G.topRows(mp + mv)).norm(), 1e-12 * scale) << what << ": G^T from forces vs velocity errors\n"
                                                               << Gv << "\n--\n"
                                                               << G;
  }
  Vector aerr0;
  const Matrix Ga = accelerationCoefficients(m, c, s, aerr0);
  EXPECT_LT((Ga - G).norm(), 1e-12 * scale) << what << ": G^T from forces vs acceleration errors";

  const Real h = 1e-5;
  // d(perr)/dq N e_j by central differences: move q along N e_j.
  if (mp > 0) {
    Matrix Gfd(mp, nu);
    for (int j = 0; j < nu; ++j) {
      State sj = s;
      Vector u = Vector::Zero(nu);
      u[j] = 1;
      m.updU(sj) = u;
      sys.realize(sj, Stage::Position);
      Gfd.col(j) = (positionErrors(sys, c, advanced(m, sj, h)) - positionErrors(sys, c, advanced(m, sj, -h))) / (2 * h);
    }
    EXPECT_LT((Gfd - G.topRows(mp)).norm(), tol * scale) << what << ": G vs d(perr)/dq N\n"
                                                         << Gfd << "\n--\n"
                                                         << G.topRows(mp);
    // pdot = d/dt perr along the motion.
    const Vector pdot = c.getVelocityErrors(s).head(mp);
    const Vector fd = (positionErrors(sys, c, moved(m, s, h)) - positionErrors(sys, c, moved(m, s, -h))) / (2 * h);
    EXPECT_LT((fd - pdot).norm(), tol * std::max<Real>(1, pdot.norm())) << what << ": pdot vs differences of p";
  }
  // [pddot; vdot] = d/dt [pdot; v] along the motion with some udot (aerr at that udot).
  if (mp + mv > 0) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<Real> U(-1, 1);
    Vector udot(nu);
    for (int i = 0; i < nu; ++i) udot[i] = U(rng);
    const Vector aerr = (aerr0 + G * udot).head(mp + mv);
    const Vector fd = (velocityErrors(sys, c, moved(m, s, h, &udot)) - velocityErrors(sys, c, moved(m, s, -h, &udot))) /
                      (2 * h);
    EXPECT_LT((fd - aerr).norm(), tol * std::max<Real>(1, aerr.norm())) << what << ": aerr vs differences of verr\n"
                                                                        << fd.transpose() << "\n"
                                                                        << aerr.transpose();
  }
}

void checkDerivativesOnRandomTrees(const std::string& what, const std::vector<MobilizerKind>& kinds, unsigned rngOffset,
                                   const std::function<const Constraint&(MatterSubsystem&)>& add,
                                   bool velocityLinearInU) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 6;
    opt.kinds = kinds;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + rngOffset);
    const Constraint& c = add(t.matter());
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, what + " seed " + std::to_string(seed), 1e-6, velocityLinearInU);
  }
}

}  // namespace articula::testing
