#include "articula/contact/PointContact.h"

#include <numbers>

#include "articula/matter/MatterSubsystem.h"

namespace articula {

PointContact startPointContact(const ContactGeometry& geometry, const ContactPoint& cp) {
  PointContact p;
  p.surfaceA = cp.shapeA;
  p.surfaceB = cp.shapeB;
  p.bodyA = geometry.getBody(cp.shapeA);
  p.bodyB = geometry.getBody(cp.shapeB);
  p.normal_G = cp.n_G;
  p.depth = cp.depth;
  return p;
}

void finishPointContact(const ContactPoint& cp, PointContact& p) {
  p.placement.point = p.point_G;
  p.placement.pointA = cp.pA_G;
  p.placement.pointB = cp.pB_G;
  p.placement.normal = cp.n_G;
  p.placement.curvatureA = cp.curvatureA;
  p.placement.curvatureB = cp.curvatureB;
}

PointContactMotion calcPointContactMotion(const MatterSubsystem& matter, const State& s, const PointContact& p) {
  const std::span<const Transform> X_GB = matter.getBodyTransforms(s);
  PointContactMotion m;
  m.originA = X_GB[p.bodyA].p();
  m.originB = X_GB[p.bodyB].p();
  const Vec3 vA = stationVelocity(matter.getBodyVelocity(s, p.bodyA), m.originA, p.point_G);
  const Vec3 vB = stationVelocity(matter.getBodyVelocity(s, p.bodyB), m.originB, p.point_G);
  m.vRel = vB - vA;
  m.vSlip = m.vRel - m.vRel.dot(p.normal_G) * p.normal_G;
  m.xdot = -m.vRel.dot(p.normal_G);
  return m;
}

void applyPointContactForce(const PointContact& p, const PointContactMotion& m, Real fn, const Vec3& friction,
                            ContactModel model, ContactRecord& rec, std::vector<SpatialVec>& F) {
  const Vec3& n = p.normal_G;
  const Vec3 f = fn * n + friction;
  addForceAt(F, p.bodyB, m.originB, p.point_G, f);
  addForceAt(F, p.bodyA, m.originA, p.point_G, -f);
  rec.surfaceA = p.surfaceA, rec.surfaceB = p.surfaceB, rec.bodyA = p.bodyA, rec.bodyB = p.bodyB;
  rec.model = model;
  rec.point_G = rec.centreOfPressure_G = p.point_G;
  rec.normal_G = n;
  rec.depth = p.depth;
  rec.depthRate = m.xdot;
  rec.patchMajor = p.patchMajor;
  rec.patchMinor = p.patchMinor;
  rec.patchArea = std::numbers::pi * p.patchMajor * p.patchMinor;
  rec.normalForce = fn;
  rec.elasticForce = p.elastic;
  rec.frictionForce_G = friction;
  rec.force_G = f;
  rec.potentialEnergy = p.potentialEnergy;
  rec.power = f.dot(m.vRel);
}

Vec3 calcPointContactVelocity(const PointContact& p, const TreeForceLinearization& tree, SpatialVec& VRel) {
  VRel = tree.getVelocity(p.bodyB) - tree.getVelocity(p.bodyA);
  const Vec3 point = p.point_G - tree.getOrigin();
  return Vec3(VRel.tail<3>()) + Vec3(VRel.head<3>()).cross(point);
}

void mapPointContactWrench(const PointContact& p, const TreeForceLinearization& tree, const SpatialVec& VRel,
                           const PointContactJacobian& jac, SpatialVec& W_B, WrenchSlopes& slopes) {
  const Vec3& o = tree.getOrigin();
  PointContactPlacement where = p.placement;
  where.point -= o;
  where.pointA -= o;
  where.pointB -= o;
  slopes = calcPointContactWrenchSlopes(jac, where, VRel.head<3>());
  const Vec3 point = p.point_G - o;
  W_B = spatialVec(point.cross(jac.force), jac.force);
}

}  // namespace articula
