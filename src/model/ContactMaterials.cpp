// The contact material registry of the model format: names and the contact layer's types.
#include "articula/model/ContactMaterials.h"


namespace articula::model {

namespace {
Real param(const ContactMaterialSpec& s, const char* key, Real fallback) {
  const auto it = s.parameters.find(key);
  return it == s.parameters.end() ? fallback : it->second;
}

PenaltyCurve curve(const std::vector<std::array<Real, 2>>& points, const std::string& name) {
  std::vector<PenaltyCurve::Point> p;
  for (const auto& xy : points) p.emplace_back(xy[0], xy[1]);
  return PenaltyCurve(std::move(p), name);
}
}  // namespace

ContactMaterial toContactMaterial(const ContactMaterialSpec& s) {
  ContactMaterial m;
  m.name = s.name;
  m.youngsModulus = param(s, "youngs_modulus", m.youngsModulus);
  m.poissonRatio = param(s, "poisson_ratio", m.poissonRatio);
  m.dissipation = param(s, "dissipation", m.dissipation);
  m.staticFriction = param(s, "static_friction", m.staticFriction);
  m.dynamicFriction = param(s, "dynamic_friction", m.dynamicFriction);
  m.viscousFriction = param(s, "viscous_friction", m.viscousFriction);
  return m;
}

PenaltyMaterial toPenaltyMaterial(const ContactMaterialSpec& s) {
  PenaltyMaterial m;
  m.name = s.name;
  m.loading = curve(s.forceCurve, "force_curve");
  if (!s.unloadCurve.empty()) m.unloading = curve(s.unloadCurve, "unload_curve");
  m.unloadingEnergyFraction = param(s, "unloading_energy_fraction", m.unloadingEnergyFraction);
  m.damping = param(s, "damping", m.damping);
  m.rateC1 = param(s, "rate_c1", m.rateC1);
  m.rateC2 = param(s, "rate_c2", m.rateC2);
  m.rateC3 = param(s, "rate_c3", m.rateC3);
  m.rateC4 = param(s, "rate_c4", m.rateC4);
  m.friction = param(s, "friction", m.friction);
  m.frictionRampSpeed = param(s, "friction_ramp_speed", m.frictionRampSpeed);
  return m;
}

template <>
const std::vector<KindName<ContactMaterialType>>& kindTable<ContactMaterialType>() {
  static const std::vector<KindName<ContactMaterialType>> table{{ContactMaterialType::Hertz, "hertz"},
                                                                {ContactMaterialType::Penalty, "penalty"}};
  return table;
}

void validateContactMaterial(const ContactMaterialSpec& s) {
  switch (s.type) {
    case ContactMaterialType::Hertz: toContactMaterial(s).validate(); return;
    case ContactMaterialType::Penalty: toPenaltyMaterial(s).validate(); return;
  }
}

}  // namespace articula::model
