// Contact materials of a model file as the contact layer's types: "hertz" -> ContactMaterial
// (Hertz + Hunt-Crossley + Stribeck friction), "penalty" -> PenaltyMaterial (OpenMBD's tabulated
// force-penetration curves). Fields absent from the file keep the library's defaults.
#pragma once
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/PenaltyCurveMaterial.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

ContactMaterial toContactMaterial(const ContactMaterialSpec& spec);  // type "hertz"
PenaltyMaterial toPenaltyMaterial(const ContactMaterialSpec& spec);  // type "penalty"
// Throws articula::Error (from the contact layer's validate()) naming the bad field.
void validateContactMaterial(const ContactMaterialSpec& spec);

}  // namespace articula::model
