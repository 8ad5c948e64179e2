// trajectory.csv: OpenMBD's per-body columns (reference/openmbd.md §3) with true accelerations,
// plus the body-frame origin, the net contact force and torque, and the energy columns OpenMBD lacks.
#include "CsvNumbers.h"
#include "CsvText.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

namespace {
const char* const kBodyColumns[] = {"PosX",    "PosY",    "PosZ",    "QuatW",   "QuatX",   "QuatY",
                                    "QuatZ",   "VelX",    "VelY",    "VelZ",    "AngVelX", "AngVelY",
                                    "AngVelZ", "LinAccX", "LinAccY", "LinAccZ", "AngAccX", "AngAccY",
                                    "AngAccZ", "OriginX", "OriginY", "OriginZ"};
// With contact: the net contact force on the body and its moment about the mass centre (OpenMBD's
// ForceX..TorqueZ), in Ground.
const char* const kContactColumns[] = {"ContactForceX",  "ContactForceY",  "ContactForceZ",
                                       "ContactTorqueX", "ContactTorqueY", "ContactTorqueZ"};

}  // namespace

TrajectoryCsvWriter::TrajectoryCsvWriter(const model::ModelSpec& m, bool contact, files::TextOutput& out)
    : contact_(contact), out_(out) {
  std::string& t = out_.text();
  t += "Time";
  auto column = [&](const model::BodySpec& b, const char* c) {
    t += ',';
    appendCsvText(t, b.name + "_" + c);  // names come from the model file (CsvText.h)
  };
  for (const model::BodySpec& b : m.bodies) {
    for (const char* c : kBodyColumns) column(b, c);
    if (contact)
      for (const char* c : kContactColumns) column(b, c);
  }
  t += ",KineticEnergy,PotentialEnergy,NonConservativeWork,EnergyBalance\n";
  out_.maybeFlush();
}

void TrajectoryCsvWriter::add(const Frame& f) {
  if (first_) e0_ = f.kineticEnergy + f.potentialEnergy;
  first_ = false;
  std::string& out = out_.text();
  appendNumber(out, f.time);
  for (size_t i = 0; i < f.bodies.size(); ++i) {
    const BodySample& b = f.bodies[i];
    appendFields(out, b.com);
    const Vec4 q = b.orientation.asVec4();
    for (int k = 0; k < 4; ++k) appendField(out, q[k]);
    appendFields(out, b.comVelocity);
    appendFields(out, b.angularVelocity);
    appendFields(out, b.comAcceleration);
    appendFields(out, b.angularAcceleration);
    appendFields(out, b.origin);
    if (contact_) {
      appendFields(out, f.contactForce[i]);
      appendFields(out, f.contactTorque[i]);
    }
  }
  appendField(out, f.kineticEnergy);
  appendField(out, f.potentialEnergy);
  appendField(out, f.nonConservativeWork);
  appendField(out, f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork - e0_);
  out += '\n';
  out_.maybeFlush();
}

std::string makeTrajectoryCsv(const model::ModelSpec& m, const RunResult& run) {
  files::StringOutput out;
  TrajectoryCsvWriter writer(m, !run.frames.empty() && !run.frames[0].contactForce.empty(), out);
  for (const Frame& f : run.frames) writer.add(f);
  return std::move(out.text());
}

}  // namespace articula::run
