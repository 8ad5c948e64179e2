// The muscles' lengths and moment arms at a pose as text (MuscleTable.h).
#include "articula/model/MuscleTable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "articula/model/MusclePaths.h"

namespace articula::model {

namespace {

// Below this a moment arm is round-off of a coordinate the path does not cross (m).
constexpr Real kCrossing = 1e-12;

}  // namespace

std::string muscleTable(const ModelSpec& model, const BuiltModel& built, const State& state) {
  if (model.muscles.empty()) return "";
  const MusclePaths paths(model, built);
  size_t width = 6;
  for (const MuscleSpec& m : model.muscles) width = std::max(width, m.name.size());
  std::string out =
      "Muscles at this pose: length (m), then moment arms -dL/dq (m, or m/rad) about the "
      "coordinates each crosses, largest first\n";
  char line[160];
  for (int m = 0; m < paths.muscleCount(); ++m) {
    std::snprintf(line, sizeof line, "  %-*s %8.5f ", static_cast<int>(width), model.muscles[m].name.c_str(),
                  paths.length(state, m));
    out += line;
    const std::vector<Real> arms = paths.momentArms(state, m);
    std::vector<std::pair<Real, size_t>> crossed;
    for (size_t k = 0; k < arms.size(); ++k)
      if (std::abs(arms[k]) > kCrossing) crossed.emplace_back(arms[k], k);
    std::sort(crossed.begin(), crossed.end(),
              [](const auto& a, const auto& b) { return std::abs(a.first) > std::abs(b.first); });
    if (crossed.empty()) out += " (crosses no coordinate)";
    for (const auto& [arm, k] : crossed) {
      std::snprintf(line, sizeof line, " %s %+.5f", paths.coordinates()[k].c_str(), arm);
      out += line;
    }
    out += "\n";
  }
  return out;
}

}  // namespace articula::model
