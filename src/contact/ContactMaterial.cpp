#include "articula/contact/ContactMaterial.h"

#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

[[noreturn]] void reject(const ContactMaterial& m, const char* field, Real value, const char* rule) {
  std::ostringstream os;
  os << "ContactMaterial '" << m.name << "': " << field << " = " << value << " " << rule;
  throw Error(os.str());
}

void requireFinite(const ContactMaterial& m, const char* field, Real value) {
  if (!std::isfinite(value)) reject(m, field, value, "is not finite");
}

Real harmonicPair(Real a, Real b) { return a + b > 0 ? 2 * a * b / (a + b) : 0; }

}  // namespace

void ContactMaterial::validate() const {
  requireFinite(*this, "youngsModulus", youngsModulus);
  requireFinite(*this, "poissonRatio", poissonRatio);
  requireFinite(*this, "dissipation", dissipation);
  requireFinite(*this, "staticFriction", staticFriction);
  requireFinite(*this, "dynamicFriction", dynamicFriction);
  requireFinite(*this, "viscousFriction", viscousFriction);
  if (youngsModulus <= 0) reject(*this, "youngsModulus", youngsModulus, "must be > 0 Pa");
  if (!(poissonRatio > -1 && poissonRatio < 0.5)) reject(*this, "poissonRatio", poissonRatio, "must lie in (-1, 0.5)");
  if (dissipation < 0) reject(*this, "dissipation", dissipation, "must be >= 0 s/m");
  if (staticFriction < 0) reject(*this, "staticFriction", staticFriction, "must be >= 0");
  if (dynamicFriction < 0) reject(*this, "dynamicFriction", dynamicFriction, "must be >= 0");
  if (viscousFriction < 0) reject(*this, "viscousFriction", viscousFriction, "must be >= 0 s/m");
  if (dynamicFriction > staticFriction)
    reject(*this, "dynamicFriction", dynamicFriction, "must not exceed staticFriction");
}

Real ContactMaterial::confinedModulus() const {
  const Real nu = poissonRatio;
  return (1 - nu) * youngsModulus / ((1 + nu) * (1 - 2 * nu));
}

// Sources of the defaults. E and ν are textbook values; c (the slope of restitution against
// impact speed) is rarely measured and is given to its order of magnitude.
ContactMaterial ContactMaterial::skin() {
  // E: in vivo skin 0.42-0.85 MPa (Agache et al. 1980, Arch Dermatol Res 269:221); ν: soft
  // tissue is nearly incompressible, 0.45 is the usual model value. c = 2 s/m, μs = μd-ish 0.8:
  // the foot-ground contact parameters of Falisse et al. 2019 (J R Soc Interface 16:20190402),
  // in line with skin friction on dry surfaces, 0.2-1.0 (Derler & Gerhardt 2012, Tribol Lett 45:1).
  return {"skin", 0.8e6, 0.45, 2.0, 0.8, 0.6, 0.0};
}

ContactMaterial ContactMaterial::bone() {
  // Cortical bone, longitudinal: E = 17.4 GPa (Reilly & Burstein 1975, J Biomech 8:393);
  // ν = 0.3 (range 0.2-0.5 reviewed by Rho et al. 1998, Med Eng Phys 20:92). c and μ: order of
  // magnitude (a hard, slightly lossy solid; dry bone on hard surfaces μ ≈ 0.3-0.5).
  return {"bone", 17.4e9, 0.3, 0.1, 0.5, 0.4, 0.0};
}

ContactMaterial ContactMaterial::rubber() {
  // E = 10 MPa, c ≈ 0.05 s/m: the Simbody Theory Manual's ballpark table (ch. 11, Hertz
  // contact); ν = 0.49 (rubber is nearly incompressible; 0.5 is excluded). Friction of rubber on
  // dry concrete: μs ≈ 1.0, μd ≈ 0.8 (Marks' Standard Handbook for Mechanical Engineers, §3.2).
  return {"rubber", 1e7, 0.49, 0.05, 1.0, 0.8, 0.0};
}

ContactMaterial ContactMaterial::steel() {
  // E = 200 GPa, ν = 0.3, c ≈ 0.08 s/m (Simbody Theory Manual's table); dry steel on steel
  // μs = 0.74, μd = 0.57 (Marks' Standard Handbook for Mechanical Engineers, §3.2).
  return {"steel", 200e9, 0.3, 0.08, 0.74, 0.57, 0.0};
}

ContactMaterial ContactMaterial::wood() {
  // Hardwood along the grain: E ≈ 12 GPa (white oak 12.3 GPa), ν_LR ≈ 0.37 (Wood Handbook,
  // USDA FPL-GTR-190, 2010, Tables 5-3a and 5-1); wood on wood μs 0.25-0.5, μd ≈ 0.2-0.3 (Marks'
  // §3.2). c: order of magnitude.
  return {"wood", 12e9, 0.37, 0.3, 0.4, 0.3, 0.0};
}

ContactMaterial ContactMaterial::ground() {
  // Concrete: E = 25 GPa, ν = 0.15 (Simbody Theory Manual's table). Friction chosen so that
  // combined with skin or rubber the pair keeps about their own coefficients (0.7-0.9).
  return {"ground", 25e9, 0.15, 0.1, 0.9, 0.8, 0.0};
}

HertzPair combineHertz(const ContactMaterial& a, const ContactMaterial& b) {
  // The 2/3 powers make the split consistent with f ∝ x^{3/2} for each surface alone.
  const Real ea = std::cbrt(a.planeStrainModulus() * a.planeStrainModulus());
  const Real eb = std::cbrt(b.planeStrainModulus() * b.planeStrainModulus());
  HertzPair p;
  const Real m = ea * eb / (ea + eb);
  p.modulus = m * std::sqrt(m);
  p.shareA = eb / (ea + eb);
  p.dissipation = a.dissipation * p.shareA + b.dissipation * (1 - p.shareA);
  return p;
}

FrictionCoefficients combineFriction(const ContactMaterial& a, const ContactMaterial& b) {
  return {harmonicPair(a.staticFriction, b.staticFriction), harmonicPair(a.dynamicFriction, b.dynamicFriction),
          harmonicPair(a.viscousFriction, b.viscousFriction)};
}

FoundationPair combineFoundation(const ContactMaterial& a, Real thicknessA, const ContactMaterial& b, Real thicknessB) {
  if (!(thicknessA > 0) || !(thicknessB > 0) || !std::isfinite(thicknessA) || !std::isfinite(thicknessB)) {
    std::ostringstream os;
    os << "Elastic foundation of '" << a.name << "' on '" << b.name << "': layer thicknesses " << thicknessA
       << " m and " << thicknessB << " m must be finite and > 0";
    throw Error(os.str());
  }
  const Real ka = a.confinedModulus() / thicknessA, kb = b.confinedModulus() / thicknessB;
  FoundationPair p;
  p.stiffness = ka * kb / (ka + kb);
  p.shareA = kb / (ka + kb);
  p.dissipation = a.dissipation * p.shareA + b.dissipation * (1 - p.shareA);
  return p;
}

}  // namespace articula
