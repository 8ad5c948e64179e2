// The contact force subsystem on small models: a sphere resting on a plane against Hertz, a
// translating sphere on an incline against Coulomb's sticking angle and the sliding deceleration,
// a thrown spinning ball whose energy never increases, a penalty ball whose rebound matches the
// hysteresis loop's returned work, report bookkeeping, and named errors.
#include "articula/contact/ContactForceSubsystem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "articula/Error.h"
#include "articula/forces/CustomForce.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "contact/Icosphere.h"

namespace articula {
namespace {

constexpr Real g = 9.81;

ContactMaterial material(Real E, Real nu, Real c, Real us, Real ud) {
  return ContactMaterial{"m", E, nu, c, us, ud, 0};
}

// Advances to time t (the first stepTo after initialize only starts the interval).
void advance(Integrator& integ, Real t) {
  while (integ.stepTo(t) != StepOutcome::ReachedReportTime) {
  }
}

// A ball of mass m and radius R on a Translation (no rotation) or Free mobilizer above a floor
// half-space whose outward normal is tilted by `incline` about Ground's y axis.
struct Ball {
  MultibodySystem system;
  ContactForceSubsystem* contact = nullptr;
  GeneralForceSubsystem* forces = nullptr;
  int body = 0, floor = -1, ball = -1;
  Real m, R;
  Ball(Real mass, Real radius, const ContactMaterial& ballMaterial, const ContactMaterial& floorMaterial,
       bool free = false, Real incline = 0)
      : m(mass), R(radius) {
    MatterSubsystem& matter = system.updMatter();
    const Body b(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R)));
    if (free) body = MobilizedBody::Free(MobilizedBody::Ground(matter), b, "ball").getIndex();
    else body = MobilizedBody::Translation(MobilizedBody::Ground(matter), b, "ball").getIndex();
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces->addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    floor = contact->addSurface(0, Transform(Rotation::aboutY(incline)), ContactShape::halfSpace(), floorMaterial,
                                "floor");
    ball = contact->addSurface(body, Transform(), ContactShape::sphere(radius), ballMaterial, "ball");
  }
  Ball(Real mass, Real radius, const PenaltyMaterial& ballMaterial, const ContactMaterial& floorMaterial)
      : m(mass), R(radius) {
    MatterSubsystem& matter = system.updMatter();
    const Body b(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R)));
    body = MobilizedBody::Translation(MobilizedBody::Ground(matter), b, "ball").getIndex();
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces->addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    floor = contact->addSurface(0, Transform(), ContactShape::halfSpace(), floorMaterial, "floor");
    ball = contact->addSurface(body, Transform(), ContactShape::sphere(radius), ballMaterial, "ball");
  }
  // Translation: q = position of the centre. Free: q = [quaternion; position], u = [w; v].
  void place(State& s, const Vec3& p, const Vec3& v = Vec3::Zero(), const Vec3& w = Vec3::Zero()) const {
    const MatterSubsystem& matter = system.getMatter();
    if (matter.getInfo(body).nq == 3) {
      matter.updQ(s).segment<3>(0) = p;
      matter.updU(s).segment<3>(0) = v;
    } else {
      matter.updQ(s).segment<4>(0) = Vec4(1, 0, 0, 0);
      matter.updQ(s).segment<3>(4) = p;
      matter.updU(s).segment<3>(0) = w;
      matter.updU(s).segment<3>(3) = v;
    }
  }
  Vec3 centre(const State& s) const { return system.getMatter().getBodyTransform(s, body).p(); }
  Vec3 velocity(const State& s) const { return system.getMatter().getBodyVelocity(s, body).tail<3>(); }
};

TEST(ContactForceSubsystem, SphereRestingOnAPlanePenetratesAsHertzPredicts) {
  const ContactMaterial mat = material(2e7, 0.3, 0.0, 0.5, 0.4);
  Ball model(1.0, 0.05, mat, mat);
  State s = model.system.realizeTopology();
  // Equal materials: E* = E'/2^{3/2}, K = (4/3) E* sqrt(R); resting x = (m g / K)^{2/3}.
  const Real Estar = mat.planeStrainModulus() / std::pow(2.0, 1.5);
  const Real K = 4.0 / 3.0 * Estar * std::sqrt(model.R);
  const Real x = std::pow(model.m * g / K, 2.0 / 3.0);
  model.place(s, Vec3(0.1, -0.2, model.R - x));
  model.system.realize(s, Stage::Dynamics);
  const ContactReport& r = model.contact->getReport(s);
  ASSERT_EQ(r.contacts.size(), 1u);
  const ContactRecord& c = r.contacts[0];
  EXPECT_EQ(c.model, ContactModel::Hertz);
  EXPECT_NEAR(c.depth, x, 1e-12);
  EXPECT_NEAR(c.normalForce / (model.m * g), 1, 1e-9);
  EXPECT_NEAR(c.normal_G.z(), 1, 1e-12);  // from the floor (A) towards the ball (B)
  EXPECT_NEAR(c.patchMajor, std::sqrt(model.R * x), 1e-9);
  EXPECT_NEAR(c.patchMinor, c.patchMajor, 1e-12);
  // Equal materials share the deformation: the force acts halfway between the undeformed surfaces.
  EXPECT_NEAR(c.point_G.z(), -x / 2, 1e-12);
  EXPECT_NEAR(c.point_G.x(), 0.1, 1e-12);
  EXPECT_NEAR(c.potentialEnergy, 0.4 * K * std::pow(x, 2.5), 1e-12);
  EXPECT_NEAR(r.bodyForces_G[model.body].tail<3>().z(), model.m * g, 1e-9);
  // The ball is in equilibrium: no acceleration.
  model.system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(model.system.getMatter().getBodyAcceleration(s, model.body).tail<3>().norm(), 0, 1e-8);
  // Exponent 3/2: twice the penetration, 2^{3/2} the force.
  model.place(s, Vec3(0.1, -0.2, model.R - 2 * x));
  model.system.realize(s, Stage::Dynamics);
  EXPECT_NEAR(model.contact->getReport(s).contacts[0].normalForce / (model.m * g), std::pow(2.0, 1.5), 1e-9);
}

TEST(ContactForceSubsystem, DroppedSphereComesToRestAtTheHertzPenetration) {
  const ContactMaterial mat = material(1e7, 0.3, 1.0, 0.5, 0.4);
  Ball model(0.5, 0.04, mat, mat);
  State s = model.system.realizeTopology();
  model.place(s, Vec3(0, 0, 0.06));
  RungeKuttaMersonIntegrator integ(model.system);
  integ.setAccuracy(1e-6);
  integ.initialize(s);
  advance(integ, 3.0);
  const Real K = 4.0 / 3.0 * mat.planeStrainModulus() / std::pow(2.0, 1.5) * std::sqrt(model.R);
  const Real x = std::pow(model.m * g / K, 2.0 / 3.0);
  EXPECT_NEAR((model.R - model.centre(integ.getState()).z()) / x, 1, 1e-3);  // still ringing slightly
  EXPECT_LT(model.velocity(integ.getState()).norm(), 1e-4);
}

// A non-rotating sphere on an incline: Coulomb friction holds it iff tan θ < μs, and it slides
// with a = g (sin θ − μd cos θ) otherwise.
Real slideAcceleration(Real theta, Real* creepSpeed) {
  const ContactMaterial mat = material(5e7, 0.3, 0.5, 0.6, 0.4);
  Ball model(1.0, 0.05, mat, mat, false, theta);
  State s = model.system.realizeTopology();
  const Vec3 n = Rotation::aboutY(theta).matrix().col(2);
  const Real K = 4.0 / 3.0 * mat.planeStrainModulus() / std::pow(2.0, 1.5) * std::sqrt(model.R);
  const Real x = std::pow(model.m * g * std::cos(theta) / K, 2.0 / 3.0);
  model.place(s, (model.R - x) * n);
  RungeKuttaMersonIntegrator integ(model.system);
  integ.setAccuracy(1e-6);
  integ.initialize(s);
  advance(integ, 0.5);
  const Vec3 v1 = model.velocity(integ.getState());
  advance(integ, 1.0);
  const Vec3 v2 = model.velocity(integ.getState());
  *creepSpeed = v2.norm();
  const Vec3 downhill = Vec3(0, 0, -1) - Vec3(0, 0, -1).dot(n) * n;
  return (v2 - v1).dot(downhill.normalized()) / 0.5;
}

TEST(ContactForceSubsystem, BlockOnInclineSticksBelowTheFrictionAngleAndSlidesAbove) {
  const Real us = 0.6, ud = 0.4, vt = StribeckFriction::kDefaultTransitionSpeed;
  Real creep = 0;
  const Real stickAngle = std::atan(us) - 0.1;
  const Real aStick = slideAcceleration(stickAngle, &creep);
  EXPECT_LT(creep, vt);  // creeps below the transition speed: stuck
  EXPECT_NEAR(aStick, 0, 1e-3);
  const Real slideAngle = std::atan(us) + 0.1;
  const Real aSlide = slideAcceleration(slideAngle, &creep);
  EXPECT_GT(creep, 10 * vt);
  EXPECT_NEAR(aSlide / (g * (std::sin(slideAngle) - ud * std::cos(slideAngle))), 1, 2e-3);
}

TEST(ContactForceSubsystem, EnergyNeverIncreasesWithDissipationAndFriction) {
  const ContactMaterial mat = material(1e7, 0.35, 0.8, 0.7, 0.5);
  Ball model(0.3, 0.05, mat, ContactMaterial::ground(), true);
  State s = model.system.realizeTopology();
  model.place(s, Vec3(0, 0, 0.3), Vec3(1.5, 0.3, -1.0), Vec3(5, -20, 3));
  RungeKuttaMersonIntegrator integ(model.system);
  integ.setAccuracy(1e-7);
  integ.initialize(s);
  auto energy = [&](const State& reported) {
    State st = reported;
    model.system.realize(st, Stage::Dynamics);
    return model.system.calcEnergy(st);  // KE + gravity + contact (2/5) K x^{5/2}
  };
  Real previous = energy(integ.getState());
  const Real scale = previous;
  int contactsSeen = 0;
  for (int k = 1; k <= 400; ++k) {
    advance(integ, k * 0.0025);
    const Real e = energy(integ.getState());
    EXPECT_LE(e, previous + 1e-5 * scale) << "t " << integ.getTime();
    previous = e;
    contactsSeen += model.contact->getNumContacts(integ.getState()) > 0 ? 1 : 0;
  }
  EXPECT_GT(contactsSeen, 50);
  EXPECT_LT(previous, scale * 0.9);  // the bounces and the sliding took energy out
}

// W_nc of `forces` integrates the contact's non-conservative power too (as the model builder's
// probe does); `contact` must come before `forces` in the system, whose probe reads its report.
void trackContactWork(GeneralForceSubsystem& forces, const ContactForceSubsystem& contact) {
  auto probe = std::make_unique<CustomForce>(
      [](const State&, const MatterSubsystem&, std::vector<SpatialVec>&, Vector&) {}, "contact work");
  probe->setPower([](const State&, const MatterSubsystem&) { return 0.0; });
  probe->setNonConservativePower(
      [&contact](const State& s, const MatterSubsystem&) { return contact.getReport(s).nonConservativePower; });
  forces.addForce(std::move(probe));
  forces.setTrackNonConservativeWork(true);
}

// An undamped, frictionless ellipsoid tumbling on the floor: no energy leaves, but the elliptical
// Hertz stiffness changes as the ellipsoid turns, so the stored energy (2/5) K x^{5/2} is not the
// force's potential. The contact's non-conservative power must carry (2/5) K̇ x^{5/2}: then
// KE + PE − W_nc stays constant to the integration accuracy, while without the term it drifts.
TEST(ContactForceSubsystem, TumblingEllipsoidKeepsItsEnergyBalanceThroughTheStiffnessChange) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  const Real m = 2.0;
  const Vec3 axes(0.06, 0.1, 0.16);
  const Inertia I(m / 5 * (axes[1] * axes[1] + axes[2] * axes[2]), m / 5 * (axes[0] * axes[0] + axes[2] * axes[2]),
                  m / 5 * (axes[0] * axes[0] + axes[1] * axes[1]));
  const int body = MobilizedBody::Free(MobilizedBody::Ground(matter),
                                       Body(MassProperties::fromCentral(m, Vec3::Zero(), I)), "egg")
                       .getIndex();
  // Contact first: the work probe in the force subsystem reads its report.
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  const ContactMaterial elastic = material(2e6, 0.4, 0, 0, 0);
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), elastic, "floor");
  contact.addSurface(body, Transform(), ContactShape::ellipsoid(axes), elastic, "egg");
  trackContactWork(forces, contact);
  State s = system.realizeTopology();
  const Vec3 tiltAxis = Vec3(1, 2, 0).normalized();
  matter.updQ(s).segment<4>(0) = Vec4(std::cos(0.35), std::sin(0.35) * tiltAxis.x(), std::sin(0.35) * tiltAxis.y(), 0);
  matter.updQ(s).segment<3>(4) = Vec3(0, 0, 0.13);
  matter.updU(s).segment<3>(0) = Vec3(4, -6, 2);
  matter.updU(s).segment<3>(3) = Vec3(0.3, 0, -0.5);
  RungeKuttaMersonIntegrator integ(system);
  integ.setAccuracy(1e-9);
  integ.initialize(s);
  auto balance = [&](const State& reported) {
    State st = reported;
    system.realize(st, Stage::Dynamics);
    return system.calcEnergy(st) - forces.getNonConservativeWork(st);
  };
  const Real e0 = balance(integ.getState());
  Real worst = 0, stiffnessWork = 0;
  int inContact = 0;
  for (int k = 1; k <= 300; ++k) {
    advance(integ, k * 0.002);
    worst = std::max(worst, std::abs(balance(integ.getState()) - e0));
    inContact += contact.getNumContacts(integ.getState()) > 0 ? 1 : 0;
    stiffnessWork = std::max(stiffnessWork, std::abs(forces.getNonConservativeWork(integ.getState())));
  }
  EXPECT_GT(inContact, 30) << "worst " << worst << " stiffness work " << stiffnessWork << " e0 " << e0;
  // What the stiffness change did is visible (not rounding), and the balance holds far below it.
  EXPECT_GT(stiffnessWork, 1e-3 * e0);
  EXPECT_LT(worst, 1e-3 * stiffnessWork);
}

TEST(ContactForceSubsystem, PenaltyBallReboundsWithTheEnergyTheHysteresisReturns) {
  // Linear curve k, no damping, η = 0.25: loading stores ½ k x_m², unloading returns η of it.
  // With gravity: ½ m v_in² = ½ k x_m² − m g x_m and ½ m v_out² = η ½ k x_m² − m g x_m.
  const Real k = 2e4, eta = 0.25, m = 0.5, h = 0.2;
  PenaltyMaterial pm;
  pm.name = "pad";
  pm.loading = PenaltyCurve({{0, 0}, {1, k}}, "linear");
  pm.unloadingEnergyFraction = eta;
  pm.damping = 0;
  pm.friction = 0;
  Ball model(m, 0.05, pm, ContactMaterial::ground());
  State s = model.system.realizeTopology();
  EXPECT_EQ(model.contact->getNumPenaltyPairs(), 1);
  model.place(s, Vec3(0, 0, model.R + h));
  RungeKuttaMersonIntegrator integ(model.system);
  integ.setAccuracy(1e-8);
  integ.initialize(s);
  const Real vIn = std::sqrt(2 * g * h);
  const Real xm = (m * g + std::sqrt(m * m * g * g + k * m * vIn * vIn)) / k;
  const Real vOut = std::sqrt(2 * (eta * 0.5 * k * xm * xm - m * g * xm) / m);
  Real apex = 0, deepest = 0, zMax = 0;
  bool rising = false;
  for (int i = 1; i <= 8000; ++i) {
    advance(integ, i * 1e-4);
    const Real z = model.centre(integ.getState()).z() - model.R;
    deepest = std::min(deepest, z);
    zMax = std::max(zMax, model.contact->getReachedMaxPenetration(integ.getState(), model.floor, model.ball));
    if (model.velocity(integ.getState()).z() > 0 && z > 0) rising = true;
    if (rising) apex = std::max(apex, z);
  }
  EXPECT_NEAR(-deepest / xm, 1, 1e-4);
  EXPECT_NEAR(zMax / xm, 1, 1e-4);  // the reached maximum was tracked
  EXPECT_NEAR(apex / (vOut * vOut / (2 * g)), 1, 1e-3);
}

// A penalty ball bouncing with hysteresis: on loading only the unloading branch's share of the work
// is stored, the rest is lost, and the contact's non-conservative power must say so for
// KE + PE − W_nc to stay constant through several bounces.
TEST(ContactForceSubsystem, PenaltyBallKeepsItsEnergyBalanceThroughTheHysteresisLoops) {
  for (bool withUnloadingCurve : {false, true}) {
    MultibodySystem system;
    MatterSubsystem& matter = system.updMatter();
    const Real m = 1.5, R = 0.05;
    const int body = MobilizedBody::Translation(
                         MobilizedBody::Ground(matter),
                         Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R))), "ball")
                         .getIndex();
    auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
    PenaltyMaterial pm;
    pm.loading = PenaltyCurve({{0, 0}, {0.004, 800}, {0.01, 4000}, {0.03, 20000}}, "pad");
    if (withUnloadingCurve) pm.unloading = PenaltyCurve({{0, 0}, {0.5, 100}, {1, 1000}}, "pad unloading");
    pm.unloadingEnergyFraction = 0.35;
    pm.damping = 0;
    pm.friction = 0;
    contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
    contact.addSurface(body, Transform(), ContactShape::sphere(R), pm, "ball");
    trackContactWork(forces, contact);
    State s = system.realizeTopology();
    matter.updQ(s).segment<3>(0) = Vec3(0, 0, R + 0.2);
    RungeKuttaMersonIntegrator integ(system);
    integ.setAccuracy(1e-8);
    integ.initialize(s);
    auto energy = [&](const State& reported, Real* work) {
      State st = reported;
      system.realize(st, Stage::Dynamics);
      *work = forces.getNonConservativeWork(st);
      return system.calcEnergy(st);
    };
    Real w = 0;
    const Real e0 = energy(integ.getState(), &w);
    Real worst = 0;
    for (int k = 1; k <= 1500; ++k) {
      advance(integ, k * 1e-3);
      const Real e = energy(integ.getState(), &w);
      worst = std::max(worst, std::abs(e - w - e0));
    }
    Real lost = 0;
    energy(integ.getState(), &lost);
    EXPECT_LT(lost, -0.3 * e0) << "unloading curve " << withUnloadingCurve;  // the loops took energy out
    EXPECT_LT(worst, 1e-5 * e0) << "unloading curve " << withUnloadingCurve;
  }
}

TEST(ContactForceSubsystem, ReportSumsToTheBodyForcesAppliedToTheMatter) {
  const ContactMaterial mat = material(1e7, 0.3, 0.5, 0.6, 0.4);
  Ball model(1.0, 0.05, mat, mat, true);
  State s = model.system.realizeTopology();
  model.place(s, Vec3(0.2, 0.1, 0.049), Vec3(0.3, -0.1, -0.2), Vec3(1, 2, 3));
  model.system.realize(s, Stage::Dynamics);
  const ContactReport& r = model.contact->getReport(s);
  ASSERT_EQ(r.contacts.size(), 1u);
  const ContactRecord& c = r.contacts[0];
  const Vec3 p_GBo = model.centre(s);
  EXPECT_NEAR((r.bodyForces_G[model.body].tail<3>() - c.force_G).norm(), 0, 1e-12);
  EXPECT_NEAR((r.bodyForces_G[model.body].head<3>() - (c.point_G - p_GBo).cross(c.force_G)).norm(), 0, 1e-12);
  EXPECT_NEAR(c.force_G.dot(c.normal_G), c.normalForce, 1e-9);
  EXPECT_NEAR(c.frictionForce_G.dot(c.normal_G), 0, 1e-9);
  EXPECT_GT(c.frictionForce_G.norm(), 0);
  EXPECT_LE(c.nonConservativePower, 1e-12);  // Hunt–Crossley and friction only take energy out
  EXPECT_EQ(r.bodyForces_G[0], SpatialVec::Zero());
  // Applied forces = gravity + contact.
  const SpatialVec applied = model.system.getMatter().getAppliedBodyForces(s)[model.body];
  EXPECT_NEAR((applied.tail<3>() - Vec3(0, 0, -g) - c.force_G).norm(), 0, 1e-9);
  EXPECT_NEAR(model.contact->calcSurfaceDistance(s, model.floor, model.ball), -c.depth, 1e-12);
}

TEST(ContactForceSubsystem, MeshedBallOnTheFloorCarriesTheWinklerForce) {
  // Elastic foundation: a meshed sphere pressed d into a much stiffer floor carries k π R d²
  // (the Winkler integral over the sphere's surface), k = the layers' stiffnesses in series.
  const Real R = 0.1, d = 0.004, h = 0.01;
  const ContactMaterial soft = material(1e6, 0.3, 0.5, 0.8, 0.6), hard = ContactMaterial::ground();
  const testing::Icosphere ico = testing::makeIcosphere(5);
  std::vector<Vec3> vertices;
  for (const Vec3& v : ico.vertices) vertices.push_back(R * v);
  auto mesh = std::make_shared<const TriangleMesh>(vertices, ico.faces, "icosphere");
  MultibodySystem system;
  const Body b(MassProperties::fromCentral(1.0, Vec3::Zero(), Inertia::sphere(1.0, R)));
  const int body = MobilizedBody::Translation(MobilizedBody::Ground(system.updMatter()), b, "ball").getIndex();
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), hard, "floor");
  const int ball = contact.addSurface(body, Transform(), ContactShape::triangleMesh(mesh), soft, "ball");
  contact.setLayerThickness(ball, h);
  State s = system.realizeTopology();
  system.getMatter().updQ(s) = Vector(Vec3(0.3, 0.2, R - d));
  system.realize(s, Stage::Dynamics);
  const ContactReport& r = contact.getReport(s);
  ASSERT_EQ(r.contacts.size(), 1u);
  const ContactRecord& c = r.contacts[0];
  EXPECT_EQ(c.model, ContactModel::ElasticFoundation);
  auto confined = [](const ContactMaterial& m) {
    return (1 - m.poissonRatio) * m.youngsModulus / ((1 + m.poissonRatio) * (1 - 2 * m.poissonRatio));
  };
  const Real k = 1 / (h / confined(soft) + h / confined(hard));
  EXPECT_NEAR(c.normalForce / (k * std::numbers::pi * R * d * d), 1, 0.015);
  EXPECT_NEAR(c.centreOfPressure_G.x(), 0.3, 1e-3);
  EXPECT_NEAR(c.centreOfPressure_G.y(), 0.2, 1e-3);
  EXPECT_NEAR(c.normal_G.z(), 1, 1e-9);
  EXPECT_NEAR(c.patchArea / (2 * std::numbers::pi * R * d), 1, 0.05);  // the cap's area
  EXPECT_NEAR(r.bodyForces_G[body].tail<3>().z(), c.normalForce, 1e-9 * c.normalForce);
  // A penalty material cannot meet a mesh: a named error at detection.
  MultibodySystem other;
  const int body2 = MobilizedBody::Translation(MobilizedBody::Ground(other.updMatter()), b, "ball").getIndex();
  auto& contact2 = other.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  PenaltyMaterial pad;
  pad.name = "pad";
  contact2.addSurface(0, Transform(), ContactShape::halfSpace(), pad, "floor");
  contact2.addSurface(body2, Transform(), ContactShape::triangleMesh(mesh), soft, "ball");
  State s2 = other.realizeTopology();
  other.getMatter().updQ(s2) = Vector(Vec3(0, 0, R - d));
  try {
    other.realize(s2, Stage::Position);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("penalty"), std::string::npos) << e.what();
  }
}

TEST(ContactForceSubsystem, BadInputIsRejectedWithNames) {
  ContactForceSubsystem c;
  ContactMaterial bad = ContactMaterial::rubber();
  bad.name = "sole";
  bad.poissonRatio = 0.7;
  try {
    c.addSurface(0, Transform(), ContactShape::halfSpace(), bad, "floor");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'sole'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("poissonRatio = 0.7"), std::string::npos) << e.what();
  }
  const int s0 = c.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  EXPECT_THROW(c.setLayerThickness(s0, -1), Error);
  EXPECT_THROW(c.setLayerThickness(7, 0.01), Error);
  EXPECT_THROW(c.setTransitionSpeed(0), Error);
  EXPECT_THROW(c.setMaximumRadius(std::nan("")), Error);
  // A surface on a body the matter does not have fails at Topology, naming the surface.
  MultibodySystem system;
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  contact.addSurface(3, Transform(), ContactShape::sphere(0.1), ContactMaterial::steel(), "lost");
  try {
    system.realizeTopology();
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'lost'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula
