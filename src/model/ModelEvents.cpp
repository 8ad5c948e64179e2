// The scenario's events against a built model (see ModelEvents.h).
#include "articula/model/ModelEvents.h"

#include "articula/model/ModelError.h"

namespace articula::model {

namespace {

std::string sourceOf(const EventSpec& e, size_t index) {
  return e.source.empty() ? "/scenario/events/" + std::to_string(index) : e.source;  // specs made in code
}

void checkHeightAtStart(const ModelSpec& m, const BuiltModel& b, const EventSpec& e, const std::string& path,
                        const std::string& file) {
  const Real h = stationHeight(b, eventStation(m, b, e), upDirection(m), b.initialState);
  if (h > e.height) return;
  throw ModelError(file, path + "/when/height_below", formatValue(e.height),
                   "body \"" + e.body + "\"'s " + (e.station ? "station" : "mass centre") + " starts at height " +
                       formatValue(h) + " m, not above it: the event could never fire (heights are along up, " +
                       "against gravity, from Ground's origin)");
}

}  // namespace

Vec3 upDirection(const ModelSpec& m) {
  const Real g = m.gravity.norm();
  if (!(g > 0)) throw Error("the model has no gravity, so no up direction to measure heights along");
  return -m.gravity / g;
}

EventStation eventStation(const ModelSpec& m, const BuiltModel& b, const EventSpec& e) {
  const int body = m.findBody(e.body);
  if (body < 0) throw Error("event \"" + e.name + "\": no body \"" + e.body + "\"");
  return {b.mobodOfBody.at(body), e.station ? *e.station : m.bodies[body].massCenter};
}

Real stationHeight(const BuiltModel& b, const EventStation& p, const Vec3& up, const State& s) {
  return up.dot(b.system->getMatter().getBodyTransform(s, p.mobod) * p.station);
}

std::string describeEvent(const EventSpec& e) {
  std::string d;
  if (e.trigger == EventTriggerKind::Time) d = "at t = " + formatValue(e.time) + " s";
  else {
    d = "body \"" + e.body + "\"'s ";
    if (e.station)
      d += "station [" + formatValue((*e.station)[0]) + ", " + formatValue((*e.station)[1]) + ", " +
           formatValue((*e.station)[2]) + "]";
    else d += "mass centre";
    d += " below " + formatValue(e.height) + " m";
  }
  d += ": " + nameOf(e.action);
  if (e.action != EventActionKind::EndRun) d += " \"" + e.force + "\"";
  return d;
}

void checkEvents(const ModelSpec& m, const BuiltModel& b, const std::string& file) {
  const std::vector<EventSpec>& events = m.scenario.events;
  for (size_t i = 0; i < events.size(); ++i) {
    const EventSpec& e = events[i];
    const std::string path = sourceOf(e, i);
    try {
      if (e.trigger == EventTriggerKind::HeightBelow) checkHeightAtStart(m, b, e, path, file);
    } catch (const ModelError&) {
      throw;
    } catch (const std::exception& x) {
      throw ModelError(file, path, "\"" + e.name + "\"", x.what());
    }
    if (e.action != EventActionKind::EndRun && b.forces->findForceByName(e.force) < 0)
      throw ModelError(file, path + "/action", "\"" + e.force + "\"", "no force element of this name");
  }
}

}  // namespace articula::model
