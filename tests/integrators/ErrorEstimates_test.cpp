// Every error-controlled integrator's local error estimate, checked exactly on linear ODEs. On
// y' = A y one step of a Runge-Kutta pair from y0 gives polynomials in hA, so the estimate is
// known in closed form; the expected values are computed here from the published coefficients
// (cited with each method), not from the integrators' tableaus. A scaled or mistyped weight of an
// estimate (halving Merson's, say) changes the step-size control without changing the solution,
// which convergence-order tests cannot see.
//
// Two systems: z' = λ z (one state without mechanics: the Rosenbrock methods then see J = 0),
// and a slider with a damper, q' = u, u' = -(c/m) u (two states, and the Rosenbrock Jacobian is
// exact: the damper is a ForceJacobianSource). The CVODE methods (variable-order BDF/Adams with
// their own estimates) are not checked here: their estimate depends on SUNDIALS' history.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <memory>
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {
namespace {

using Rows = std::vector<std::vector<Real>>;

// ---- the two linear systems -------------------------------------------------------------

// z' = λ z.
class ExponentialSubsystem : public Subsystem {
 public:
  explicit ExponentialSubsystem(Real lambda) : Subsystem("exponential"), lambda_(lambda) {}
  void realizeTopology(State& s) override { start_ = s.allocateZ(getIndex(), 1); }
  void realizeAcceleration(State& s) const override { s.updZDot()[start_] = lambda_ * s.getZ()[start_]; }

 private:
  Real lambda_;
  int start_ = -1;
};

struct LinearModel {
  std::unique_ptr<System> system;
  State state;
  Matrix A;         // y' = A y
  Matrix jacobian;  // what a Rosenbrock method uses for ∂f/∂y
};

LinearModel exponentialModel() {
  const Real lambda = -2;
  LinearModel m{std::make_unique<System>("exponential"), State(), Matrix::Constant(1, 1, lambda), Matrix::Zero(1, 1)};
  m.system->adoptSubsystem(std::make_unique<ExponentialSubsystem>(lambda));
  m.state = m.system->realizeTopology();
  m.state.updZ()[0] = 0.7;
  return m;
}

LinearModel dampedSliderModel() {
  const Real mass = 2, damping = 3;  // c/m = 1.5 /s
  auto system = std::make_unique<MultibodySystem>();
  MobilizedBody ground = MobilizedBody::Ground(system->updMatter());
  MobilizedBody::Slider slider(ground, Body(MassProperties::fromCentral(mass, Vec3(0, 0, 0), Inertia(0.1, 0.1, 0.1))),
                               "slider");
  auto& forces = system->addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<PassiveJointDamping>(damping)).setDampRootJoints(true);
  LinearModel m{std::move(system), State(), Matrix(2, 2), Matrix(2, 2)};
  m.A << 0, 1, 0, -damping / mass;
  m.jacobian = m.A;
  m.state = m.system->realizeTopology();
  slider.setOneQ(m.state, 0, 0.3);
  slider.setOneU(m.state, 0, 1.5);
  return m;
}

// ---- expected estimates from the published coefficients ---------------------------------

// An explicit pair on y' = A y: stages K_i = A (y0 + h Σ_j a_ij K_j); the estimate is
// scale · h Σ_i (b_i − b̂_i) K_i.
struct PublishedPair {
  Rows a;
  std::vector<Real> b, bHat;
  Real scale = 1;
};

Vector explicitPairEstimate(const PublishedPair& p, const Matrix& A, const Vector& y0, Real h) {
  std::vector<Vector> K;
  Vector estimate = Vector::Zero(y0.size());
  for (size_t i = 0; i < p.b.size(); ++i) {
    Vector Y = y0;
    for (size_t j = 0; j < i; ++j) Y += h * p.a[i][j] * K[j];
    K.push_back(A * Y);
    estimate += p.scale * h * (p.b[i] - p.bHat[i]) * K.back();
  }
  return estimate;
}

// Rosenbrock in the standard form (Hairer & Wanner, Solving ODEs II, §IV.7, (7.4)) on y' = A y
// with Jacobian J: (I − hγJ) k_i = A (y0 + h Σ α_ij k_j) + hJ Σ γ_ij k_j; estimate h Σ (b − b̂)_i k_i.
// `extra` adds Σ C_ij k_j to stage i (ROS2's published form has such a term).
struct PublishedRosenbrock {
  Real gamma = 0;
  Rows alpha, gammaOff, extra;
  std::vector<Real> b, bHat;
};

Vector rosenbrockEstimate(const PublishedRosenbrock& p, const Matrix& A, const Matrix& J, const Vector& y0, Real h) {
  const int n = static_cast<int>(y0.size());
  const Eigen::PartialPivLU<Matrix> W(Matrix::Identity(n, n) - h * p.gamma * J);
  std::vector<Vector> k;
  Vector estimate = Vector::Zero(n);
  for (size_t i = 0; i < p.b.size(); ++i) {
    Vector Y = y0, G = Vector::Zero(n), r;
    for (size_t j = 0; j < i; ++j) {
      Y += h * p.alpha[i][j] * k[j];
      G += p.gammaOff[i][j] * k[j];
    }
    r = A * Y + h * J * G;
    for (size_t j = 0; j < i && !p.extra.empty(); ++j) r += p.extra[i][j] * k[j];
    k.push_back(W.solve(r));
    estimate += h * (p.b[i] - p.bHat[i]) * k.back();
  }
  return estimate;
}

// ---- one step of the method under test --------------------------------------------------

// The estimate of one accepted step of size h from the model's state. The accuracy is loose so
// the first trial passes the error test (the estimate is of that trial).
template <class Method>
Vector estimateOfOneStep(const LinearModel& m, Real h) {
  Method integ(*m.system);
  integ.setAccuracy(0.5);
  integ.setInitialStepSize(h);
  integ.initialize(m.state);
  integ.setReturnEveryInternalStep(true);
  for (int call = 0; call < 3 && integ.getAdvancedTime() == 0; ++call) integ.stepTo(h);  // the first only starts
  EXPECT_EQ(integ.getAdvancedTime(), h);
  EXPECT_EQ(integ.getStatistics().stepsTaken, 1);
  EXPECT_EQ(integ.getStatistics().errorTestFailures, 0);
  return integ.getLastErrorEstimate();
}

void expectSame(const Vector& estimate, const Vector& expected) {
  ASSERT_EQ(estimate.size(), expected.size());
  const Real size = expected.cwiseAbs().maxCoeff();
  ASSERT_GT(size, 1e-8);  // a vanishing estimate would check nothing
  EXPECT_LE((estimate - expected).cwiseAbs().maxCoeff(), 1e-12 * size)
      << "estimate " << estimate.transpose() << "\nexpected " << expected.transpose();
}

// Both systems, at a step where hλ is not small (large estimates, little rounding).
template <class Method>
void expectExplicitPair(const PublishedPair& pair) {
  for (const LinearModel& m : {exponentialModel(), dampedSliderModel()}) {
    const Real h = 0.25;
    SCOPED_TRACE(m.system->getName());
    expectSame(estimateOfOneStep<Method>(m, h), explicitPairEstimate(pair, m.A, m.state.getY(), h));
  }
}

template <class Method>
void expectRosenbrock(const PublishedRosenbrock& method) {
  for (const LinearModel& m : {exponentialModel(), dampedSliderModel()}) {
    const Real h = 0.25;
    SCOPED_TRACE(m.system->getName());
    expectSame(estimateOfOneStep<Method>(m, h), rosenbrockEstimate(method, m.A, m.jacobian, m.state.getY(), h));
  }
}

// ---- the methods ---------------------------------------------------------------------------

// Euler with the trapezoid rule as the embedded solution (Theory Manual §10.4).
TEST(ErrorEstimates, ExplicitEulerIsTheDistanceToTheTrapezoidRule) {
  expectExplicitPair<ExplicitEulerIntegrator>({{{}, {1}}, {1, 0}, {0.5, 0.5}});
}

// Heun's trapezoid rule with the Euler predictor as the embedded solution.
TEST(ErrorEstimates, RungeKutta2IsTheDistanceToEuler) {
  expectExplicitPair<RungeKutta2Integrator>({{{}, {1}, {0.5, 0.5}}, {0.5, 0.5, 0}, {1, 0, 0}});
}

// Bogacki & Shampine, "A 3(2) pair of Runge-Kutta formulas", Appl. Math. Lett. 2 (1989) 321-325.
TEST(ErrorEstimates, RungeKutta3IsBogackiShampine) {
  expectExplicitPair<RungeKutta3Integrator>({{{}, {0.5}, {0, 0.75}, {2.0 / 9, 1.0 / 3, 4.0 / 9}},
                                             {2.0 / 9, 1.0 / 3, 4.0 / 9, 0},
                                             {7.0 / 24, 0.25, 1.0 / 3, 0.125}});
}

// Merson (1957), as in Hairer, Nørsett & Wanner, Solving ODEs I, §II.4: the fifth stage's argument
// y0 + h (k1/2 − 3 k3/2 + 2 k4) is of order 3, and the estimate is one fifth of its distance to
// the fourth-order solution (Simbody's RungeKuttaMersonIntegrator uses the same fifth).
TEST(ErrorEstimates, RungeKuttaMersonIsOneFifthOfTheEmbeddedDifference) {
  expectExplicitPair<RungeKuttaMersonIntegrator>(
      {{{}, {1.0 / 3}, {1.0 / 6, 1.0 / 6}, {1.0 / 8, 0, 3.0 / 8}, {0.5, 0, -1.5, 2}},
       {1.0 / 6, 0, 0, 2.0 / 3, 1.0 / 6},
       {0.5, 0, -1.5, 2, 0},
       0.2});
}

// Fehlberg's 4(5) pair, Hairer, Nørsett & Wanner I, Table II.5.1; the fifth-order solution is propagated.
TEST(ErrorEstimates, RungeKuttaFeldbergIsFehlbergsPair) {
  expectExplicitPair<RungeKuttaFeldbergIntegrator>(
      {{{},
        {0.25},
        {3.0 / 32, 9.0 / 32},
        {1932.0 / 2197, -7200.0 / 2197, 7296.0 / 2197},
        {439.0 / 216, -8, 3680.0 / 513, -845.0 / 4104},
        {-8.0 / 27, 2, -3544.0 / 2565, 1859.0 / 4104, -11.0 / 40}},
       {16.0 / 135, 0, 6656.0 / 12825, 28561.0 / 56430, -9.0 / 50, 2.0 / 55},
       {25.0 / 216, 0, 1408.0 / 2565, 2197.0 / 4104, -1.0 / 5, 0}});
}

// Dormand & Prince, J. Comput. Appl. Math. 6 (1980); Hairer, Nørsett & Wanner I, Table II.5.2.
TEST(ErrorEstimates, DormandPrince54IsTheDormandPrincePair) {
  const std::vector<Real> b = {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
  expectExplicitPair<DormandPrince54Integrator>(
      {{{},
        {1.0 / 5},
        {3.0 / 40, 9.0 / 40},
        {44.0 / 45, -56.0 / 15, 32.0 / 9},
        {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
        {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
        {b[0], b[1], b[2], b[3], b[4], b[5]}},
       b,
       {5179.0 / 57600, 0, 7571.0 / 16695, 393.0 / 640, -92097.0 / 339200, 187.0 / 2100, 1.0 / 40}});
}

// Step doubling (Hairer, Nørsett & Wanner I, §II.4): two half steps minus one full step of the
// symplectic Euler kick-drift step u1 = u0 + h u0', q1 = q0 + h u1 (z as explicit Euler).
TEST(ErrorEstimates, SemiExplicitEuler2IsTwoHalfStepsMinusOneFullStep) {
  auto kickDrift = [](const LinearModel& m, const Vector& y, Real h) {
    Vector next = y;
    const int nq = m.state.getNQ();
    const Vector f = m.A * y;
    next.tail(y.size() - nq) += h * f.tail(y.size() - nq);
    next.head(nq) += h * (m.A * next).head(nq);  // qdot = u (the slider's N = 1) of the kicked u
    return next;
  };
  for (const LinearModel& m : {exponentialModel(), dampedSliderModel()}) {
    const Real h = 0.25;
    SCOPED_TRACE(m.system->getName());
    const Vector& y0 = m.state.getY();
    expectSame(estimateOfOneStep<SemiExplicitEuler2Integrator>(m, h),
               kickDrift(m, kickDrift(m, y0, h / 2), h / 2) - kickDrift(m, y0, h));
  }
}

// ROS2, Verwer, Spee, Blom & Hundsdorfer, SIAM J. Sci. Comput. 20 (1999) 1456-1480, (2.4):
// (I − γhJ) k1 = f(y0), (I − γhJ) k2 = f(y0 + h k1) − 2 k1, y1 = y0 + h (3/2 k1 + 1/2 k2),
// γ = 1 + 1/√2; the embedded solution is the linearly implicit Euler step y0 + h k1.
TEST(ErrorEstimates, RosenbrockW2IsTheDistanceToLinearlyImplicitEuler) {
  expectRosenbrock<RosenbrockW2Integrator>(
      {1 + 1 / std::sqrt(2.0), {{}, {1}}, {{}, {0}}, {{}, {-2}}, {1.5, 0.5}, {1, 0}});
}

// ROS34PW2, Rang & Angermann, BIT 45 (2005) 761-787, Table 4.1 (standard form coefficients).
TEST(ErrorEstimates, RosenbrockW3IsRos34pw2) {
  expectRosenbrock<RosenbrockW3Integrator>(
      {4.3586652150845900e-01,
       {{}, {8.7173304301691801e-01}, {8.4457060015369423e-01, -1.1299064236484185e-01}, {0, 0, 1}},
       {{},
        {-8.7173304301691801e-01},
        {-9.0338057013044082e-01, 5.4180672388095326e-02},
        {2.4212380706095346e-01, -1.2232505839045147e+00, 5.4526025533510214e-01}},
       {},
       {2.4212380706095346e-01, -1.2232505839045147e+00, 1.5452602553351020e+00, 4.3586652150845900e-01},
       {3.7810903145819369e-01, -9.6042292212423178e-02, 0.5, 2.1793326075422950e-01}});
}

}  // namespace
}  // namespace articula
