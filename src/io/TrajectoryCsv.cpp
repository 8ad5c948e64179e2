// trajectory.csv: OpenMBD's per-body columns (reference/openmbd.md §3) with true accelerations,
// plus the body-frame origin, the net contact force and torque, and the energy columns OpenMBD lacks.
#include <cstdio>

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

void put(std::string& out, Real x) {
  char b[32];
  std::snprintf(b, sizeof b, ",%.9g", x);
  out += b;
}
void put3(std::string& out, const Vec3& v) {
  for (int i = 0; i < 3; ++i) put(out, v[i]);
}
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
    char t[32];
    std::snprintf(t, sizeof t, "%.9g", f.time);
    out += t;
    for (size_t i = 0; i < f.bodies.size(); ++i) {
      const BodySample& b = f.bodies[i];
      put3(out, b.com);
      const Vec4 q = b.orientation.asVec4();
      for (int i = 0; i < 4; ++i) put(out, q[i]);
      put3(out, b.comVelocity);
      put3(out, b.angularVelocity);
      put3(out, b.comAcceleration);
      put3(out, b.angularAcceleration);
      put3(out, b.origin);
      if (contact) {
        put3(out, f.contactForce[i]);
        put3(out, f.contactTorque[i]);
      }
    }
    put(out, f.kineticEnergy);
    put(out, f.potentialEnergy);
    put(out, f.nonConservativeWork);
    put(out, f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork - e0);
    out += '\n';
  }
  return out;
}

}  // namespace articula::io
