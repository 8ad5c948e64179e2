// summary.json and summary.txt: model, parameters, integrator statistics, energy balance and the
// head-injury figures (docs/output-format.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "../model/JsonText.h"
#include "articula/Counted.h"
#include "articula/run/EnergyBalance.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

using nlohmann::json;

namespace {

// A body's first contact at a frame and its mass centre's speed just before; null when it had
// none at a frame (a touch between two frames shows only in the step peaks).
json firstContact(const RunTotals& t, size_t i) {
  return i < t.firstContactTime.size() && t.firstContactTime[i] >= 0 ? json(t.firstContactTime[i]) : json(nullptr);
}
json impactSpeed(const RunTotals& t, size_t i) {
  return i < t.firstContactTime.size() && t.firstContactTime[i] >= 0 ? json(t.impactSpeed[i]) : json(nullptr);
}

// Peak net contact force per body (largest magnitude over the report times), the overall peak,
// the most simultaneous contacts and the deepest penetration; null without contact.
json contactSummary(const model::ModelSpec& m, const RunResult& r) {
  const RunTotals& t = r.totals;
  if (t.peakContactForce.empty()) return nullptr;
  const std::vector<Real>& peak = t.peakContactForce;
  const std::vector<Real>& when = t.peakContactTime;
  json bodies = json::array();
  size_t top = 0;
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    if (peak[i] > peak[top]) top = i;
    if (peak[i] > 0)
      bodies.push_back({{"body", m.bodies[i].name},
                        {"peak_force_N", peak[i]},
                        {"time_s", when[i]},
                        {"first_contact_s", firstContact(t, i)},
                        {"impact_speed_m_s", impactSpeed(t, i)}});
  }
  std::sort(bodies.begin(), bodies.end(),
            [](const json& a, const json& b) { return a["peak_force_N"] > b["peak_force_N"]; });
  json c{{"peak_force_N", peak[top]},
         {"peak_force_body", peak[top] > 0 ? json(m.bodies[top].name) : json(nullptr)},
         {"peak_force_time_s", when[top]},
         {"max_simultaneous_contacts", t.mostContacts},
         {"max_penetration_m", t.deepest},
         {"max_penetration_time_s", t.deepestTime},
         {"bodies", bodies},
         {"sampled_every_s", t.frames > 1 ? t.secondTime - t.first.time : 0.0}};
  return c;
}

void contactText(const json& c, std::ostringstream& o) {
  char b[256];
  std::snprintf(b, sizeof b, "Contact      peak net force %.4g N on \"%s\" at t = %.4g s; up to %s; deepest %.3g mm\n",
                c["peak_force_N"].get<double>(),
                c["peak_force_body"].is_null() ? "-" : c["peak_force_body"].get<std::string>().c_str(),
                c["peak_force_time_s"].get<double>(),
                counted(c["max_simultaneous_contacts"].get<int>(), "contact", "contacts").c_str(),
                1e3 * c["max_penetration_m"].get<double>());
  o << b;
  const json& bodies = c["bodies"];
  if (bodies.empty()) return;
  // One row per body that touched, largest peak first, the names in a column as wide as the longest.
  int width = 4;
  for (const json& e : bodies) width = std::max(width, static_cast<int>(e["body"].get<std::string>().size()));
  std::snprintf(b, sizeof b, "             %-*s  %14s  %10s\n", width, "body", "peak force [N]", "at t [s]");
  o << b;
  for (const json& e : bodies) {
    std::snprintf(b, sizeof b, "             %-*s  %14.4g  %10.4g\n", width, e["body"].get<std::string>().c_str(),
                  e["peak_force_N"].get<double>(), e["time_s"].get<double>());
    o << b;
  }
}

// The events that fired and how the run ended. Only for scenarios with events, so that the
// summaries of the others stay as they were.
json eventsSummary(const model::ScenarioSpec& sc, const RunResult& r) {
  json fired = json::array();
  std::vector<bool> didFire(sc.events.size(), false);
  for (const FiredEvent& f : r.events) {
    const model::EventSpec& e = sc.events.at(f.event);
    didFire[f.event] = true;
    json x{{"name", e.name}, {"time_s", f.time}, {"action", model::nameOf(e.action)}};
    if (e.action != model::EventActionKind::EndRun) x["force"] = e.force;
    fired.push_back(x);
  }
  json notFired = json::array();
  for (size_t i = 0; i < sc.events.size(); ++i)
    if (!didFire[i]) notFired.push_back(sc.events[i].name);
  const bool byEvent = r.endEvent >= 0;
  json end{{"reason", byEvent ? "event" : "duration"},
           {"event", byEvent ? json(sc.events.at(r.endEvent).name) : json(nullptr)},
           {"time_s", r.totals.last.time}};
  return {{"fired", fired}, {"not_fired", notFired}, {"end", end}};
}

// At most this many fired events are listed in summary.txt (a height event that switches a force
// may fire at every fall); summary.json lists them all.
constexpr size_t kEventsInText = 10;

void eventsText(const json& ev, Real duration, std::ostringstream& o) {
  std::string list;
  char b[256];
  const json& fired = ev["fired"];
  for (size_t i = 0; i < fired.size() && i < kEventsInText; ++i) {
    const json& f = fired[i];
    const std::string force = f.contains("force") ? " \"" + f["force"].get<std::string>() + "\"" : "";
    std::snprintf(b, sizeof b, "\"%s\" at t = %.6g s (%s%s)", f["name"].get<std::string>().c_str(),
                  f["time_s"].get<double>(), f["action"].get<std::string>().c_str(), force.c_str());
    list += (list.empty() ? "" : ", ") + std::string(b);
  }
  if (fired.size() > kEventsInText) list += ", and " + std::to_string(fired.size() - kEventsInText) + " more";
  o << "Events       " << (list.empty() ? std::string("none fired") : list) << '\n';
  const json& end = ev["end"];
  if (end["reason"] == "event")
    std::snprintf(b, sizeof b, "             the run ended on event \"%s\" at t = %.6g s (duration %.6g s)\n",
                  end["event"].get<std::string>().c_str(), end["time_s"].get<double>(), duration);
  else std::snprintf(b, sizeof b, "             the run went on to the duration, %.6g s\n", duration);
  o << b;
  std::string missed;
  for (const json& n : ev["not_fired"]) missed += (missed.empty() ? "\"" : ", \"") + n.get<std::string>() + "\"";
  if (!missed.empty()) o << "             not fired: " << missed << '\n';
}

}  // namespace

json makeSummaryJson(const model::ModelSpec& m, const RunDescription& d, const RunResult& r) {
  Real mass = 0;
  for (const model::BodySpec& b : m.bodies) mass += b.mass;
  const model::ScenarioSpec& sc = d.scenario;
  const Frame& first = r.totals.first;
  const Frame& last = r.totals.last;
  const EnergyBalance balance = judgeEnergyBalance(r.totals);
  // The non-conservative work holds the actuators' work (their input) and the rest's (dissipation).
  const Real passiveWork = last.nonConservativeWork - last.actuatorWork;
  json s;
  s["model"] = {{"name", m.name},
                {"file", model::validUtf8(d.modelFile)},
                {"source_format", model::nameOf(m.sourceFormat)},
                {"bodies", m.bodies.size()},
                {"degrees_of_freedom", d.degreesOfFreedom},
                {"coordinates", d.numQ},
                {"total_mass_kg", mass},
                {"forces", m.forces.size()}};
  s["scenario"] = {{"duration_s", sc.duration},
                   {"integrator", model::nameOf(sc.integrator)},
                   {"accuracy", sc.accuracy},
                   {"fixed_step_s", sc.fixedStep > 0 ? json(sc.fixedStep) : json(nullptr)},
                   {"report_interval_s", sc.reportInterval},
                   {"max_steps", sc.maxSteps}};
  const IntegratorStatistics& st = r.statistics;
  s["integrator"] = {{"method", r.integrator},
                     {"steps_taken", st.stepsTaken},
                     {"steps_attempted", st.stepsAttempted},
                     {"error_test_failures", st.errorTestFailures},
                     {"convergence_failures", st.convergenceFailures},
                     {"derivative_evaluations", st.derivativeEvaluations},
                     {"projections", st.projections}};
  if (r.factorizations >= 0)
    s["integrator"]["factorizations"] = {
        {"total", r.factorizations},
        {"structured", r.structuredFactorizations},
        {"tree_lu", r.treeFactorizations},
        {"dense_lu", r.factorizations - r.structuredFactorizations - r.treeFactorizations}};
  const Real integration = std::max<Real>(r.wallSeconds - r.handoffSeconds, 0);
  s["run"] = {{"simulated_time_s", last.time},
              {"wall_time_s", r.wallSeconds},
              {"real_time_factor", r.wallSeconds > 0 ? json(last.time / r.wallSeconds) : json(nullptr)},
              {"frame_handoff_s", r.handoffSeconds},
              {"integration_s", integration},
              {"integration_real_time_factor", integration > 0 ? json(last.time / integration) : json(nullptr)},
              {"frames", r.totals.frames},
              {"frame_thread", r.frameThread},
              {"frame_work_s", r.frameSeconds},
              {"total_wall_time_s", d.totalWallSeconds > 0 ? json(d.totalWallSeconds) : json(nullptr)}};
  auto bytes = [](int64_t b) { return b > 0 ? json(b) : json(nullptr); };
  s["run"]["memory"] = {{"rss_start_bytes", bytes(r.residentAtStart)},
                        {"rss_at_10_percent_bytes", bytes(r.residentAtTenth)},
                        {"rss_end_bytes", bytes(r.residentAtEnd)},
                        {"peak_rss_bytes", bytes(r.residentPeak)}};
  s["energy"] = {{"initial_kinetic_J", first.kineticEnergy},
                 {"initial_potential_J", first.potentialEnergy},
                 {"final_kinetic_J", last.kineticEnergy},
                 {"final_potential_J", last.potentialEnergy},
                 {"non_conservative_work_J", last.nonConservativeWork},
                 {"actuator_work_J", last.actuatorWork},
                 {"dissipated_J", passiveWork < 0 ? -passiveWork : 0.0},
                 {"balance_error_J", balance.error},
                 {"energy_moved_J", balance.moved},
                 {"relative_balance_error", balance.relative},
                 {"balance_closes", balance.closes}};
  if (r.head.body.empty()) {
    s["head"] = nullptr;
  } else {
    s["head"] = {{"body", r.head.body},
                 {"peak_acceleration_m_s2", r.head.peakAcceleration},
                 {"peak_acceleration_g", r.head.peakAcceleration / 9.80665},
                 {"peak_time_s", r.head.peakTime},
                 {"hic15", r.head.hic15.value},
                 {"hic15_t1_s", r.head.hic15.t1},
                 {"hic15_t2_s", r.head.hic15.t2},
                 {"first_contact_s", firstContact(r.totals, static_cast<size_t>(r.totals.headBody))},
                 {"impact_speed_m_s", impactSpeed(r.totals, static_cast<size_t>(r.totals.headBody))},
                 {"sampled_every_s", sc.reportInterval}};
  }
  s["contact"] = contactSummary(m, r);
  if (!sc.events.empty()) s["events"] = eventsSummary(sc, r);
  s["warnings"] = m.warnings;
  if (!balance.closes) s["warnings"].push_back(balanceWarning(balance, sc));
  return s;
}

std::string makeSummaryText(const json& s) {
  std::ostringstream o;
  char b[256];
  auto line = [&](const char* fmt, auto... args) {
    std::snprintf(b, sizeof b, fmt, args...);
    o << b << '\n';
  };
  const json& m = s["model"];
  o << "Articula run summary\n\n";
  o << "Model        " << m["name"].get<std::string>() << "  (" << m["file"].get<std::string>() << ", "
    << m["source_format"].get<std::string>() << " format)\n";
  line("             %s, %s, %.3f kg, %s", counted(m["bodies"].get<int>(), "body", "bodies").c_str(),
       counted(m["degrees_of_freedom"].get<int>(), "degree of freedom", "degrees of freedom").c_str(),
       m["total_mass_kg"].get<double>(), counted(m["forces"].get<int>(), "force element", "force elements").c_str());
  const json& sc = s["scenario"];
  o << "Scenario     " << sc["duration_s"].get<double>() << " s with " << sc["integrator"].get<std::string>();
  if (sc["fixed_step_s"].is_null()) o << ", accuracy " << sc["accuracy"].get<double>();
  else o << ", fixed step " << sc["fixed_step_s"].get<double>() << " s";
  o << ", reports every " << sc["report_interval_s"].get<double>() << " s\n";
  const json& in = s["integrator"];
  line("Integrator   %lld steps taken (%lld attempted, %lld error-test failures), %lld derivative evaluations",
       in["steps_taken"].get<long long>(), in["steps_attempted"].get<long long>(),
       in["error_test_failures"].get<long long>(), in["derivative_evaluations"].get<long long>());
  if (in.contains("factorizations")) {
    const json& f = in["factorizations"];
    line("             %lld factorizations: %lld O(n) structured, %lld tree LU, %lld dense LU",
         f["total"].get<long long>(), f["structured"].get<long long>(), f["tree_lu"].get<long long>(),
         f["dense_lu"].get<long long>());
  }
  const json& r = s["run"];
  std::snprintf(b, sizeof b, "Run          %.6g s simulated in %.3f s wall time (real-time factor %.3g), %s",
                r["simulated_time_s"].get<double>(), r["wall_time_s"].get<double>(),
                r["real_time_factor"].is_null() ? 0.0 : r["real_time_factor"].get<double>(),
                counted(r["frames"].get<int>(), "frame", "frames").c_str());
  o << b;
  if (r.contains("total_wall_time_s") && !r["total_wall_time_s"].is_null()) {
    std::snprintf(b, sizeof b, "; %.3f s total", r["total_wall_time_s"].get<double>());
    o << b;
  }
  o << '\n';
  if (r.contains("integration_s") && !r["integration_real_time_factor"].is_null()) {
    line("             the integration itself %.3f s (real-time factor %.3g); %.3f s handing frames over%s",
         r["integration_s"].get<double>(), r["integration_real_time_factor"].get<double>(),
         r["frame_handoff_s"].get<double>(),
         r["frame_thread"].get<bool>() ? " (copies, help, waits)" : " (the frame work, on this thread)");
  }
  const json& e = s["energy"];
  line("Energy       start KE %.6g J + PE %.6g J; end KE %.6g J + PE %.6g J", e["initial_kinetic_J"].get<double>(),
       e["initial_potential_J"].get<double>(), e["final_kinetic_J"].get<double>(),
       e["final_potential_J"].get<double>());
  line(
      "             non-conservative work %.6g J (dissipated %.6g J); balance error %.3g J, %.2g %% of the %.6g J "
      "moved%s",
      e["non_conservative_work_J"].get<double>(), e["dissipated_J"].get<double>(), e["balance_error_J"].get<double>(),
      100 * std::abs(e["relative_balance_error"].get<double>()), e["energy_moved_J"].get<double>(),
      e["balance_closes"].get<bool>() ? "" : " (does not close: see the warning)");
  if (e.contains("actuator_work_J") && e["actuator_work_J"].get<double>() != 0)
    line("             of it, work by actuators %.6g J", e["actuator_work_J"].get<double>());
  if (!s["head"].is_null()) {
    const json& h = s["head"];
    line("Head         body \"%s\": peak acceleration %.4g m/s^2 (%.3g g) at t = %.4g s",
         h["body"].get<std::string>().c_str(), h["peak_acceleration_m_s2"].get<double>(),
         h["peak_acceleration_g"].get<double>(), h["peak_time_s"].get<double>());
    line("             HIC15 %.4g over [%.4g, %.4g] s (from frames every %.3g s and every integrator step)",
         h["hic15"].get<double>(), h["hic15_t1_s"].get<double>(), h["hic15_t2_s"].get<double>(),
         h["sampled_every_s"].get<double>());
    if (h.contains("impact_speed_m_s") && !h["impact_speed_m_s"].is_null())
      line("             first contact at t = %.4g s, mass centre at %.3g m/s just before",
           h["first_contact_s"].get<double>(), h["impact_speed_m_s"].get<double>());
  }
  if (s.contains("contact") && !s["contact"].is_null()) contactText(s["contact"], o);
  if (s.contains("events")) eventsText(s["events"], sc["duration_s"].get<double>(), o);
  for (const auto& w : s["warnings"]) o << "Warning      " << w.get<std::string>() << '\n';
  return o.str();
}

}  // namespace articula::run
