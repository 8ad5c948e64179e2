#include "articula/contact/ElasticFoundation.h"

#include <algorithm>

namespace articula {

FoundationSpringForce calcFoundationSpring(const FoundationPair& pair, const StribeckFriction& friction, Real area,
                                           Real depth, Real depthRate, const Vec3& n_G, const Vec3& vSlip_G) {
  FoundationSpringForce out;
  if (!(depth > 0) || !(area > 0)) return out;
  const Real elastic = pair.stiffness * area * depth;
  out.normal = std::max(Real(0), elastic * (1 + pair.dissipation * depthRate));
  out.potentialEnergy = 0.5 * elastic * depth;
  const Vec3 vTangent = vSlip_G - vSlip_G.dot(n_G) * n_G;
  out.force_G = out.normal * n_G + friction.calcForce(vTangent, out.normal);
  return out;
}

void ElasticFoundationPatch::add(const Vec3& p_G, const FoundationSpringForce& f, Real area) {
  force_G_ += f.force_G;
  moment_G_ += p_G.cross(f.force_G);
  weighted_ += f.normal * p_G;
  normal_ += f.normal;
  energy_ += f.potentialEnergy;
  if (f.normal > 0) {
    area_ += area;
    ++springs_;
  }
}

}  // namespace articula
