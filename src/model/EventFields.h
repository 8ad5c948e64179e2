// The "events" of a scenario (docs/model-format.md, "Events"): the names of their kinds, the
// reader and the writer, kept together so that the two cannot drift apart.
#pragma once
#include <nlohmann/json.hpp>
#include <vector>

#include "JsonNode.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// Reads /scenario/events; the bodies, gravity and forces of `m` must already be read, since
// events name them.
std::vector<EventSpec> readEvents(const JsonNode& list, const ModelSpec& m);
nlohmann::json writeEvent(const EventSpec& event);

}  // namespace articula::model
