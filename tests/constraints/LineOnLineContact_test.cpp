// LineOnLineContact: a translating body whose edge (along z) rests on a Ground edge (along x)
// keeps y = 0, falls freely along x and z, and carries the weight's y component as the contact
// force; derivative checks on random trees; bad input.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(LineOnLineContact, TranslatingEdgeOnAGroundEdge) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const Vec3 g(1.5, -9.81, 0.7);
  addTestForces(sys).gravity = g;
  const Real mass = 1.7;
  const MobilizedBody block = MobilizedBody::Translation(
      MobilizedBody::Ground(m), Transform(), Body(MassProperties(mass, Vec3::Zero(), Inertia(0.1, 0.1, 0.1))),
      Transform());
  // Edges: Ground's x axis; the block's line through its origin along z. Their normal x cross z = -y.
  const auto& c = addConstraint<constraints::LineOnLineContact>(m, "edges", 0, Vec3::Zero(), Vec3::UnitX(),
                                                                block.getIndex(), Vec3::Zero(), Vec3::UnitZ());
  sys.realizeTopology();
  State s = sys.getDefaultState();
  block.setQ(s, Vec3(0.3, 0.25, -0.2));
  sys.realize(s, Stage::Position);
  EXPECT_NEAR(c.getPositionErrors(s)[0], -0.25, 1e-15);  // the distance along n = -y
  block.setQ(s, Vec3(0.3, 0.0, -0.2));
  block.setU(s, Vec3(0.4, 0.0, 1.1));
  sys.realize(s, Stage::Acceleration);
  EXPECT_LT((Vec3(block.getUDot(s)) - Vec3(g.x(), 0, g.z())).norm(), 1e-12);
  std::vector<SpatialVec> F;
  Vector f;
  c.calcConstraintForces(s, F, f);
  EXPECT_LT((Vec3(F[block.getIndex()].tail<3>()) - Vec3(0, -mass * g.y(), 0)).norm(), 1e-12);
}

TEST(LineOnLineContact, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 500);
    const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
    const auto& c = addConstraint<constraints::LineOnLineContact>(
        t.matter(), "lol", A, Vec3(0.1, 0.2, -0.3), Vec3(1, 0.2, 0.1), B, Vec3(-0.2, 0.1, 0.3), Vec3(0.1, -0.3, 1));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("LineOnLineContact seed ") + std::to_string(seed));
  }
}

TEST(LineOnLineContact, BadInputIsRefused) {
  EXPECT_THROW(constraints::LineOnLineContact("l", 0, Vec3::Zero(), Vec3::Zero(), 1, Vec3::Zero(), Vec3::UnitX()),
               Error);
  EXPECT_THROW(constraints::LineOnLineContact("l", 0, Vec3::Zero(), Vec3::UnitX(), 1, Vec3::Zero(), Vec3(NAN, 0, 0)),
               Error);
}

}  // namespace
}  // namespace articula::testing
