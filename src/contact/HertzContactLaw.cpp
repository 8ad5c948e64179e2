#include "articula/contact/HertzContactLaw.h"

#include <algorithm>
#include <cmath>

#include "articula/contact/HertzStiffnessRate.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula {

bool HertzContactLaw::takesPair(const ContactSetup& setup, int a, int b) const {
  return !setup.surfaces[a].penalty && !setup.surfaces[b].penalty;
}

void HertzContactLaw::realizeTopology(State& state, const ContactSetup& setup) {
  matter_ = &setup.matter;
  geometry_ = &setup.geometry;
  transitionSpeed_ = setup.transitionSpeed;
  maximumRadius_ = setup.maximumRadius;
  tabulateMaterialPairs(setup.surfaces);
  cacheIndex_ = state.allocateCacheEntry(setup.subsystem, Stage::Position, std::vector<Contact>(),
                                         setup.name + ".hertz");
}

// Combining two materials costs two cube roots and several divisions: done once per pair of
// distinct materials here rather than per contact per evaluation.
void HertzContactLaw::tabulateMaterialPairs(const std::vector<ContactSurface>& surfaces) {
  auto same = [](const ContactMaterial& a, const ContactMaterial& b) {
    return a.youngsModulus == b.youngsModulus && a.poissonRatio == b.poissonRatio && a.dissipation == b.dissipation &&
           a.staticFriction == b.staticFriction && a.dynamicFriction == b.dynamicFriction &&
           a.viscousFriction == b.viscousFriction;
  };
  std::vector<const ContactMaterial*> distinct;
  materialIndex_.clear();
  for (const ContactSurface& sf : surfaces) {
    size_t k = 0;
    while (k < distinct.size() && !same(*distinct[k], sf.material)) ++k;
    if (k == distinct.size()) distinct.push_back(&sf.material);
    materialIndex_.push_back(static_cast<int>(k));
  }
  numMaterials_ = static_cast<int>(distinct.size());
  materialPairHertz_.clear();
  materialPairFriction_.clear();
  for (int a = 0; a < numMaterials_; ++a)
    for (int b = 0; b < numMaterials_; ++b) {
      materialPairHertz_.push_back(combineHertz(*distinct[a], *distinct[b]));
      const FrictionCoefficients f = combineFriction(*distinct[a], *distinct[b]);
      materialPairFriction_.emplace_back(f.staticFriction, f.dynamicFriction, f.viscousFriction, transitionSpeed_);
    }
}

PreparedContact HertzContactLaw::preparePoint(const State& s, const ContactPoint& cp) const {
  Contact p;
  static_cast<PointContact&>(p) = startPointContact(*geometry_, cp);
  p.materialPair = materialIndex_[cp.shapeA] * numMaterials_ + materialIndex_[cp.shapeB];
  const HertzPair& pair = materialPairHertz_[p.materialPair];
  p.dissipation = pair.dissipation;
  p.modulus = pair.modulus;
  p.ellipsoidOnPlane = geometry_->getShape(cp.shapeA).type() == ShapeType::HalfSpace &&
                       geometry_->getShape(cp.shapeB).type() == ShapeType::Ellipsoid;
  const Real x = std::max(Real(0), cp.depth);
  p.point_G = cp.pA_G - pair.shareA * x * cp.n_G;
  p.placement.shareA = pair.shareA;
  RelativeCurvature rc = calcRelativeCurvature(cp.curvatureA, cp.curvatureB, cp.n_G);
  // Flat-on-flat gets a large sphere; sharp corners (or infinite curvature) a small one.
  const Real floor = 0.5 / maximumRadius_, ceiling = kSharpestCurvature;
  rc.B = std::isfinite(rc.B) ? std::clamp(rc.B, floor, ceiling) : ceiling;
  rc.A = std::isfinite(rc.A) ? std::clamp(rc.A, floor, rc.B) : rc.B;
  const HertzEllipse& ell = p.ellipse = calcHertzEllipse(rc.A, rc.B);
  p.stiffness = ell.stiffnessPerModulus * pair.modulus;
  p.patchMajor = ell.majorPerSqrtDepth * std::sqrt(x);
  p.patchMinor = p.patchMajor / ell.ratio;
  const HuntCrossleyForce f = calcHuntCrossley(p.stiffness, 0, x, 0);
  p.elastic = p.storedSlope = f.elastic;
  p.potentialEnergy = f.potentialEnergy;
  finishPointContact(cp, p);
  std::vector<Contact>& all = contacts(s);
  all.push_back(p);
  return {static_cast<int>(all.size()) - 1, p.bodyA, p.bodyB, p.depth, p.potentialEnergy};
}

// (2/5) K̇ x^{5/2}: the work the Hertz law adds while an ellipsoid turns on a plane (HertzStiffnessRate.h).
Real HertzContactLaw::stiffnessChangePower(const State& s, const ContactGeometry& detection, const Contact& p) const {
  if (!p.ellipsoidOnPlane) return 0;
  const Mat33 R_GS = detection.getShapePosesInGround()[p.surfaceB].R().matrix();
  const Vec3& n = p.normal_G;
  const Vec3 wPlane = matter_->getBodyVelocity(s, p.bodyA).head<3>();
  const Vec3 wEllipsoid = matter_->getBodyVelocity(s, p.bodyB).head<3>();
  const Vec3 n_S = R_GS.transpose() * n;
  const Vec3 nDot_S = R_GS.transpose() * (wPlane - wEllipsoid).cross(n);  // ṅ_G = w_A x n, seen turning in S
  const SurfaceCurvature& c = p.placement.curvatureB;
  const Real sDot = calcEllipsoidOnPlaneStiffnessRate(geometry_->getShape(p.surfaceB).size(), n_S, nDot_S,
                                                      {c.k1, c.k2, R_GS.transpose() * c.d1_G}, p.ellipse,
                                                      0.5 / maximumRadius_, kSharpestCurvature);
  const Real x = p.depth;
  return 0.4 * p.modulus * sDot * x * x * std::sqrt(x);
}

bool HertzContactLaw::applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                                 std::vector<SpatialVec>& F) const {
  const Contact& p = contacts(s)[index];
  const PointContactMotion m = calcPointContactMotion(*matter_, s, p);
  const Real fn = calcHuntCrossley(p.stiffness, p.dissipation, p.depth, m.xdot).force;
  const Vec3 friction = materialPairFriction_[p.materialPair].calcForce(m.vSlip, fn);
  applyPointContactForce(p, m, fn, friction, ContactModel::Hertz, rec, F);
  // Power plus dU/dt: U moves at the elastic force times ẋ plus the stiffness's own change.
  rec.nonConservativePower = rec.power + p.storedSlope * m.xdot + stiffnessChangePower(s, detection, p);
  return true;
}

bool HertzContactLaw::linearizeWrench(const State& s, int index, const TreeForceLinearization& tree, SpatialVec& W_B,
                                      WrenchSlopes& slopes) const {
  const Contact& p = contacts(s)[index];
  SpatialVec VRel;
  const Vec3 v = calcPointContactVelocity(p, tree, VRel);
  const NormalForceSlope slope = calcHuntCrossleySlope(p.stiffness, p.dissipation, p.depth, -v.dot(p.normal_G));
  if (slope.force <= 0 && slope.dx == 0 && slope.dxdot == 0) return false;
  const PointContactJacobian jac = calcPointContactJacobian(p.normal_G, v, slope,
                                                            materialPairFriction_[p.materialPair]);
  mapPointContactWrench(p, tree, VRel, jac, W_B, slopes);
  return true;
}

}  // namespace articula
