// Elastic foundation model (Simbody paper §5.2): a mesh surface is a bed of independent springs,
// one per triangle at its centroid. A triangle of area a whose centroid lies at depth x inside
// the other body (along the normal n to the other surface's closest point) carries
//     f_n = max(0, k a x (1 + c ẋ)),    k = the pair's per-area stiffness (FoundationPair, Pa/m),
// plus Stribeck friction μ(|v_t|) f_n against the local slip. The springs are not coupled, so
// the model is a Winkler foundation: it does not converge to Hertz as the mesh is refined, but
// it converges to the Winkler integral k ∫ x dA (a test checks this for a sphere).
// ElasticFoundationPatch sums the springs of one contact: total force, moment, normal load and
// the centre of pressure Σ f_n,i p_i / Σ f_n,i.
#pragma once
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/StribeckFriction.h"
#include "articula/math/Types.h"

namespace articula {

struct FoundationSpringForce {
  Vec3 force_G = Vec3::Zero();  // on the surface the spring pushes (along +n_G), normal + friction
  Real normal = 0;              // f_n, N
  Real potentialEnergy = 0;     // k a x² / 2, J
};

// One spring: area (m²), depth x (m, > 0 inside), depthRate ẋ (m/s), n_G the unit direction the
// normal force pushes along, vSlip_G the velocity of the pushed surface relative to the other at
// the spring (its normal part is ignored).
FoundationSpringForce calcFoundationSpring(const FoundationPair& pair, const StribeckFriction& friction, Real area,
                                           Real depth, Real depthRate, const Vec3& n_G, const Vec3& vSlip_G);

class ElasticFoundationPatch {
 public:
  void clear() { *this = ElasticFoundationPatch(); }
  // Adds a spring acting at p_G.
  void add(const Vec3& p_G, const FoundationSpringForce& f, Real area);

  const Vec3& getForce() const { return force_G_; }
  const Vec3& getMomentAboutOrigin() const { return moment_G_; }  // Σ p × f, about G's origin
  Real getNormalLoad() const { return normal_; }
  Real getContactArea() const { return area_; }  // of the springs that carry load
  Real getPotentialEnergy() const { return energy_; }
  int getNumSprings() const { return springs_; }
  // Σ f_n p / Σ f_n; the origin when nothing is loaded.
  Vec3 getCentreOfPressure() const { return normal_ > 0 ? Vec3(weighted_ / normal_) : Vec3::Zero(); }

 private:
  Vec3 force_G_ = Vec3::Zero(), moment_G_ = Vec3::Zero(), weighted_ = Vec3::Zero();
  Real normal_ = 0, area_ = 0, energy_ = 0;
  int springs_ = 0;
};

}  // namespace articula
