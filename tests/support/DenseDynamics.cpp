#include "support/DenseDynamics.h"

namespace articula::testing {

Real relErr(const std::vector<SpatialVec>& a, const std::vector<SpatialVec>& b, Real floor) {
  return relErr(stack(a), stack(b), floor);
}

Vector randomVector(int n, std::mt19937& rng, Real scale) {
  std::uniform_real_distribution<Real> d(-scale, scale);
  Vector v(n);
  for (int i = 0; i < n; ++i) v[i] = d(rng);
  return v;
}

std::vector<SpatialVec> randomBodyForces(int numBodies, std::mt19937& rng, Real scale) {
  std::vector<SpatialVec> F(numBodies, SpatialVec::Zero());
  for (int b = 1; b < numBodies; ++b) F[b] = randomVector(6, rng, scale);
  return F;
}

std::vector<SpatialVec> zeroBodyForces(int numBodies) { return std::vector<SpatialVec>(numBodies, SpatialVec::Zero()); }

// Written out from the mass properties rather than through MassProperties::toSpatialMat, so the
// dense side shares no inertia code with the operators.
Mat66 spatialInertiaInGround(const MatterSubsystem& matter, const State& s, int b) {
  Mat66 M = Mat66::Zero();
  if (b == 0) return M;
  const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
  const Mat33 R = matter.getBodyTransform(s, b).R().matrix();
  const Vec3 c = R * mp.massCenter();
  const Mat33 I = R * mp.inertiaAboutOrigin().matrix() * R.transpose();
  M.topLeftCorner<3, 3>() = I;
  M.topRightCorner<3, 3>() = mp.mass() * skew(c);
  M.bottomLeftCorner<3, 3>() = -mp.mass() * skew(c);
  M.bottomRightCorner<3, 3>() = mp.mass() * Mat33::Identity();
  return M;
}

Vector stack(const std::vector<SpatialVec>& v) {
  Vector out(6 * v.size());
  for (size_t b = 0; b < v.size(); ++b) out.segment<6>(6 * b) = v[b];
  return out;
}

std::vector<SpatialVec> unstack(const Vector& v) {
  std::vector<SpatialVec> out(v.size() / 6);
  for (size_t b = 0; b < out.size(); ++b) out[b] = v.segment<6>(6 * b);
  return out;
}

SpatialVec inertialForce(const MatterSubsystem& matter, const State& s, int b, const SpatialVec& A_GB) {
  if (b == 0) return SpatialVec::Zero();
  const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
  const Mat33 R = matter.getBodyTransform(s, b).R().matrix();
  const Vec3 w = matter.getBodyVelocity(s, b).head<3>();
  const Vec3 c = R * mp.massCenter();
  const Mat33 I = R * mp.inertiaAboutOrigin().matrix() * R.transpose();
  // Classical accelerations of Bo: the velocity-dependent part is w x I w and m w x (w x c).
  const SpatialVec gyro = spatialVec(w.cross(I * w), mp.mass() * w.cross(w.cross(c)));
  return spatialInertiaInGround(matter, s, b) * A_GB + gyro;
}

Vector denseResidual(const MatterSubsystem& matter, const State& s, const Vector& f, const std::vector<SpatialVec>& F_G,
                     const Vector& udot) {
  const int nb = matter.getNumBodies();
  Matrix J;
  matter.calcSystemJacobian(s, J);
  std::vector<SpatialVec> bias;
  matter.calcBiasForSystemJacobian(s, bias);
  const Vector A = J * udot + stack(bias);
  Vector F = Vector::Zero(6 * nb);
  for (int b = 1; b < nb; ++b) F.segment<6>(6 * b) = inertialForce(matter, s, b, A.segment<6>(6 * b)) - F_G[b];
  return J.transpose() * F - f;
}

Matrix denseMassMatrix(const MatterSubsystem& matter, const State& s) {
  Matrix J;
  matter.calcSystemJacobian(s, J);
  Matrix IJ(J.rows(), J.cols());
  for (int b = 0; b < matter.getNumBodies(); ++b)
    IJ.middleRows<6>(6 * b) = spatialInertiaInGround(matter, s, b) * J.middleRows<6>(6 * b);
  return J.transpose() * IJ;
}

State advanced(const MatterSubsystem& matter, const State& s, Real h, const Vector* udot) {
  Vector qdot;
  matter.multiplyByN(s, Vector(matter.getU(s)), qdot);
  State out = s;
  matter.updQ(out) += h * qdot;
  if (udot) matter.updU(out) += h * *udot;
  return out;
}

Vec3 angularVelocityFromDifferences(const Rotation& Rm, const Rotation& R, const Rotation& Rp, Real h) {
  const Mat33 Rdot = (Rp.matrix() - Rm.matrix()) / (2 * h);
  return unskew(Rdot * R.matrix().transpose());
}

}  // namespace articula::testing
