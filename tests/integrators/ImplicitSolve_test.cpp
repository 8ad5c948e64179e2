// The Rosenbrock-W methods take their Jacobian only from the System's ImplicitSolve
// (system/ImplicitSolve.h), and report what they factored through Integrator's virtual getters.
// A System that is not a MultibodySystem offers one here for a stiff decay z' = λz: with it the
// method is implicit (few steps, one factorization per trial), without it J = 0 and the method is
// explicit (held to |hλ| of order 1).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "articula/system/ImplicitSolve.h"

namespace articula {
namespace {

constexpr Real kLambda = -1e3;

class Decay : public Subsystem {
 public:
  Decay() : Subsystem("decay") {}
  void realizeTopology(State& s) override { start_ = s.allocateZ(getIndex(), 1); }
  void realizeAcceleration(State& s) const override { s.updZDot()[start_] = kLambda * s.getZ()[start_]; }

 private:
  int start_ = -1;
};

struct Counts {
  int linearizations = 0, factorizations = 0, solves = 0;
};

// I − hγJ with J = λ on the one z.
class DecayMatrix final : public IterationMatrix {
 public:
  explicit DecayMatrix(Counts& counts) : counts_(counts) {}
  void linearize(const State&, const IterationMatrixOptions&) override {
    ++counts_.linearizations;
    hGamma_ = -1;
  }
  Factorization factor(Real hGamma) override {
    if (hGamma == hGamma_) return Factorization::Reused;
    hGamma_ = hGamma;
    ++counts_.factorizations;
    return Factorization::Dense;
  }
  void solve(const State&, const Vector& r, Vector& k) override {
    ++counts_.solves;
    k = r / (1 - hGamma_ * kLambda);
  }

 private:
  Counts& counts_;
  Real hGamma_ = -1;
};

class DecaySolve final : public ImplicitSolve {
 public:
  mutable Counts counts;
  std::unique_ptr<IterationMatrix> makeIterationMatrix(const State&) const override {
    return std::make_unique<DecayMatrix>(counts);
  }
  bool coversQAndU(const State&) const override { return true; }
  void calcJacobianBlocks(const State&, Matrix& M, Matrix& D, Matrix& K) const override {
    M.resize(0, 0), D.resize(0, 0), K.resize(0, 0);
  }
  void multiplyByN(const State&, const Vector&, Vector& q) const override { q.resize(0); }
  void multiplyByNInv(const State&, const Vector&, Vector& u) const override { u.resize(0); }
};

class DecaySystem : public System {
 public:
  explicit DecaySystem(bool offerImplicitSolve) : System("decay"), offer_(offerImplicitSolve) {
    adoptSubsystem(std::make_unique<Decay>());
  }
  const ImplicitSolve* getImplicitSolve() const override { return offer_ ? &solve_ : nullptr; }
  const Counts& counts() const { return solve_.counts; }

 private:
  bool offer_;
  DecaySolve solve_;
};

// Integrates z' = λz from z = 1 through 10 time constants (checking the value there), then on to
// 1000 of them; returns the integrator for its counters.
std::unique_ptr<Integrator> integrateDecay(System& system) {
  State s = system.realizeTopology();
  s.updZ()[0] = 1;
  auto integ = std::make_unique<RosenbrockW3Integrator>(system);
  integ->setAccuracy(1e-4);
  integ->initialize(s);
  for (const Real t : {-10 / kLambda, -1000 / kLambda}) {
    while (integ->getTime() < t) integ->stepTo(t);
    EXPECT_NEAR(integ->getState().getZ()[0], std::exp(kLambda * t), 1e-4);  // the accuracy
  }
  return integ;
}

TEST(ImplicitSolve, RosenbrockWFactorsTheSystemsIterationMatrix) {
  DecaySystem system(true);
  const auto integ = integrateDecay(system);
  const Counts& c = system.counts();
  EXPECT_GT(c.factorizations, 0);
  EXPECT_EQ(integ->getNumJacobians(), c.linearizations);
  EXPECT_EQ(integ->getNumFactorizations(), c.factorizations);
  EXPECT_EQ(integ->getNumStructuredFactorizations(), 0);
  EXPECT_EQ(integ->getNumTreeFactorizations(), 0);
  EXPECT_EQ(c.solves, 4 * integ->getStatistics().stepsAttempted);  // four stages per trial
}

TEST(ImplicitSolve, WithoutItRosenbrockWIsExplicit) {
  DecaySystem implicit(true), explicitOnly(false);
  const auto withJ = integrateDecay(implicit);
  const auto withoutJ = integrateDecay(explicitOnly);
  EXPECT_EQ(withoutJ->getNumJacobians(), 0);
  EXPECT_EQ(withoutJ->getNumFactorizations(), 0);
  EXPECT_EQ(explicitOnly.counts().linearizations, 0);
  // Explicit, the step is held to |hλ| of order one: many more steps than with J.
  EXPECT_GT(withoutJ->getStatistics().stepsTaken, 3 * withJ->getStatistics().stepsTaken);
}

TEST(ImplicitSolve, MethodsWithoutAnIterationMatrixReportNone) {
  DecaySystem system(true);
  State s = system.realizeTopology();
  const auto integ = makeIntegrator("RungeKuttaMerson", system);
  integ->initialize(s);
  integ->stepTo(1e-3);
  EXPECT_EQ(integ->getNumJacobians(), -1);
  EXPECT_EQ(integ->getNumFactorizations(), -1);
  EXPECT_EQ(integ->getNumStructuredFactorizations(), 0);
  EXPECT_EQ(integ->getNumTreeFactorizations(), 0);
  EXPECT_EQ(system.counts().linearizations, 0);
}

}  // namespace
}  // namespace articula
