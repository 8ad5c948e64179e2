// The multibody system's capabilities as the lower layers see them: its ImplicitSolve (M and N
// from the matter, D and K from the ForceJacobianSources added with addForceSubsystem), the
// iteration matrix's stage solve, the names of its variables, and the matter handed to force
// subsystems. A damped slider, q' = u, m u' = −c u, has J = [0 1; 0 −c/m] exactly.
#include <gtest/gtest.h>

#include <memory>

#include "articula/matter/ForceJacobian.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {
namespace {

constexpr Real kMass = 2, kDamping = 3;

// τ = −c u on every mobility, with its Jacobian D = −c I; remembers the matter it was given.
class MobilityDamper : public ForceSubsystem, public ForceJacobianSource {
 public:
  MobilityDamper() : ForceSubsystem("damper") {}
  const MatterSubsystem* matter = nullptr;
  void realizeTopology(State&) override { matter = findMatter(); }
  void addInForces(const State& s, std::vector<SpatialVec>&, Vector& f) const override { f -= kDamping * s.getU(); }
  void addInForceJacobian(const State&, Matrix& D, Matrix&) const override { D.diagonal().array() -= kDamping; }
};

struct DampedSlider {
  MultibodySystem system;
  MobilityDamper* damper = nullptr;
  State state;
  DampedSlider() {
    MobilizedBody ground = MobilizedBody::Ground(system.updMatter());
    MobilizedBody::Slider slider(
        ground, Body(MassProperties::fromCentral(kMass, Vec3(0, 0, 0), Inertia(0.1, 0.1, 0.1))), "slider");
    damper = &system.addForceSubsystem(std::make_unique<MobilityDamper>());
    state = system.realizeTopology();
    slider.setOneQ(state, 0, 0.3);
    slider.setOneU(state, 0, 1.5);
    system.realize(state, Stage::Acceleration);
  }
};

TEST(MultibodyImplicitSolve, BlocksComeFromTheMatterAndTheAddedSources) {
  DampedSlider m;
  const ImplicitSolve* implicit = m.system.getImplicitSolve();
  ASSERT_NE(implicit, nullptr);
  EXPECT_TRUE(implicit->coversQAndU(m.state));
  Matrix M, D, K;
  implicit->calcJacobianBlocks(m.state, M, D, K);
  ASSERT_EQ(D.rows(), 1);
  EXPECT_DOUBLE_EQ(M(0, 0), kMass);
  EXPECT_DOUBLE_EQ(D(0, 0), -kDamping);
  EXPECT_DOUBLE_EQ(K(0, 0), 0);
}

TEST(MultibodyImplicitSolve, IterationMatrixSolvesTheStageSystem) {
  DampedSlider m;
  const auto matrix = m.system.getImplicitSolve()->makeIterationMatrix(m.state);
  matrix->linearize(m.state, IterationMatrixOptions{});
  const Real hg = 0.05;
  const Factorization first = matrix->factor(hg);
  EXPECT_TRUE(first == Factorization::Tree || first == Factorization::Dense);  // the damper has no structured form
  EXPECT_EQ(matrix->factor(hg), Factorization::Reused);
  const Vector r = (Vector(2) << 0.7, -1.1).finished();
  Vector k(2);
  matrix->solve(m.state, r, k);
  Matrix J(2, 2);
  J << 0, 1, 0, -kDamping / kMass;
  const Vector back = k - hg * J * k;  // (I − hγJ) k = r
  EXPECT_NEAR(back[0], r[0], 1e-14);
  EXPECT_NEAR(back[1], r[1], 1e-14);
}

TEST(MultibodyImplicitSolve, DenseOnlyWhenTheTreeLUIsOff) {
  DampedSlider m;
  const auto matrix = m.system.getImplicitSolve()->makeIterationMatrix(m.state);
  matrix->linearize(m.state, IterationMatrixOptions{false, false});
  EXPECT_EQ(matrix->factor(0.05), Factorization::Dense);
}

TEST(MultibodySystem, NamesTheBodyOfAVariable) {
  DampedSlider m;
  const VariablePart q = m.system.describeVariablePart(m.state, 0), u = m.system.describeVariablePart(m.state, 1);
  EXPECT_EQ(q.name, "body 'slider', Slider mobilizer");
  EXPECT_EQ(q.index, 0);
  EXPECT_EQ(u.name, q.name);
  EXPECT_TRUE(m.system.describeVariablePart(m.state, 2).name.empty());  // no z
  EXPECT_EQ(m.system.describeNonFiniteSources(m.state), "");
}

TEST(MultibodySystem, HandsItsMatterToAddedForceSubsystems) {
  DampedSlider m;
  EXPECT_EQ(m.damper->matter, &m.system.getMatter());
  MultibodySystem other;
  auto& adopted = *new MobilityDamper;
  other.adoptSubsystem(std::unique_ptr<Subsystem>(&adopted));  // not through addForceSubsystem
  other.realizeTopology();
  EXPECT_EQ(adopted.matter, nullptr);
}

}  // namespace
}  // namespace articula
