// The contact material types of the model format: hertz (Hertz + Hunt-Crossley) and penalty (curves).
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class ContactMaterialType { Hertz, Penalty };

template <>
const std::vector<KindName<ContactMaterialType>>& kindTable<ContactMaterialType>();  // src/model/ContactMaterials.cpp

}  // namespace articula::model
