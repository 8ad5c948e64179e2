// Rosenbrock-W methods: the standard-to-working-form conversion against Verwer's ROS2, measured
// convergence orders with an approximate (partial) Jacobian and with none, stiff damping taken in
// large steps, and agreement with a tight reference.
#include "articula/integrators/RosenbrockW.h"

#include <gtest/gtest.h>

#include <cmath>

#include "IntegratorModels.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/PassiveJointDamping.h"

namespace articula {
namespace {

TEST(RosenbrockW, StandardFormConvertsToVerwersROS2) {
  // ROS2 in the standard form (α21 = 1, γ21 = −2γ, b = (1/2, 1/2), embedded Euler b̂ = (1, 0)) is,
  // in the working form, Verwer et al.'s (I − γhJ)k2 = f(y0 + h k1) − 2 k1, y1 = y0 + h(3/2 k1 + 1/2 k2).
  const Real g = 1 + 1 / std::sqrt(2.0);
  const RosenbrockTableau t = RosenbrockTableau::fromStandard("ros2", 2, 1, g, {{}, {1}}, {{}, {-2 * g}}, {0.5, 0.5},
                                                              {1, 0});
  EXPECT_NEAR(t.a[1][0], 1, 1e-14);
  EXPECT_NEAR(t.C[1][0], -2, 1e-14);
  EXPECT_NEAR(t.b[0], 1.5, 1e-14);
  EXPECT_NEAR(t.b[1], 0.5, 1e-14);
  EXPECT_NEAR(t.e[0], 0.5, 1e-14);
  EXPECT_NEAR(t.e[1], 0.5, 1e-14);
  EXPECT_EQ(t.c[1], 1);
}

TEST(RosenbrockW, TableauSizesAreChecked) {
  RosenbrockTableau bad{"bad", 2, 1, 0.5, {0, 1}, {{}, {1}}, {{}}, {0.5, 0.5}, {0.5, 0.5}};
  testing::PendulumModel m(1);
  EXPECT_THROW(RosenbrockWIntegrator(m.system, bad), Error);
}

// Without any Jacobian source (gravity only) J = 0: a W-method keeps its order.
TEST(RosenbrockW2, ConvergenceOrderWithoutJacobian) { testing::expectOrder<RosenbrockW2Integrator>(2, 1e-2, 2e-2); }
TEST(RosenbrockW3, ConvergenceOrderWithoutJacobian) { testing::expectOrder<RosenbrockW3Integrator>(3, 2e-2, 4e-2); }

// With a partial Jacobian (the joint dampers' exact D; the springs and gravity left out).
template <class Method>
Real orderWithPartialJacobian() {
  testing::PendulumModel m(2, 0.8, [](GeneralForceSubsystem& f) {
    f.addForce(std::make_unique<PassiveJointDamping>(0.3)).setDampRootJoints(true);
    f.addForce(std::make_unique<MobilityLinearSpring>(1, 0, 5.0, 0.1, "spring"));
  });
  const Vector ref = testing::reference(m.system, m.state, 2.0);
  return testing::measuredOrder<Method>(m.system, m.state, 2e-2, 2.0, ref);
}

TEST(RosenbrockW2, ConvergenceOrderWithPartialJacobian) {
  EXPECT_NEAR(orderWithPartialJacobian<RosenbrockW2Integrator>(), 2, 0.3);
}
TEST(RosenbrockW3, ConvergenceOrderWithPartialJacobian) {
  EXPECT_NEAR(orderWithPartialJacobian<RosenbrockW3Integrator>(), 3, 0.3);
}

TEST(RosenbrockW3, GlobalErrorFollowsAccuracy) {
  // Error-per-step control with an order-2 estimate of an order-3 step: error ~ α^(3/3).
  EXPECT_NEAR(testing::accuracySlope<RosenbrockW3Integrator>(), 1, 0.3);
}

// A pendulum in a very stiff damper (time constant I/c ≈ 0.1 ms) creeps down under gravity. An
// explicit method is stable only for h < 2 I/c; the W-method follows the slow motion in steps
// set by accuracy, and agrees with a tight explicit reference.
TEST(RosenbrockW3, StiffDampingInLargeSteps) {
  testing::PendulumModel m(2, 1.0, [](GeneralForceSubsystem& f) {
    f.addForce(std::make_unique<PassiveJointDamping>(2000.0)).setDampRootJoints(true);
  });
  const Real T = 1.0;
  const Vector ref = testing::reference(m.system, m.state, T);
  RosenbrockW3Integrator w(m.system);
  const Vector yW = testing::runControlled(w, m.state, 1e-4, T);
  RungeKuttaMersonIntegrator rk(m.system);
  testing::runControlled(rk, m.state, 1e-4, T);
  EXPECT_LT((yW - ref).cwiseAbs().maxCoeff(), 1e-4);
  EXPECT_LT(w.getStatistics().stepsTaken * 20, rk.getStatistics().stepsTaken)
      << "W3 " << w.getStatistics().stepsTaken << " steps, Merson " << rk.getStatistics().stepsTaken;
  std::printf("[ stiff ] RosenbrockW3 %lld steps, RungeKuttaMerson %lld steps\n",
              static_cast<long long>(w.getStatistics().stepsTaken),
              static_cast<long long>(rk.getStatistics().stepsTaken));
}

// A ball thrown spinning onto the floor: it bounces, slides, and friction (a steep damper below
// the transition speed) brings it to rolling. W3 with the contact Jacobian agrees with a tight
// explicit reference and needs far fewer steps than Merson at the same accuracy.
TEST(RosenbrockW3, BallWithFrictionMatchesReference) {
  MultibodySystem system("ball");
  MobilizedBody ball = MobilizedBody::Free(
      MobilizedBody::Ground(system.updMatter()),
      Body(MassProperties::fromCentral(1, Vec3::Zero(), Inertia(4e-3, 4e-3, 4e-3))), "ball");
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  contact.addSurface(ball.getIndex(), Transform(), ContactShape::sphere(0.1), ContactMaterial::rubber(), "ball");
  State s = system.realizeTopology();
  system.getMatter().updQ(s).segment<3>(4) = Vec3(0, 0, 0.3);
  system.getMatter().updU(s) << 0, 8, 0, 1.5, 0, -1;  // backspin, moving along x, falling
  const Real T = 1.0;
  const Vector ref = testing::reference(system, s, T);
  RosenbrockW3Integrator w(system);
  const Vector yW = testing::runControlled(w, s, 1e-5, T);
  RungeKuttaMersonIntegrator rk(system);
  const Vector yM = testing::runControlled(rk, s, 1e-5, T);
  // Relative to the speeds (13 rad/s of spin at the end). α bounds the error per step, so over
  // ~500 steps and two impacts the global error may reach ~100α; it must shrink with α.
  auto relErr = [&](const Vector& y) { return ((y - ref).array().abs() / ref.array().abs().max(1.0)).maxCoeff(); };
  const Real err = relErr(yW);
  EXPECT_LT(err, 100 * 1e-5) << "W3 - ref " << (yW - ref).transpose() << "\nMerson - ref " << (yM - ref).transpose();
  RosenbrockW3Integrator tight(system);
  const Real errTight = relErr(testing::runControlled(tight, s, 1e-7, T));
  EXPECT_LT(errTight, err / 10);
  EXPECT_LT(w.getStatistics().stepsTaken * 3, rk.getStatistics().stepsTaken)
      << "W3 " << w.getStatistics().stepsTaken << " steps, Merson " << rk.getStatistics().stepsTaken;
  std::printf("[ contact ] RosenbrockW3 %lld steps, RungeKuttaMerson %lld steps, relative error %.1e (at 1e-7: %.1e)\n",
              static_cast<long long>(w.getStatistics().stepsTaken),
              static_cast<long long>(rk.getStatistics().stepsTaken), err, errTight);
}

// A branched body on the floor (free torso, two pinned legs with damped knees, spheres at the feet
// and the hip): with contact against Ground only, M − hγD − (hγ)²K keeps M's tree pattern, every
// factorization goes to TreeLU, and the run matches the dense LU's to round-off.
TEST(RosenbrockW3, TreeLUMatchesDenseLUWithGroundContact) {
  testing::WalkerModel walker;
  const MultibodySystem& system = walker.system;
  const State& s = walker.state;
  RosenbrockW3Integrator tree(system), dense(system), structured(system);
  tree.setUseStructuredSolve(false);
  dense.setUseStructuredSolve(false);
  dense.setUseTreeLU(false);
  const Vector yT = testing::runControlled(tree, s, 1e-6, 1.0);
  const Vector yS = testing::runControlled(structured, s, 1e-6, 1.0);
  const Vector yD = testing::runControlled(dense, s, 1e-6, 1.0);
  EXPECT_EQ(tree.getNumTreeFactorizations(), tree.getNumFactorizations());
  EXPECT_GT(tree.getNumFactorizations(), 10);
  EXPECT_EQ(dense.getNumTreeFactorizations(), 0);
  // Pivot order differs, so round-off differs, and the step-size decisions of a contact run amplify
  // it over 1 s: a 1e-14 change of one initial speed alone moves the end state by 1e-6 here.
  EXPECT_LT((yT - yD).cwiseAbs().maxCoeff(), 1e-5);
  // The O(n) structured solve (by default): every factorization, without the geometric term of K
  // (a different W-matrix, so a different but equally accurate solution at 1e-6).
  EXPECT_EQ(structured.getNumStructuredFactorizations(), structured.getNumFactorizations());
  EXPECT_GT(structured.getNumFactorizations(), 10);
  EXPECT_LT((yS - yD).cwiseAbs().maxCoeff(), 1e-4);
}

// Two free bodies colliding: the contact couples both bodies' mobilities, off the tree pattern, so
// TreeLU steps fall back to the dense LU during the impact; the structured solve takes the contact
// as a low-rank (Woodbury) correction unless its pairs' rank 6·pairs exceeds the mobilities, and
// then falls back too. Every variant matches the dense-only run.
void expectTwoBodyImpactMatchesDense(int spheresPerBody, bool structuredThroughout) {
  MultibodySystem system("pair");
  auto& matter = system.updMatter();
  const Body ballBody(MassProperties::fromCentral(1, Vec3::Zero(), Inertia(4e-3, 4e-3, 4e-3)));
  MobilizedBody a = MobilizedBody::Free(MobilizedBody::Ground(matter), ballBody, "a");
  MobilizedBody b = MobilizedBody::Free(MobilizedBody::Ground(matter), ballBody, "b");
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  for (int i = 0; i < spheresPerBody; ++i) {  // side by side along y: every pair of the two rows meets
    const Transform X_BS(Vec3(0, 0.04 * (i - 0.5 * (spheresPerBody - 1)), 0));
    contact.addSurface(a.getIndex(), X_BS, ContactShape::sphere(0.1), ContactMaterial::rubber(),
                       "a" + std::to_string(i));
    contact.addSurface(b.getIndex(), X_BS, ContactShape::sphere(0.1), ContactMaterial::rubber(),
                       "b" + std::to_string(i));
  }
  State s = system.realizeTopology();
  system.getMatter().updQ(s).segment<3>(4) = Vec3(-0.3, 0, 0);
  system.getMatter().updQ(s).segment<3>(11) = Vec3(0.3, 0.05, 0);
  system.getMatter().updU(s).segment<3>(3) = Vec3(2, 0, 0);
  system.getMatter().updU(s).segment<3>(9) = Vec3(-2, 0, 0);
  RosenbrockW3Integrator tree(system), dense(system), structured(system);
  tree.setUseStructuredSolve(false);
  dense.setUseStructuredSolve(false);
  dense.setUseTreeLU(false);
  for (Integrator* integ :
       {static_cast<Integrator*>(&tree), static_cast<Integrator*>(&dense), static_cast<Integrator*>(&structured)}) {
    IntegratorSettings set = integ->getSettings();
    set.maximumStepSize = 0.01;  // free flight has no error to stop a step from jumping the impact
    integ->setSettings(set);
  }
  const Vector yT = testing::runControlled(tree, s, 1e-6, 0.3);
  const Vector yD = testing::runControlled(dense, s, 1e-6, 0.3);
  const Vector yS = testing::runControlled(structured, s, 1e-6, 0.3);
  EXPECT_GT(tree.getNumTreeFactorizations(), 0);  // before and after the impact
  EXPECT_LT(tree.getNumTreeFactorizations(), tree.getNumFactorizations());
  EXPECT_LT((yT - yD).cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_GT(structured.getNumStructuredFactorizations(), 0);
  if (structuredThroughout) EXPECT_EQ(structured.getNumStructuredFactorizations(), structured.getNumFactorizations());
  else EXPECT_LT(structured.getNumStructuredFactorizations(), structured.getNumFactorizations());
  EXPECT_LT((yS - yD).cwiseAbs().maxCoeff(), 1e-5);
  EXPECT_LT(yT[system.getMatter().getNQ() + 3], 0) << "body a bounced back";
}

TEST(RosenbrockW3, TwoBodyContactIsALowRankCorrectionOfTheStructuredSolve) { expectTwoBodyImpactMatchesDense(1, true); }

// Three spheres a side: up to nine touching pairs, rank 54 > 12 mobilities: dense steps then.
TEST(RosenbrockW3, ManyTwoBodyPairsFallBackToDenseLU) { expectTwoBodyImpactMatchesDense(3, false); }

// A locked mobilizer is outside the O(n) structured solve: every step takes the dense path, and
// the locked speed stays zero.
TEST(RosenbrockW3, LockedMobilizerUsesTheDensePath) {
  testing::PendulumModel m(3, 1.2);
  State s = m.state;
  m.links[1].lock(s);
  RosenbrockW3Integrator integ(m.system);
  integ.setAccuracy(1e-6);
  integ.initialize(s);
  while (integ.getTime() < 0.5) integ.stepTo(0.5);
  EXPECT_GT(integ.getNumFactorizations(), 10);
  EXPECT_EQ(integ.getNumStructuredFactorizations(), 0);
  EXPECT_NEAR(integ.getState().getU()[1], 0, 1e-12);  // round-off: the dense solve does not pin it exactly
  EXPECT_NE(integ.getState().getU()[0], 0);
}

TEST(RosenbrockW, SelectableByName) {
  testing::PendulumModel m(1);
  EXPECT_STREQ(makeIntegrator("RosenbrockW2", m.system)->getMethodName(), "RosenbrockW2");
  EXPECT_STREQ(makeIntegrator("RosenbrockW3", m.system)->getMethodName(), "RosenbrockW3");
}

}  // namespace
}  // namespace articula
