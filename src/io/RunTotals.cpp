// RunTotals: the summary's figures gathered one frame at a time (docs/output-format.md, summary.json).
#include <algorithm>

#include "articula/io/SimulationRun.h"

namespace articula::io {

void RunTotals::add(const Frame& f) {
  if (frames == 0) first = f;
  if (frames == 1) secondTime = f.time;
  ++frames;
  last = f;  // assignment reuses the vectors' storage
  maxKineticEnergy = std::max(maxKineticEnergy, f.kineticEnergy);
  if (headBody >= 0) {
    headTime.push_back(f.time);
    headAcceleration.push_back(f.bodies[headBody].comAcceleration.norm());
  }
  if (f.contactForce.empty()) return;
  peakContactForce.resize(f.contactForce.size(), 0);
  peakContactTime.resize(f.contactForce.size(), 0);
  for (size_t i = 0; i < f.contactForce.size(); ++i) {
    const Real force = f.contactForce[i].norm();
    if (force > peakContactForce[i]) { peakContactForce[i] = force; peakContactTime[i] = f.time; }
  }
  mostContacts = std::max(mostContacts, f.contacts.size());
  for (const ContactSample& c : f.contacts)
    if (c.depth > deepest) { deepest = c.depth; deepestTime = f.time; }
}

}  // namespace articula::io
