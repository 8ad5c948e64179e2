// The Articula side of humanoid_fall (humanoid_fall.h), and the engine-neutral trace helpers.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "articula/integrators/integrators.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "humanoid_fall.h"
#include "timing.h"

namespace articula::bench {

double HumanoidTrace::heightAt(double t) const {
  if (torso.empty()) return NAN;
  const auto i = static_cast<size_t>(std::lround(t / kHumanoidSampleStep));
  return torso[std::min(i, torso.size() - 1)][2];
}

long long HumanoidTrace::attemptsBetween(double t0, double t1) const {
  if (attempts.empty()) return 0;
  const auto at = [&](double t) {
    return attempts[std::min(static_cast<size_t>(std::lround(t / kHumanoidSampleStep)), attempts.size() - 1)];
  };
  return at(t1) - at(t0);
}

void finishTrace(HumanoidTrace& trace) {
  trace.firstContact = -1;
  for (size_t i = 0; i < trace.contacts.size(); ++i)
    if (trace.contacts[i] > 0) {
      trace.firstContact = static_cast<double>(i) * kHumanoidSampleStep;
      break;
    }
  // Rest: the sample after the last interval in which the torso moved faster than the threshold.
  trace.rest = -1;
  const size_t n = trace.torso.size();
  if (n < 2) return;
  size_t lastMoving = 0;
  bool moving = false;
  for (size_t i = 1; i < n; ++i) {
    double d2 = 0;
    for (int k = 0; k < 3; ++k) d2 += std::pow(trace.torso[i][k] - trace.torso[i - 1][k], 2);
    if (std::sqrt(d2) / kHumanoidSampleStep > kHumanoidRestSpeed) {
      lastMoving = i;
      moving = true;
    }
  }
  if (!moving) trace.rest = 0;
  else if (lastMoving + 1 < n) trace.rest = static_cast<double>(lastMoving) * kHumanoidSampleStep;
}

double maxTorsoDistance(const HumanoidTrace& a, const HumanoidTrace& b) {
  double m = 0;
  for (size_t i = 0; i < std::min(a.torso.size(), b.torso.size()); ++i) {
    double d2 = 0;
    for (int k = 0; k < 3; ++k) d2 += std::pow(a.torso[i][k] - b.torso[i][k], 2);
    m = std::max(m, std::sqrt(d2));
  }
  return m;
}

namespace {

struct LoadedHumanoid {
  model::ModelSpec spec;
  model::BuiltModel built;
  int torso = -1;  // mobilized body index
};

LoadedHumanoid loadHumanoid(const std::string& file) {
  LoadedHumanoid h;
  h.spec = model::loadModelFile(file);
  h.built = model::buildModel(h.spec, file);
  const int body = h.spec.findBody("torso");
  if (body < 0) throw std::runtime_error(file + ": no body \"torso\"");
  h.torso = h.built.mobodOfBody[body];
  return h;
}

// The whole fall with the integrator as `articula run` configures it (run/SimulationRun.cpp).
std::unique_ptr<Integrator> makeFallIntegrator(const LoadedHumanoid& h, const std::string& method, double accuracy) {
  std::unique_ptr<Integrator> integ = makeIntegrator(method, *h.built.system);
  integ->setAccuracy(accuracy);
  integ->setFinalTime(kHumanoidDuration);
  return integ;
}

// stepTo until the reported time is t: the first call after initialize() only starts the interval,
// and the last one reports the end of the simulation instead of the report time.
void advanceTo(Integrator& integ, double t) {
  while (integ.getTime() < t) integ.stepTo(t);
}

HumanoidTrace traceArticula(const LoadedHumanoid& h, Integrator& integ, double& energyBalance) {
  const MultibodySystem& sys = *h.built.system;
  HumanoidTrace trace;
  integ.initialize(h.built.initialState);
  const auto samples = static_cast<int>(std::lround(kHumanoidDuration / kHumanoidSampleStep));
  double e0 = 0, minKe = std::numeric_limits<double>::infinity(), maxKe = 0, balance = 0, work = 0;
  for (int k = 0; k <= samples; ++k) {
    if (k > 0) advanceTo(integ, std::min(k * kHumanoidSampleStep, kHumanoidDuration));
    const State& s = integ.getState();
    const Vec3 p = sys.getMatter().getBodyTransform(s, h.torso).p();
    trace.torso.push_back({p.x(), p.y(), p.z()});
    trace.contacts.push_back(h.built.contact ? h.built.contact->getNumContacts(s) : 0);
    trace.attempts.push_back(integ.getStatistics().stepsAttempted);
    const double ke = sys.calcKineticEnergy(s), e = ke + sys.calcPotentialEnergy(s);
    work = h.built.forces->getNonConservativeWork(s);
    if (k == 0) e0 = e;
    minKe = std::min(minKe, ke);
    maxKe = std::max(maxKe, ke);
    balance = e - work - e0;
  }
  // As run/EnergyBalance.cpp: the error against the kinetic energy's swing plus |W_nc|.
  energyBalance = balance / std::max((maxKe - minKe) + std::abs(work), 1e-12);
  finishTrace(trace);
  return trace;
}

}  // namespace

HumanoidRun simulateArticulaHumanoid(const std::string& file, const std::string& method, double accuracy,
                                     int repetitions) {
  const LoadedHumanoid h = loadHumanoid(file);
  std::unique_ptr<Integrator> integ = makeFallIntegrator(h, method, accuracy);
  HumanoidRun r;
  char label[96];
  std::snprintf(label, sizeof label, "Articula %s %.0e", method.c_str(), accuracy);
  r.label = label;
  r.seconds = 1e300;
  for (int rep = 0; rep < repetitions; ++rep) {
    const double t0 = threadCpuSeconds();
    integ->initialize(h.built.initialState);
    advanceTo(*integ, kHumanoidDuration);
    r.seconds = std::min(r.seconds, threadCpuSeconds() - t0);
  }
  const IntegratorStatistics& st = integ->getStatistics();
  r.steps = st.stepsTaken;
  r.attempts = st.stepsAttempted;
  r.evaluations = st.derivativeEvaluations;
  double balance = 0;
  r.trace = traceArticula(h, *integ, balance);
  r.energyBalance = balance;
  return r;
}

std::vector<NamedPose> articulaHumanoidPoses(const std::string& file, int* bodies, int* dofs) {
  const LoadedHumanoid h = loadHumanoid(file);
  const MatterSubsystem& matter = h.built.system->getMatter();
  std::vector<NamedPose> poses;
  for (size_t i = 0; i < h.spec.bodies.size(); ++i) {
    const Transform& X = matter.getBodyTransform(h.built.initialState, h.built.mobodOfBody[i]);
    NamedPose p{h.spec.bodies[i].name, {X.p().x(), X.p().y(), X.p().z()}, {}};
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) p.rotation[3 * r + c] = X.R().matrix()(r, c);
    poses.push_back(p);
  }
  *bodies = static_cast<int>(h.spec.bodies.size());
  *dofs = static_cast<int>(h.built.initialState.getU().size());
  return poses;
}

}  // namespace articula::bench
