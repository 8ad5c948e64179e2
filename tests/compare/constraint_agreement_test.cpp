// Agreement with Simbody 3.7 on constrained forward dynamics: a four-bar closed by a Rod, a doubly
// closed planar linkage whose Ball closure has a redundant row, a spatial loop of
// quaternion ball joints closed by a Ball constraint, and the benchmarks' Gough-Stewart platform. Compared: udot (unique for consistent
// constraints even when they are redundant) and the total constraint force on every body and
// mobility, -G^T lambda, which does not depend on how either engine orders, signs or scales its
// multipliers. States are assembled by Articula's Assembler and projected onto the velocity
// constraints, then copied to Simbody.
#include <gtest/gtest.h>

#include <random>

#include "articula/constraints/constraints.h"
#include "articula/study/Assembler.h"
#include "compare/SimbodyTwin.h"
#include "model_spec.h"
#include "support/TestForces.h"

namespace articula::testing {
namespace {

constexpr Real kAgreementTol = 1e-10;
const Vec3 kGravity(0, -9.81, 0);

RandomBodySpec spec(MobilizerKind kind, int parent, const Vec3& p_PF, const MassProperties& mp) {
  RandomBodySpec s;
  s.kind = kind;
  s.parent = parent;
  s.X_PF = Transform(p_PF);
  s.massProperties = mp;
  return s;
}

MassProperties bar(Real length, Real mass) {
  const Real I = mass * length * length / 12;
  return MassProperties::fromCentral(mass, Vec3(length / 2, 0, 0), Inertia(1e-3, I, I));
}

// One constraint description both engines build.
struct ConstraintSpec {
  enum Kind { Rod, Ball } kind;
  int bodyA;
  Vec3 p_AS;
  int bodyB;
  Vec3 p_BS;
  Real length = 0;
};

// The Articula model and its Simbody twin with the same constraints.
struct ConstrainedTwins {
  MultibodySystem system;
  std::vector<MobilizedBody> bodies;
  std::unique_ptr<SimbodyTwin> twin;

  ConstrainedTwins(const std::vector<RandomBodySpec>& specs, const std::vector<ConstraintSpec>& cs) {
    addTestForces(system).gravity = kGravity;
    MatterSubsystem& matter = system.updMatter();
    bodies.push_back(MobilizedBody::Ground(matter));
    for (size_t b = 1; b < specs.size(); ++b) bodies.push_back(addBody(bodies[specs[b].parent], specs[b]));
    for (size_t i = 0; i < cs.size(); ++i) {
      const ConstraintSpec& c = cs[i];
      const std::string name = "c" + std::to_string(i);
      if (c.kind == ConstraintSpec::Rod)
        addConstraint<constraints::Rod>(matter, name, c.bodyA, c.p_AS, c.bodyB, c.p_BS, c.length);
      else addConstraint<constraints::Ball>(matter, name, c.bodyA, c.p_AS, c.bodyB, c.p_BS);
    }
    system.realizeTopology();
    twin = std::make_unique<SimbodyTwin>(specs, kGravity, false, [&cs](SimbodyTwin& t) {
      for (const ConstraintSpec& c : cs) {
        if (c.kind == ConstraintSpec::Rod)
          SimTK::Constraint::Rod(t.updBody(c.bodyA), toSimbody(c.p_AS), t.updBody(c.bodyB), toSimbody(c.p_BS),
                                 c.length);
        else SimTK::Constraint::Ball(t.updBody(c.bodyA), toSimbody(c.p_AS), t.updBody(c.bodyB), toSimbody(c.p_BS));
      }
    });
  }

  // Assembles q from the guess (crank angle kept), sets u, projects u onto the constraints.
  State assembled(State s, const Vector& u) const {
    Assembler(system).assemble(s);
    system.getMatter().updU(s) = u;
    system.project(s, 1e-14);
    return s;
  }

  // Sum of every constraint's applied forces, mapped to generalized forces J^T F + f.
  Vector articulaConstraintForces(const State& s) const {
    const MatterSubsystem& matter = system.getMatter();
    const ConstraintSet& set = ConstraintSet::get(matter);
    std::vector<SpatialVec> F(matter.getNumBodies(), SpatialVec::Zero()), Fc;
    Vector f = Vector::Zero(matter.getNU()), fc, out;
    for (int i = 0; i < set.getNumConstraints(); ++i) {
      set.getConstraint(i).calcConstraintForces(s, Fc, fc);
      for (size_t b = 0; b < F.size(); ++b) F[b] += Fc[b];
      f += fc;
    }
    matter.multiplyBySystemJacobianTranspose(s, F, out);
    return out + f;
  }

  Vector simbodyConstraintForces() {
    const SimTK::State& ss = twin->state();
    SimTK::Vector_<SimTK::SpatialVec> F;
    SimTK::Vector f, out;
    // Simbody returns G^T lambda; the forces the constraints apply are its negative.
    twin->matter().calcConstraintForcesFromMultipliers(ss, -ss.getMultipliers(), F, f);
    twin->matter().multiplyBySystemJacobianTranspose(ss, F, out);
    return twin->toArticulaU(system.getMatter(), out + f);
  }

  void expectAgreement(State& s, const std::string& what) {
    const MatterSubsystem& matter = system.getMatter();
    system.realize(s, Stage::Acceleration);
    twin->copyState(matter, s);
    twin->system().realize(twin->state(), SimTK::Stage::Acceleration);
    const Vector udotA = matter.getUDot(s);
    const Vector udotS = twin->toArticulaU(matter, twin->matter().getUDot(twin->state()));
    EXPECT_LT((udotA - udotS).norm(), kAgreementTol * udotS.norm())
        << what << ": udot " << udotA.transpose() << " vs Simbody " << udotS.transpose();
    const Vector fA = articulaConstraintForces(s), fS = simbodyConstraintForces();
    EXPECT_GT(fS.norm(), 1e-3) << what;
    EXPECT_LT((fA - fS).norm(), kAgreementTol * fS.norm())
        << what << ": constraint forces " << fA.transpose() << " vs Simbody " << fS.transpose();
  }
};

TEST(ConstraintAgreement, FourBarClosedByARod) {
  const std::vector<RandomBodySpec> specs = {RandomBodySpec{}, spec(MobilizerKind::Pin, 0, Vec3::Zero(), bar(0.3, 1.0)),
                                             spec(MobilizerKind::Pin, 0, Vec3(0.9, 0, 0), bar(0.8, 2.0))};
  ConstrainedTwins m(specs, {{ConstraintSpec::Rod, 1, Vec3(0.3, 0, 0), 2, Vec3(0.8, 0, 0), 1.0}});
  for (Real t2 : {0.3, 1.7, -2.2}) {
    State s = m.system.getDefaultState();
    m.bodies[1].setOneQ(s, 0, t2);
    m.bodies[2].setOneQ(s, 0, 1.5);
    Assembler a(m.system);
    a.lockBody(1);
    a.assemble(s);
    m.system.getMatter().updU(s) = Vector::Constant(2, 3.0);
    m.system.project(s, 1e-14);
    m.expectAgreement(s, "crank " + std::to_string(t2));
  }
}

// Crank, coupler (on the crank) and rocker closed by a Ball (its z row is redundant: all pins
// turn about z), and a fourth link on Ground tied to the coupler's middle by a Rod.
TEST(ConstraintAgreement, DoublyClosedLinkageWithARedundantRow) {
  const std::vector<RandomBodySpec> specs = {RandomBodySpec{}, spec(MobilizerKind::Pin, 0, Vec3::Zero(), bar(0.3, 1.0)),
                                             spec(MobilizerKind::Pin, 1, Vec3(0.3, 0, 0), bar(1.0, 2.0)),
                                             spec(MobilizerKind::Pin, 0, Vec3(0.9, 0, 0), bar(0.8, 1.5)),
                                             spec(MobilizerKind::Pin, 0, Vec3(0.2, 1.2, 0), bar(0.6, 0.7))};
  ConstrainedTwins m(specs, {{ConstraintSpec::Ball, 2, Vec3(1.0, 0, 0), 3, Vec3(0.8, 0, 0)},
                             {ConstraintSpec::Rod, 2, Vec3(0.5, 0, 0), 4, Vec3(0.6, 0, 0), 0.55}});
  State s = m.system.getDefaultState();
  m.bodies[1].setOneQ(s, 0, 0.4);
  m.bodies[2].setOneQ(s, 0, 0.9);
  m.bodies[3].setOneQ(s, 0, 1.5);
  m.bodies[4].setOneQ(s, 0, -1.2);
  s = m.assembled(s, Vector::Constant(4, 1.0));
  m.expectAgreement(s, "doubly closed linkage");
}

// Three links on quaternion ball joints hanging from Ground, the last one's tip tied to a Ground
// point: a spatial loop with 6 degrees of freedom left.
TEST(ConstraintAgreement, SpatialLoopOfBallJoints) {
  std::vector<RandomBodySpec> specs = {RandomBodySpec{}};
  for (int i = 0; i < 3; ++i)
    specs.push_back(spec(MobilizerKind::BallQuaternion, i, Vec3(i ? 0.5 : 0.0, 0, 0), bar(0.5, 1.0 + 0.3 * i)));
  ConstrainedTwins m(specs, {{ConstraintSpec::Ball, 0, Vec3(0.9, 0.3, 0.1), 3, Vec3(0.5, 0, 0)}});
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> U(-1, 1);
  State s = m.system.getDefaultState();
  m.bodies[1].setQ(s, SmallVector(Quaternion(0.95, 0.1, 0.3, -0.2).asVec4()));
  Vector u(9);
  for (int i = 0; i < 9; ++i) u[i] = U(rng);
  s = m.assembled(s, u);
  m.expectAgreement(s, "spatial loop");
}

// The benchmark platform (bench/model_spec.cpp) rebuilt from its neutral description: a Free top
// platform on six Universal-Slider legs tied to it by Ball constraints (18 equations, 6 dof).
struct PlatformTwins {
  bench::ModelSpec model = bench::stewartPlatform();
  std::vector<RandomBodySpec> bodies{RandomBodySpec{}};
  std::vector<ConstraintSpec> ties;

  PlatformTwins() {
    auto vec3 = [](const bench::V3& v) { return Vec3(v[0], v[1], v[2]); };
    for (const bench::BodySpec& b : model.bodies) {
      RandomBodySpec s;
      s.kind = kindOf(b.joint);
      s.parent = b.parent + 1;
      s.X_PF = Transform(Rotation::aboutAxis(b.angle_PF, vec3(b.axis_PF)), vec3(b.p_PF));
      s.massProperties = MassProperties::fromCentral(
          b.mass, vec3(b.com), Inertia(b.centralInertia[0], b.centralInertia[1], b.centralInertia[2]));
      bodies.push_back(s);
    }
    for (const bench::BallConstraintSpec& c : model.constraints)
      ties.push_back({ConstraintSpec::Ball, c.bodyA + 1, vec3(c.p_AS), c.bodyB + 1, vec3(c.p_BS)});
  }

  static MobilizerKind kindOf(bench::Joint j) {
    switch (j) {
      case bench::Joint::Pin: return MobilizerKind::Pin;
      case bench::Joint::Slider: return MobilizerKind::Slider;
      case bench::Joint::Universal: return MobilizerKind::Universal;
      case bench::Joint::Ball: return MobilizerKind::BallQuaternion;
      case bench::Joint::Free: return MobilizerKind::FreeQuaternion;
    }
    return MobilizerKind::Weld;
  }

  // Writes a neutral q (body by body, the twins' body order) into s.
  static void setQ(ConstrainedTwins& m, State& s, const std::vector<double>& q) {
    size_t k = 0;
    for (size_t b = 1; b < m.bodies.size(); ++b) {
      const int nq = m.bodies[b].getNumQ();
      Vector qb(nq);
      for (int j = 0; j < nq; ++j) qb[j] = q[k++];
      m.bodies[b].setQ(s, SmallVector(qb));
    }
  }
};

Real maxPositionError(const MultibodySystem& system, State& s) {
  system.realize(s, Stage::Position);
  const ConstraintSet& set = ConstraintSet::get(system.getMatter());
  Real err = 0;
  for (int i = 0; i < set.getNumConstraints(); ++i)
    err = std::max(err, set.getConstraint(i).getPositionErrors(s).cwiseAbs().maxCoeff());
  return err;
}

// The home pose is assembled (the benchmark times a consistent problem), the Assembler brings a
// disturbed pose back onto the constraints, and both engines agree on udot and the constraint
// forces at rest and moving.
TEST(ConstraintAgreement, GoughStewartPlatform) {
  PlatformTwins p;
  ASSERT_EQ(p.model.nu(), 24);
  ConstrainedTwins m(p.bodies, p.ties);
  State s = m.system.getDefaultState();
  PlatformTwins::setQ(m, s, p.model.home);
  EXPECT_LT(maxPositionError(m.system, s), 1e-14);
  m.expectAgreement(s, "platform at rest, home pose");

  std::mt19937 rng(11);
  std::uniform_real_distribution<Real> U(-1, 1);
  std::vector<double> guess = p.model.home;
  for (size_t k = 0; k < 18; ++k) guess[k] += 0.05 * U(rng);  // leg angles and piston strokes
  PlatformTwins::setQ(m, s, guess);
  ASSERT_GT(maxPositionError(m.system, s), 1e-3);
  Vector u(24);
  for (int i = 0; i < 24; ++i) u[i] = U(rng);
  s = m.assembled(s, u);
  EXPECT_LT(maxPositionError(m.system, s), 1e-10);
  m.expectAgreement(s, "platform assembled from a disturbed pose, moving");
}

}  // namespace
}  // namespace articula::testing
