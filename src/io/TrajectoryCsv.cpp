// trajectory.csv: OpenMBD's per-body columns (reference/openmbd.md §3) with true accelerations,
// plus the body-frame origin, the net contact force and torque, and the energy columns OpenMBD lacks.
#include "CsvNumbers.h"
#include "articula/io/RunOutputs.h"

namespace articula::io {

namespace {
const char* const kBodyColumns[] = {"PosX", "PosY", "PosZ", "QuatW", "QuatX", "QuatY", "QuatZ", "VelX", "VelY", "VelZ",
                                    "AngVelX", "AngVelY", "AngVelZ", "LinAccX", "LinAccY", "LinAccZ", "AngAccX",
                                    "AngAccY", "AngAccZ", "OriginX", "OriginY", "OriginZ"};
// With contact: the net contact force on the body and its moment about the mass centre (OpenMBD's
// ForceX..TorqueZ), in Ground.
const char* const kContactColumns[] = {"ContactForceX", "ContactForceY", "ContactForceZ",
                                       "ContactTorqueX", "ContactTorqueY", "ContactTorqueZ"};

}  // namespace

std::string makeTrajectoryCsv(const ModelSpec& m, const RunResult& run) {
  const bool contact = !run.frames.empty() && !run.frames[0].contactForce.empty();
  std::string out = "Time";
  for (const BodySpec& b : m.bodies) {
    for (const char* c : kBodyColumns) out += "," + b.name + "_" + c;
    if (contact)
      for (const char* c : kContactColumns) out += "," + b.name + "_" + c;
  }
  out += ",KineticEnergy,PotentialEnergy,NonConservativeWork,EnergyBalance\n";
  const Real e0 = run.frames.empty() ? 0 : run.frames[0].kineticEnergy + run.frames[0].potentialEnergy;
  for (const Frame& f : run.frames) {
    appendNumber(out, f.time);
    for (size_t i = 0; i < f.bodies.size(); ++i) {
      const BodySample& b = f.bodies[i];
      appendFields(out, b.com);
      const Vec4 q = b.orientation.asVec4();
      for (int i = 0; i < 4; ++i) appendField(out, q[i]);
      appendFields(out, b.comVelocity);
      appendFields(out, b.angularVelocity);
      appendFields(out, b.comAcceleration);
      appendFields(out, b.angularAcceleration);
      appendFields(out, b.origin);
      if (contact) {
        appendFields(out, f.contactForce[i]);
        appendFields(out, f.contactTorque[i]);
      }
    }
    appendField(out, f.kineticEnergy);
    appendField(out, f.potentialEnergy);
    appendField(out, f.nonConservativeWork);
    appendField(out, f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork - e0);
    out += '\n';
  }
  return out;
}

}  // namespace articula::io
