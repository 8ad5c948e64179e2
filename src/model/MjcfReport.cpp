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

namespace {

// Occurrences of one kind named in full; the rest by their line alone, so that a model with
// hundreds of meshes or muscles gives a warning one can read and still locate every occurrence.
constexpr size_t kNamedInFull = 3;

// "12" of a path ending in " (line 12)", else the whole path.
std::string lineOf(const std::string& path) {
  const size_t at = path.rfind(" (line ");
  if (at == std::string::npos || path.back() != ')') return path;
  return path.substr(at + 7, path.size() - at - 8);
}

}  // namespace

std::optional<std::string> Report::warning() const {
  if (items_.empty()) return std::nullopt;
  std::string w = "read but not represented in the Articula model:";
  for (const auto& [what, paths] : items_) {
    w.append("\n  ").append(what).append(":");  // appends: GCC 12's -Wrestrict misfires on + chains here
    if (paths.size() > kNamedInFull) w.append(" ").append(std::to_string(paths.size())).append(" —");
    for (size_t i = 0; i < paths.size() && i < kNamedInFull; ++i) w.append(" ").append(paths[i]).append(";");
    w.pop_back();
    if (paths.size() <= kNamedInFull) continue;
    w += "; and at lines";
    for (size_t i = kNamedInFull; i < paths.size(); ++i) {  // piecewise: GCC 12's -Wrestrict misfires on a + chain
      w += ' ';
      w += lineOf(paths[i]);
      if (i + 1 < paths.size()) w += ',';
    }
  }
  return w;
}

}  // namespace articula::model::mjcf
