// CvodeIntegrator (SUNDIALS CVODE BDF and Adams with coordinate projection): accuracy follows α,
// quaternions stay normalized through the projection callback, a stiff joint where BDF takes far
// fewer steps than RungeKuttaMerson for the same answer, Adams on a smooth problem, dense output,
// limits and statistics, and failures that name the time and the cause.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "IntegratorModels.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/CvodeIntegrator.h"

namespace articula {
namespace {

using Method = CvodeIntegrator::Method;

// A visco-elastic joint: generalized force -k q - c u on a pin. Kept local (a ForceSubsystem)
// so the test depends only on the matter layer's force interface.
class JointSpringDamper : public ForceSubsystem {
 public:
  JointSpringDamper(MobilizedBody body, Real k, Real c) : ForceSubsystem("joint"), body_(body), k_(k), c_(c) {}
  void addInForces(const State& s, std::vector<SpatialVec>&, Vector& mobilityForces) const override {
    mobilityForces[body_.getInfo().uStart] += -k_ * body_.getOneQ(s, 0) - c_ * body_.getOneU(s, 0);
  }
  Real calcPotentialEnergy(const State& s) const override { return 0.5 * k_ * std::pow(body_.getOneQ(s, 0), 2); }

 private:
  MobilizedBody body_;
  Real k_, c_;
};

// A generalized force that misbehaves from time tBad on: NaN, or an Error thrown.
class FaultyForce : public ForceSubsystem {
 public:
  FaultyForce(MobilizedBody body, Real tBad, bool throws)
      : ForceSubsystem("faulty"), body_(body), tBad_(tBad), throws_(throws) {}
  void addInForces(const State& s, std::vector<SpatialVec>&, Vector& mobilityForces) const override {
    if (s.getTime() < tBad_) return;
    if (throws_) throw Error("FaultyForce: actuator model failed");
    mobilityForces[body_.getInfo().uStart] += std::nan("");
  }

 private:
  MobilizedBody body_;
  Real tBad_;
  bool throws_;
};

// A double pendulum whose knee is a stiff, heavily damped joint (k = 1e4 N m/rad, c = 1e3 N m s/rad):
// eigenvalues near -c/I ≈ -4e3 /s (decays at once) and -k/c = -10 /s (quasi-static creep), far
// from the 3 rad/s swing. Explicit methods are held to |h λ| ≲ 3 by stability; BDF is not.
struct StiffKneeModel {
  MultibodySystem system;
  MobilizedBody thigh, shank;
  State state;
  StiffKneeModel(Real k = 1e4, Real c = 1e3) {
    MatterSubsystem& matter = system.updMatter();
    const Body link(MassProperties::fromCentral(1.0, Vec3(0, -0.5, 0), Inertia(0.02, 0.001, 0.02)));
    thigh = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(), link, Transform(), Direction::Forward,
                               "thigh");
    shank = MobilizedBody::Pin(thigh, Transform(Vec3(0, -1, 0)), link, Transform(), Direction::Forward, "shank");
    system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
        .addForce(std::make_unique<Gravity>(Vec3(0, -testing::kG, 0)));
    system.addForceSubsystem(std::make_unique<JointSpringDamper>(shank, k, c));
    state = system.realizeTopology();
    thigh.setOneQ(state, 0, 0.8);
  }
};

Real maxAbs(const Vector& v) { return v.cwiseAbs().maxCoeff(); }

// Steps (never past t) until the integrator's reported time is t; bounded, so a bug cannot hang.
void advanceTo(Integrator& integ, Real t) {
  for (int calls = 0; integ.getTime() < t; ++calls) {
    ASSERT_LT(calls, 1000) << "no progress towards t = " << t;
    integ.stepTo(t, t);
  }
}

Real quaternionNormError(const State& s) {
  const Eigen::Vector4d q = s.getQ().head<4>();
  return std::abs(q.norm() - 1);
}

TEST(CvodeIntegrator, GlobalErrorFollowsAccuracy) {
  testing::PendulumModel m(2, 1.0);
  const Vector ref = testing::reference(m.system, m.state, 3.0);
  for (Method method : {Method::BDF, Method::Adams}) {
    std::vector<Real> la, le;
    for (Real a : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7}) {
      CvodeIntegrator integ(m.system, method);
      const Vector y = testing::runControlled(integ, m.state, a, 3.0);
      la.push_back(std::log(a));
      le.push_back(std::log(maxAbs(y - ref)));
      std::printf("[ accuracy ] %-10s accuracy %.0e error %.2e (%.0f a), %ld steps\n", integ.getMethodName(), a,
                  maxAbs(y - ref), maxAbs(y - ref) / a, long(integ.getStatistics().stepsTaken));
      EXPECT_LT(maxAbs(y - ref), 100 * a) << integ.getMethodName() << " at accuracy " << a;
    }
    for (size_t k = 1; k < le.size(); ++k) EXPECT_LT(le[k], le[k - 1] + 0.5) << "error grew as accuracy tightened";
    Real ma = 0, me = 0;
    for (size_t k = 0; k < la.size(); ++k) ma += la[k] / la.size(), me += le[k] / la.size();
    Real num = 0, den = 0;
    for (size_t k = 0; k < la.size(); ++k) num += (la[k] - ma) * (le[k] - me), den += (la[k] - ma) * (la[k] - ma);
    const Real slope = num / den;
    std::printf("[ accuracy ] %-10s error(1e-3) %.2e error(1e-7) %.2e slope %.2f\n",
                method == Method::BDF ? "CvodeBDF" : "CvodeAdams", std::exp(le.front()), std::exp(le.back()), slope);
    EXPECT_NEAR(slope, 1, 0.35);
  }
}

TEST(CvodeIntegrator, QuaternionStaysNormalizedThroughProjection) {
  testing::TumblerModel m;
  const Real T = 10;
  const Vector ref = testing::reference(m.system, m.state, T);
  m.system.realize(m.state, Stage::Velocity);
  const Real ke0 = m.system.calcKineticEnergy(m.state);
  for (Method method : {Method::BDF, Method::Adams}) {
    CvodeIntegrator integ(m.system, method);
    integ.setAccuracy(1e-6);
    integ.setFinalTime(T);
    integ.initialize(m.state);
    Real worstNorm = 0, worstEnergy = 0;
    for (int k = 1; k <= 100; ++k) {
      integ.stepTo(k * 0.1);
      worstNorm = std::max(
          {worstNorm, quaternionNormError(integ.getState()), quaternionNormError(integ.getAdvancedState())});
      m.system.realize(const_cast<State&>(integ.getState()), Stage::Velocity);
      worstEnergy = std::max(worstEnergy, std::abs(m.system.calcKineticEnergy(integ.getState()) - ke0) / ke0);
    }
    const auto& st = integ.getStatistics();
    const auto& cv = integ.getCvodeStatistics();
    std::printf(
        "[ quaternion ] %-10s |q|-1 <= %.1e, dKE/KE <= %.1e, error %.1e, %ld steps, %ld projections "
        "(%ld in CVODE), order up to %d, %ld restarts\n",
        integ.getMethodName(), worstNorm, worstEnergy, maxAbs(integ.getState().getY() - ref), long(st.stepsTaken),
        long(st.projections), long(cv.projectionEvaluations), cv.maxOrderUsed, long(cv.restarts));
    EXPECT_LT(worstNorm, 1e-14);
    EXPECT_GT(st.projections, st.stepsTaken);  // every step (and every interpolated report)
    EXPECT_LT(worstEnergy, 1e-4);
    EXPECT_LT(maxAbs(integ.getState().getY() - ref), 1e-3);  // 10 s of an unstable-axis tumble
    if (method == Method::BDF) {
      EXPECT_GE(cv.projectionEvaluations, cv.steps);  // CVODE projects every step, before its error test
      EXPECT_EQ(cv.restarts, 0);
    } else {
      EXPECT_EQ(cv.projectionEvaluations, 0);  // CVODE projects only BDF: we project accepted steps
      EXPECT_EQ(cv.restarts, 0);               // quaternion length is invisible to the error norm
    }
  }
}

TEST(CvodeIntegrator, ErrorEstimateProjectionCanBeTurnedOff) {
  testing::TumblerModel m;
  long steps[2];
  for (int on = 0; on < 2; ++on) {
    CvodeIntegrator integ(m.system);
    integ.setProjectErrorEstimate(on == 1);
    EXPECT_EQ(integ.getProjectErrorEstimate(), on == 1);
    const Vector y = testing::runControlled(integ, m.state, 1e-6, 5.0);
    EXPECT_LT(quaternionNormError(integ.getState()), 1e-14);
    steps[on] = long(integ.getStatistics().stepsTaken);
  }
  std::printf("[ error projection ] tumbler 5 s at 1e-6: %ld steps with, %ld without\n", steps[1], steps[0]);
  EXPECT_LE(steps[1], steps[0] + steps[0] / 20);  // projecting the estimate never costs steps
}

TEST(CvodeIntegrator, StiffJointBdfTakesTenTimesFewerStepsThanMerson) {
  StiffKneeModel m;
  const Real T = 5, a = 1e-5;
  const Vector ref = testing::reference(m.system, m.state, T);
  CvodeIntegrator bdf(m.system);
  const Vector yb = testing::runControlled(bdf, m.state, a, T);
  RungeKuttaMersonIntegrator rk(m.system);
  const Vector yr = testing::runControlled(rk, m.state, a, T);
  const auto& sb = bdf.getStatistics();
  const auto& sr = rk.getStatistics();
  std::printf(
      "[ stiff ] knee k=1e4 c=1e3, 5 s at 1e-5: CvodeBDF %ld steps (%ld attempted, %ld evaluations, %ld "
      "Jacobians), error %.1e; RungeKuttaMerson %ld steps (%ld attempted, %ld evaluations), error %.1e; "
      "ratio %.0f\n",
      long(sb.stepsTaken), long(sb.stepsAttempted), long(sb.derivativeEvaluations),
      long(bdf.getCvodeStatistics().jacobianEvaluations), maxAbs(yb - ref), long(sr.stepsTaken),
      long(sr.stepsAttempted), long(sr.derivativeEvaluations), maxAbs(yr - ref),
      double(sr.stepsTaken) / double(sb.stepsTaken));
  EXPECT_GE(sr.stepsTaken, 10 * sb.stepsTaken);
  EXPECT_GE(sr.derivativeEvaluations, 10 * sb.derivativeEvaluations);
  // The same answer. α bounds the error per step; over a run the global error is a modest
  // multiple of it (DormandPrince54 shows 20-30 α on the non-stiff double pendulum). Merson is
  // far more accurate here only because stability, not accuracy, holds its steps down.
  EXPECT_LT(maxAbs(yb - ref), 20 * a);
  EXPECT_LT(maxAbs(yr - ref), 20 * a);
  EXPECT_LT(maxAbs(yb - yr), 20 * a);
}

// BDF with the force subsystems' Jacobian (a stiff joint damper: exact D, gravity left out):
// the same answer as with difference quotients, with far fewer evaluations.
TEST(CvodeIntegrator, AnalyticJacobianGivesTheSameAnswerWithFewerEvaluations) {
  testing::PendulumModel m(2, 1.0, [](GeneralForceSubsystem& f) {
    f.addForce(std::make_unique<PassiveJointDamping>(200.0)).setDampRootJoints(true);
  });
  const Real T = 2, a = 1e-5;
  const Vector ref = testing::reference(m.system, m.state, T);
  CvodeIntegrator fd(m.system), analytic(m.system);
  analytic.setAnalyticJacobian(true);
  EXPECT_TRUE(analytic.getAnalyticJacobian());
  const Vector yf = testing::runControlled(fd, m.state, a, T);
  const Vector ya = testing::runControlled(analytic, m.state, a, T);
  std::printf("[ jacobian ] CvodeBDF difference quotients: %ld evaluations, analytic: %ld evaluations\n",
              long(fd.getStatistics().derivativeEvaluations), long(analytic.getStatistics().derivativeEvaluations));
  EXPECT_LT(maxAbs(ya - ref), 20 * a);
  EXPECT_LT(maxAbs(yf - ref), 20 * a);
  EXPECT_LT(analytic.getStatistics().derivativeEvaluations, fd.getStatistics().derivativeEvaluations);
}

TEST(CvodeIntegrator, AdamsOnSmoothNonStiffProblem) {
  testing::PendulumModel m(3, 1.2);
  const Real T = 3, a = 1e-8;
  const Vector ref = testing::reference(m.system, m.state, T);
  CvodeIntegrator adams(m.system, Method::Adams);
  const Vector ya = testing::runControlled(adams, m.state, a, T);
  RungeKuttaMersonIntegrator rk(m.system);
  const Vector yr = testing::runControlled(rk, m.state, a, T);
  const auto& cv = adams.getCvodeStatistics();
  std::printf(
      "[ adams ] triple pendulum 3 s at 1e-8: CvodeAdams %ld steps, %ld evaluations, order up to %d, error "
      "%.1e; RungeKuttaMerson %ld steps, %ld evaluations, error %.1e\n",
      long(adams.getStatistics().stepsTaken), long(adams.getStatistics().derivativeEvaluations), cv.maxOrderUsed,
      maxAbs(ya - ref), long(rk.getStatistics().stepsTaken), long(rk.getStatistics().derivativeEvaluations),
      maxAbs(yr - ref));
  EXPECT_LT(maxAbs(ya - ref), 1e-5);
  EXPECT_GE(cv.maxOrderUsed, 6);  // a smooth problem lets Adams climb well past BDF's 5
  EXPECT_EQ(cv.jacobianEvaluations, 0);
  EXPECT_LT(adams.getStatistics().derivativeEvaluations, rk.getStatistics().derivativeEvaluations);
}

// Dense output inside a step is judged against the exact solution through the step's start (a
// 1e-12 Dormand-Prince run from getPreviousState()), so that it measures the interpolant plus the
// step's own local error, not the error accumulated before the step.
TEST(CvodeIntegrator, DenseOutputMatchesFineReference) {
  testing::PendulumModel m(2, 1.0);
  const Real a = 1e-6, dt = 0.01, T = 3;
  for (Method method : {Method::BDF, Method::Adams}) {
    CvodeIntegrator integ(m.system, method);
    integ.setAccuracy(a);
    integ.initialize(m.state);
    integ.stepTo(0);  // StartOfContinuousInterval
    Real worst = 0;
    int interpolated = 0;
    for (int k = 1; k * dt <= T + 1e-12; ++k) {
      integ.stepTo(k * dt);
      ASSERT_DOUBLE_EQ(integ.getTime(), k * dt);
      if (!integ.isStateInterpolated()) continue;
      ++interpolated;
      DormandPrince54Integrator fine(m.system);
      fine.setAccuracy(1e-12);
      fine.initialize(integ.getPreviousState());
      advanceTo(fine, k * dt);
      worst = std::max(worst, maxAbs(integ.getState().getY() - fine.getState().getY()));
    }
    std::printf(
        "[ dense ] %-10s %d of %d reports interpolated over %ld steps, max error vs the local solution %.1e "
        "(%.1f a)\n",
        integ.getMethodName(), interpolated, int(T / dt), long(integ.getStatistics().stepsTaken), worst, worst / a);
    EXPECT_GT(interpolated, int(T / dt) / 2);  // steps are longer than the report interval
    EXPECT_LT(worst, 10 * a);
  }
}

TEST(CvodeIntegrator, LimitsOutcomesAndStatistics) {
  testing::PendulumModel m(2, 1.0);
  for (const char* name : {"CvodeBDF", "CvodeAdams"}) {
    auto integ = makeIntegrator(name, m.system);
    EXPECT_STREQ(integ->getMethodName(), name);
    EXPECT_TRUE(integ->hasErrorControl());
    integ->setAccuracy(1e-5);
    integ->setFinalTime(2.0);
    integ->initialize(m.state);
    EXPECT_EQ(integ->stepTo(1.0), StepOutcome::StartOfContinuousInterval);
    // An advance limit is landed on exactly (CVODE's stop time), never passed.
    EXPECT_EQ(integ->stepTo(1.0, 0.3337), StepOutcome::ReachedScheduledEvent);
    EXPECT_EQ(integ->getTime(), 0.3337);
    EXPECT_EQ(integ->getAdvancedTime(), 0.3337);
    EXPECT_EQ(integ->stepTo(1.0), StepOutcome::ReachedReportTime);
    EXPECT_EQ(integ->getTime(), 1.0);
    EXPECT_EQ(integ->stepTo(5.0), StepOutcome::EndOfSimulation);
    EXPECT_EQ(integ->getTime(), 2.0);
    const auto& st = integ->getStatistics();
    EXPECT_EQ(st.stepsTaken + st.errorTestFailures + st.convergenceFailures, st.stepsAttempted) << name;
    EXPECT_GT(st.derivativeEvaluations, st.stepsTaken);
    EXPECT_GT(integ->getActualInitialStepSize(), 0);
    EXPECT_GT(integ->getPredictedNextStepSize(), 0);
  }
  // Returning after every internal step: one CVODE step each.
  CvodeIntegrator integ(m.system);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(1.0);
  for (int k = 0; k < 5; ++k) {
    const Real before = integ.getAdvancedTime();
    EXPECT_EQ(integ.stepTo(1.0), StepOutcome::TimeHasAdvanced);
    EXPECT_GT(integ.getAdvancedTime(), before);
    EXPECT_EQ(integ.getPreviousTime(), before);
  }
  EXPECT_EQ(integ.getCvodeStatistics().steps, integ.getStatistics().stepsTaken);
}

TEST(CvodeIntegrator, StepSizeBoundsAreHonoured) {
  testing::PendulumModel m(2, 1.0);
  CvodeIntegrator integ(m.system);
  integ.setAccuracy(1e-3);
  integ.setMaximumStepSize(0.02);
  integ.setMinimumStepSize(1e-9);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(1.0);
  Real longest = 0;
  while (integ.stepTo(1.0) == StepOutcome::TimeHasAdvanced) longest = std::max(longest, integ.getPreviousStepSize());
  EXPECT_EQ(integ.getTime(), 1.0);
  EXPECT_LE(longest, 0.02 * (1 + 1e-12));
  EXPECT_GT(longest, 0.019);  // at α = 1e-3 the bound, not accuracy, limits the steps
}

TEST(CvodeIntegrator, SystemWithoutVariablesJustAdvancesTime) {
  MultibodySystem system;
  State s = system.realizeTopology();
  ASSERT_EQ(s.getY().size(), 0);
  CvodeIntegrator integ(system);
  integ.setFinalTime(2.0);
  integ.initialize(s);
  integ.stepTo(1.0);
  EXPECT_EQ(integ.stepTo(1.0), StepOutcome::ReachedReportTime);
  EXPECT_EQ(integ.getTime(), 1.0);
  EXPECT_EQ(integ.stepTo(3.0), StepOutcome::EndOfSimulation);
  EXPECT_EQ(integ.getTime(), 2.0);
}

TEST(CvodeIntegrator, ReinitializeAfterAnEventContinues) {
  testing::PendulumModel m(2, 1.0);
  CvodeIntegrator integ(m.system);
  integ.setAccuracy(1e-7);
  integ.initialize(m.state);
  advanceTo(integ, 1.0);
  State kicked = integ.getState();
  m.links[1].setOneU(kicked, 0, m.links[1].getOneU(kicked, 0) + 0.5);  // an impulse
  integ.reinitialize(kicked);
  advanceTo(integ, 2.0);
  EXPECT_EQ(integ.getTime(), 2.0);
  const Vector ref = testing::reference(
      m.system,
      [&] {
        State s = kicked;
        s.setTime(0);
        return s;
      }(),
      1.0);
  EXPECT_LT(maxAbs(integ.getState().getY() - ref), 1e-5);
  EXPECT_EQ(integ.getCvodeStatistics().restarts, 1);
  EXPECT_GT(integ.getStatistics().stepsTaken, integ.getCvodeStatistics().steps / 2);
}

TEST(CvodeIntegrator, FixedStepModeIsRefused) {
  testing::PendulumModel m;
  CvodeIntegrator integ(m.system);
  integ.setFixedStepSize(0.01);
  try {
    integ.initialize(m.state);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("fixed-step"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(integ.isInitialized());
}

// A force that turns NaN at t = 0.5: the run ends with an Error naming the method, the CVODE flag
// and the non-finite variable, and the last good state is before 0.5.
TEST(CvodeIntegrator, NonFiniteDerivativeEndsTheRunWithTheCause) {
  for (Method method : {Method::BDF, Method::Adams}) {
    MultibodySystem system;
    const Body link(MassProperties::fromCentral(1.0, Vec3(0, -0.5, 0), Inertia(0.02, 0.001, 0.02)));
    MobilizedBody arm = MobilizedBody::Pin(MobilizedBody::Ground(system.updMatter()), Transform(), link, Transform(),
                                           Direction::Forward, "arm");
    system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
        .addForce(std::make_unique<Gravity>(Vec3(0, -testing::kG, 0)));
    system.addForceSubsystem(std::make_unique<FaultyForce>(arm, 0.5, false));
    State s = system.realizeTopology();
    arm.setOneQ(s, 0, 0.5);
    CvodeIntegrator integ(system, method);
    integ.initialize(s);
    try {
      integ.stepTo(1.0);
      integ.stepTo(1.0);
      FAIL() << "no error";
    } catch (const Error& e) {
      const std::string what = e.what();
      std::printf("[ failure ] %s\n", what.c_str());
      EXPECT_NE(what.find(integ.getMethodName()), std::string::npos);
      EXPECT_NE(what.find("[CV_"), std::string::npos);  // the CVODE flag
      EXPECT_NE(what.find("non-finite"), std::string::npos);
      EXPECT_NE(what.find("arm"), std::string::npos);  // the variable's body
      EXPECT_NE(what.find("t = "), std::string::npos);
    }
    EXPECT_LT(integ.getAdvancedTime(), 0.5);
    EXPECT_TRUE(integ.getAdvancedState().getY().allFinite());
  }
}

TEST(CvodeIntegrator, ExceptionWhileRealizingIsReportedWithTheTime) {
  MultibodySystem system;
  const Body link(MassProperties::fromCentral(1.0, Vec3(0, -0.5, 0), Inertia(0.02, 0.001, 0.02)));
  MobilizedBody arm = MobilizedBody::Pin(MobilizedBody::Ground(system.updMatter()), Transform(), link, Transform(),
                                         Direction::Forward, "arm");
  system.addForceSubsystem(std::make_unique<FaultyForce>(arm, 0.25, true));
  State s = system.realizeTopology();
  arm.setOneU(s, 0, 1.0);
  CvodeIntegrator integ(system);
  integ.initialize(s);
  try {
    integ.stepTo(1.0);
    integ.stepTo(1.0);
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("actuator model failed"), std::string::npos) << what;
    EXPECT_NE(what.find("t = "), std::string::npos) << what;
  }
  EXPECT_LT(integ.getAdvancedTime(), 0.25);
}

}  // namespace
}  // namespace articula
