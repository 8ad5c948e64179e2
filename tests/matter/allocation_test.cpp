// Hot paths allocate nothing after their first call (DESIGN.md §3): after a warm-up, changing q
// and u, realizing Acceleration and calling the O(n) operators with preallocated outputs must not
// touch the heap.
//
// Counting: support/AllocationCounter.h.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "articula/forces/ConstantForce.h"
#include "articula/forces/ConstantTorque.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/MobilityConstantForce.h"
#include "support/AllocationCounter.h"
#include "support/DenseDynamics.h"
#include "support/RandomTree.h"


namespace articula::testing {
namespace {

// The counter itself must see allocations, or a zero count would prove nothing.
TEST(Allocation, CounterSeesNewAndMalloc) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  AllocationCounter counter;
  static int* volatile sink = nullptr;  // volatile: the compiler may not elide the new/delete pair
  sink = new int(3);
  delete sink;
  Vector v(100);  // Eigen: malloc, not operator new
  v.setZero();
  counter.stop();
  EXPECT_GE(counter.newCalls(), 1);
  EXPECT_GE(counter.mallocCalls(), 1);
}

// Allocations inside the library (a State copy: std::vector and Eigen storage) are seen as well.
TEST(Allocation, CounterSeesLibraryAllocations) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  RandomTree tree(1);
  const State& original = tree.system().getDefaultState();
  AllocationCounter counter;
  State copy = original;
  counter.stop();
  EXPECT_GE(counter.newCalls(), 1);
  EXPECT_GE(counter.mallocCalls(), 1);
  EXPECT_EQ(copy.getY(), original.getY());
}

// Inputs computed outside the counted region.
struct Inputs {
  Vector q, u, v, mobilityForces, udot;
  std::vector<SpatialVec> bodyForces;
};

Inputs randomInputs(const RandomTree& tree, std::mt19937& rng) {
  State s = tree.randomState(rng);
  const MatterSubsystem& matter = tree.matter();
  return {s.getQ(),
          s.getU(),
          randomVector(matter.getNU(), rng),
          randomVector(matter.getNU(), rng),
          randomVector(matter.getNU(), rng),
          randomBodyForces(matter.getNumBodies(), rng)};
}

// Realize and call the operators the brief names; outputs are preallocated by the caller.
struct Outputs {
  Vector Mv, MInvV, residual;
};

void hotPath(const MultibodySystem& system, State& s, const Inputs& in, Outputs& out) {
  const MatterSubsystem& matter = system.getMatter();
  s.updQ() = in.q;
  s.updU() = in.u;
  system.realize(s, Stage::Acceleration);
  matter.multiplyByM(s, in.v, out.Mv);
  matter.multiplyByMInv(s, in.v, out.MInvV);
  matter.calcResidualForceIgnoringConstraints(s, in.mobilityForces, in.bodyForces, in.udot, out.residual);
}

void expectNoAllocationAfterWarmUp(RandomTree& tree, unsigned seed) {
  std::mt19937 rng(seed);
  tree.forces().gravity = Vec3(0, -9.81, 0);
  const int nu = tree.matter().getNU();
  Inputs warm = randomInputs(tree, rng);
  std::vector<Inputs> later;
  for (int i = 0; i < 3; ++i) later.push_back(randomInputs(tree, rng));
  Outputs out{Vector(nu), Vector(nu), Vector(nu)};
  State s = tree.system().getDefaultState();
  hotPath(tree.system(), s, warm, out);  // first call: caches and scratch may size themselves

  for (const Inputs& in : later) {
    AllocationCounter counter;
    hotPath(tree.system(), s, in, out);
    counter.stop();
    EXPECT_EQ(counter.total(), 0) << tree.describe() << ": " << counter.newCalls() << " operator new and "
                                  << counter.mallocCalls() << " malloc calls on the hot path";
  }
  // The counted calls really computed something.
  EXPECT_TRUE(out.residual.allFinite());
  EXPECT_GT(s.getUDot().norm(), 0);
}

TEST(Allocation, HotPathAllocatesNothingOnRandomTrees) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  for (unsigned seed : {1u, 2u}) {
    RandomTree tree(seed);  // every mobilizer kind, reversed ones included
    expectNoAllocationAfterWarmUp(tree, seed);
  }
  RandomTreeOptions floating;
  floating.floating = true;
  RandomTree tree(7, floating);
  expectNoAllocationAfterWarmUp(tree, 7);
}

TEST(Allocation, HotPathWithALockedMobilizerAllocatesNothing) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  RandomTree tree(3);
  std::mt19937 rng(3);
  const int nu = tree.matter().getNU();
  Inputs warm = randomInputs(tree, rng), later = randomInputs(tree, rng);
  Outputs out{Vector(nu), Vector(nu), Vector(nu)};
  State s = tree.system().getDefaultState();
  tree.bodies()[2].lock(s);  // locks are an Instance-stage choice, made before the warm-up
  hotPath(tree.system(), s, warm, out);
  AllocationCounter counter;
  hotPath(tree.system(), s, later, out);
  counter.stop();
  EXPECT_EQ(counter.total(), 0) << counter.newCalls() << " operator new and " << counter.mallocCalls() << " malloc";
}

// The other per-step operators (used by integrators, constraints and contact) after a warm-up call.
TEST(Allocation, OtherOperatorsAllocateNothing) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  RandomTree tree(5);
  tree.forces().gravity = Vec3(0, -9.81, 0);
  std::mt19937 rng(5);
  const MatterSubsystem& m = tree.matter();
  const int nu = m.getNU(), nq = m.getNQ(), nb = m.getNumBodies();
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Acceleration);
  const Vector v = randomVector(nu, rng), qdotIn = randomVector(nq, rng);
  const std::vector<SpatialVec> F = randomBodyForces(nb, rng);
  Vector udot(nu), f(nu), qdot(nq), u(nu), nDotV(nq);
  std::vector<SpatialVec> A(nb), V(nb), bias(nb);
  Matrix JF(6, nu), JS(3, nu), M(nu, nu);
  std::vector<SpatialVec> reactions(nb);
  Real sink = 0;  // keeps scalar results alive
  const std::vector<std::pair<const char*, std::function<void()>>> operators = {
      {"calcAccelerationIgnoringConstraints", [&] { m.calcAccelerationIgnoringConstraints(s, v, F, udot, A); }},
      {"multiplyBySystemJacobian", [&] { m.multiplyBySystemJacobian(s, v, V); }},
      {"multiplyBySystemJacobianTranspose", [&] { m.multiplyBySystemJacobianTranspose(s, F, f); }},
      {"calcBiasForSystemJacobian", [&] { m.calcBiasForSystemJacobian(s, bias); }},
      {"multiplyByN", [&] { m.multiplyByN(s, v, qdot); }},
      {"multiplyByNInv", [&] { m.multiplyByNInv(s, qdotIn, u); }},
      {"multiplyByNDot", [&] { m.multiplyByNDot(s, v, nDotV); }},
      {"calcFrameJacobian", [&] { m.calcFrameJacobian(s, 3, Vec3(0.1, 0.2, 0.3), JF); }},
      {"findStationAccelerationInGround", [&] { sink += m.findStationAccelerationInGround(s, 3, Vec3(1, 2, 3)).x(); }},
      {"calcSystemMomentumAboutPoint", [&] { sink += m.calcSystemMomentumAboutPoint(s, Vec3::Zero())[0]; }},
      {"calcEnergy", [&] { sink += tree.system().calcEnergy(s); }},
      {"calcStationJacobian", [&] { m.calcStationJacobian(s, 3, Vec3(0.1, 0.2, 0.3), JS); }},
      {"calcBiasForStationJacobian", [&] { sink += m.calcBiasForStationJacobian(s, 3, Vec3(1, 2, 3)).x(); }},
      {"calcMobilizerReactionForces", [&] { m.calcMobilizerReactionForces(s, reactions); }},
      {"calcM", [&] { m.calcM(s, M); }},
      {"normalizeQ", [&] { sink += m.normalizeQ(s); }},
  };
  for (const auto& [name, call] : operators) {
    call();  // warm-up
    AllocationCounter counter;
    call();
    counter.stop();
    EXPECT_EQ(counter.total(), 0) << name << ": " << counter.newCalls() << " operator new and " << counter.mallocCalls()
                                  << " malloc";
  }
  EXPECT_TRUE(std::isfinite(sink));
}

// The force layer on the same path: every element of GeneralForceSubsystem at Dynamics.
TEST(Allocation, ForceElementsAllocateNothing) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody parent = MobilizedBody::Ground(matter);
  std::mt19937 rng(11);
  for (int i = 0; i < 6; ++i) {
    const Transform X_PF(Vec3(0, -0.4, 0));
    parent = i % 2 ? MobilizedBody(MobilizedBody::Pin(parent, X_PF, Body(randomMassProperties(rng)), Transform()))
                   : MobilizedBody(MobilizedBody::Ball(parent, X_PF, Body(randomMassProperties(rng)), Transform()));
  }
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0))).excludeBody(3);
  forces.addForce(std::make_unique<ConstantForce>(4, Vec3(0.1, 0.2, 0.3), Vec3(1, 2, 3)));
  forces.addForce(std::make_unique<ConstantTorque>(5, Vec3(0.5, 0, -0.5)));
  forces.addForce(std::make_unique<MobilityConstantForce>(2, 0, 1.5));
  State s = system.realizeTopology();
  const Vector q0 = s.getQ(), u0 = Vector::Constant(s.getNU(), 0.3);
  s.updU() = u0;
  system.realize(s, Stage::Acceleration);
  system.calcEnergy(s);

  AllocationCounter counter;
  s.updQ() = q0 * 1.0;  // same values, still invalidates Position
  s.updU() = -u0;
  system.realize(s, Stage::Acceleration);
  const Real energy = system.calcEnergy(s);
  counter.stop();
  EXPECT_EQ(counter.total(), 0) << counter.newCalls() << " operator new and " << counter.mallocCalls() << " malloc";
  EXPECT_TRUE(std::isfinite(energy));
}

}  // namespace
}  // namespace articula::testing
