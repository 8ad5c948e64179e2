// contacts.csv: the contact history, one row per active contact per report time
// (docs/output-format.md, "contacts.csv").
#include <cstdio>

#include "articula/io/RunOutputs.h"

namespace articula::io {

namespace {
void put(std::string& out, Real x) {
  char b[32];
  std::snprintf(b, sizeof b, ",%.9g", x);
  out += b;
}
void put3(std::string& out, const Vec3& v) {
  for (int i = 0; i < 3; ++i) put(out, v[i]);
}
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
      char t[32];
      std::snprintf(t, sizeof t, "%.9g", f.time);
      out += t;
      // Names come from the model file; quote them so a comma in a name cannot shift columns.
      for (const std::string& n : {bodyName(m, c.bodyA), bodyName(m, c.bodyB), surfaceName(run, c.surfaceA),
                                   surfaceName(run, c.surfaceB), std::string(c.model)})
        out += ",\"" + n + "\"";
      put3(out, c.point);
      put3(out, c.normal);
      put(out, c.depth);
      put(out, c.depthRate);
      put(out, c.normalForce);
      put3(out, c.frictionForce);
      put3(out, c.force);
      put3(out, c.centreOfPressure);
      out += '\n';
    }
  return out;
}

}  // namespace articula::io
