// contacts.csv: the contact history, one row per active contact per report time
// (docs/output-format.md, "contacts.csv").
#include "CsvNumbers.h"
#include "CsvText.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

ContactsCsvWriter::ContactsCsvWriter(const model::ModelSpec& m, const std::vector<std::string>& surfaceNames,
                                     files::TextOutput& out)
    : m_(m), surfaceNames_(surfaceNames), out_(out) {
  out_.append(
      "Time,BodyA,BodyB,SurfaceA,SurfaceB,Model,PointX,PointY,PointZ,NormalX,NormalY,NormalZ,Penetration,"
      "PenetrationRate,NormalForce,FrictionForceX,FrictionForceY,FrictionForceZ,ForceX,ForceY,ForceZ,"
      "PressureCentreX,PressureCentreY,PressureCentreZ\n");
}

// Names come from the model file: always quoted, and escaped (CsvText.h).
void ContactsCsvWriter::appendName(std::string_view name) {
  std::string& out = out_.text();
  out += ',';
  appendCsvText(out, name, true);
}

void ContactsCsvWriter::appendBody(int i) {
  appendName(i < 0 ? std::string_view("ground") : std::string_view(m_.bodies.at(i).name));
}

void ContactsCsvWriter::appendSurface(int s) {
  if (s >= 0 && s < static_cast<int>(surfaceNames_.size())) appendName(surfaceNames_[s]);
  else appendName(std::to_string(s));
}

void ContactsCsvWriter::add(const Frame& f) {
  std::string& out = out_.text();
  for (const ContactSample& c : f.contacts) {
    appendNumber(out, f.time);
    appendBody(c.bodyA);
    appendBody(c.bodyB);
    appendSurface(c.surfaceA);
    appendSurface(c.surfaceB);
    appendName(c.model);
    appendFields(out, c.point);
    appendFields(out, c.normal);
    appendField(out, c.depth);
    appendField(out, c.depthRate);
    appendField(out, c.normalForce);
    appendFields(out, c.frictionForce);
    appendFields(out, c.force);
    appendFields(out, c.centreOfPressure);
    out += '\n';
  }
  out_.maybeFlush();
}

std::string makeContactsCsv(const model::ModelSpec& m, const RunResult& run) {
  files::StringOutput out;
  ContactsCsvWriter writer(m, run.surfaceNames, out);
  for (const Frame& f : run.frames) writer.add(f);
  return std::move(out.text());
}

}  // namespace articula::run
