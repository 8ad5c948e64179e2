// Multipliers and constrained accelerations against an independent dense KKT solve on random
// trees with random constraints; redundant constraints share load with minimum-norm multipliers.
#include <gtest/gtest.h>

#include <Eigen/QR>

#include "ConstraintChecks.h"
#include "support/AllocationCounter.h"
#include "support/DenseDynamics.h"

namespace articula::testing {
namespace {

// Dense G (all enabled constraints, pool order) from the coefficients of u in the velocity
// errors, with the system Jacobian assembled explicitly; b = -(acceleration errors at udot = 0).
void denseConstraintEquations(const MatterSubsystem& m, const ConstraintSet& set, const State& s, Matrix& G,
                              Vector& b) {
  const int nu = m.getNU(), nb = m.getNumBodies();
  const int mtot = set.getNumPositionEquations() + set.getNumVelocityEquations() + set.getNumAccelerationEquations();
  Matrix J;
  m.calcSystemJacobian(s, J);
  std::vector<SpatialVec> bias;
  m.calcBiasForSystemJacobian(s, bias);
  G.setZero(mtot, nu);
  b.setZero(mtot);
  const ConstraintInput in(m, s);
  for (int i = 0; i < set.getNumConstraints(); ++i) {
    const Constraint& c = set.getConstraint(i);
    if (!c.isEnabled(s)) continue;
    const int mc = c.getNumEquations();
    Vector e0(mc), e(mc), udot = Vector::Zero(nu);
    c.calcAccelerationErrors(in, bias, udot.data(), e0.data());
    for (int j = 0; j < nu; ++j) {
      std::vector<SpatialVec> A(nb);
      for (int k = 0; k < nb; ++k) A[k] = J.block<6, 1>(6 * k, j) + bias[k];
      udot.setZero();
      udot[j] = 1;
      c.calcAccelerationErrors(in, A, udot.data(), e.data());
      for (int k = 0; k < mc; ++k) G(set.globalRow(c, k), j) = e[k] - e0[k];
    }
    for (int k = 0; k < mc; ++k) b[set.globalRow(c, k)] = -e0[k];
  }
}

struct RandomConstrained {
  OpenTree tree;
  std::vector<const Constraint*> constraints;
};

// Adds `count` random constraints of the library (holonomic, nonholonomic and acceleration-only)
// between distinct bodies.
RandomConstrained makeRandomConstrained(unsigned seed, int numBodies, int count) {
  RandomTreeOptions opt;
  opt.numBodies = numBodies;
  RandomConstrained rc{makeOpenTree(seed, opt), {}};
  std::mt19937 rng(seed * 31 + 5);
  std::uniform_int_distribution<int> body(0, numBodies), kind(0, 7);
  std::uniform_real_distribution<Real> U(-0.5, 0.5);
  auto vec = [&] { return Vec3(U(rng), U(rng), U(rng)); };
  MatterSubsystem& m = rc.tree.matter();
  for (int i = 0; i < count; ++i) {
    int A = body(rng), B = body(rng);
    if (A == B) B = (A + 1) % (numBodies + 1);
    const std::string name = std::string("c") + std::to_string(i);
    switch (kind(rng)) {
      case 0: rc.constraints.push_back(&addConstraint<constraints::Rod>(m, name, A, vec(), B, vec(), 1.0)); break;
      case 1: rc.constraints.push_back(&addConstraint<constraints::Ball>(m, name, A, vec(), B, vec())); break;
      case 2:
        rc.constraints.push_back(
            &addConstraint<constraints::Weld>(m, name, A, randomTransform(rng), B, randomTransform(rng)));
        break;
      case 3:
        rc.constraints.push_back(
            &addConstraint<constraints::ConstantOrientation>(m, name, A, randomRotation(rng), B, randomRotation(rng)));
        break;
      case 4:
        rc.constraints.push_back(
            &addConstraint<constraints::PointInPlane>(m, name, A, vec() + Vec3(0, 1, 0), 0.2, B, vec()));
        break;
      case 5:
        rc.constraints.push_back(
            &addConstraint<constraints::NoSlip1D>(m, name, body(rng), vec(), vec() + Vec3(1, 0, 0), A, B));
        break;
      default: {
        int b = std::max(A, B);
        while (m.getInfo(b).nu == 0) b = b % numBodies + 1;
        if (i % 2) rc.constraints.push_back(&addConstraint<constraints::ConstantAcceleration>(m, name, b, 0, U(rng)));
        else
          rc.constraints.push_back(&addConstraint<constraints::ConstantSpeed>(m, name, b, m.getInfo(b).nu - 1, U(rng)));
      }
    }
  }
  rc.tree.system->realizeTopology();
  return rc;
}

TEST(ConstraintSolver, MatchesDenseKKTOnRandomTrees) {
  int fullRank = 0, consistentCases = 0, byFactor = 0;
  for (unsigned seed = 1; seed <= 16; ++seed) {
    RandomConstrained rc = makeRandomConstrained(seed, 8, 1 + seed % 4);
    MultibodySystem& sys = *rc.tree.system;
    const MatterSubsystem& m = sys.getMatter();
    std::mt19937 rng(seed);
    rc.tree.forces->bodyForces_G = randomBodyForces(m.getNumBodies(), rng);
    rc.tree.forces->mobilityForces = randomVector(m.getNU(), rng);
    State s = sys.getDefaultState();
    rc.tree.randomize(s, rng);
    sys.realize(s, Stage::Acceleration);

    const ConstraintSet& set = ConstraintSet::get(m);
    Matrix G;
    Vector b;
    denseConstraintEquations(m, set, s, G, b);
    const Matrix M = denseMassMatrix(m, s);
    // f - c: minus the residual of zero acceleration with the applied forces.
    const Vector rhs = -denseResidual(m, s, m.getAppliedMobilityForces(s), m.getAppliedBodyForces(s),
                                      Vector::Zero(m.getNU()));
    const int nu = m.getNU(), mc = static_cast<int>(G.rows());
    Matrix K = Matrix::Zero(nu + mc, nu + mc);
    K.topLeftCorner(nu, nu) = M;
    K.topRightCorner(nu, mc) = G.transpose();
    K.bottomLeftCorner(mc, nu) = G;
    Vector r(nu + mc);
    r << rhs, b;
    // Minimum-norm solution of the KKT system: udot is unique, lambda the minimum-norm one.
    Eigen::CompleteOrthogonalDecomposition<Matrix> cod(K);
    cod.setThreshold(1e-10);
    const Vector x = cod.solve(r);
    if (Eigen::FullPivLU<Matrix>(G).rank() == mc) ++fullRank;
    byFactor += m.hasAccurateMInvFactor(s);  // W from M's tree factor, else by sweeps

    const std::string what = std::string("seed ") + std::to_string(seed) + std::string(" nu ") + std::to_string(nu) +
                             std::string(" m ") + std::to_string(mc);
    EXPECT_LT(relErr(Vector(m.getUDot(s)), Vector(x.head(nu))), 1e-8) << what;
    EXPECT_LT(relErr(s.getMultipliers(), Vector(x.tail(mc))), 1e-7) << what;
    // Random welds and orientations can be unsatisfiable at the acceleration level (e.g. two
    // bodies that cannot turn relative to each other but already do): then the answer is the
    // least-residual one and the solve is counted as inconsistent.
    const bool consistent = (K * x - r).norm() < 1e-9 * std::max<Real>(1, r.norm());
    if (consistent) {
      ++consistentCases;
      EXPECT_LT(s.getUDotErr().norm(), 1e-8 * std::max<Real>(1, rhs.norm())) << what;
    } else {
      EXPECT_GT(ConstraintSet::get(m).getStatistics().inconsistentSolves, 0) << what;
    }
  }
  EXPECT_GT(fullRank, 3);
  EXPECT_GT(consistentCases, 6);
  EXPECT_GT(byFactor, 3);  // both ways of forming W were checked
  EXPECT_LT(byFactor, 13);
}

// Constrained forward dynamics by M's tree factor and a Cholesky solve allocates nothing after a
// warm-up: new q (the factor is rebuilt) and new u, then realize Acceleration.
TEST(ConstraintSolver, ConstrainedDynamicsAllocatesNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  int byFactor = 0;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree tree = makeOpenTree(seed, opt);
    addConstraint<constraints::Ball>(tree.matter(), "tie", 0, Vec3(0.1, 0.2, 0.3), 5, Vec3(0.2, 0, 0));
    addConstraint<constraints::Ball>(tree.matter(), "tie2", 2, Vec3(0.1, 0, 0), 8, Vec3(0, 0.1, 0));
    MultibodySystem& sys = *tree.system;
    sys.realizeTopology();
    std::mt19937 rng(seed);
    State s = sys.getDefaultState();
    tree.randomize(s, rng);
    sys.realize(s, Stage::Acceleration);  // warm-up
    if (!sys.getMatter().hasAccurateMInvFactor(s)) continue;
    ++byFactor;
    const long n = allocationsDuring([&] {
      for (int k = 0; k < 3; ++k) {
        s.updQ()[0] += 1e-3;
        s.updU()[0] += 0.1;
        sys.realize(s, Stage::Acceleration);
      }
    });
    EXPECT_EQ(n, 0) << "seed " << seed;
  }
  EXPECT_GT(byFactor, 1);
}

// The solve's other paths allocate nothing after a warm-up either: W by sweeps (a chain too deep
// for M's factor) and the complete orthogonal decomposition (a repeated tie makes W singular).
TEST(ConstraintSolver, SweepAndDecompositionPathsAllocateNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  for (bool repeated : {false, true}) {
    RandomTreeOptions opt;
    opt.numBodies = 24;
    opt.kinds = {MobilizerKind::Pin};
    OpenTree tree = makeOpenTree(5, opt, true);
    addConstraint<constraints::Ball>(tree.matter(), "tie", 0, Vec3(0.1, 0.2, 0.3), 24, Vec3(0.2, 0, 0));
    if (repeated) addConstraint<constraints::Ball>(tree.matter(), "again", 0, Vec3(0.1, 0.2, 0.3), 24, Vec3(0.2, 0, 0));
    MultibodySystem& sys = *tree.system;
    sys.realizeTopology();
    std::mt19937 rng(5);
    State s = sys.getDefaultState();
    tree.randomize(s, rng);
    sys.realize(s, Stage::Acceleration);  // warm-up
    EXPECT_FALSE(sys.getMatter().hasAccurateMInvFactor(s));
    const long deficient = ConstraintSet::get(sys.getMatter()).getStatistics().rankDeficientSolves;
    const long n = allocationsDuring([&] {
      for (int k = 0; k < 3; ++k) {
        s.updQ()[0] += 1e-3;
        s.updU()[0] += 0.1;
        sys.realize(s, Stage::Acceleration);
      }
    });
    EXPECT_EQ(n, 0) << (repeated ? "decomposition" : "sweeps");
    const long deficientSolves = ConstraintSet::get(sys.getMatter()).getStatistics().rankDeficientSolves - deficient;
    EXPECT_EQ(deficientSolves, repeated ? 3 : 0);
  }
}

TEST(ConstraintSolver, GFromForcesMatchesDenseG) {
  for (unsigned seed = 20; seed <= 25; ++seed) {
    RandomConstrained rc = makeRandomConstrained(seed, 6, 3);
    const MatterSubsystem& m = rc.tree.system->getMatter();
    std::mt19937 rng(seed);
    State s = rc.tree.system->getDefaultState();
    rc.tree.randomize(s, rng);
    rc.tree.system->realize(s, Stage::Velocity);
    Matrix G, Gd;
    Vector b;
    ConstraintSet::get(m).calcG(s, G);
    denseConstraintEquations(m, ConstraintSet::get(m), s, Gd, b);
    EXPECT_LT((G - Gd).norm(), 1e-12 * std::max<Real>(1, Gd.norm())) << "seed " << seed;
  }
}

// The same rod twice: the pair carries the single rod's load, half each, and udot is unchanged.
TEST(ConstraintSolver, DuplicateRodsShareLoadEqually) {
  auto build = [](int copies, MultibodySystem& sys) {
    MatterSubsystem& m = sys.updMatter();
    TestForces& f = addTestForces(sys);
    f.gravity = Vec3(0, -9.81, 0);
    const Body body(MassProperties::fromCentral(1.5, Vec3(0.2, 0, 0), Inertia(0.01, 0.02, 0.02)));
    const MobilizedBody p = MobilizedBody::Free(MobilizedBody::Ground(m), body);
    std::vector<const Constraint*> cs;
    for (int i = 0; i < copies; ++i)
      cs.push_back(&addConstraint<constraints::Rod>(m, std::string("rod") + std::to_string(i), 0, Vec3(0, 1, 0),
                                                    p.getIndex(), Vec3(0.1, 0.05, 0), 1.0));
    sys.realizeTopology();
    State s = sys.getDefaultState();
    p.setQ(s, (SmallVector(7) << 0.9, 0.1, 0.3, 0.2, 0.3, 0.2, -0.1).finished());
    p.setU(s, (SmallVector(6) << 0.5, -1, 0.2, 0.3, 0.1, 0.7).finished());
    sys.realize(s, Stage::Acceleration);
    return std::make_pair(s, cs);
  };
  MultibodySystem one, two;
  auto [s1, c1] = build(1, one);
  auto [s2, c2] = build(2, two);
  const Real l = c1[0]->getMultipliers(s1)[0];
  EXPECT_NEAR(c2[0]->getMultipliers(s2)[0], l / 2, 1e-10 * std::abs(l));
  EXPECT_NEAR(c2[1]->getMultipliers(s2)[0], l / 2, 1e-10 * std::abs(l));
  EXPECT_LT((Vector(one.getMatter().getUDot(s1)) - Vector(two.getMatter().getUDot(s2))).norm(), 1e-10);
  EXPECT_GT(ConstraintSet::get(two.getMatter()).getStatistics().rankDeficientSolves, 0);
}

}  // namespace
}  // namespace articula::testing
