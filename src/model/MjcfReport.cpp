// The one warning of what an MJCF file holds and the model does not (MjcfReport.h).
#include "MjcfReport.h"

namespace articula::model::mjcf {

void Report::skip(const XMLElement* el, const std::string& what) {
  note(what.empty() ? std::string("<") + el->Name() + ">" : what, el);
  if (what.empty())
    for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) skip(c);
}

void Report::unknownAttributes(const XMLElement* el, const std::set<std::string>& known) {
  for (const tinyxml2::XMLAttribute* a = el->FirstAttribute(); a; a = a->Next())
    if (!known.count(a->Name())) note(std::string(el->Name()) + " " + a->Name(), el);
}

std::optional<std::string> Report::warning() const {
  if (items_.empty()) return std::nullopt;
  std::string w = "read but not represented in the Articula model:";
  for (const auto& [what, paths] : items_) {
    w += "\n  " + what + ":";
    for (const std::string& p : paths) w += " " + p + ";";
    w.pop_back();
  }
  return w;
}

}  // namespace articula::model::mjcf
