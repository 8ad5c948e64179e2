#include "XmlSyntaxError.h"

#include <tinyxml2.h>

#include <optional>
#include <string_view>

namespace articula::model {

namespace {

std::string inWords(tinyxml2::XMLError id) {
  switch (id) {
    case tinyxml2::XML_ERROR_MISMATCHED_ELEMENT: return "its end tag is missing or names another element";
    case tinyxml2::XML_ERROR_PARSING_ATTRIBUTE: return "an attribute is malformed (a value needs quotes)";
    case tinyxml2::XML_ERROR_PARSING_ELEMENT: return "the element is malformed";
    case tinyxml2::XML_ERROR_EMPTY_DOCUMENT: return "the file holds no XML element";
    default: return "the text stops being XML here";
  }
}

// tinyxml2's ErrorStr() ends in "XMLElement name=NAME" when it was inside an element.
std::string elementOf(const tinyxml2::XMLDocument& doc) {
  const std::string detail = doc.ErrorStr() ? doc.ErrorStr() : "";
  const std::string key = "XMLElement name=";
  const size_t at = detail.find(key);
  if (at == std::string::npos) return "XML";
  std::string element("<");  // appended, not concatenated: GCC 12 misreads "<" + s + ">" (-Wrestrict)
  element.append(detail, at + key.size());
  element.push_back('>');
  return element;
}

// The root element's name found by scanning past the XML declaration, processing instructions,
// comments and a DOCTYPE, without parsing the document; empty when the scan finds none.
std::string scannedRootName(const std::string& text, size_t pos) {
  while ((pos = text.find('<', pos)) != std::string::npos) {
    const std::string_view rest(text.data() + pos, text.size() - pos);
    size_t end = std::string_view::npos;
    if (rest.starts_with("<?")) end = rest.find("?>");
    else if (rest.starts_with("<!--")) end = rest.find("-->");
    else if (rest.starts_with("<!")) end = rest.find('>');
    else {
      const size_t stop = rest.find_first_of(" \t\r\n/>", 1);
      return stop == std::string_view::npos ? "" : std::string(rest.substr(1, stop - 1));
    }
    if (end == std::string_view::npos) return "";
    pos += end + 1;
  }
  return "";
}

std::optional<XmlModelKind> kindOfRoot(const std::string& name) {
  if (name == "robot") return XmlModelKind::Urdf;
  if (name == "mujoco") return XmlModelKind::Mjcf;
  if (name == "OpenSimDocument") return XmlModelKind::Osim;
  return std::nullopt;
}

}  // namespace

ModelError xmlSyntaxError(const tinyxml2::XMLDocument& doc, const std::string& file) {
  const int line = doc.ErrorLineNum() > 0 ? doc.ErrorLineNum() : 1;
  return ModelError(file + ":" + std::to_string(line), elementOf(doc), "",
                    "not well-formed XML: " + inWords(doc.ErrorID()) + " (" + doc.ErrorName() + ")");
}

XmlModelKind xmlModelKind(const std::string& text, const std::string& file) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text[start] != '<') return XmlModelKind::NotXml;
  // A known root is enough to choose the importer, whose own parse reports any syntax error in
  // the same words: parsing here as well doubled the XML time of loading an .osim model.
  if (const auto kind = kindOfRoot(scannedRootName(text, start))) return *kind;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) throw xmlSyntaxError(doc, file);
  const tinyxml2::XMLElement* root = doc.RootElement();
  const std::string name = root ? root->Name() : "";
  if (const auto kind = kindOfRoot(name)) return *kind;
  throw ModelError(
      file + ":" + std::to_string(root ? root->GetLineNum() : 1), "<" + name + ">", "",
      "an XML model file's root element must be <robot> (URDF), <mujoco> (MJCF) or <OpenSimDocument> (OpenSim)");
}

}  // namespace articula::model
