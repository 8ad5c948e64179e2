// ContactMaterial: the physical properties of a contact surface, in SI units, and the rules that
// combine the materials of two surfaces in contact (Simbody paper Appendix A.1).
//
//   E  Young's modulus (Pa), ν Poisson's ratio in (−1, 0.5): the plane-strain modulus is
//      E/(1 − ν²). Hertz contact combines two of them with 2/3 powers, the elastic foundation
//      (linear springs) in series.
//   c  Hunt–Crossley dissipation (s/m): minus the slope of the coefficient of restitution
//      against impact speed at low speed, e ≈ 1 − c·v.
//   μs, μd, μv  static, dynamic (dimensionless) and viscous (s/m) friction coefficients; a pair's
//      coefficient is 2 μ1 μ2 / (μ1 + μ2) for each of the three (Simbody's rule).
//
// Named defaults (skin, bone, rubber, steel, wood, ground) give sensible values with their
// sources; they are starting points, not measurements of a particular specimen.
#pragma once
#include <string>

#include "articula/math/Types.h"

namespace articula {

struct ContactMaterial {
  std::string name = "material";
  Real youngsModulus = 1e7;    // E, Pa
  Real poissonRatio = 0.3;     // ν, in (−1, 0.5)
  Real dissipation = 0.5;      // c, s/m
  Real staticFriction = 0.6;   // μs
  Real dynamicFriction = 0.5;  // μd <= μs
  Real viscousFriction = 0;    // μv, s/m

  // Throws articula::Error naming this material, the field and the value for: a non-finite
  // value, E <= 0, ν outside (−1, 0.5), c < 0, a negative friction coefficient, μd > μs.
  void validate() const;
  // E/(1 − ν²), Pa.
  Real planeStrainModulus() const { return youngsModulus / (1 - poissonRatio * poissonRatio); }
  // Modulus of a laterally confined layer (P-wave modulus), (1 − ν)E/((1 + ν)(1 − 2ν)), Pa:
  // what a Winkler (elastic foundation) layer of this material resists compression with.
  Real confinedModulus() const;

  static ContactMaterial skin();    // skin and soft tissue over a body segment
  static ContactMaterial bone();    // cortical bone
  static ContactMaterial rubber();  // natural rubber
  static ContactMaterial steel();
  static ContactMaterial wood();    // hardwood along the grain
  static ContactMaterial ground();  // concrete floor
};

// The properties of a pair of materials in Hertz contact (Simbody paper Appendix A.1).
struct HertzPair {
  Real modulus = 0;      // E* = (E1^{2/3} E2^{2/3} / (E1^{2/3} + E2^{2/3}))^{3/2}, plane-strain moduli
  Real shareA = 0.5;     // s_A: the fraction of the total deformation taken by surface A
  Real dissipation = 0;  // c* = c_A s_A + c_B s_B, s/m
};
HertzPair combineHertz(const ContactMaterial& a, const ContactMaterial& b);

// The pair's friction coefficients (each 2 μ1 μ2 / (μ1 + μ2), 0 if both are 0).
struct FrictionCoefficients {
  Real staticFriction = 0, dynamicFriction = 0, viscousFriction = 0;
};
FrictionCoefficients combineFriction(const ContactMaterial& a, const ContactMaterial& b);

// Springs in series: the elastic foundation's per-area stiffness of two layers (Pa/m) and the
// share of deformation taken by A. A layer of thickness h has stiffness confinedModulus()/h.
struct FoundationPair {
  Real stiffness = 0;  // k = kA kB / (kA + kB), Pa/m (N/m³: pressure per unit deflection)
  Real shareA = 0.5;   // kB / (kA + kB)
  Real dissipation = 0;
};
FoundationPair combineFoundation(const ContactMaterial& a, Real thicknessA, const ContactMaterial& b, Real thicknessB);

}  // namespace articula
