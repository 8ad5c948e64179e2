// An event witness for the first touch of two contact surfaces: the signed distance between them
// (ContactForceSubsystem::calcSurfaceDistance: > 0 apart, < 0 overlapping), Falling. With it a
// TimeStepper isolates the start of an impact to its localization window, so that a handler or a
// reporter can act at first contact, and the integrator restarts with a small step at the impact
// instead of discovering the stiff contact by step rejections.
#pragma once
#include <memory>
#include <string>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/study/EventWitness.h"

namespace articula {

// The subsystem must outlive the witness. The default name is "contact onset '<A>'-'<B>'".
std::shared_ptr<EventWitness> makeContactOnsetWitness(const ContactForceSubsystem& contact, int surfaceA, int surfaceB,
                                                      std::string name = "");

}  // namespace articula
