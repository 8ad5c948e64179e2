#include "articula/forces/RangeOfMotionLimit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ForceTestModels.h"
#include "articula/forces/Gravity.h"

namespace articula {
namespace {

using testing::mentions;
using Axis = RangeOfMotionLimit::Axis;
constexpr CoordinateAxis kAxes[3] = {CoordinateAxis::X, CoordinateAxis::Y, CoordinateAxis::Z};

// ---- the swing-twist decomposition -----------------------------------------------------------

TEST(RangeOfMotionLimit, SwingTwistOfPureRotationsIsTheAngle) {
  for (Real a : {0.3, -1.1, 2.9}) {
    // Twist about z: rotations about x and y are swings, about z the twist.
    EXPECT_TRUE(
        RangeOfMotionLimit::swingTwistAngles(Rotation::aboutX(a), CoordinateAxis::Z).isApprox(Vec3(a, 0, 0), 1e-13));
    EXPECT_TRUE(
        RangeOfMotionLimit::swingTwistAngles(Rotation::aboutY(a), CoordinateAxis::Z).isApprox(Vec3(0, a, 0), 1e-13));
    EXPECT_TRUE(
        RangeOfMotionLimit::swingTwistAngles(Rotation::aboutZ(a), CoordinateAxis::Z).isApprox(Vec3(0, 0, a), 1e-13));
    // The same with twist about x and about y.
    EXPECT_TRUE(
        RangeOfMotionLimit::swingTwistAngles(Rotation::aboutX(a), CoordinateAxis::X).isApprox(Vec3(a, 0, 0), 1e-13));
    EXPECT_TRUE(
        RangeOfMotionLimit::swingTwistAngles(Rotation::aboutZ(a), CoordinateAxis::Y).isApprox(Vec3(0, 0, a), 1e-13));
  }
  EXPECT_EQ(RangeOfMotionLimit::swingTwistAngles(Rotation(), CoordinateAxis::Z), Vec3::Zero());
}

TEST(RangeOfMotionLimit, SwingTwistRoundTrips) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> swing(-2.0, 2.0), twist(-3.0, 3.0);
  for (CoordinateAxis t : kAxes) {
    const int k = static_cast<int>(t);
    for (int trial = 0; trial < 50; ++trial) {
      Vec3 a(swing(rng), swing(rng), swing(rng));
      a[k] = twist(rng);
      const Rotation R = RangeOfMotionLimit::rotationFromSwingTwist(a, t);
      EXPECT_TRUE(RangeOfMotionLimit::swingTwistAngles(R, t).isApprox(a, 1e-11))
          << "twist axis " << k << " " << a.transpose();
      // The swing leaves the twist axis where the swing alone puts it: R e_k = R_swing e_k.
      Vec3 swingOnly = a;
      swingOnly[k] = 0;
      EXPECT_TRUE(
          R.matrix().col(k).isApprox(RangeOfMotionLimit::rotationFromSwingTwist(swingOnly, t).matrix().col(k), 1e-12));
    }
  }
}

// thetadot = J w_F checked by central differences of the angles along R(h) = exp(h [w]) R.
TEST(RangeOfMotionLimit, SwingTwistJacobianMatchesDifferences) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<Real> swing(-2.3, 2.3), twist(-2.8, 2.8), wd(-1, 1);
  for (CoordinateAxis t : kAxes) {
    const int k = static_cast<int>(t);
    for (int trial = 0; trial < 40; ++trial) {
      Vec3 a(swing(rng), swing(rng), swing(rng));
      a[k] = twist(rng);
      if (trial == 0) a = Vec3::Zero();  // the series branch at zero swing
      if (trial == 1) a = Vec3(1e-6, -2e-6, 1e-6);
      const Rotation R = RangeOfMotionLimit::rotationFromSwingTwist(a, t);
      const Vec3 w(wd(rng), wd(rng), wd(rng));
      Mat33 J;
      RangeOfMotionLimit::swingTwistAnglesAndJacobian(R, t, J);
      const Real h = 1e-6;
      const Vec3 ap = RangeOfMotionLimit::swingTwistAngles(Rotation::aboutAxis(h * w.norm(), w) * R, t);
      const Vec3 am = RangeOfMotionLimit::swingTwistAngles(Rotation::aboutAxis(-h * w.norm(), w) * R, t);
      const Vec3 fd = (ap - am) / (2 * h);
      EXPECT_LT((J * w - fd).norm(), 1e-7 * (1 + fd.norm()))
          << "axis " << k << " a " << a.transpose() << "\nJw " << (J * w).transpose() << "\nfd " << fd.transpose();
    }
  }
}

// ---- the limit on a Ball joint ---------------------------------------------------------------

struct BallModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces;
  MobilizedBody arm;
  BallModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    arm = MobilizedBody::Ball(ground, Transform(Rotation::aboutX(0.3), Vec3(0, 1, 0)),
                              testing::massBody(2.0, Vec3(0, -0.4, 0.05), Vec3(0.03, 0.01, 0.03)),
                              Transform(Rotation::aboutY(0.2), Vec3::Zero()));
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

std::array<Axis, 3> symmetricAxes(Real swingLimit, Real twistLimit, CoordinateAxis t, Real k, Real c) {
  std::array<Axis, 3> axes;
  for (int i = 0; i < 3; ++i) {
    const Real lim = i == static_cast<int>(t) ? twistLimit : swingLimit;
    axes[i] = Axis{-lim, lim, k, c};
  }
  return axes;
}

TEST(RangeOfMotionLimit, BallIsFreeInsideItsBounds) {
  BallModel model;
  auto& rom = model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
      model.arm, CoordinateAxis::Y,
      std::array<Axis, 3>{Axis{-0.5, 1.0, 40, 2}, Axis{-1.2, 0.3, 40, 2}, Axis{-0.4, 0.6, 40, 2}}));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  std::mt19937 rng(3);
  std::uniform_real_distribution<Real> ux(-0.49, 0.99), uy(-1.19, 0.29), uz(-0.39, 0.59), w(-3, 3);
  for (int trial = 0; trial < 30; ++trial) {
    const Vec3 a(ux(rng), uy(rng), uz(rng));
    const Quaternion q = RangeOfMotionLimit::rotationFromSwingTwist(a, CoordinateAxis::Y).toQuaternion();
    model.arm.setQ(s, q.asVec4());
    model.arm.setU(s, Vec3(w(rng), w(rng), w(rng)));
    model.system.realize(s, Stage::Velocity);
    EXPECT_TRUE(rom.calcAngles(s, matter).isApprox(a, 1e-12));
    const auto f = testing::evalElement(rom, s, matter);
    EXPECT_EQ(f.body[1], SpatialVec::Zero());
    EXPECT_EQ(rom.calcPotentialEnergy(s, matter), 0.0);
    EXPECT_EQ(rom.calcPower(s, matter), 0.0);
  }
}

// Outside the bounds the torque is the negative gradient of PE along qdot = N u, for every
// twist axis and on quaternion Balls, Euler Balls, a Gimbal, a reversed Ball and a Free joint.
TEST(RangeOfMotionLimit, TorqueIsPotentialGradientOnEveryOrientationJoint) {
  for (CoordinateAxis t : kAxes) {
    testing::OrientationModel model;
    std::vector<RangeOfMotionLimit*> limits;
    for (int b = 1; b <= 5; ++b)
      limits.push_back(&model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
          b, t, symmetricAxes(0.05, 0.08, t, 30.0 + b, 0.0), "rom" + std::to_string(b))));
    State s = model.system.realizeTopology();
    const MatterSubsystem& matter = model.system.getMatter();
    testing::setSomeMotion(model.system, s, 0.3 + static_cast<int>(t), 0.6);
    matter.updU(s).setZero();  // at rest the limit is a pure spring
    model.system.realize(s, Stage::Velocity);
    for (const RangeOfMotionLimit* rom : limits) {
      ASSERT_GT(rom->calcPotentialEnergy(s, matter), 1e-3) << rom->getName() << " must be outside its bounds";
      const Vector f = testing::generalizedForce(*rom, s, matter);
      const Vector d = testing::potentialDerivativeAlongU(*rom, model.system, s);
      EXPECT_LT((f + d).norm(), 1e-6 * (1 + f.norm())) << rom->getName() << " twist axis " << static_cast<int>(t)
                                                       << "\nf   " << f.transpose() << "\n-dPE " << -d.transpose();
    }
  }
}

// In motion: power matches F . V, the non-conservative part (damping) is never positive, and with
// zero damping the power is -dPE/dt.
TEST(RangeOfMotionLimit, PowerMatchesDefinitionAndDampingOnlyDissipates) {
  testing::OrientationModel model;
  std::vector<RangeOfMotionLimit*> damped, undamped;
  for (int b = 1; b <= 5; ++b) {
    damped.push_back(&model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
        b, CoordinateAxis::Z, symmetricAxes(0.1, 0.1, CoordinateAxis::Z, 20, 3), "damped" + std::to_string(b))));
    undamped.push_back(&model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
        b, CoordinateAxis::X, symmetricAxes(0.1, 0.1, CoordinateAxis::X, 20, 0), "spring" + std::to_string(b))));
  }
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, 1.7 * trial, 0.6);
    for (const RangeOfMotionLimit* rom : damped) {
      const Real p = rom->calcPower(s, matter);
      EXPECT_NEAR(p, testing::powerFromForces(*rom, s, matter), 1e-11 * (1 + std::abs(p))) << rom->getName();
      EXPECT_LE(rom->calcNonConservativePower(s, matter), 1e-14) << rom->getName();
    }
    for (const RangeOfMotionLimit* rom : undamped) {
      const Real p = rom->calcPower(s, matter);
      EXPECT_NEAR(p, testing::powerFromForces(*rom, s, matter), 1e-11 * (1 + std::abs(p))) << rom->getName();
      EXPECT_NEAR(p, -testing::potentialRate(*rom, model.system, s), 1e-6 * (1 + std::abs(p))) << rom->getName();
      EXPECT_NEAR(rom->calcNonConservativePower(s, matter), 0.0, 1e-12 * (1 + std::abs(p)));
    }
  }
}

// The torque acts between parent and child: equal and opposite body torques, no forces.
TEST(RangeOfMotionLimit, OrientationTorqueIsAnInternalPair) {
  testing::OrientationModel model;
  auto& rom = model.forces->addForce(
      std::make_unique<RangeOfMotionLimit>(3, CoordinateAxis::Z, symmetricAxes(0.05, 0.05, CoordinateAxis::Z, 10, 1)));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.5, 0.6);
  const auto f = testing::evalElement(rom, s, matter);
  EXPECT_GT(f.body[3].head<3>().norm(), 1e-3);
  EXPECT_LT((f.body[3] + f.body[2]).norm(), 1e-15);
  EXPECT_EQ(f.body[3].tail<3>(), Vec3::Zero());
  for (int b : {0, 1, 4, 5}) EXPECT_EQ(f.body[b], SpatialVec::Zero());
}

// ---- the limit on one coordinate (Pin) ----------------------------------------------------------

TEST(RangeOfMotionLimit, PinLimitIsSpringDamperOnlyOutsideAndNeverPulls) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin knee(ground, Transform(), testing::massBody(3, Vec3(0, -0.4, 0), Vec3(0.05, 0.01, 0.05)),
                          Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  const Real k = 120, c = 5;
  auto& rom = forces.addForce(std::make_unique<RangeOfMotionLimit>(knee, 0, Axis{0.0, 2.4, k, c}, "knee"));
  State s = system.realizeTopology();
  auto torque = [&](Real q, Real u) {
    knee.setOneQ(s, 0, q);
    knee.setOneU(s, 0, u);
    system.realize(s, Stage::Velocity);
    const Real tau = rom.calcAxisTorques(s, matter)[0];
    EXPECT_EQ(testing::evalElement(rom, s, matter).mobility[0], tau);
    return tau;
  };
  EXPECT_EQ(torque(1.0, 5.0), 0.0) << "inside: no spring and no damping";
  EXPECT_EQ(torque(2.4, 5.0), 0.0);
  EXPECT_NEAR(torque(2.5, 0.0), -k * 0.1, 1e-12);
  EXPECT_NEAR(torque(2.5, 1.0), -(k * 0.1 + c * 1.0), 1e-12);
  EXPECT_NEAR(torque(2.5, -1.0), -(k * 0.1 - c * 1.0), 1e-12);
  EXPECT_EQ(torque(2.5, -10.0), 0.0) << "springing back fast: zero, not a pull";
  EXPECT_NEAR(torque(-0.2, -1.0), k * 0.2 + c * 1.0, 1e-12);
  EXPECT_EQ(torque(-0.2, 10.0), 0.0);
  EXPECT_NEAR(rom.calcPotentialEnergy(s, matter), 0.5 * k * 0.04, 1e-12);
}

// The linearization for implicit integrators: D = ∂τ/∂u against differences of the generalized
// force on every orientation joint in motion (exact: θdot = J w is linear in u), and on a Pin
// both D and K = (∂τ/∂q) N (exact there) against differences.
TEST(RangeOfMotionLimit, ForceJacobianMatchesDifferences) {
  testing::OrientationModel model;
  std::vector<RangeOfMotionLimit*> limits;
  for (int b = 1; b <= 5; ++b)
    limits.push_back(&model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
        b, CoordinateAxis::Z, symmetricAxes(0.05, 0.08, CoordinateAxis::Z, 30.0, 0.5), "rom" + std::to_string(b))));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.7, 0.6);
  const int nu = matter.getNU();
  for (const RangeOfMotionLimit* rom : limits) {
    ASSERT_GT(rom->calcPotentialEnergy(s, matter), 1e-3) << rom->getName() << " must be outside its bounds";
    Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
    rom->addInForceJacobian(s, matter, D, K);
    Matrix Dfd(nu, nu);
    for (int j = 0; j < nu; ++j) {
      State p = s, m = s;
      p.updU()[j] += 1e-7;
      m.updU()[j] -= 1e-7;
      model.system.realize(p, Stage::Velocity);
      model.system.realize(m, Stage::Velocity);
      Dfd.col(j) = (testing::generalizedForce(*rom, p, matter) - testing::generalizedForce(*rom, m, matter)) / 2e-7;
    }
    EXPECT_GT(Dfd.norm(), 0) << rom->getName();
    EXPECT_LT((D - Dfd).norm(), 1e-6 * Dfd.norm()) << rom->getName() << "\nD\n" << D << "\nFD\n" << Dfd;
    // The structured form (for the O(n) implicit solve) holds the same matrices in the body's block.
    const testing::DenseTreeJacobian tree = testing::densifyTreeJacobian(*rom, matter, s);
    EXPECT_TRUE(tree.accepted) << rom->getName();
    EXPECT_EQ(tree.bodyTerms, 0) << rom->getName();
    EXPECT_LT((tree.D - D).norm(), 1e-14 * D.norm()) << rom->getName();
    EXPECT_LT((tree.K - K).norm(), 1e-14 * K.norm() + 1e-300) << rom->getName();
  }

  MultibodySystem system;
  MobilizedBody::Pin knee(MobilizedBody::Ground(system.updMatter()), Transform(),
                          testing::massBody(3, Vec3(0, -0.4, 0), Vec3(0.05, 0.01, 0.05)), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& pin = forces.addForce(std::make_unique<RangeOfMotionLimit>(knee, 0, Axis{0.0, 2.4, 120, 5}, "knee"));
  State sp = system.realizeTopology();
  auto tau = [&](Real q, Real u) {
    knee.setOneQ(sp, 0, q);
    knee.setOneU(sp, 0, u);
    system.realize(sp, Stage::Velocity);
    return testing::generalizedForce(pin, sp, system.getMatter())[0];
  };
  const Real dtau_dq = (tau(2.5 + 1e-6, 0.3) - tau(2.5 - 1e-6, 0.3)) / 2e-6;
  const Real dtau_du = (tau(2.5, 0.3 + 1e-6) - tau(2.5, 0.3 - 1e-6)) / 2e-6;
  tau(2.5, 0.3);
  Matrix D = Matrix::Zero(1, 1), K = Matrix::Zero(1, 1);
  pin.addInForceJacobian(sp, system.getMatter(), D, K);
  EXPECT_NEAR(D(0, 0), dtau_du, 1e-6);
  EXPECT_NEAR(K(0, 0), dtau_dq, 1e-5);
  tau(1.0, 0.3);  // inside: no contribution
  D.setZero(), K.setZero();
  pin.addInForceJacobian(sp, system.getMatter(), D, K);
  EXPECT_EQ(D(0, 0), 0);
  EXPECT_EQ(K(0, 0), 0);
}

// A Ball pendulum under gravity swinging into its limits: the RK4 bookkeeping closes with the
// limit's damping as the only non-conservative work. The damping switches on at the bound (a
// jump of c xdot on entry), so RK4 loses order at each entry: the drift is small and shrinks
// with the step rather than being at rounding level.
TEST(RangeOfMotionLimit, BallPendulumEnergyBookkeepingCloses) {
  Real drift[2];
  for (int pass = 0; pass < 2; ++pass) {
    BallModel model;
    model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
    auto& rom = model.forces->addForce(std::make_unique<RangeOfMotionLimit>(
        model.arm, CoordinateAxis::Y,
        std::array<Axis, 3>{Axis{-0.3, 0.3, 200, 4}, Axis{-0.2, 0.2, 50, 1}, Axis{-0.3, 0.3, 200, 4}}));
    State s = model.system.realizeTopology();
    model.arm.setU(s, Vec3(2.5, 1.5, -1.0));
    const Real dt = pass == 0 ? 2e-4 : 1e-4;
    const auto run = testing::runRK4(model.system, *model.forces, s, dt, static_cast<int>(std::lround(1.0 / dt)));
    EXPECT_LT(run.work, -0.5) << "the limit's damping must have worked";
    EXPECT_LT(run.maxDrift, 3e-8 * run.energy0) << "dt " << dt << " E0 " << run.energy0 << " W " << run.work;
    EXPECT_LT(rom.calcAngles(s, model.system.getMatter()).cwiseAbs().maxCoeff(), 0.6);
    drift[pass] = run.maxDrift;
  }
  EXPECT_LT(drift[1], 0.5 * drift[0]) << "the bookkeeping error must shrink with the step";
}

TEST(RangeOfMotionLimit, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { RangeOfMotionLimit(1, 0, Axis{0.5, -0.5, 10, 1}, "hip"); });
  EXPECT_TRUE(mentions(msg, {"RangeOfMotionLimit", "hip", "lower bound 0.5", "upper bound -0.5"})) << msg;
  msg = errorMessage([] {
    RangeOfMotionLimit(1, CoordinateAxis::Z,
                       std::array<Axis, 3>{Axis{-1, 1, 10, 1}, Axis{-1, 1, -10, 1}, Axis{-1, 1, 10, 1}}, "hip");
  });
  EXPECT_TRUE(mentions(msg, {"hip", "y axis stiffness", "-10"})) << msg;
  msg = errorMessage([] {
    RangeOfMotionLimit(1, CoordinateAxis::Z,
                       std::array<Axis, 3>{Axis{-1, 1, 10, 1}, Axis{-1, 1, 10, 1}, Axis{-1, 1, 10, NAN}}, "hip");
  });
  EXPECT_TRUE(mentions(msg, {"hip", "z axis damping", "nan"})) << msg;
  msg = errorMessage([] { RangeOfMotionLimit(1, 0, Axis{NAN, 1, 10, 1}, "hip"); });
  EXPECT_TRUE(mentions(msg, {"hip", "bounds", "nan"})) << msg;
  {
    BallModel model;
    model.forces->addForce(std::make_unique<RangeOfMotionLimit>(9, CoordinateAxis::Z,
                                                                symmetricAxes(1, 1, CoordinateAxis::Z, 1, 0), "hip"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"hip", "body 9"})) << msg;
  }
  {
    BallModel model;
    model.forces->addForce(std::make_unique<RangeOfMotionLimit>(0, CoordinateAxis::Z,
                                                                symmetricAxes(1, 1, CoordinateAxis::Z, 1, 0), "hip"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"hip", "body 0", "Ground"})) << msg;
  }
  {
    BallModel model;  // a quaternion entry is no angle
    model.forces->addForce(std::make_unique<RangeOfMotionLimit>(model.arm, 1, Axis{-1, 1, 1, 0}, "hip"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"hip", "whichQ 1", "quaternion"})) << msg;
  }
}

}  // namespace
}  // namespace articula
