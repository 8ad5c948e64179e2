// PrescribedMotion (constraint form): a driven joint of a pendulum chain follows its function of
// time while the chain is integrated; the multiplier's force equals inverse dynamics of the
// resulting motion; derivative checks including the time dependence.
#include <gtest/gtest.h>

#include <cmath>

#include "MobilityModels.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

TEST(PrescribedMotion, DrivenJointFollowsItsFunctionAndForcesMatchInverseDynamics) {
  Chain c;
  const FunctionPtr f = functions::sinusoid(0.6, 2.0, 0.3, 0.1);
  const auto& pm = addConstraint<constraints::PrescribedMotion>(c.sys.updMatter(), "drive", c.links[1].getIndex(), 0,
                                                                f);
  c.sys.realizeTopology();
  const MatterSubsystem& m = c.sys.getMatter();
  State s = c.sys.getDefaultState();
  m.updQ(s) = Eigen::Vector3d(0.2, f->value(0), -0.1);
  m.updU(s) = Eigen::Vector3d(0, f->derivative(0), 0);
  c.sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(m.getUDot(s)[1], f->secondDerivative(0), 1e-12);
  EXPECT_LT(inverseDynamicsMinusConstraintForce(m, s, pm).norm(), 1e-10);

  auto integ = makeIntegrator("RungeKuttaMerson", c.sys);
  integ->setAccuracy(1e-7);
  integ->initialize(s);
  Real worst = 0;
  for (int i = 1; i <= 30; ++i) {
    integ->stepTo(0.1 * i);
    const State& st = integ->getState();
    worst = std::max(worst, std::abs(c.links[1].getOneQ(st, 0) - f->value(st.getTime())));
  }
  EXPECT_LT(worst, 1e-6);
}

TEST(PrescribedMotion, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 6;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 1000);
    int body = 1;
    while (t.matter().getInfo(body).nq == 0) ++body;
    const auto& c = addConstraint<constraints::PrescribedMotion>(t.matter(), "pm", body, 0,
                                                                 functions::sinusoid(0.5, 3.0, 0.2));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    s.setTime(0.4);
    checkConstraintDerivatives(*t.system, c, s, std::string("PrescribedMotion seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
