// assemble_four_bar: putting a closed loop together with the Assembler.
//
// The four-bar of four_bar.cpp (crank a = 0.3 m, coupler b = 1.0 m, rocker c = 0.8 m, ground
// link d = 0.9 m; three pins closed by a Ball constraint) starts from a rough guess with every
// angle off. The program
//   1. locks the crank at several angles and assembles the coupler and rocker, printing the
//      rocker angle next to Freudenstein's closed-form value and the iterations taken;
//   2. frees the crank and pulls the coupler's midpoint toward a target point in Ground that the
//      linkage cannot quite reach, printing where it ends up and the remaining goal cost;
//   3. asks for a crank angle goal together with the unreachable marker, showing how weights
//      trade the two goals off;
//   4. tries a loop that cannot close (coupler 2.5 m) and prints the Assembler's failure message.
#include <cmath>
#include <cstdio>

#include "articula/constraints/constraints.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/Assembler.h"

using namespace articula;

namespace {

constexpr Real a = 0.3, c = 0.8, d = 0.9;  // m

Body bar(Real length, Real mass) {
  const Real I = mass * length * length / 12;
  return Body(MassProperties::fromCentral(mass, Vec3(length / 2, 0, 0), Inertia(1e-6, I, I)));
}

// Rocker angle for crank angle t2 on the open branch, from |B - A| = b.
Real rockerAngle(Real t2, Real b) {
  const Real P = 2 * c * (d - a * std::cos(t2)), Q = -2 * a * c * std::sin(t2);
  const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(t2);
  return std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
}

struct Linkage {
  MultibodySystem system;
  MobilizedBody crank, coupler, rocker;
  explicit Linkage(Real b) {
    MatterSubsystem& matter = system.updMatter();
    const MobilizedBody ground = MobilizedBody::Ground(matter);
    // In the x-z plane like four_bar.cpp: the pins' frames turned so that they turn about -y.
    const Transform inXZ(Rotation::aboutX(M_PI / 2));
    crank = MobilizedBody::Pin(ground, inXZ, bar(a, 1.0), inXZ);
    coupler = MobilizedBody::Pin(crank, Transform(Vec3(a, 0, 0)) * inXZ, bar(b, 2.0), inXZ);
    rocker = MobilizedBody::Pin(ground, Transform(Vec3(d, 0, 0)) * inXZ, bar(c, 1.5), inXZ);
    addConstraint<constraints::Ball>(matter, "closure", coupler.getIndex(), Vec3(b, 0, 0), rocker.getIndex(),
                                     Vec3(c, 0, 0));
    system.realizeTopology();
  }
  // A rough guess: coupler and rocker both pointing up and to the right.
  State guess(Real crankAngle) const {
    State s = system.getDefaultState();
    crank.setOneQ(s, 0, crankAngle);
    coupler.setOneQ(s, 0, 0.5 - crankAngle);
    rocker.setOneQ(s, 0, 1.4);
    return s;
  }
};

}  // namespace

int main() {
  const Real b = 1.0;
  Linkage link(b);
  std::printf("1. crank locked: rocker angle from the Assembler vs Freudenstein\n");
  std::printf("   %8s %12s %12s %10s %5s\n", "crank", "rocker", "closed form", "diff", "iter");
  bool ok = true;  // the checks: closed form to 1e-9 rad, loop closed, the impossible loop refused
  for (Real t2 : {0.0, 0.5, 1.0, 1.5, 2.0}) {
    State s = link.guess(t2);
    Assembler assembler(link.system);
    assembler.lockBody(link.crank.getIndex());
    const AssemblyResult r = assembler.assemble(s);
    const Real t4 = link.rocker.getOneQ(s, 0);
    std::printf("   %8.3f %12.8f %12.8f %10.1e %5d\n", t2, t4, rockerAngle(t2, b), t4 - rockerAngle(t2, b),
                r.iterations);
    ok = ok && std::abs(t4 - rockerAngle(t2, b)) < 1e-9;
  }

  std::printf("\n2. coupler midpoint pulled toward (0.2, 0, 1.2) m (out of reach)\n");
  {
    State s = link.guess(0.8);
    Assembler assembler(link.system);
    assembler.addMarkerGoal("coupler middle", link.coupler.getIndex(), Vec3(b / 2, 0, 0), Vec3(0.2, 0, 1.2));
    const AssemblyResult r = assembler.assemble(s);
    const Vec3 p = link.system.getMatter().findStationLocationInGround(s, link.coupler.getIndex(), Vec3(b / 2, 0, 0));
    std::printf("   midpoint at (%.4f, %.4f, %.4f) m, goal cost %.4e m^2, closure error %.1e, %d iterations%s\n", p.x(),
                p.y(), p.z(), r.goalCost, r.constraintError, r.iterations,
                r.goalsConverged ? "" : " (goals still moving)");
    ok = ok && r.constraintError < 1e-10;
  }

  std::printf("\n3. crank goal 0 rad (weight 1) against the same marker (weight w)\n");
  for (Real w : {0.01, 1.0, 100.0}) {
    State s = link.guess(0.8);
    Assembler assembler(link.system);
    assembler.addCoordinateGoal(link.crank.getIndex(), 0, 0.0, 1.0);
    assembler.addMarkerGoal("coupler middle", link.coupler.getIndex(), Vec3(b / 2, 0, 0), Vec3(0.2, 0, 1.2), w);
    const AssemblyResult r = assembler.assemble(s);
    std::printf("   w = %-6g crank %.4f rad, goal cost %.4e\n", w, link.crank.getOneQ(s, 0), r.goalCost);
  }

  std::printf("\n4. a loop that cannot close (coupler 2.5 m > a + c + d = 2.0 m)\n");
  Linkage bad(2.5);
  State s = bad.guess(0.3);
  bool refused = false;
  try {
    Assembler(bad.system).assemble(s);
  } catch (const AssemblyFailure& e) {
    std::printf("   %s\n", e.what());
    refused = true;
  }
  ok = ok && refused;
  std::printf("\n%s\n", ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
