// Agreement with Simbody 3.7's HuntCrossleyForce (GeneralContactSubsystem, sphere on half-space):
// the same contact force at the same state, and the same bouncing trajectory. Simbody's surface
// "stiffness" is the plane-strain modulus E/(1 − ν²); 3.7 combines two of them with the same 2/3
// power rule as Articula (checked here by the force at equal states).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "compare/SimbodyHeaders.h"

namespace articula::testing {
namespace {

constexpr Real g = 9.81, m = 0.5, R = 0.05;
const ContactMaterial kBall{"ball", 2e7, 0.4, 0.3, 0, 0, 0};
const ContactMaterial kFloor{"floor", 5e7, 0.3, 0.1, 0, 0, 0};

struct ArticulaBall {
  MultibodySystem system;
  ContactForceSubsystem* contact;
  int body;
  ArticulaBall() {
    MatterSubsystem& matter = system.updMatter();
    body = MobilizedBody::Translation(MobilizedBody::Ground(matter),
                                      Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R))), "ball")
               .getIndex();
    system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
        .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    contact->addSurface(0, Transform(), ContactShape::halfSpace(), kFloor, "floor");
    contact->addSurface(body, Transform(), ContactShape::sphere(R), kBall, "ball");
  }
};

struct SimbodyBall {
  SimTK::MultibodySystem system;
  SimTK::SimbodyMatterSubsystem matter{system};
  SimTK::GeneralForceSubsystem forces{system};
  SimTK::GeneralContactSubsystem contacts{system};
  SimTK::MobilizedBody::Translation ball;
  SimTK::State state;
  SimbodyBall() {
    SimTK::Force::UniformGravity(forces, matter, SimTK::Vec3(0, 0, -g));
    const SimTK::ContactSetIndex set = contacts.createContactSet();
    // Simbody's half-space is x > 0: turned so that it is z < 0.
    contacts.addBody(set, matter.updGround(), SimTK::ContactGeometry::HalfSpace(),
                     SimTK::Transform(SimTK::Rotation(SimTK::Pi / 2, SimTK::YAxis), SimTK::Vec3(0)));
    ball = SimTK::MobilizedBody::Translation(
        matter.updGround(), SimTK::Transform(),
        SimTK::Body::Rigid(SimTK::MassProperties(m, SimTK::Vec3(0), SimTK::UnitInertia::sphere(R))),
        SimTK::Transform());
    contacts.addBody(set, ball, SimTK::ContactGeometry::Sphere(R), SimTK::Transform());
    SimTK::HuntCrossleyForce hc(forces, contacts, set);
    auto stiffness = [](const ContactMaterial& mat) { return mat.planeStrainModulus(); };
    hc.setBodyParameters(SimTK::ContactSurfaceIndex(0), stiffness(kFloor), kFloor.dissipation, 0, 0, 0);
    hc.setBodyParameters(SimTK::ContactSurfaceIndex(1), stiffness(kBall), kBall.dissipation, 0, 0, 0);
    state = system.realizeTopology();
  }
};

TEST(ContactAgreement, HuntCrossleyForceMatchesSimbodyAtTheSameState) {
  ArticulaBall a;
  SimbodyBall b;
  State s = a.system.realizeTopology();
  for (Real depth : {1e-5, 3e-4, 2e-3})
    for (Real rate : {-1.0, -0.1, 0.0, 0.5, 2.0}) {
      a.system.updMatter().updQ(s) = Vector(Vec3(0.01, -0.02, R - depth));
      a.system.updMatter().updU(s) = Vector(Vec3(0, 0, -rate));
      a.system.realize(s, Stage::Dynamics);
      b.ball.setQToFitTranslation(b.state, SimTK::Vec3(0.01, -0.02, R - depth));
      b.ball.setUToFitLinearVelocity(b.state, SimTK::Vec3(0, 0, -rate));
      b.system.realize(b.state, SimTK::Stage::Dynamics);
      const Real fSimbody =
          b.system.getRigidBodyForces(b.state, SimTK::Stage::Dynamics)[b.ball.getMobilizedBodyIndex()][1][2] + m * g;
      const Real fOurs = a.contact->getReport(s).contacts.empty() ? 0 : a.contact->getReport(s).contacts[0].normalForce;
      EXPECT_NEAR(fOurs, fSimbody, 1e-10 * (1 + std::abs(fSimbody))) << "depth " << depth << " rate " << rate;
    }
}

// Heights of the ball's centre every millisecond for 0.6 s (three bounces).
std::vector<Real> articulaHeights(Real accuracy, int64_t* steps) {
  ArticulaBall a;
  State s = a.system.realizeTopology();
  a.system.updMatter().updQ(s)[2] = R + 0.1;
  RungeKuttaMersonIntegrator integ(a.system);
  integ.setAccuracy(accuracy);
  integ.initialize(s);
  std::vector<Real> z;
  for (int i = 1; i <= 600; ++i) {
    while (integ.stepTo(i * 0.001) != StepOutcome::ReachedReportTime) {
    }
    z.push_back(integ.getState().getQ()[2]);
  }
  *steps = integ.getStatistics().stepsTaken;
  return z;
}

std::vector<Real> simbodyHeights(Real accuracy, int* steps) {
  SimbodyBall b;
  b.ball.setQToFitTranslation(b.state, SimTK::Vec3(0, 0, R + 0.1));
  SimTK::RungeKuttaMersonIntegrator integ(b.system);
  integ.setAccuracy(accuracy);
  SimTK::TimeStepper ts(b.system, integ);
  ts.initialize(b.state);
  std::vector<Real> z;
  for (int i = 1; i <= 600; ++i) {
    ts.stepTo(i * 0.001);
    z.push_back(ts.getState().getQ()[2]);
  }
  *steps = integ.getNumStepsTaken();
  return z;
}

Real maxDifference(const std::vector<Real>& a, const std::vector<Real>& b) {
  Real worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

TEST(ContactAgreement, BouncingSphereTrajectoryMatchesSimbody) {
  // Both engines against a tight reference of each other's: the trajectories agree to the
  // integration error, and that error shrinks with the accuracy in both.
  int64_t oursSteps = 0;
  int theirSteps = 0;
  const std::vector<Real> reference = articulaHeights(1e-12, &oursSteps);
  const std::vector<Real> simbodyReference = simbodyHeights(1e-12, &theirSteps);
  const Real engines = maxDifference(reference, simbodyReference);
  std::printf("bouncing sphere, Articula vs Simbody 3.7 at accuracy 1e-12: max |dz| = %.3g m\n", engines);
  EXPECT_LT(engines, 1e-9);                                             // metres: the same model
  EXPECT_LT(*std::min_element(reference.begin(), reference.end()), R);  // it did hit the floor
  for (Real accuracy : {1e-6, 1e-8}) {
    const Real ours = maxDifference(articulaHeights(accuracy, &oursSteps), reference);
    const Real theirs = maxDifference(simbodyHeights(accuracy, &theirSteps), reference);
    std::printf("  accuracy %.0e: Articula error %.3g m (%lld steps), Simbody error %.3g m (%d steps)\n", accuracy,
                ours, static_cast<long long>(oursSteps), theirs, theirSteps);
    EXPECT_LT(ours, 2e3 * accuracy);  // metres, for a 0.1 m drop
    EXPECT_LT(theirs, 2e3 * accuracy);
  }
}

}  // namespace
}  // namespace articula::testing
