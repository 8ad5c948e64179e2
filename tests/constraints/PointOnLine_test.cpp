// PointOnLine: a bead on a straight wire accelerates with the part of gravity along the wire;
// derivative checks on random trees.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(PointOnLine, BeadSlidesAlongAWire) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const Vec3 g(0, -9.81, 0);
  addTestForces(sys).gravity = g;
  const MobilizedBody bead = MobilizedBody::Translation(
      MobilizedBody::Ground(m), Transform(), Body(MassProperties(0.1, Vec3::Zero(), Inertia(0, 0, 0))), Transform());
  const Vec3 l = Vec3(1, -0.5, 0.3).normalized(), p0(0.2, 0.1, -0.4);
  const auto& wire = addConstraint<constraints::PointOnLine>(m, "wire", 0, l, p0, bead.getIndex(), Vec3::Zero());
  sys.realizeTopology();
  State s = sys.getDefaultState();
  bead.setQ(s, p0 + 0.7 * l);
  bead.setU(s, 2.0 * l);
  sys.realize(s, Stage::Acceleration);
  EXPECT_LT(wire.getPositionErrors(s).norm(), 1e-15);
  EXPECT_LT((Vec3(bead.getUDot(s)) - g.dot(l) * l).norm(), 1e-12);
}

TEST(PointOnLine, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 500);
    const int A = 4 + static_cast<int>(seed % 5), B = static_cast<int>(seed % 4);
    const auto& c = addConstraint<constraints::PointOnLine>(t.matter(), "pol", A, Vec3(0.2, 1, -0.4), Vec3(0.1, 0, 0.2),
                                                            B, Vec3(0.1, -0.2, 0.3));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("PointOnLine seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
