// The contact force linearization (ContactForceJacobian.h and
// ContactForceSubsystem::addInForceJacobian) against central finite differences of the force
// laws themselves: Hunt–Crossley, Stribeck friction below, at and above the transition speed,
// and the generalized forces of a free body touching the ground (Hertz and penalty materials).
#include "articula/contact/ContactForceJacobian.h"

#include <gtest/gtest.h>

#include <memory>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/matter/ImplicitTreeSolver.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula {
namespace {

// The force on B written directly from the laws under test's public pieces.
Vec3 directForce(const Vec3& n, const Vec3& v, Real x, Real K, Real c, const StribeckFriction& mu) {
  const Real fn = calcHuntCrossley(K, c, x, -v.dot(n)).force;
  return fn * n + mu.calcForce(v - v.dot(n) * n, fn);
}

TEST(ContactForceJacobian, HuntCrossleySlopeMatchesDifferences) {
  const Real K = 3e6, c = 0.8, h = 1e-7;
  for (Real x : {1e-4, 2e-3, 1e-2})
    for (Real xdot : {-0.3, 0.0, 0.7}) {
      const NormalForceSlope s = calcHuntCrossleySlope(K, c, x, xdot);
      EXPECT_NEAR(s.force, calcHuntCrossley(K, c, x, xdot).force, 1e-9 * s.force);
      const Real dx = (calcHuntCrossley(K, c, x + h * x, xdot).force - calcHuntCrossley(K, c, x - h * x, xdot).force) /
                      (2 * h * x);
      const Real dv = (calcHuntCrossley(K, c, x, xdot + h).force - calcHuntCrossley(K, c, x, xdot - h).force) / (2 * h);
      EXPECT_NEAR(s.dx, dx, 1e-6 * std::abs(dx)) << "x " << x << " xdot " << xdot;
      EXPECT_NEAR(s.dxdot, dv, 1e-6 * std::abs(dv) + 1e-9) << "x " << x << " xdot " << xdot;
    }
  // Pulling apart fast enough: the clamped force is flat.
  const NormalForceSlope pull = calcHuntCrossleySlope(K, c, 1e-3, -2 / (1.5 * c));
  EXPECT_EQ(pull.force, 0);
  EXPECT_EQ(pull.dx, 0);
  EXPECT_EQ(pull.dxdot, 0);
}

TEST(ContactForceJacobian, PointForceMatchesDifferencesAtEverySlipRegime) {
  const StribeckFriction mu(0.8, 0.6, 0.05, 0.01);
  const Real K = 2e5, c = 2, x = 4e-3;
  const Vec3 n = Vec3(0.2, -0.1, 1).normalized();
  const Vec3 t1 = n.cross(Vec3::UnitX()).normalized(), t2 = n.cross(t1);
  // Slip speeds: none, inside the quintic rise, in the Stribeck drop, beyond it.
  for (Real s : {0.0, 0.003, 0.0099, 0.015, 0.05, 0.4})
    for (Real vn : {-0.05, 0.0, 0.02}) {
      const Vec3 v = s * (0.6 * t1 + 0.8 * t2) + vn * n;
      const NormalForceSlope slope = calcHuntCrossleySlope(K, c, x, -v.dot(n));
      const PointContactJacobian J = calcPointContactJacobian(n, v, slope, mu);
      const Vec3 f = directForce(n, v, x, K, c, mu);
      EXPECT_LT((J.force - f).norm(), 1e-10 * f.norm());
      const Real hv = 1e-7, hx = 1e-9;
      Mat33 dv;
      for (int k = 0; k < 3; ++k) {
        const Vec3 e = Vec3::Unit(k) * hv;
        dv.col(k) = (directForce(n, v + e, x, K, c, mu) - directForce(n, v - e, x, K, c, mu)) / (2 * hv);
      }
      const Vec3 dx = (directForce(n, v, x + hx, K, c, mu) - directForce(n, v, x - hx, K, c, mu)) / (2 * hx);
      EXPECT_LT((J.dv - dv).norm(), 1e-5 * dv.norm()) << "slip " << s << " vn " << vn << "\n" << J.dv << "\nvs\n" << dv;
      EXPECT_LT((J.dx - dx).norm(), 1e-5 * dx.norm()) << "slip " << s << " vn " << vn;
    }
}

// Central differences of a generalized force τ(state): Dfd = ∂τ/∂u, Kfd = (∂τ/∂q) N at fixed u.
template <class Tau>
void differencedJacobians(const MultibodySystem& system, const State& state, Tau tau, Matrix& Dfd, Matrix& Kfd) {
  const int nu = state.getNU();
  Dfd.resize(nu, nu);
  Kfd.resize(nu, nu);
  for (int j = 0; j < nu; ++j) {
    State p = state, m = state;
    p.updU()[j] += 1e-7;
    m.updU()[j] -= 1e-7;
    Dfd.col(j) = (tau(p) - tau(m)) / 2e-7;
    Vector du = Vector::Zero(nu), dq(state.getNQ());
    du[j] = 1e-8;
    system.getMatter().multiplyByN(state, du, dq);
    p = state, m = state;
    p.updQ() += dq;
    m.updQ() -= dq;
    Kfd.col(j) = (tau(p) - tau(m)) / 2e-8;
  }
}

// A free ball pressed into the floor, moving and spinning: D = ∂τ/∂u and K = (∂τ/∂q) N of the
// contact's generalized force against central differences. Both are exact for a sphere on a
// half-space (the contact point follows the centre; the slip at fixed u changes with q).
struct PressedBody {
  MultibodySystem system{"pressed"};
  ContactForceSubsystem* contact = nullptr;
  MobilizedBody body;
  State state;
  template <class Material>
  explicit PressedBody(const Material& material) {
    MatterSubsystem& matter = system.updMatter();
    body = MobilizedBody::Free(MobilizedBody::Ground(matter),
                               Body(MassProperties::fromCentral(2, Vec3::Zero(), Inertia(0.01, 0.02, 0.03))), "body");
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    contact->addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
    contact->addSurface(body.getIndex(), Transform(), ContactShape::sphere(0.1), material, "ball");
    state = system.realizeTopology();
    matter.updQ(state).segment<4>(0) = Rotation::aboutX(0.3).toQuaternion().asVec4();
    matter.updQ(state).segment<3>(4) = Vec3(0, 0, 0.1 - 3e-3);  // 3 mm deep
  }
  // Generalized force of the contact alone.
  Vector tau(State& s) const {
    system.realize(s, Stage::Dynamics);
    Vector f;
    system.getMatter().multiplyBySystemJacobianTranspose(s, contact->getReport(s).bodyForces_G, f);
    return f;
  }
  void check(const Vector& u, const char* what, Real kTolerance = 1e-5) {
    state.updU() = u;
    system.realize(state, Stage::Dynamics);
    const int nu = state.getNU();
    Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
    contact->addInForceJacobian(state, D, K);
    Matrix Dfd, Kfd;
    differencedJacobians(
        system, state, [&](State& x) { return tau(x); }, Dfd, Kfd);
    EXPECT_GT(D.norm(), 0) << what;
    EXPECT_LT((D - Dfd).norm(), 1e-5 * Dfd.norm()) << what << "\nD\n" << D << "\nFD\n" << Dfd;
    EXPECT_LT((K - Kfd).norm(), kTolerance * Kfd.norm()) << what << "\nK\n" << K << "\nFD\n" << Kfd;
  }
};

TEST(ContactForceJacobian, HertzGeneralizedForceMatchesDifferences) {
  PressedBody b(ContactMaterial::rubber());
  Vector u(6);
  u << 0.4, -0.2, 1.0, 0.05, 0.002, -0.03;  // sliding fast
  b.check(u, "sliding");
  u << 0.01, 0.02, -0.01, 0.001, -0.002, 0.01;  // below the transition speed
  b.check(u, "sticking");
}

TEST(ContactForceJacobian, PenaltyGeneralizedForceMatchesDifferences) {
  PenaltyMaterial pm;
  PressedBody b(pm);
  Vector u(6);
  u << 0.2, 0.1, -0.5, 0.03, -0.01, -0.02;
  b.check(u, "penalty, loading");
}

// The same checks deeper in a tree: a free trunk with a ball-jointed limb whose shape, off the
// limb's origin, touches the floor. For a sphere everything is exact; for an ellipsoid the Hertz
// coefficient also changes with the curvatures under the moving contact point, which K leaves out.
struct PressedLimb {
  MultibodySystem system{"limb"};
  ContactForceSubsystem* contact = nullptr;
  State state;
  // A sphere (all semi-axes equal) or an ellipsoid, `depth` into the floor.
  PressedLimb(const Vec3& semiAxes, Real depth) {
    MatterSubsystem& matter = system.updMatter();
    const Body segment(MassProperties::fromCentral(2, Vec3(0, 0, -0.2), Inertia(0.03, 0.03, 0.005)));
    MobilizedBody trunk = MobilizedBody::Free(MobilizedBody::Ground(matter), segment, "trunk");
    MobilizedBody limb = MobilizedBody::Ball(trunk, Transform(Vec3(0.05, 0, -0.3)), segment, Transform());
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    contact->addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
    const Transform X_BS(Rotation::aboutAxis(0.4, Vec3(1, 1, 0).normalized()), Vec3(0.02, -0.01, -0.35));
    const bool sphere = semiAxes.x() == semiAxes.y() && semiAxes.y() == semiAxes.z();
    contact->addSurface(limb.getIndex(), X_BS,
                        sphere ? ContactShape::sphere(semiAxes.x()) : ContactShape::ellipsoid(semiAxes),
                        ContactMaterial::rubber(), "foot");
    state = system.realizeTopology();
    matter.updQ(state).segment<4>(0) = Rotation::aboutAxis(0.2, Vec3(0.3, 1, 0).normalized()).toQuaternion().asVec4();
    matter.updQ(state).segment<4>(
        7) = Rotation::aboutAxis(0.5, Vec3(1, -0.2, 0.1).normalized()).toQuaternion().asVec4();
    matter.updQ(state)[6] = 0;
    system.realize(state, Stage::Position);
    // The shape's lowest point is its centre's height less sqrt(Σ (R_GS(z, i) a_i)²).
    const Transform X_GS = matter.getBodyTransform(state, limb.getIndex()) * X_BS;
    const Real reach = (X_GS.R().matrix().row(2).transpose().cwiseProduct(semiAxes)).norm();
    matter.updQ(state)[6] = reach - X_GS.p().z() - depth;
  }
  Vector tau(State& s) const {
    system.realize(s, Stage::Dynamics);
    Vector f;
    system.getMatter().multiplyBySystemJacobianTranspose(s, contact->getReport(s).bodyForces_G, f);
    return f;
  }
  void check(const Vector& u, const std::string& what, Real kTolerance) {
    state.updU() = u;
    system.realize(state, Stage::Dynamics);
    ASSERT_EQ(contact->getNumContacts(state), 1) << what;
    const int nu = state.getNU();
    Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
    contact->addInForceJacobian(state, D, K);
    Matrix Dfd, Kfd;
    differencedJacobians(
        system, state, [&](State& x) { return tau(x); }, Dfd, Kfd);
    EXPECT_LT((D - Dfd).norm(), 1e-5 * Dfd.norm()) << what << "\nD\n" << D << "\nFD\n" << Dfd;
    EXPECT_LT((K - Kfd).norm(), kTolerance * Kfd.norm()) << what << "\nK\n" << K << "\nFD\n" << Kfd;

    // The structured form (ImplicitTreeSolver) is the same K without the geometric term: read its
    // K back through the right-hand side M r + hγ K w with r = 0, hγ = 1.
    const MatterSubsystem& matter = system.getMatter();
    ImplicitTreeSolver solver;
    ASSERT_TRUE(solver.prepare(matter, state));
    ASSERT_TRUE(contact->addInTreeJacobian(state, solver.terms())) << what;
    Matrix Ks(nu, nu);
    Vector rhs(nu);
    for (int j = 0; j < nu; ++j) {
      solver.formRightHandSide(Vector::Zero(nu), Vector::Unit(nu, j), 1.0, rhs);
      Ks.col(j) = rhs;
    }
    const int limb = 2;
    const Vec3 o = solver.terms().tree->getOrigin();
    const SpatialVec F = contact->getReport(state).bodyForces_G[limb];  // about the limb's origin
    const Vec3 r = matter.getBodyTransform(state, limb).p() - o;
    const SpatialVec W = spatialVec(Vec3(F.head<3>()) + r.cross(Vec3(F.tail<3>())), F.tail<3>());
    Matrix Kgeo = Matrix::Zero(nu, nu);
    solver.terms().tree->addGeometric(limb, W, Kgeo);
    EXPECT_GT(Kgeo.norm(), 0) << what;
    EXPECT_LT((Ks + Kgeo - Kfd).norm(), kTolerance * Kfd.norm()) << what << "\nK\n" << Ks + Kgeo << "\nFD\n" << Kfd;
  }
};

TEST(ContactForceJacobian, ContactDeepInATreeMatchesDifferences) {
  Vector u(9);
  for (const bool sphere : {true, false}) {
    PressedLimb limb(sphere ? Vec3(0.06, 0.06, 0.06) : Vec3(0.12, 0.045, 0.03), 2e-3);
    const std::string what = sphere ? "sphere" : "ellipsoid";
    const Real tol = sphere ? 1e-5 : 1e-2;                    // ellipsoid: 0.3 % here
    u << 0.4, -0.2, 1.0, 0.05, 0.002, -0.03, 2.0, -1.0, 0.5;  // sliding fast
    limb.check(u, what + ", sliding", tol);
    u << 0.01, 0.02, -0.01, 0.001, -0.002, 0.01, 0.03, 0.0, -0.02;  // below the transition speed
    limb.check(u, what + ", sticking", tol);
  }
}

}  // namespace
}  // namespace articula
