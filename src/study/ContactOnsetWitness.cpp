#include "articula/study/ContactOnsetWitness.h"

#include "articula/Error.h"

namespace articula {

std::shared_ptr<EventWitness> makeContactOnsetWitness(const ContactForceSubsystem& contact, int surfaceA, int surfaceB,
                                                      std::string name) {
  const ContactGeometry& g = contact.getGeometry();
  if (surfaceA < 0 || surfaceB < 0 || surfaceA >= g.numShapes() || surfaceB >= g.numShapes() || surfaceA == surfaceB)
    throw Error("makeContactOnsetWitness: surfaces " + std::to_string(surfaceA) + " and " + std::to_string(surfaceB) +
                " are not two distinct surfaces of contact subsystem '" + contact.getName() + "'");
  if (name.empty()) name = "contact onset '" + g.getName(surfaceA) + "'-'" + g.getName(surfaceB) + "'";
  const ContactForceSubsystem* c = &contact;
  return std::make_shared<EventWitness>(
      std::move(name), Stage::Position, EventDirection::Falling,
      [c, surfaceA, surfaceB](const State& s) { return c->calcSurfaceDistance(s, surfaceA, surfaceB); });
}

}  // namespace articula
