// contacts.csv: the contact history, one row per active contact per report time
// (docs/output-format.md, "contacts.csv").
#include "CsvNumbers.h"
#include "articula/io/RunOutputs.h"

namespace articula::io {

namespace {
std::string bodyName(const ModelSpec& m, int i) { return i < 0 ? "ground" : m.bodies.at(i).name; }
std::string surfaceName(const RunResult& run, int s) {
  return s >= 0 && s < static_cast<int>(run.surfaceNames.size()) ? run.surfaceNames[s] : std::to_string(s);
}
}  // namespace

std::string makeContactsCsv(const ModelSpec& m, const RunResult& run) {
  std::string out =
      "Time,BodyA,BodyB,SurfaceA,SurfaceB,Model,PointX,PointY,PointZ,NormalX,NormalY,NormalZ,Penetration,"
      "PenetrationRate,NormalForce,FrictionForceX,FrictionForceY,FrictionForceZ,ForceX,ForceY,ForceZ,"
      "PressureCentreX,PressureCentreY,PressureCentreZ\n";
  for (const Frame& f : run.frames)
    for (const ContactSample& c : f.contacts) {
      appendNumber(out, f.time);
      // Names come from the model file; quote them so a comma in a name cannot shift columns.
      for (const std::string& n : {bodyName(m, c.bodyA), bodyName(m, c.bodyB), surfaceName(run, c.surfaceA),
                                   surfaceName(run, c.surfaceB), std::string(c.model)})
        out += ",\"" + n + "\"";
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
  return out;
}

}  // namespace articula::io
