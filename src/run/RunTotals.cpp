// RunTotals: the summary's figures gathered one frame at a time (docs/output-format.md, summary.json).
#include <algorithm>

#include "articula/run/SimulationRun.h"

namespace articula::run {

void RunTotals::add(const Frame& f) {
  if (frames == 0) first = f;
  if (frames == 1) secondTime = f.time;
  if (!f.contactForce.empty()) noteFirstContacts(f);
  ++frames;
  last = f;  // assignment reuses the vectors' storage
  maxKineticEnergy = std::max(maxKineticEnergy, f.kineticEnergy);
  minKineticEnergy = std::min(minKineticEnergy, f.kineticEnergy);
  if (head) head->addFrame(f.time, f.bodies[headBody].comAcceleration.norm());
  if (f.contactForce.empty()) return;
  peakContactForce.resize(f.contactForce.size(), 0);
  peakContactTime.resize(f.contactForce.size(), 0);
  for (size_t i = 0; i < f.contactForce.size(); ++i) {
    const Real force = f.contactForce[i].norm();
    if (force > peakContactForce[i]) {
      peakContactForce[i] = force;
      peakContactTime[i] = f.time;
    }
  }
  mostContacts = std::max(mostContacts, f.contacts.size());
  for (const ContactSample& c : f.contacts)
    if (c.depth > deepest) {
      deepest = c.depth;
      deepestTime = f.time;
    }
}

void RunTotals::noteFirstContacts(const Frame& f) {
  firstContactTime.resize(f.contactForce.size(), -1);
  impactSpeed.resize(f.contactForce.size(), 0);
  const Frame& before = frames > 0 ? last : f;  // `last` still holds the previous frame
  for (size_t i = 0; i < f.contactForce.size(); ++i)
    if (firstContactTime[i] < 0 && f.contactForce[i].squaredNorm() > 0) {
      firstContactTime[i] = f.time;
      impactSpeed[i] = before.bodies[i].comVelocity.norm();
    }
}

void StepPeaks::add(Real time, const std::vector<Real>& force, size_t contacts, Real deepestNow) {
  contactForce.resize(force.size(), 0);
  contactTime.resize(force.size(), 0);
  for (size_t i = 0; i < force.size(); ++i)
    if (force[i] > contactForce[i]) {
      contactForce[i] = force[i];
      contactTime[i] = time;
    }
  mostContacts = std::max(mostContacts, contacts);
  if (deepestNow > deepest) {
    deepest = deepestNow;
    deepestTime = time;
  }
}

void RunTotals::merge(const StepPeaks& steps) {
  if (!steps.contactForce.empty()) {
    peakContactForce.resize(steps.contactForce.size(), 0);
    peakContactTime.resize(steps.contactForce.size(), 0);
  }
  for (size_t i = 0; i < steps.contactForce.size(); ++i)
    if (steps.contactForce[i] > peakContactForce[i]) {
      peakContactForce[i] = steps.contactForce[i];
      peakContactTime[i] = steps.contactTime[i];
    }
  mostContacts = std::max(mostContacts, steps.mostContacts);
  if (steps.deepest > deepest) {
    deepest = steps.deepest;
    deepestTime = steps.deepestTime;
  }
  if (head) head->finish();
}

}  // namespace articula::run
