// articula_compare: times the same models in Articula, Simbody 3.7 and MuJoCo 2.2.2 in one run.
// Before timing, every engine's results are compared with Articula's (max |difference| of udot,
// M, inverse-dynamics residual and M^-1 v), so the timings are known to measure the same work.
// Then it integrates the time-stepping cases (triple pendulum with RungeKuttaMerson; a stiff chain
// with BDF) in each engine, checks the final q agree, and reports steps, evaluations and wall time.
// humanoid_fall (humanoid_fall.h) times MuJoCo's humanoid.xml falling onto its floor in both engines.
//   articula_compare [--json FILE] [--models a,b,...] [--sims a,b,...|none] [--batches N] [--batch-ms T]
//                    [--humanoid FILE]
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "articula/math/UpperVectorState.h"
#include "contact_fall.h"
#include "engine.h"
#include "humanoid_fall.h"
#include "sim_cases.h"
#include "timing.h"

namespace articula::bench {
namespace {

struct Row {
  std::string model;
  Op op;
  std::optional<double> ns[3];  // Articula, Simbody, MuJoCo
};

struct SimRow {
  std::string name;  // case name
  std::optional<SimulationResult> result[3];
};

struct Options {
  std::string json;
  std::vector<std::string> models;
  std::vector<std::string> sims;
  std::string simbodyRunner;  // articula_compare_simbody, found next to this program
  std::string humanoid = kHumanoidFile;
  TimingOptions timing;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--json") o.json = next();
    else if (a == "--batches") o.timing.batches = std::stoi(next()) | 1;
    else if (a == "--batch-ms") o.timing.batchSeconds = std::stod(next()) / 1000;
    else if (a == "--humanoid") o.humanoid = next();
    else if (a == "--models") {
      std::stringstream list(next());
      for (std::string m; std::getline(list, m, ',');) o.models.push_back(m);
    } else if (a == "--sims") {
      std::stringstream list(next());
      for (std::string m; std::getline(list, m, ',');) o.sims.push_back(m);
    } else throw std::invalid_argument("unknown argument " + a);
  }
  if (o.models.empty())
    for (const ModelSpec& m : allModels()) o.models.push_back(m.name);
  if (o.sims.empty())
    for (const SimCase& c : allSimCases()) o.sims.push_back(c.name);
  if (o.sims.size() == allSimCases().size()) {  // and the contact cases
    o.sims.push_back(kContactFallCase);
    o.sims.push_back(kHumanoidFallCase);
  }
  if (o.sims.size() == 1 && o.sims[0] == "none") o.sims.clear();
  const std::string self = argv[0];
  const size_t slash = self.rfind('/');
  o.simbodyRunner = (slash == std::string::npos ? std::string("./") : self.substr(0, slash + 1)) +
                    "articula_compare_simbody";
  return o;
}

using Factory = std::unique_ptr<Engine> (*)(const ModelSpec&);
struct EngineSlot {
  const char* name;
  Factory make;
};
const EngineSlot kEngines[3] = {
    {"Articula", &makeArticulaEngine},
#ifdef ARTICULA_COMPARE_SIMBODY
    {"Simbody", &makeSimbodyEngine},
#else
    {"Simbody", nullptr},
#endif
#ifdef ARTICULA_COMPARE_MUJOCO
    {"MuJoCo", &makeMujocoEngine},
#else
    {"MuJoCo", nullptr},
#endif
};

double maxAbsDiff(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double m = 0;
  for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]));
  return m;
}
double maxAbs(const std::vector<double>& a) {
  double m = 0;
  for (double x : a) m = std::max(m, std::abs(x));
  return m;
}

std::string formatNs(const std::optional<double>& ns) {
  if (!ns) return "-";
  char buf[32];
  if (*ns < 1e3) std::snprintf(buf, sizeof buf, "%.0f ns", *ns);
  else if (*ns < 1e6) std::snprintf(buf, sizeof buf, "%.2f us", *ns / 1e3);
  else std::snprintf(buf, sizeof buf, "%.2f ms", *ns / 1e6);
  return buf;
}
std::string formatRatio(const std::optional<double>& other, const std::optional<double>& articula) {
  if (!other || !articula) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1fx", *other / *articula);
  return buf;
}

// Results of every op, checked against Articula's; prints one line per engine.
// udot is compared on the larger of its own size and the unconstrained udot's: with every link of
// loops30 tied down the true udot is zero, and both engines return roundoff (2e-13 and 7e-12).
void sanityCheck(std::unique_ptr<Engine> (&engines)[3]) {
  std::vector<double> ref[4];
  for (Op op : kAllOps) ref[static_cast<int>(op)] = engines[0]->result(op);
  const double freeScale = engines[0]->freeAccelerationScale();
  for (int e = 1; e < 3; ++e) {
    if (!engines[e]) continue;
    std::printf("  check %-8s max|diff|/max|Articula|:", engines[e]->name());
    for (Op op : kAllOps) {
      const std::vector<double> r = engines[e]->result(op);
      const std::vector<double>& a = ref[static_cast<int>(op)];
      if (r.empty()) continue;
      const double scale = std::max(maxAbs(a), op == Op::ForwardDynamics ? freeScale : 0.0);
      std::printf("  %s %.1e", op == Op::ForwardDynamics ? "udot" : opKey(op),
                  maxAbsDiff(r, a) / std::max(scale, 1e-300));
    }
    std::printf("\n");
  }
}

std::string formatSeconds(const std::optional<SimulationResult>& r) {
  if (!r) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f ms", r->seconds * 1e3);
  return buf;
}

// Integrates one case in every engine that has the method; prints steps, evaluations, wall time,
// the wall-time ratio and the largest final-q difference from Articula.
SimRow runSimulation(const SimCase& c, const std::string& simbodyRunner) {
  SimRow row{c.name, {}};
  std::printf("\n%s: %s, accuracy %.0e, %.0f s simulated (%zu bodies)\n", c.name.c_str(), methodLabel(c.request.method),
              c.request.accuracy, c.request.duration, c.spec.bodies.size());
  std::printf("  %-10s %10s %12s %12s %12s %18s\n", "engine", "steps", "evaluations", "wall time", "other/A",
              "max|q - q_A|");
  for (int e = 0; e < 3; ++e) {
    if (!kEngines[e].make) continue;
    const bool outOfProcess = e == 1 && c.request.method == Method::BDF;
    row.result[e] = outOfProcess ? simulateSimbodyOutOfProcess(simbodyRunner, c.name)
                                 : kEngines[e].make(c.spec)->simulate(c.request);
    if (!row.result[e]) continue;
    const SimulationResult& r = *row.result[e];
    char ratio[32] = "-", diff[32] = "-";
    if (e > 0 && row.result[0]) {
      std::snprintf(ratio, sizeof ratio, "%.1fx", r.seconds / row.result[0]->seconds);
      std::snprintf(diff, sizeof diff, "%.1e", maxAbsDiff(r.q, row.result[0]->q));
    }
    std::printf("  %-10s %10lld %12lld %12s %12s %18s\n", kEngines[e].name, r.steps, r.evaluations,
                formatSeconds(row.result[e]).c_str(), ratio, diff);
    std::fflush(stdout);
  }
  return row;
}

// human_fall_contact (contact_fall.h): Articula in this process, Simbody through its compliant
// contact subsystem (RungeKuttaMerson in both, so no CPodes clash); q is the pelvis at the end.
SimRow runContactFall() {
  SimRow row{kContactFallCase, {}};
  std::printf("\n%s: 20 ellipsoid bodies falling onto the ground, Merson, accuracy %.0e, %.1f s simulated\n",
              kContactFallCase, kFallAccuracy, kFallDuration);
  std::printf("  %-10s %10s %12s %12s %12s %18s\n", "engine", "steps", "evaluations", "wall time", "other/A",
              "max|pelvis - A|");
  row.result[0] = simulateArticulaHumanFall();
#ifdef ARTICULA_COMPARE_SIMBODY
  row.result[1] = simulateSimbodyHumanFall();
#endif
  for (int e = 0; e < 2; ++e) {
    if (!row.result[e]) continue;
    const SimulationResult& r = *row.result[e];
    char ratio[32] = "-", diff[32] = "-";
    if (e > 0) {
      std::snprintf(ratio, sizeof ratio, "%.1fx", r.seconds / row.result[0]->seconds);
      std::snprintf(diff, sizeof diff, "%.1e", maxAbsDiff(r.q, row.result[0]->q));
    }
    std::printf("  %-10s %10lld %12lld %12s %12s %18s\n", kEngines[e].name, r.steps, r.evaluations,
                formatSeconds(row.result[e]).c_str(), ratio, diff);
  }
  std::printf("  Articula: %.3f s per simulated second (%.2fx real time)\n", row.result[0]->seconds / kFallDuration,
              kFallDuration / row.result[0]->seconds);
  // Articula's linearly implicit method on the same scene (not Merson-vs-Merson, so reported apart).
  const SimulationResult w = simulateArticulaHumanFallRosenbrock();
  std::printf(
      "  Articula RosenbrockW3: %lld steps, %lld evaluations, %s, %.3f s per simulated second (%.1fx real time)",
      w.steps, w.evaluations, formatSeconds(std::optional<SimulationResult>(w)).c_str(), w.seconds / kFallDuration,
      kFallDuration / w.seconds);
  if (row.result[1]) std::printf(", %.1fx faster than Simbody's Merson", row.result[1]->seconds / w.seconds);
  std::printf(", max|pelvis - A| %.1e\n", maxAbsDiff(w.q, row.result[0]->q));
  std::fflush(stdout);
  return row;
}

// humanoid_fall (humanoid_fall.h): Articula's methods and accuracies, then MuJoCo's mj_step; CPU
// time per simulated second, MuJoCo's over Articula's, and the motions side by side. Articula's
// runs are also measured against a tight reference run (RosenbrockW3 at 1e-6) of the same model.
struct HumanoidMethod {
  const char* method;
  double accuracy;
  int repetitions;
};
constexpr HumanoidMethod kHumanoidMethods[] = {
    {"RosenbrockW3", 1e-2, 3}, {"RosenbrockW3", 1e-3, 3}, {"RosenbrockW3", 1e-4, 3}, {"RungeKuttaMerson", 1e-3, 1}};

void printHumanoidRow(const HumanoidRun& r, const std::optional<HumanoidRun>& mujoco, const HumanoidTrace* reference) {
  const double perSecond = r.seconds / kHumanoidDuration;
  char ratio[32] = "-", energy[32] = "-", ref[32] = "-", rest[32] = "-", contact[32] = "-";
  if (mujoco) std::snprintf(ratio, sizeof ratio, "%.2f", mujoco->seconds / r.seconds);
  if (r.energyBalance) std::snprintf(energy, sizeof energy, "%.1e", *r.energyBalance);
  if (reference) std::snprintf(ref, sizeof ref, "%.2f", 1e3 * maxTorsoDistance(r.trace, *reference));
  if (r.trace.rest >= 0) std::snprintf(rest, sizeof rest, "%.3f", r.trace.rest);
  if (r.trace.firstContact >= 0) std::snprintf(contact, sizeof contact, "%.3f", r.trace.firstContact);
  std::printf("  %-30s %7lld/%-7lld %8lld %10.2f ms %7s %9s %8s   %.3f %.3f %.3f %7s %7s\n", r.label.c_str(), r.steps,
              r.attempts, r.evaluations, 1e3 * perSecond, ratio, energy, ref, r.trace.heightAt(0.5),
              r.trace.heightAt(1.0), r.trace.heightAt(2.0), contact, rest);
  std::fflush(stdout);
}

std::vector<HumanoidRun> runHumanoidFall(const std::string& file) {
  std::vector<HumanoidRun> runs;
  std::printf("\n%s: %s falling onto its floor from its initial pose, %.1f s simulated\n", kHumanoidFallCase,
              file.c_str(), kHumanoidDuration);
  if (!std::ifstream(file)) {
    std::printf("  skipped: %s not found (Debian libmujoco-samples)\n", file.c_str());
    return runs;
  }
  std::optional<HumanoidRun> mujoco;
#ifdef ARTICULA_COMPARE_MUJOCO
  const HumanoidSetupCheck c = checkHumanoidSetup(file);
  std::printf(
      "  setup: Articula %d bodies, %d dofs; MuJoCo %d bodies, %d dofs; initial pose of %d bodies: max|origin "
      "diff| %.1e m, max|rotation diff| %.1e\n",
      c.articulaBodies, c.articulaDofs, c.mujocoBodies, c.mujocoDofs, c.matched, c.originDiff, c.rotationDiff);
  mujoco = simulateMujocoHumanoid(file, 21);
#endif
  const HumanoidRun reference = simulateArticulaHumanoid(file, "RosenbrockW3", 1e-6, 1);
  std::printf(
      "  CPU time of a whole run (best of 3; Merson and the reference: 1 run), per simulated second; MuJoCo/A = "
      "MuJoCo's time over Articula's;\n  energy = (E_end - W_nc - E_start) / energy moved; vs ref = max torso "
      "distance from Articula's RosenbrockW3 at 1e-6 (mm); torso z (m); first contact and rest (s)\n");
  std::printf("  %-30s %15s %8s %13s %7s %9s %8s   %-17s %7s %7s\n", "engine, method, accuracy", "steps/attempts",
              "evals", "per sim. s", "MuJoCo/A", "energy", "vs ref", "z 0.5 / 1 / 2 s", "contact", "rest");
  for (const HumanoidMethod& m : kHumanoidMethods) {
    runs.push_back(simulateArticulaHumanoid(file, m.method, m.accuracy, m.repetitions));
    printHumanoidRow(runs.back(), mujoco, &reference.trace);
  }
  printHumanoidRow(reference, mujoco, nullptr);
  runs.push_back(reference);
  // Where Articula's steps go: in flight, from the first contact until the torso rests, at rest.
  std::printf("  Articula's step attempts: before the first contact / until the torso rests / after\n");
  for (const HumanoidRun& r : runs) {
    const HumanoidTrace& t = r.trace;
    const double contact = std::max(t.firstContact, 0.0), rest = t.rest >= 0 ? t.rest : kHumanoidDuration;
    std::printf("    %-30s %6lld / %6lld / %6lld\n", r.label.c_str(), t.attemptsBetween(0, contact),
                t.attemptsBetween(contact, rest), t.attemptsBetween(rest, kHumanoidDuration));
  }
  if (mujoco) {
    printHumanoidRow(*mujoco, mujoco, &reference.trace);
    runs.push_back(*mujoco);
  }
  return runs;
}

void writeJson(const std::string& path, const std::vector<Row>& rows, const std::vector<SimRow>& sims,
               const std::vector<HumanoidRun>& humanoid) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << "[\n";
  for (size_t i = 0; i < humanoid.size(); ++i) {
    const HumanoidRun& h = humanoid[i];
    out << "  {\"simulation\": \"" << kHumanoidFallCase << "\", \"engine\": \"" << h.label
        << "\", \"seconds_per_simulated_second\": " << h.seconds / kHumanoidDuration << ", \"steps\": " << h.steps
        << ", \"attempts\": " << h.attempts << ", \"evaluations\": " << h.evaluations;
    if (h.energyBalance) out << ", \"energy_balance\": " << *h.energyBalance;
    out << ", \"torso_z\": [" << h.trace.heightAt(kHumanoidHeightTimes[0]) << ", "
        << h.trace.heightAt(kHumanoidHeightTimes[1]) << ", " << h.trace.heightAt(kHumanoidHeightTimes[2])
        << "], \"first_contact\": " << h.trace.firstContact << ", \"rest\": " << h.trace.rest << "}"
        << (i + 1 < humanoid.size() || !sims.empty() || !rows.empty() ? "," : "") << "\n";
  }
  for (size_t i = 0; i < sims.size(); ++i) {
    const char* keys[3] = {"articula", "simbody", "mujoco"};
    out << "  {\"simulation\": \"" << sims[i].name << "\"";
    for (int e = 0; e < 3; ++e) {
      const auto& r = sims[i].result[e];
      if (!r) continue;
      out << ", \"" << keys[e] << "_seconds\": " << r->seconds << ", \"" << keys[e] << "_steps\": " << r->steps
          << ", \"" << keys[e] << "_evaluations\": " << r->evaluations;
    }
    out << "}" << (i + 1 < sims.size() || !rows.empty() ? "," : "") << "\n";
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    out << "  {\"model\": \"" << r.model << "\", \"op\": \"" << opKey(r.op) << "\"";
    const char* keys[3] = {"articula_ns", "simbody_ns", "mujoco_ns"};
    for (int e = 0; e < 3; ++e) {
      out << ", \"" << keys[e] << "\": ";
      if (r.ns[e]) out << *r.ns[e];
      else out << "null";
    }
    out << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  out << "]\n";
}

int run(const Options& o) {
  std::vector<Row> rows;
  std::printf("Median CPU time per call (%d batches of >= %.1f ms each); ratio = other engine / Articula.\n",
              o.timing.batches, o.timing.batchSeconds * 1e3);
#ifdef ARTICULA_COMPARE_SIMBODY
  // Which Simbody: its column is not Simbody's best (docs/performance.md).
  std::printf(
      "Simbody: Debian's Simbody 3.7 build, asserts on (NDEBUG off); a Release build of it ran the\n"
      "operators 1.1-2.2x faster (issue 27), so the Simbody column understates Simbody's best.\n");
#endif
  for (const std::string& name : o.models) {
    const ModelSpec spec = modelByName(name);
    CompareInputs in{randomState(spec, 7), randomVector(spec.nu(), 8), randomVector(spec.nu(), 9)};
    std::unique_ptr<Engine> engines[3];
    for (int e = 0; e < 3; ++e) {
      if (!kEngines[e].make) continue;
      // MuJoCo's equality constraints are soft (spring-damper like), not the same physics.
      if (e == 2 && !spec.constraints.empty()) continue;
      engines[e] = kEngines[e].make(spec);
      engines[e]->setInputs(in);
    }
    std::printf("\n%s: %zu bodies, nq %d, nu %d\n", spec.name.c_str(), spec.bodies.size(), spec.nq(), spec.nu());
    sanityCheck(engines);
    std::printf("  %-18s %12s %12s %12s %10s %10s\n", "op", "Articula", "Simbody", "MuJoCo", "Simbody/A", "MuJoCo/A");
    for (Op op : kAllOps) {
      Row row{spec.name, op, {}};
      for (int e = 0; e < 3; ++e) {
        if (!engines[e]) continue;
        const std::function<void()> body = engines[e]->op(op);
        if (body) row.ns[e] = medianNanoseconds(body, o.timing);
      }
      std::printf("  %-18s %12s %12s %12s %10s %10s\n", opLabel(op), formatNs(row.ns[0]).c_str(),
                  formatNs(row.ns[1]).c_str(), formatNs(row.ns[2]).c_str(), formatRatio(row.ns[1], row.ns[0]).c_str(),
                  formatRatio(row.ns[2], row.ns[0]).c_str());
      std::fflush(stdout);
      rows.push_back(row);
    }
  }
  std::vector<SimRow> sims;
  if (!o.sims.empty())
    std::printf(
        "\nTime stepping (wall time of a whole run, best of 3; evaluations = realizations through "
        "Acceleration, Simbody: its realization count)\n");
  std::vector<HumanoidRun> humanoid;
  for (const std::string& name : o.sims) {
    if (name == kHumanoidFallCase) humanoid = runHumanoidFall(o.humanoid);
    else
      sims.push_back(name == kContactFallCase ? runContactFall() : runSimulation(simCaseByName(name), o.simbodyRunner));
  }
  if (!o.json.empty()) {
    writeJson(o.json, rows, sims, humanoid);
    std::printf("\nwrote %s\n", o.json.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace articula::bench

int main(int argc, char** argv) {
  // Something in process start leaves the AVX upper state in use, and every engine here is built
  // for baseline x86-64 (legacy SSE), which then runs up to 2x slower (math/UpperVectorState.h).
  // Cleared once so that no engine is timed in that state.
  articula::clearUpperVectorState();
  try {
    return articula::bench::run(articula::bench::parse(argc, argv));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "articula_compare: %s\n", e.what());
    return 1;
  }
}
