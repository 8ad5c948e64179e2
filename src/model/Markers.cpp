// Marker positions in ground (include/articula/model/Markers.h).
#include "articula/model/Markers.h"

#include "articula/matter/MatterSubsystem.h"

namespace articula::model {

std::vector<Vec3> markerPositions(const ModelSpec& model, const BuiltModel& built, const State& state) {
  std::vector<Vec3> p;
  p.reserve(model.markers.size());
  const MatterSubsystem& matter = built.system->getMatter();
  for (const MarkerSpec& k : model.markers) {
    const int b = k.body == "ground" ? -1 : model.findBody(k.body);
    p.push_back(b < 0 ? k.location : matter.getBodyTransform(state, built.mobodOfBody[b]) * k.location);
  }
  return p;
}

int findMarker(const ModelSpec& model, const std::string& name) {
  for (size_t i = 0; i < model.markers.size(); ++i)
    if (model.markers[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace articula::model
