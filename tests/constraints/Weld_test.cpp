// Weld: a table whose top is welded to four legs ball-jointed to the floor is redundantly
// constrained (24 equations, 18 mobilities); by symmetry the minimum-norm multipliers give each
// leg the same load, a quarter of the top's weight, and the structure does not move.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(Weld, SymmetricTableLegsCarryEqualLoads) {
  constexpr Real w = 0.6, L = 0.7, mTop = 12, mLeg = 1.5, g = 9.81;
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  addTestForces(sys).gravity = Vec3(0, -g, 0);
  const MobilizedBody ground = MobilizedBody::Ground(m);
  const MobilizedBody top = MobilizedBody::Free(ground, Transform(Vec3(0, L, 0)),
                                                Body(MassProperties::fromCentral(mTop, Vec3::Zero(), Inertia(1, 2, 1))),
                                                Transform());
  std::vector<const Constraint*> welds;
  const Vec3 corners[4] = {Vec3(w, 0, w), Vec3(-w, 0, w), Vec3(-w, 0, -w), Vec3(w, 0, -w)};
  for (int i = 0; i < 4; ++i) {
    const Body legBody(MassProperties::fromCentral(mLeg, Vec3(0, L / 2, 0), Inertia(0.05, 0.001, 0.05)));
    const MobilizedBody leg = MobilizedBody::Ball(ground, Transform(corners[i]), legBody, Transform());
    welds.push_back(&addConstraint<constraints::Weld>(m, std::string("leg ") + std::to_string(i), top.getIndex(),
                                                      Transform(corners[i]), leg.getIndex(), Transform(Vec3(0, L, 0))));
  }
  sys.realizeTopology();
  State s = sys.getDefaultState();
  sys.realize(s, Stage::Acceleration);

  for (const Constraint* c : welds) EXPECT_LT(c->getPositionErrors(s).norm(), 1e-15);
  EXPECT_LT(Vector(m.getUDot(s)).norm(), 1e-10);  // rigid: nothing moves
  for (const Constraint* c : welds) {
    std::vector<SpatialVec> F;
    Vector f;
    c->calcConstraintForces(s, F, f);
    // Force on the top at its origin: a quarter of its weight, upward; the same on every leg.
    EXPECT_NEAR(F[top.getIndex()][4], mTop * g / 4, 1e-9) << c->getName();
    EXPECT_NEAR(F[top.getIndex()][3], 0, 1e-9) << c->getName();
    EXPECT_NEAR(F[top.getIndex()][5], 0, 1e-9) << c->getName();
    EXPECT_NEAR(c->calcPower(s), 0, 1e-12);
  }
  // Equal multipliers up to the symmetry (the vertical force components are the same).
  for (int i = 1; i < 4; ++i) EXPECT_NEAR(welds[i]->getMultipliers(s)[4], welds[0]->getMultipliers(s)[4], 1e-9);
  EXPECT_GT(ConstraintSet::get(m).getStatistics().rankDeficientSolves, 0);
}

TEST(Weld, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 100);
    const int A = static_cast<int>(seed % 3), B = 3 + static_cast<int>(seed % 6);
    const auto& weld = addConstraint<constraints::Weld>(t.matter(), "weld", A, randomTransform(rng), B,
                                                        randomTransform(rng));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, weld, s, std::string("Weld seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
