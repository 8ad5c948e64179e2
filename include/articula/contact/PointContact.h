// PointContact: what the point-contact force laws (Hertz, penalty) share — the prepared contact's
// place and geometry, the relative motion of its point, applying a force there with its report
// record, and mapping the law's linearization to the wrench on B and its slopes.
#pragma once
#include <vector>

#include "articula/contact/ContactForceJacobian.h"
#include "articula/contact/ContactGeometry.h"
#include "articula/contact/ContactRecord.h"
#include "articula/system/State.h"

namespace articula {

class MatterSubsystem;

struct PointContact {
  int surfaceA = -1, surfaceB = -1, bodyA = 0, bodyB = 0;
  Vec3 point_G = Vec3::Zero(), normal_G = Vec3::UnitZ();
  Real depth = 0;
  Real patchMajor = 0, patchMinor = 0;
  Real elastic = 0, potentialEnergy = 0;
  Real storedSlope = 0;             // d(potentialEnergy)/d(depth)
  PointContactPlacement placement;  // for the force's linearization
};

// Surfaces, bodies, normal and depth of a detected contact; the law then places its point.
PointContact startPointContact(const ContactGeometry& geometry, const ContactPoint& cp);
// Completes the placement once the law has set p.point_G and p.placement.shareA.
void finishPointContact(const ContactPoint& cp, PointContact& p);

// Velocity in G of the point of a body that is at p_G (V = [w; v] at the body origin p_GBo).
inline Vec3 stationVelocity(const SpatialVec& V, const Vec3& p_GBo, const Vec3& p_G) {
  return V.tail<3>() + V.head<3>().cross(p_G - p_GBo);
}
// Adds the force f_G acting at p_G to F[body] (about Bo); Ground takes none.
inline void addForceAt(std::vector<SpatialVec>& F, int body, const Vec3& p_GBo, const Vec3& p_G, const Vec3& f_G) {
  if (body == 0) return;
  F[body].head<3>() += (p_G - p_GBo).cross(f_G);
  F[body].tail<3>() += f_G;
}

struct PointContactMotion {
  Vec3 originA = Vec3::Zero(), originB = Vec3::Zero();  // the bodies' origins
  Vec3 vRel = Vec3::Zero();                             // velocity of B's point relative to A's, at the contact point
  Vec3 vSlip = Vec3::Zero();                            // its tangential part
  Real xdot = 0;                                        // −n·vRel: the penetration rate, > 0 approaching
};
PointContactMotion calcPointContactMotion(const MatterSubsystem& matter, const State& s, const PointContact& p);

// Applies fn n + friction on B (its opposite on A) at the contact point and fills the record;
// the law adds its stored energy's rate to rec.nonConservativePower.
void applyPointContactForce(const PointContact& p, const PointContactMotion& m, Real fn, const Vec3& friction,
                            ContactModel model, ContactRecord& rec, std::vector<SpatialVec>& F);

// Linearization about the tree's reference point: the contact point's relative velocity v (the
// law's input), and, from the law's result, the wrench on B and its slopes.
Vec3 calcPointContactVelocity(const PointContact& p, const TreeForceLinearization& tree, SpatialVec& VRel);
void mapPointContactWrench(const PointContact& p, const TreeForceLinearization& tree, const SpatialVec& VRel,
                           const PointContactJacobian& jac, SpatialVec& W_B, WrenchSlopes& slopes);

}  // namespace articula
