// The events of a scenario (see EventFields.h).
#include "EventFields.h"

#include <algorithm>
#include <set>
#include <string>

namespace articula::model {

template <>
const std::vector<KindName<EventTriggerKind>>& kindTable<EventTriggerKind>() {
  static const std::vector<KindName<EventTriggerKind>> table{{EventTriggerKind::Time, "time"},
                                                             {EventTriggerKind::HeightBelow, "height_below"}};
  return table;
}

template <>
const std::vector<KindName<EventActionKind>>& kindTable<EventActionKind>() {
  using K = EventActionKind;
  static const std::vector<KindName<EventActionKind>> table{
      {K::EndRun, "end_run"}, {K::DisableForce, "disable_force"}, {K::EnableForce, "enable_force"}};
  return table;
}

namespace {

using nlohmann::json;

const char* const kActions = "\"end_run\", {\"disable_force\": name} or {\"enable_force\": name}";

std::string forceList(const ModelSpec& m) {
  std::string list;
  for (const ForceSpec& f : m.forces) list += (list.empty() ? "\"" : ", \"") + f.name + "\"";
  return list.empty() ? "the model has none" : "the model's: " + list;
}

void readHeightTrigger(const JsonNode& when, const ModelSpec& m, EventSpec& e) {
  when.allowOnly({"body", "height_below", "station"});
  e.trigger = EventTriggerKind::HeightBelow;
  const JsonNode body = when.at("body");
  e.body = body.string();
  if (e.body == "ground") body.fail("ground never moves: name a body of the model");
  if (m.findBody(e.body) < 0) body.fail("no body of this name");
  const JsonNode height = when.at("height_below");
  e.height = height.number();
  // Up is opposite gravity: without gravity there is no up to measure a height along.
  if (!(m.gravity.norm() > 0)) height.fail("heights are measured up, against gravity, and the model has no gravity");
  if (auto s = when.get("station")) e.station = s->vec3();
}

// The key present ("time" or "height_below") says which trigger it is.
void readTrigger(const JsonNode& when, const ModelSpec& m, EventSpec& e) {
  when.requireObject();
  const bool time = when.has("time"), height = when.has("height_below");
  if (time && height) when.fail("give \"time\" or \"height_below\", not both");
  if (!time && !height) when.fail("no trigger: give \"time\", or \"body\" with \"height_below\"");
  if (height) return readHeightTrigger(when, m, e);
  when.allowOnly({"time"});
  e.trigger = EventTriggerKind::Time;
  e.time = when.at("time").nonNegative();
}

void readAction(const JsonNode& action, const ModelSpec& m, EventSpec& e) {
  if (action.isString()) {
    if (kindNamed<EventActionKind>(action.string()) != EventActionKind::EndRun)
      action.fail(std::string("unknown action (") + kActions + ")");
    e.action = EventActionKind::EndRun;
    return;
  }
  if (!action.isObject() || action.keys().size() != 1) action.fail(std::string("an action is ") + kActions);
  const std::string key = action.keys().front();
  const auto kind = kindNamed<EventActionKind>(key);
  if (!kind || *kind == EventActionKind::EndRun) action.fail(std::string("unknown action (") + kActions + ")");
  e.action = *kind;
  const JsonNode force = action.at(key);
  e.force = force.string();
  const bool known = std::any_of(m.forces.begin(), m.forces.end(),
                                 [&](const ForceSpec& f) { return f.name == e.force; });
  if (!known) force.fail("no force element of this name (" + forceList(m) + ")");
}

}  // namespace

std::vector<EventSpec> readEvents(const JsonNode& list, const ModelSpec& m) {
  std::vector<EventSpec> events;
  std::set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonNode node = list[i];
    node.allowOnly({"name", "when", "action"});
    EventSpec e;
    const JsonNode name = node.at("name");
    e.name = name.string();
    if (!names.insert(e.name).second) name.fail("duplicate event name");
    readTrigger(node.at("when"), m, e);
    readAction(node.at("action"), m, e);
    e.source = node.path();
    events.push_back(std::move(e));
  }
  return events;
}

json writeEvent(const EventSpec& e) {
  json when;
  if (e.trigger == EventTriggerKind::Time) {
    when = {{"time", e.time}};
  } else {
    when = {{"body", e.body}, {"height_below", e.height}};
    if (e.station) when["station"] = {(*e.station)[0], (*e.station)[1], (*e.station)[2]};
  }
  const json action = e.action == EventActionKind::EndRun ? json(nameOf(e.action)) : json{{nameOf(e.action), e.force}};
  return {{"name", e.name}, {"when", when}, {"action", action}};
}

}  // namespace articula::model
