// A biological joint: a knee whose tibia translates with flexion (FunctionBased mobilizer with
// natural cubic splines), hanging under gravity. Prints how the tibia origin moves along the
// flexion range, the torque a lock needs to hold the knee bent, and checks it against inverse
// dynamics.
//
// The spline knots are the planar knee of Yamaguchi & Zajac (1989) as used by Delp et al. (1990)
// and tabulated in OpenSim's gait models: tibia origin in the femur frame vs. knee angle (rad).
#include <cmath>
#include <cstdio>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

int main() {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);

  // Femur welded to Ground (a fixed thigh), tibia on the function-based knee. The bodies' frames
  // are OpenSim's (y along the bone, up; flexion about z); the weld turns the femur's y to
  // Ground's z, since Ground is z-up like every example and model file.
  const Body femur(MassProperties::fromCentral(9.3, Vec3(0, -0.17, 0), Inertia(0.13, 0.03, 0.13)), "femur");
  const Body tibia(MassProperties::fromCentral(3.7, Vec3(0, -0.19, 0), Inertia(0.05, 0.005, 0.05)), "tibia");
  MobilizedBody::Weld thigh(ground, Transform(Rotation::aboutX(M_PI / 2), Vec3(0, 0, 1.0)), femur, Transform());

  const std::vector<Real> angle = {-2.0944,   -1.74533, -1.39626, -1.0472,  -0.698132, -0.349066,
                                   -0.174533, 0.197344, 0.337395, 0.490178, 1.52146,   2.0944};
  const std::vector<Real> tx = {-0.0032, 0.00179,   0.00411,   0.0041,    0.00212,   -0.001,
                                -0.0031, -0.005227, -0.005435, -0.005574, -0.005435, -0.00525};
  const std::vector<Real> ty = {-0.4226, -0.4082, -0.399,  -0.3976, -0.4,    -0.4082,
                                -0.4151, -0.4185, -0.4108, -0.4,    -0.3961, -0.3941};
  mobilizers::SpatialFunctions knee;
  knee.numCoordinates = 1;
  knee.rotations[2] = {functions::linear({1.0}, 0.0), {0}};  // flexion about z
  knee.translations[0] = {functions::naturalCubicSpline(angle, tx), {0}};
  knee.translations[1] = {functions::naturalCubicSpline(angle, ty), {0}};
  MobilizedBody::FunctionBased shank(thigh, Transform(), tibia, Transform(), knee, Direction::Forward, "knee");

  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));
  State state = system.realizeTopology();

  std::printf("knee angle (deg)   tibia origin x, y in the femur frame (m)\n");
  for (Real deg : {-90.0, -60.0, -30.0, 0.0, 15.0}) {
    shank.setOneQ(state, 0, deg * M_PI / 180);
    system.realize(state, Stage::Position);
    const Vec3 p = thigh.getBodyTransform(state).inverse() * shank.getBodyTransform(state).p();
    std::printf("  %8.1f          % .5f  % .5f\n", deg, p.x(), p.y());
  }

  // Hold the knee at -60 degrees with a lock, and compare the lock torque with inverse dynamics.
  shank.lockAt(state, SmallVector::Constant(1, -60 * M_PI / 180));
  system.realize(state, Stage::Acceleration);
  const Real lockTorque = matter.getLockForces(state)[shank.getInfo().uStart];
  Vector residual;
  matter.calcResidualForceIgnoringConstraints(state, matter.getAppliedMobilityForces(state),
                                              matter.getAppliedBodyForces(state), Vector::Zero(matter.getNU()),
                                              residual);
  std::printf("\nholding the knee at -60 deg: lock torque %.4f N m, inverse dynamics %.4f N m\n", lockTorque,
              residual[shank.getInfo().uStart]);

  // Released, the tibia swings: its initial angular acceleration.
  shank.unlock(state);
  system.realize(state, Stage::Acceleration);
  std::printf("released: knee angular acceleration %.3f rad/s^2\n", shank.getUDot(state)[0]);
  return std::abs(lockTorque - residual[shank.getInfo().uStart]) < 1e-9 ? 0 : 1;
}
