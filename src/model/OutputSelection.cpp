// Column groups, angle units and the --outputs items (OutputSelection.h).
#include "articula/model/OutputSelection.h"

#include <algorithm>
#include <charconv>

namespace articula::model {

template <>
const std::vector<KindName<ColumnGroup>>& kindTable<ColumnGroup>() {
  using G = ColumnGroup;
  static const std::vector<KindName<ColumnGroup>> table{{G::Bodies, "bodies"},       {G::Contact, "contact"},
                                                        {G::Coordinates, "q"},       {G::Speeds, "u"},
                                                        {G::Accelerations, "udot"},  {G::GeneralizedForces, "forces"},
                                                        {G::Reactions, "reactions"}, {G::Constraints, "constraints"},
                                                        {G::Energy, "energy"}};
  return table;
}

template <>
const std::vector<KindName<AngleUnit>>& kindTable<AngleUnit>() {
  static const std::vector<KindName<AngleUnit>> table{
      {AngleUnit::AsFile, "as_file"}, {AngleUnit::Radians, "radians"}, {AngleUnit::Degrees, "degrees"}};
  return table;
}

bool OutputSelection::wants(ColumnGroup g) const {
  return groups.empty() || std::find(groups.begin(), groups.end(), g) != groups.end();
}

namespace {

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

std::string applyGroups(const std::string& list, OutputSelection& s) {
  for (const std::string& name : splitList(list)) {
    const auto g = kindNamed<ColumnGroup>(name);
    if (!g) return "unknown column group \"" + name + "\" (known: " + kindList<ColumnGroup>() + ")";
    if (std::find(s.groups.begin(), s.groups.end(), *g) == s.groups.end()) s.groups.push_back(*g);
  }
  return "";
}

}  // namespace

std::string applyOutputItem(const std::string& item, OutputSelection& s) {
  const size_t colon = item.find(':');
  if (colon == std::string::npos) return applyGroups(item, s);
  const std::string key = item.substr(0, colon), value = item.substr(colon + 1);
  if (key == "bodies") {
    for (const std::string& b : splitList(value)) {
      if (b.empty()) return "an empty body name in \"" + item + "\"";
      s.bodies.push_back(b);
    }
    return "";
  }
  if (key == "digits") {
    int d = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), d);
    if (ec != std::errc() || end != value.data() + value.size() || d < kMinDigits || d > kMaxDigits)
      return "digits must be a whole number from " + std::to_string(kMinDigits) + " to " + std::to_string(kMaxDigits) +
             ", not \"" + value + "\"";
    s.digits = d;
    return "";
  }
  if (key == "angles") {
    const auto a = kindNamed<AngleUnit>(value);
    if (!a) return "unknown angle unit \"" + value + "\" (known: " + kindList<AngleUnit>() + ")";
    s.angles = *a;
    return "";
  }
  return "unknown item \"" + key + ":\" (known: a list of column groups, bodies:, digits:, angles:)";
}

}  // namespace articula::model
