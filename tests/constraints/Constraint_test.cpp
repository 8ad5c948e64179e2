// User-defined (custom) constraints at position, velocity and acceleration level, written only
// against the Constraint interface; they pass the same derivative checks as the library and
// behave as their analytic counterparts. Bad equation counts are rejected.
#include <gtest/gtest.h>

#include "MobilityModels.h"

namespace articula::testing {
namespace {

// Position level: station S of a body stays at height h (y) in Ground.
class Height : public Constraint {
 public:
  Height(int body, Vec3 p_BS, Real h) : Constraint("height", 1, 0, 0), b_(body), p_(p_BS), h_(h) {}
  const char* typeName() const override { return "Height"; }
  void validate(const MatterSubsystem& m) const override { requireBody(m, b_, "body"); }
  void calcPositionErrors(const ConstraintInput& in, Real* e) const override {
    e[0] = in.stationLocation(b_, p_).y() - h_;
  }
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                          Real* e) const override {
    const Vec3 r = in.stationOffset(b_, p_);
    e[0] = (Vec3(V[b_].tail<3>()) + Vec3(V[b_].head<3>()).cross(r)).y();
  }
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                              Real* e) const override {
    const Vec3 r = in.stationOffset(b_, p_), w = in.V_GB(b_).head<3>();
    e[0] = (Vec3(A[b_].tail<3>()) + Vec3(A[b_].head<3>()).cross(r) + w.cross(w.cross(r))).y();
  }
  void addInForces(const ConstraintInput& in, const Real* l, std::vector<SpatialVec>& F, Real*) const override {
    const Vec3 f(0, l[0], 0), r = in.stationOffset(b_, p_);
    F[b_].head<3>() += r.cross(f);
    F[b_].tail<3>() += f;
  }

 private:
  int b_;
  Vec3 p_;
  Real h_;
};

// Velocity level: u_1 + u_2 = 0 (the rotors counter-rotate).
class CounterRotate : public Constraint {
 public:
  CounterRotate() : Constraint("counter", 0, 1, 0) {}
  const char* typeName() const override { return "CounterRotate"; }
  void validate(const MatterSubsystem&) const override {}
  void calcVelocityErrors(const ConstraintInput&, const std::vector<SpatialVec>&, const Real* u,
                          Real* e) const override {
    e[0] = u[0] + u[1];
  }
  void calcAccelerationErrors(const ConstraintInput&, const std::vector<SpatialVec>&, const Real* ud,
                              Real* e) const override {
    e[0] = ud[0] + ud[1];
  }
  void addInForces(const ConstraintInput&, const Real* l, std::vector<SpatialVec>&, Real* f) const override {
    f[0] += l[0];
    f[1] += l[0];
  }
};

// Acceleration level: udot_1 = 2 udot_2.
class Ratio : public Constraint {
 public:
  Ratio() : Constraint("ratio", 0, 0, 1) {}
  const char* typeName() const override { return "Ratio"; }
  void validate(const MatterSubsystem&) const override {}
  void calcAccelerationErrors(const ConstraintInput&, const std::vector<SpatialVec>&, const Real* ud,
                              Real* e) const override {
    e[0] = ud[0] - 2 * ud[1];
  }
  void addInForces(const ConstraintInput&, const Real* l, std::vector<SpatialVec>&, Real* f) const override {
    f[0] += l[0];
    f[1] -= 2 * l[0];
  }
};

TEST(Constraint, CustomPositionLevelHoldsAStationAtAHeight) {
  RandomTreeOptions opt;
  opt.numBodies = 5;
  OpenTree t = makeOpenTree(3, opt);
  auto& c = *new Height(4, Vec3(0.2, 0.1, -0.3), 0.25);
  ConstraintSet::upd(t.matter()).adopt(std::unique_ptr<Constraint>(&c));
  ConstraintSet::upd(t.matter()).setMaxProjectionError(10);  // a random state is far from assembled
  t.system->realizeTopology();
  State s = t.system->getDefaultState();
  std::mt19937 rng(3);
  t.randomize(s, rng);
  checkConstraintDerivatives(*t.system, c, s, "custom Height");
  t.system->project(s, 1e-12);
  t.system->realize(s, Stage::Acceleration);
  EXPECT_LT(std::abs(c.getPositionErrors(s)[0]), 1e-12);
  EXPECT_LT(std::abs(c.getAccelerationErrors(s)[0]), 1e-10);
}

TEST(Constraint, CustomVelocityAndAccelerationLevels) {
  const Real tau = 0.9;
  {
    TwoRotors r;
    const auto& c = addConstraint<CounterRotate>(r.sys.updMatter());
    r.sys.realizeTopology();
    r.forces->mobilityForces = Eigen::Vector2d(tau, 0);
    State s = r.sys.getDefaultState();
    r.sys.realize(s, Stage::Acceleration);
    const Real a1 = tau / (TwoRotors::I1 + TwoRotors::I2);
    EXPECT_NEAR(r.sys.getMatter().getUDot(s)[0], a1, 1e-12);
    EXPECT_NEAR(r.sys.getMatter().getUDot(s)[1], -a1, 1e-12);
    checkConstraintDerivatives(r.sys, c, s, "custom CounterRotate");
  }
  {
    TwoRotors r;
    const auto& c = addConstraint<Ratio>(r.sys.updMatter());
    r.sys.realizeTopology();
    r.forces->mobilityForces = Eigen::Vector2d(0, tau);
    State s = r.sys.getDefaultState();
    r.sys.realize(s, Stage::Acceleration);
    // Power balance: tau u2dot-direction: (4 I1 + I2) u2dot = tau.
    const Real a2 = tau / (4 * TwoRotors::I1 + TwoRotors::I2);
    EXPECT_NEAR(r.sys.getMatter().getUDot(s)[1], a2, 1e-12);
    EXPECT_NEAR(r.sys.getMatter().getUDot(s)[0], 2 * a2, 1e-12);
    EXPECT_NEAR(c.getAccelerationErrors(s)[0], 0, 1e-12);
  }
}

TEST(Constraint, EquationCountsMustBeValid) {
  try {
    struct None : Constraint {
      None() : Constraint("none", 0, 0, 0) {}
      const char* typeName() const override { return "None"; }
      void validate(const MatterSubsystem&) const override {}
      void calcAccelerationErrors(const ConstraintInput&, const std::vector<SpatialVec>&, const Real*,
                                  Real*) const override {}
      void addInForces(const ConstraintInput&, const Real*, std::vector<SpatialVec>&, Real*) const override {}
    } none;
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Constraint 'none'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula::testing
