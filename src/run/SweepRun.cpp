// One sweep case (include/articula/run/SweepRun.h).
#include "articula/run/SweepRun.h"

#include <cmath>

#include "articula/model/JointTypes.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "articula/model/ModelScaling.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

namespace {

// A case-level failure: the row's reason.
class CaseFailure : public Error {
 public:
  using Error::Error;
};

void scale(const model::SweepSpec& spec, const model::SweepCase& c, model::ModelSpec& m) {
  bool height = false, mass = false;
  Real h = 0, kg = 0;
  for (size_t k = 0; k < spec.parameters.size(); ++k) {
    const model::SweepTarget t = spec.parameters[k].target;
    if (t == model::SweepTarget::ScaleHeight) height = true, h = std::get<Real>(c.values[k]);
    if (t == model::SweepTarget::ScaleMass) mass = true, kg = std::get<Real>(c.values[k]);
  }
  if (!height && !mass) return;
  const model::ModelSize measured = model::measureModel(m);  // the one not swept stays as measured
  model::scaleModel(m, height ? h : measured.height, mass ? kg : measured.mass);
}

// The q (or u) index of "joint.coordinate", named as trajectory.csv names it.
int coordinateIndex(const model::ModelSpec& m, const model::BuiltModel& b, const std::string& name, bool speed) {
  const MatterSubsystem& matter = b.system->getMatter();
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const model::JointSpec& joint = m.bodies[i].joint;
    if (name.compare(0, joint.name.size() + 1, joint.name + ".") != 0) continue;
    const std::string coordinate = name.substr(joint.name.size() + 1);
    const model::JointCoordinates jc = model::jointCoordinates(joint);
    const MobilizedBodyInfo& info = matter.getInfo(b.mobodOfBody[i]);
    if (speed) {
      for (int j = 0; j < info.nu && j < static_cast<int>(jc.u.size()); ++j)
        if (jc.u[j].name == coordinate) return info.uStart + j;
      continue;
    }
    std::vector<std::string> names;
    size_t named = 0;
    if (jc.quaternion) names = {"qw", "qx", "qy", "qz"}, named = 3;
    for (; named < jc.q.size(); ++named) names.push_back(jc.q[named].name);
    for (int j = 0; j < info.nq && j < static_cast<int>(names.size()); ++j)
      if (names[j] == coordinate) return info.qStart + j;
  }
  throw CaseFailure("the model has no " + std::string(speed ? "speed " : "coordinate ") + name);
}

model::SweepValue summaryValue(const nlohmann::json& summary, const std::string& pointer) {
  const nlohmann::json::json_pointer at(pointer);
  if (!summary.contains(at)) throw CaseFailure("summary.json has nothing at " + pointer);
  const nlohmann::json& v = summary[at];
  if (v.is_null()) return std::string();  // a figure the run does not have (a head that never touched): empty
  if (v.is_number()) return v.get<Real>();
  if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
  if (v.is_string()) return v.get<std::string>();
  throw CaseFailure("summary.json has " + std::string(v.type_name()) + " at " + pointer + ", not a number");
}

// A body's contact figure from the run's totals; a body that never touched has a peak of 0 and no
// first contact (an empty cell).
model::SweepValue contactFigure(const model::ModelSpec& m, const RunResult& r, const model::SweepOutput& o) {
  const int body = m.findBody(o.target);
  if (body < 0) throw CaseFailure("the model has no body " + o.target);
  const RunTotals& t = r.totals;
  const auto at = [body](const std::vector<Real>& v) { return static_cast<size_t>(body) < v.size() ? v[body] : 0.0; };
  const bool touched = static_cast<size_t>(body) < t.firstContactTime.size() && t.firstContactTime[body] >= 0;
  switch (o.figure) {
    case model::ContactFigure::PeakForce: return at(t.peakContactForce);
    case model::ContactFigure::PeakForceTime: return at(t.peakContactTime);
    case model::ContactFigure::FirstContact:
      return touched ? model::SweepValue(t.firstContactTime[body]) : std::string();
    case model::ContactFigure::ImpactSpeed: return touched ? model::SweepValue(t.impactSpeed[body]) : std::string();
  }
  return std::string();
}

std::vector<model::SweepValue> pickOutputs(const model::SweepSpec& spec, const model::ModelSpec& m,
                                           const model::BuiltModel& b, const RunResult& r,
                                           const nlohmann::json& summary) {
  std::vector<model::SweepValue> out;
  for (const model::SweepOutput& o : spec.outputs) {
    model::SweepValue v;
    if (o.kind == model::SweepOutputKind::Summary) {
      v = summaryValue(summary, o.target);
    } else if (o.kind == model::SweepOutputKind::ContactBody) {
      v = contactFigure(m, r, o);
    } else {
      const bool speed = o.kind == model::SweepOutputKind::FinalU;
      const Vector& values = speed ? r.totals.last.u : r.totals.last.q;
      v = values[coordinateIndex(m, b, o.target, speed)];
    }
    if (const Real* x = std::get_if<Real>(&v); x && !std::isfinite(*x))
      throw CaseFailure("output " + o.name + " is not finite (" + std::to_string(*x) + ")");
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

SweepRow runSweepCase(const model::SweepSpec& spec, const model::SweepCase& c, const std::string& caseFolder,
                      const ViewerPageWriter& page) {
  SweepRow row;
  row.id = c.id;
  row.parameters = c.values;
  model::ModelSpec m;
  model::BuiltModel built;
  RunResult result;
  nlohmann::json summary;
  const bool keep = !caseFolder.empty();
  try {
    m = model::readModel(model::caseDocument(spec, c), spec.modelFile);
    scale(spec, c, m);
    built = model::buildModel(m, spec.modelFile);
    RunSettings settings;
    settings.keepFrames = keep;
    settings.frameThread = false;  // the sweep's threads run cases side by side
    settings.jointLoads = keep;    // the kept folder's files need them; the summary does not
    result = runSimulation(m, built, m.scenario, nullptr, settings);
    const MatterSubsystem& matter = built.system->getMatter();
    summary = makeSummaryJson(m, RunDescription{spec.modelFile, m.scenario, matter.getNU(), matter.getNQ()}, result);
    row.outputs = pickOutputs(spec, m, built, result, summary);
  } catch (const std::exception& e) {
    row.status = SweepStatus::Failed;
    row.outputs.assign(spec.outputs.size(), std::string());  // empty cells
    row.reason = e.what();
    return row;
  }
  if (keep) writeRunResult(m, built, result, summary, makeSummaryText(summary), caseFolder, page);
  return row;
}

}  // namespace articula::run
