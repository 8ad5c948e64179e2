// What an MJCF file holds that the Articula model does not represent (docs/mjcf.md, "Read but not
// represented"): noted by kind with the XML path of each occurrence, reported as one warning, so
// that nothing read is dropped silently.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "MjcfXml.h"

namespace articula::model::mjcf {

class Report {
 public:
  explicit Report(const XmlSource& xml) : xml_(xml) {}

  void note(const std::string& what, const XMLElement* el) { items_[what].push_back(xml_.path(el)); }
  // The element noted as `what`; without `what`, as its tag, and its children likewise.
  void skip(const XMLElement* el, const std::string& what = "");
  // Each attribute of `el` not in `known`, as "<tag> <attribute>".
  void unknownAttributes(const XMLElement* el, const std::set<std::string>& known);
  // "read but not represented in the Articula model:" and a line per kind; none if nothing was noted.
  std::optional<std::string> warning() const;

 private:
  const XmlSource& xml_;
  std::map<std::string, std::vector<std::string>> items_;  // what -> paths
};

}  // namespace articula::model::mjcf
