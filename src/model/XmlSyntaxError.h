// The ModelError for an XML document tinyxml2 could not parse (URDF and MJCF import): file:line,
// the element tinyxml2 was reading when it stopped, and the fault in words.
#pragma once
#include <string>

#include "articula/model/ModelError.h"

namespace tinyxml2 {
class XMLDocument;
}

namespace articula::model {

ModelError xmlSyntaxError(const tinyxml2::XMLDocument& doc, const std::string& file);

}  // namespace articula::model
