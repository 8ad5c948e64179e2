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

// Which XML model format a text holds, by its root element: <robot> URDF, <mujoco> MJCF,
// <OpenSimDocument> OpenSim. Text that
// is not XML (does not start with '<') is NotXml; XML that does not parse, or has another root,
// throws the error naming file:line and the element.
enum class XmlModelKind { NotXml, Urdf, Mjcf, Osim };
XmlModelKind xmlModelKind(const std::string& text, const std::string& file);

}  // namespace articula::model
