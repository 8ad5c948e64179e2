// Assembler: a four-bar assembled from a guess lands on Freudenstein's analytic branch; goals on
// a quaternion pendulum reach (or, if out of reach, point at) their target; weighted goals on a
// slider settle at the weighted mean; a closed loop of ball joints assembles with unit
// quaternions; an impossible loop names the violated constraint; bad input is refused.
#include "articula/study/Assembler.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/constraints/constraints.h"
#include "articula/matter/MobilizedBody.h"

namespace articula::testing {
namespace {

// Crank a (pin at Ground's origin), coupler b (a Rod), rocker c (pin at (d, 0, 0)).
struct FourBar {
  Real a = 0.3, b = 1.0, c = 0.8, d = 0.9;
  MultibodySystem system;
  MobilizedBody crank, rocker;
  explicit FourBar(Real coupler = 1.0) : b(coupler) {
    MatterSubsystem& matter = system.updMatter();
    const Body link(MassProperties::fromCentral(1.0, Vec3(0.15, 0, 0), Inertia(0.001, 0.01, 0.01)));
    crank = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(), link, Transform());
    rocker = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(Vec3(d, 0, 0)), link, Transform());
    addConstraint<constraints::Rod>(matter, "coupler", crank.getIndex(), Vec3(a, 0, 0), rocker.getIndex(),
                                    Vec3(c, 0, 0), b);
    system.realizeTopology();
  }
  // Rocker angle for crank angle t2 on the open branch, from |B - A| = b (independent of the code).
  Real rockerAngle(Real t2) const {
    const Real P = 2 * c * (d - a * std::cos(t2)), Q = -2 * a * c * std::sin(t2);
    const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(t2);
    return std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
  }
};

TEST(Assembler, LockedCrankGivesTheAnalyticRockerAngle) {
  FourBar fb;
  for (Real t2 : {0.0, 0.7, 2.0, -2.5}) {
    State s = fb.system.getDefaultState();
    fb.crank.setOneQ(s, 0, t2);
    fb.rocker.setOneQ(s, 0, fb.rockerAngle(t2) + 0.25);  // a nearby guess
    Assembler assembler(fb.system);
    assembler.lockBody(fb.crank.getIndex());
    const AssemblyResult r = assembler.assemble(s);
    EXPECT_EQ(fb.crank.getOneQ(s, 0), t2);
    EXPECT_NEAR(fb.rocker.getOneQ(s, 0), fb.rockerAngle(t2), 1e-9) << "t2 = " << t2;
    EXPECT_LE(r.constraintError, 1e-10);
    EXPECT_LE(r.iterations, 10);
  }
}

TEST(Assembler, CoordinateGoalDrivesTheFreeMechanismThere) {
  FourBar fb;
  State s = fb.system.getDefaultState();
  fb.crank.setOneQ(s, 0, 0.2);
  fb.rocker.setOneQ(s, 0, fb.rockerAngle(0.2) - 0.1);
  Assembler assembler(fb.system);
  assembler.addCoordinateGoal(fb.crank.getIndex(), 0, 0.9);
  const AssemblyResult r = assembler.assemble(s);
  EXPECT_NEAR(fb.crank.getOneQ(s, 0), 0.9, 1e-8);
  EXPECT_NEAR(fb.rocker.getOneQ(s, 0), fb.rockerAngle(0.9), 1e-8);
  EXPECT_LT(r.goalCost, 1e-15);
  EXPECT_TRUE(r.goalsConverged);
}

// A rod of length L on a ball joint (quaternion) at Ground's origin; tip at (0, -L, 0) in B.
struct BallPendulum {
  static constexpr Real L = 0.7;
  MultibodySystem system;
  MobilizedBody rod;
  BallPendulum() {
    MatterSubsystem& matter = system.updMatter();
    rod = MobilizedBody::Ball(MobilizedBody::Ground(matter), Transform(),
                              Body(MassProperties::fromCentral(1, Vec3(0, -L / 2, 0), Inertia(0.05, 0.01, 0.05))),
                              Transform());
    system.realizeTopology();
  }
};

TEST(Assembler, MarkerGoalReachesAReachableTargetWithAUnitQuaternion) {
  BallPendulum p;
  State s = p.system.getDefaultState();
  const Vec3 target = BallPendulum::L * Vec3(0.3, -0.5, 0.4).normalized();
  Assembler assembler(p.system);
  assembler.addMarkerGoal("tip", p.rod.getIndex(), Vec3(0, -BallPendulum::L, 0), target);
  const AssemblyResult r = assembler.assemble(s);
  const MatterSubsystem& matter = p.system.getMatter();
  EXPECT_LT((matter.findStationLocationInGround(s, p.rod.getIndex(), Vec3(0, -BallPendulum::L, 0)) - target).norm(),
            1e-9);
  EXPECT_NEAR(p.rod.getQ(s).norm(), 1, 1e-14);
  EXPECT_LT(r.goalCost, 1e-18);
}

TEST(Assembler, UnreachableMarkerPointsTheRodAtTheTarget) {
  BallPendulum p;
  State s = p.system.getDefaultState();
  const Vec3 target(1.0, 0.5, -2.0);  // farther than L: the closest tip is L along the target
  Assembler assembler(p.system);
  assembler.addMarkerGoal("tip", p.rod.getIndex(), Vec3(0, -BallPendulum::L, 0), target);
  const AssemblyResult r = assembler.assemble(s);
  const Vec3 tip = p.system.getMatter().findStationLocationInGround(s, p.rod.getIndex(), Vec3(0, -BallPendulum::L, 0));
  EXPECT_LT((tip - BallPendulum::L * target.normalized()).norm(), 1e-7);
  EXPECT_NEAR(r.goalCost, std::pow(target.norm() - BallPendulum::L, 2), 1e-10);
  EXPECT_NEAR(p.rod.getQ(s).norm(), 1, 1e-14);
}

TEST(Assembler, WeightedMarkersSettleAtTheWeightedMean) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody slider = MobilizedBody::Slider(MobilizedBody::Ground(matter), Transform(),
                                               Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))), Transform());
  system.realizeTopology();
  State s = system.getDefaultState();
  Assembler assembler(system);
  // Station at the body origin; the slider moves along x.
  assembler.addMarkerGoal("left", slider.getIndex(), Vec3::Zero(), Vec3(-1, 0, 0), 1.0);
  assembler.addMarkerGoal("right", slider.getIndex(), Vec3::Zero(), Vec3(2, 0, 0), 3.0);
  const AssemblyResult r = assembler.assemble(s);
  const Real x = (1.0 * -1 + 3.0 * 2) / 4.0;
  EXPECT_NEAR(slider.getOneQ(s, 0), x, 1e-12);
  EXPECT_NEAR(r.goalCost, 1.0 * (x + 1) * (x + 1) + 3.0 * (x - 2) * (x - 2), 1e-12);
}

// Three links on ball joints (quaternions) hanging from Ground, the last tip tied back to a
// Ground point by a Ball constraint: a closed spatial loop.
TEST(Assembler, ClosedLoopOfBallJointsAssemblesWithUnitQuaternions) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  const Body link(MassProperties::fromCentral(1, Vec3(0.25, 0, 0), Inertia(0.001, 0.02, 0.02)));
  MobilizedBody parent = MobilizedBody::Ground(matter);
  std::vector<MobilizedBody> links;
  for (int i = 0; i < 3; ++i) {
    parent = MobilizedBody::Ball(parent, Transform(Vec3(i ? 0.5 : 0.0, 0, 0)), link, Transform());
    links.push_back(parent);
  }
  auto& tie = addConstraint<constraints::Ball>(matter, "tie", 0, Vec3(0.9, 0.3, 0.1), links[2].getIndex(),
                                               Vec3(0.5, 0, 0));
  system.realizeTopology();
  State s = system.getDefaultState();
  links[0].setQ(s, SmallVector(Quaternion(0.95, 0.1, 0.3, -0.2).asVec4()));
  Assembler assembler(system);
  const AssemblyResult r = assembler.assemble(s);
  EXPECT_LT(tie.getPositionErrors(s).norm(), 1e-10);
  EXPECT_LE(r.constraintError, 1e-10);
  for (const auto& b : links) EXPECT_NEAR(b.getQ(s).norm(), 1, 1e-14);
}

TEST(Assembler, ImpossibleLoopNamesTheConstraintAndItsError) {
  FourBar fb(2.5);  // the coupler is longer than a + c + d = 2.0
  State s = fb.system.getDefaultState();
  fb.rocker.setOneQ(s, 0, 0.5);
  Assembler assembler(fb.system);
  assembler.setMaxIterations(30);
  try {
    assembler.assemble(s);
    FAIL() << "expected AssemblyFailure";
  } catch (const AssemblyFailure& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("'coupler' (Rod) still violated by 0.5"), std::string::npos) << msg;
    EXPECT_NE(msg.find("tolerance 1e-10"), std::string::npos) << msg;
  }
}

TEST(Assembler, QuaternionsComeOutNormalizedWithNothingElseToDo) {
  BallPendulum p;
  State s = p.system.getDefaultState();
  const int q0 = p.system.getMatter().getInfo(p.rod.getIndex()).qStart;
  p.system.getMatter().updQ(s).segment<4>(q0) = Vec4(2, 0, 0, 2);
  Assembler(p.system).assemble(s);
  EXPECT_NEAR(p.system.getMatter().getQ(s).segment<4>(q0).norm(), 1.0, 1e-15);
  EXPECT_NEAR(p.system.getMatter().getQ(s)[q0], std::sqrt(0.5), 1e-15);
}

TEST(Assembler, StateLocksAreRespected) {
  FourBar fb;
  State s = fb.system.getDefaultState();
  fb.system.getMatter().lock(s, fb.crank.getIndex(), SmallVector::Constant(1, 1.1));
  fb.rocker.setOneQ(s, 0, 1.0);
  Assembler(fb.system).assemble(s);
  EXPECT_EQ(fb.crank.getOneQ(s, 0), 1.1);
  EXPECT_NEAR(fb.rocker.getOneQ(s, 0), fb.rockerAngle(1.1), 1e-9);
}

TEST(Assembler, BadInputIsRefusedWithNames) {
  FourBar fb;
  Assembler assembler(fb.system);
  EXPECT_THROW(assembler.lockBody(0), Error);
  EXPECT_THROW(assembler.lockMobility(fb.crank.getIndex(), 1), Error);
  EXPECT_THROW(assembler.addCoordinateGoal(7, 0, 0.0), Error);
  EXPECT_THROW(assembler.addCoordinateGoal(fb.crank.getIndex(), 0, 0.0, -1), Error);
  EXPECT_THROW(assembler.setTolerance(0), Error);
  EXPECT_THROW(assembler.setMarkerTarget(0, Vec3::Zero()), Error);
  try {
    assembler.addMarkerGoal("hand", fb.crank.getIndex(), Vec3::Zero(), Vec3::Zero(), 0.0);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("marker 'hand' weight 0"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula::testing
