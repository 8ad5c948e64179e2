// ellipsoid_contact: a tilted ellipsoid dropped on the floor comes to rest at its support height.
//
//   ellipsoid_contact [duration]
//
// A solid rubber ellipsoid (semi-axes a > b > c) on a Free joint is released 10 cm above a
// concrete floor, tilted 0.7 rad about a skew axis. The ContactForceSubsystem finds the contact
// with the exact ellipsoid support point and applies Hertz (with the elliptical correction for
// the two different curvatures) + Hunt-Crossley + Stribeck friction. It bounces, rocks and
// settles with its shortest axis vertical, the only stable rest (lowest mass centre). Rolling
// without slip dissipates almost nothing in this contact model (Hunt-Crossley damps only the
// approach rate, and the rolling contact point does not slip), so a small GlobalDamper stands in
// for the rolling resistance and air drag that stop a real rocking body; it changes no static
// force, so the rest height is still the pure contact prediction.
//
// At rest the centre's height is the ellipsoid's support function along the floor normal,
//     h(n) = sqrt(a² n_x² + b² n_y² + c² n_z²),   n = the floor normal in the body frame (= c at rest),
// minus the static Hertz penetration δ where the contact carries the weight:
//     m g = K δ^{3/2},   K = stiffnessPerModulus(A, B) · E*,
// with the relative semi-curvatures at the pole A = c / (2 a²), B = c / (2 b²) (calcHertzEllipse)
// and the pair's effective modulus E* (combineHertz). The program prints the height during the
// run, then the rest height, penetration and normal force next to these predictions.
// Checks (exit code 1 on failure): at rest (KE < 1e-6 J, shortest axis within 2e-3 rad of the
// vertical) the centre height and the contact depth match h - δ and δ within 1 % of δ, the normal
// force matches m g to 1e-4 relative.
#include <cmath>
#include <cstdio>
#include <memory>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

int main(int argc, char** argv) {
  const Real duration = argc > 1 ? std::atof(argv[1]) : 6.0;
  constexpr Real g = 9.81, density = 1100;  // rubber, kg/m^3
  const Vec3 semi(0.12, 0.08, 0.05);        // a > b > c, m
  const Real m = density * 4.0 / 3.0 * M_PI * semi.prod();

  MultibodySystem system("ellipsoid drop");
  MatterSubsystem& matter = system.updMatter();
  const MobilizedBody::Free body(MobilizedBody::Ground(matter),
                                 Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::ellipsoid(m, semi))),
                                 "ellipsoid");
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  forces.addForce(std::make_unique<GlobalDamper>(0.05, "rolling resistance"));  // -0.05 u on every speed
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const ContactMaterial floorMaterial = ContactMaterial::ground();
  ContactMaterial rubber = ContactMaterial::rubber();
  rubber.dissipation = 1.0;  // a lossy rubber (s/m), so that the rocking dies out within seconds
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), floorMaterial, "floor");
  contact.addSurface(body.getIndex(), Transform(), ContactShape::ellipsoid(semi), rubber, "ellipsoid");

  State state = system.realizeTopology();
  const Rotation tilt = Rotation::aboutAxis(0.7, Vec3(1, 2, 0));
  const Vec3 n0 = tilt.matrix().transpose() * Vec3::UnitZ();  // floor normal in the body frame
  const Real h0 = std::sqrt((semi.array() * n0.array()).square().sum());
  SmallVector q(7);
  q << tilt.toQuaternion().asVec4(), Vec3(0, 0, h0 + 0.10);
  body.setQ(state, q);

  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-6);
  integrator.initialize(state);
  std::printf(
      "ellipsoid %.0f x %.0f x %.0f mm, %.3f kg (rubber, c = %.1f s/m) on concrete; tilted 0.7 rad, released 10 cm "
      "up\n",
      2e3 * semi.x(), 2e3 * semi.y(), 2e3 * semi.z(), m, rubber.dissipation);
  std::printf("%7s %12s %14s %12s %12s\n", "t (s)", "height (mm)", "axis tilt (rad)", "KE (J)", "contacts");
  const int reports = 16;
  for (int k = 0; k <= reports; ++k) {
    integrator.stepTo(duration * k / reports);
    const State& s = integrator.getState();
    const Transform& X = body.getBodyTransform(s);
    std::printf("%7.3f %12.4f %14.5f %12.3e %12d\n", s.getTime(), 1e3 * X.p().z(),
                std::acos(std::min<Real>(1, std::abs(X.R().z().z()))), system.calcKineticEnergy(s),
                contact.getNumContacts(s));
  }

  // ---- at rest: compare with the support function and Hertz ----
  State s = integrator.getState();
  system.realize(s, Stage::Dynamics);
  const Transform& X = body.getBodyTransform(s);
  const Vec3 n = X.R().matrix().transpose() * Vec3::UnitZ();
  const Real support = std::sqrt((semi.array() * n.array()).square().sum());
  const Real A = semi.z() / (2 * semi.x() * semi.x()), B = semi.z() / (2 * semi.y() * semi.y());
  const HertzEllipse ellipse = calcHertzEllipse(A, B);
  const Real K = ellipse.stiffnessPerModulus * combineHertz(floorMaterial, rubber).modulus;
  const Real delta = std::pow(m * g / K, 2.0 / 3.0);
  const ContactReport& report = contact.getReport(s);
  const Real tilt1 = std::acos(std::min<Real>(1, std::abs(X.R().z().z())));
  const Real ke = system.calcKineticEnergy(s);
  std::printf("\nat rest: shortest axis %.2e rad from the vertical, KE %.2e J\n", tilt1, ke);
  std::printf("  support function h(n)        %12.6f mm (c = %.1f mm)\n", 1e3 * support, 1e3 * semi.z());
  std::printf("  Hertz static penetration δ   %12.6f mm (K = %.4e N/m^1.5, patch ratio a/b %.3f, σ %.4f)\n",
              1e3 * delta, K, ellipse.ratio, ellipse.sigma);
  std::printf("  predicted centre height h-δ  %12.6f mm\n", 1e3 * (support - delta));
  std::printf("  simulated centre height      %12.6f mm\n", 1e3 * X.p().z());
  if (report.contacts.empty()) {
    std::printf("CHECK FAILED: no contact at the end\n");
    return 1;
  }
  const ContactRecord& c = report.contacts[0];
  std::printf("  contact depth %.6f mm, normal force %.6f N (m g = %.6f N), patch %.2f x %.2f mm\n", 1e3 * c.depth,
              c.normalForce, m * g, 2e3 * c.patchMajor, 2e3 * c.patchMinor);
  const Real heightError = std::abs(X.p().z() - (support - delta));
  std::printf("  height error %.2e mm = %.2e of δ\n", 1e3 * heightError, heightError / delta);
  const bool ok = ke < 1e-6 && tilt1 < 2e-3 && heightError < 0.01 * delta && std::abs(c.depth - delta) < 0.01 * delta &&
                  std::abs(c.normalForce - m * g) < 1e-4 * m * g;
  std::printf("%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
