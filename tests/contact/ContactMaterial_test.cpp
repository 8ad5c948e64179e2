// Combining rules of contact materials (Simbody paper Appendix A.1; Theory Manual test oracles)
// and validation of bad input.
#include "articula/contact/ContactMaterial.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/Error.h"

namespace articula {
namespace {

ContactMaterial make(Real E, Real nu, Real c) {
  ContactMaterial m;
  m.youngsModulus = E;
  m.poissonRatio = nu;
  m.dissipation = c;
  return m;
}

TEST(ContactMaterial, EqualMaterialsShareDeformationEqually) {
  const ContactMaterial m = make(2e9, 0.3, 0.2);
  const HertzPair p = combineHertz(m, m);
  EXPECT_NEAR(p.modulus, m.planeStrainModulus() / std::pow(2.0, 1.5), 1e-6);
  EXPECT_NEAR(p.shareA, 0.5, 1e-15);
  EXPECT_NEAR(p.dissipation, 0.2, 1e-15);
}

TEST(ContactMaterial, HertzCombinationIsSymmetricAndConsistentWithEachSurfaceAlone) {
  const ContactMaterial a = make(1e7, 0.45, 0.5), b = make(3e9, 0.2, 0.1);
  const HertzPair ab = combineHertz(a, b), ba = combineHertz(b, a);
  EXPECT_NEAR(ab.modulus, ba.modulus, 1e-9 * ab.modulus);
  EXPECT_NEAR(ab.shareA, 1 - ba.shareA, 1e-15);
  EXPECT_NEAR(ab.dissipation, ba.dissipation, 1e-15);
  // Appendix A's argument: each surface alone against a rigid half-space with its own share x_i
  // of the deformation carries the same force: E_i* x_i^{3/2} = E* x^{3/2}.
  EXPECT_NEAR(a.planeStrainModulus() * std::pow(ab.shareA, 1.5), ab.modulus, 1e-9 * ab.modulus);
  EXPECT_NEAR(b.planeStrainModulus() * std::pow(1 - ab.shareA, 1.5), ab.modulus, 1e-9 * ab.modulus);
  EXPECT_GT(ab.shareA, 0.95);  // the soft surface deforms most
}

TEST(ContactMaterial, AVeryStiffPartnerLeavesTheSoftModulus) {
  const ContactMaterial soft = make(1e6, 0.4, 0.3), hard = make(1e15, 0.3, 0.0);
  const HertzPair p = combineHertz(soft, hard);
  EXPECT_NEAR(p.modulus / soft.planeStrainModulus(), 1, 1e-5);
  EXPECT_NEAR(p.shareA, 1, 1e-5);
  EXPECT_NEAR(p.dissipation, 0.3, 1e-5);
}

TEST(ContactMaterial, FrictionCombinesByTheHarmonicRule) {
  ContactMaterial a, b;
  a.staticFriction = 0.8, a.dynamicFriction = 0.6, a.viscousFriction = 0;
  b.staticFriction = 0.4, b.dynamicFriction = 0.4, b.viscousFriction = 0.1;
  const FrictionCoefficients f = combineFriction(a, b);
  EXPECT_NEAR(f.staticFriction, 2 * 0.8 * 0.4 / 1.2, 1e-15);
  EXPECT_NEAR(f.dynamicFriction, 0.48, 1e-15);
  EXPECT_EQ(f.viscousFriction, 0);
  b.staticFriction = b.dynamicFriction = 0;
  EXPECT_EQ(combineFriction(b, b).staticFriction, 0);
}

TEST(ContactMaterial, FoundationLayersActInSeries) {
  const ContactMaterial a = make(1e6, 0.3, 0.4), b = make(4e6, 0.3, 0.0);
  const FoundationPair p = combineFoundation(a, 0.01, b, 0.02);
  const Real ka = a.confinedModulus() / 0.01, kb = b.confinedModulus() / 0.02;
  EXPECT_NEAR(1 / p.stiffness, 1 / ka + 1 / kb, 1e-18);
  EXPECT_NEAR(p.shareA, kb / (ka + kb), 1e-15);
  EXPECT_NEAR(a.confinedModulus(), 0.7 * 1e6 / (1.3 * 0.4), 1e-6);
  EXPECT_THROW(combineFoundation(a, 0, b, 0.01), Error);
}

TEST(ContactMaterial, NamedDefaultsAreValidAndOrdered) {
  for (const ContactMaterial& m : {ContactMaterial::skin(), ContactMaterial::bone(), ContactMaterial::rubber(),
                                   ContactMaterial::steel(), ContactMaterial::wood(), ContactMaterial::ground()})
    EXPECT_NO_THROW(m.validate()) << m.name;
  EXPECT_LT(ContactMaterial::skin().youngsModulus, ContactMaterial::rubber().youngsModulus);
  EXPECT_LT(ContactMaterial::rubber().youngsModulus, ContactMaterial::bone().youngsModulus);
  EXPECT_LT(ContactMaterial::bone().youngsModulus, ContactMaterial::steel().youngsModulus);
}

void expectRejected(ContactMaterial m, const std::string& needle) {
  m.name = "pad";
  try {
    m.validate();
    FAIL() << "accepted " << needle;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'pad'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(ContactMaterial, BadInputIsRejectedWithNamedField) {
  ContactMaterial m;
  m.youngsModulus = -5;
  expectRejected(m, "youngsModulus = -5");
  m = ContactMaterial();
  m.poissonRatio = 0.5;
  expectRejected(m, "poissonRatio = 0.5");
  m.poissonRatio = -1;
  expectRejected(m, "poissonRatio = -1");
  m = ContactMaterial();
  m.dissipation = std::nan("");
  expectRejected(m, "dissipation = nan");
  m = ContactMaterial();
  m.staticFriction = 0.2;
  m.dynamicFriction = 0.3;
  expectRejected(m, "dynamicFriction = 0.3");
  m = ContactMaterial();
  m.viscousFriction = -1;
  expectRejected(m, "viscousFriction = -1");
}

}  // namespace
}  // namespace articula
