// The run loop behind `articula run` (see SimulationRun.h).
#include "articula/run/SimulationRun.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <thread>

#include "FramePipeline.h"
#include "ScenarioEvents.h"

#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "articula/model/ScenarioLimits.h"
#include "articula/run/ResidentMemory.h"
#include "articula/study/TimeStepper.h"

namespace articula::run {

namespace {

BodySample sampleBody(const MatterSubsystem& matter, const State& s, int mobod, const Vec3& com) {
  BodySample b;
  const Transform& X = matter.getBodyTransform(s, mobod);
  const SpatialVec& V = matter.getBodyVelocity(s, mobod);
  const SpatialVec& A = matter.getBodyAcceleration(s, mobod);
  b.origin = X.p();
  b.orientation = X.R().toQuaternion();
  b.com = X * com;
  b.comVelocity = matter.findStationVelocityInGround(s, mobod, com);
  b.comAcceleration = matter.findStationAccelerationInGround(s, mobod, com);
  b.angularVelocity = V.head<3>();
  b.angularAcceleration = A.head<3>();
  return b;
}

ContactSample contactSample(const model::BuiltModel& built, const ContactRecord& c) {
  ContactSample k;
  k.bodyA = built.bodyOfMobod.at(c.bodyA);
  k.bodyB = built.bodyOfMobod.at(c.bodyB);
  k.surfaceA = c.surfaceA;
  k.surfaceB = c.surfaceB;
  k.model = contactModelName(c.model);
  k.point = c.point_G;
  k.normal = c.normal_G;
  k.depth = c.depth;
  k.depthRate = c.depthRate;
  k.normalForce = c.normalForce;
  k.frictionForce = c.frictionForce_G;
  k.force = c.force_G;
  k.centreOfPressure = c.centreOfPressure_G;
  return k;
}

// The contacts and each body's net contact force, with the moment moved from Bo to the mass centre.
void sampleContacts(const model::BuiltModel& built, const State& s, Frame& f) {
  const ContactReport& r = built.contact->getReport(s);
  for (const ContactRecord& c : r.contacts) f.contacts.push_back(contactSample(built, c));
  for (size_t i = 0; i < f.bodies.size(); ++i) {
    const SpatialVec& F = r.bodyForces_G.at(built.mobodOfBody[i]);
    const Vec3 force = F.tail<3>();
    f.contactForce.push_back(force);
    f.contactTorque.push_back(F.head<3>() + (f.bodies[i].origin - f.bodies[i].com).cross(force));
  }
}

// The peaks of an accepted step's end (realized through Acceleration by the integrator).
class StepSampler {
 public:
  StepSampler(const model::ModelSpec& m, const model::BuiltModel& built, int headBody, HeadTrack* track)
      : m_(m), built_(built), head_(headBody), track_(track) {}
  void operator()(const State& s, StepPeaks& peaks) {
    size_t contacts = 0;
    Real deepest = 0;
    force_.clear();
    if (built_.contact) {
      const ContactReport& r = built_.contact->getReport(s);
      contacts = r.contacts.size();
      for (const ContactRecord& c : r.contacts) deepest = std::max(deepest, c.depth);
      for (size_t i = 0; i < m_.bodies.size(); ++i)
        force_.push_back(r.bodyForces_G.at(built_.mobodOfBody[i]).tail<3>().norm());
    }
    if (head_ >= 0)
      track_->addStep(s.getTime(),
                      built_.system->getMatter()
                          .findStationAccelerationInGround(s, built_.mobodOfBody[head_], m_.bodies[head_].massCenter)
                          .norm());
    peaks.add(s.getTime(), force_, contacts, deepest);
  }

 private:
  const model::ModelSpec& m_;
  const model::BuiltModel& built_;
  int head_;
  HeadTrack* track_;
  std::vector<Real> force_;
};

// Fills `f` (its vectors keep their capacity from frame to frame) from `s` realized through Acceleration.
void sampleFrame(const model::ModelSpec& m, const model::BuiltModel& built, State& s, Frame& f) {
  const MultibodySystem& sys = *built.system;
  sys.realize(s, Stage::Acceleration);
  f.time = s.getTime();
  f.q = s.getQ();
  f.u = s.getU();
  f.udot = s.getUDot();
  f.bodies.clear();
  f.contacts.clear();
  f.contactForce.clear();
  f.contactTorque.clear();
  for (size_t i = 0; i < m.bodies.size(); ++i)
    f.bodies.push_back(sampleBody(sys.getMatter(), s, built.mobodOfBody[i], m.bodies[i].massCenter));
  f.kineticEnergy = sys.calcKineticEnergy(s);
  f.potentialEnergy = sys.calcPotentialEnergy(s);
  f.nonConservativeWork = built.forces->getNonConservativeWork(s);
  f.actuatorWork = built.forces->getMeteredWork(s);  // the builder meters the actuators
  if (built.contact) sampleContacts(built, s, f);
  for (const BodySample& b : f.bodies)
    if (!b.comAcceleration.allFinite() || !b.com.allFinite())
      throw SimulationError("non-finite motion at t = " + std::to_string(f.time) + " s");
}

// The frame work for one report state: sample it, then totals, sinks and the kept frames. Errors
// name the frame's time, so they read the same whichever thread found them.
class FrameWork {
 public:
  FrameWork(const model::ModelSpec& m, const model::BuiltModel& built, const RunSettings& settings, RunResult& r)
      : m_(m), built_(built), settings_(settings), r_(r) {
    if (settings.jointLoads) loads_ = std::make_unique<JointLoadSampler>(m, built);
  }
  void operator()(State& s) {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      sampleFrame(m_, built_, s, frame_);
      if (loads_) loads_->sample(s, frame_.loads);
    } catch (const SimulationError&) {
      throw;
    } catch (const std::exception& e) {
      throw SimulationError("simulation failed at t = " + std::to_string(s.getTime()) + " s: " + e.what());
    }
    r_.totals.add(frame_);
    for (FrameSink* sink : settings_.sinks) sink->add(frame_);
    if (settings_.keepFrames) r_.frames.push_back(frame_);
    r_.frameSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

 private:
  const model::ModelSpec& m_;
  const model::BuiltModel& built_;
  const RunSettings& settings_;
  RunResult& r_;
  Frame frame_;
  std::unique_ptr<JointLoadSampler> loads_;
};

std::unique_ptr<Integrator> configure(const System& system, const model::ScenarioSpec& sc) {
  std::unique_ptr<Integrator> integ = makeIntegrator(sc.integrator, system);
  integ->setAccuracy(sc.accuracy);
  if (sc.fixedStep > 0) integ->setFixedStepSize(sc.fixedStep);
  else if (!integ->hasErrorControl())
    throw Error("integrator " + model::nameOf(sc.integrator) +
                " has no error control: give a fixed step (--dt or scenario.fixed_step)");
  integ->setFinalTime(sc.duration);
  return integ;
}

// The run's step limit counts attempted steps, accepted and rejected (IntegratorStatistics::
// stepsAttempted, kept by every method and CVODE), so error control stuck on rejections is stopped
// too. Checked after each accepted step (the stepper's step observer): CVODE may overshoot by one
// step's failures.
void checkStepLimit(const Integrator& integ, const model::ScenarioSpec& sc) {
  const int64_t attempts = integ.getStatistics().stepsAttempted;
  if (attempts < sc.maxSteps || integ.getAdvancedTime() >= sc.duration) return;
  throw SimulationError("stopped after " + std::to_string(attempts) +
                        " steps at t = " + model::formatScenarioValue(integ.getAdvancedTime()) + " s of " +
                        model::formatScenarioValue(sc.duration) + " s: raise --max-steps / scenario.max_steps (now " +
                        std::to_string(sc.maxSteps) + ")");
}

HeadReport headReport(const model::ModelSpec& m, const RunTotals& totals) {
  HeadReport h;
  if (totals.headBody < 0) return h;
  h.body = m.bodies[totals.headBody].name;
  h.peakAcceleration = totals.head->peak();  // the frames and the integrator's steps (finer in impacts)
  h.peakTime = totals.head->peakTime();
  h.hic15 = totals.head->hic15();
  return h;
}

}  // namespace

std::vector<std::string> contactSurfaceNames(const model::BuiltModel& built) {
  std::vector<std::string> names;
  if (built.contact)
    for (int k = 0; k < built.contact->getNumSurfaces(); ++k) names.push_back(built.contact->getGeometry().getName(k));
  return names;
}

int findHeadBody(const model::ModelSpec& m) {
  if (!m.scenario.headBody.empty()) {
    const int named = m.findBody(m.scenario.headBody);
    if (named < 0) throw Error("scenario.head_body '" + m.scenario.headBody + "' is not a body of the model");
    return named;
  }
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    std::string n = m.bodies[i].name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (n.find("head") != std::string::npos) return static_cast<int>(i);
  }
  return -1;
}

namespace {

// The frame times: 0, then every report interval, the last one clipped to the duration (the
// count tolerates an interval that divides the duration up to rounding).
std::vector<Real> frameTimes(const model::ScenarioSpec& sc) {
  const long reports = std::lround(std::ceil(sc.duration / sc.reportInterval - 1e-9));
  std::vector<Real> times{0};
  for (long k = 1; k <= reports; ++k) times.push_back(std::min(sc.duration, k * sc.reportInterval));
  return times;
}

// Rethrows what made the stepper fail (the integrator's, a frame's or the step observer's own
// exception), so that the run maps it exactly as when it stepped the integrator itself.
[[noreturn]] void rethrowRunError(const TimeStepperError& e) {
  if (e.getCause()) std::rethrow_exception(e.getCause());
  throw;
}

}  // namespace

RunResult runSimulation(const model::ModelSpec& m, const model::BuiltModel& built, const model::ScenarioSpec& sc,
                        const ProgressCallback& progress, const RunSettings& settings) {
  const MultibodySystem& sys = *built.system;
  const GeneralForceSubsystem& forces = *built.forces;
  RunResult r;
  r.totals = RunTotals(findHeadBody(m));
  const auto wall0 = std::chrono::steady_clock::now();
  auto wall = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count(); };
  std::unique_ptr<Integrator> integ = configure(sys, sc);
  r.integrator = integ->getMethodName();
  TimeStepper stepper(sys, *integ);
  StepSampler sampleStep(m, built, r.totals.headBody, r.totals.head.get());
  StepPeaks stepPeaks;
  // Every accepted step: the step limit, then the peaks between frames.
  stepper.setStepObserver([&](const State& s) {
    checkStepLimit(*integ, sc);
    sampleStep(s, stepPeaks);
  });
  ScenarioEvents events(m, built, sc.events);
  events.addTo(stepper);
  r.surfaceNames = contactSurfaceNames(built);
  FrameWork work(m, built, settings, r);
  // The integrator's thread realizes a report state itself only when the frame thread falls behind.
  FramePipeline frames(std::ref(work), settings.frameThread && std::thread::hardware_concurrency() > 1,
                       settings.queueLength, [&sys](State& s) { sys.realize(s, Stage::Acceleration); });
  r.frameThread = frames.threaded();
  const std::vector<Real> times = frameTimes(sc);
  Real lastFrame = -1;
  // The frame work realizes its own copy of each report state, so the reporter asks for Time only
  // (copying an unrealized state also skips its caches).
  stepper.addReporter(std::make_shared<EventReporter>(
      "frames", times,
      [&](const State& s) {
        frames.push(s);
        const Real t = lastFrame = s.getTime();
        if (t == times.front()) {
          r.residentAtStart = residentSetBytes();
          return;
        }
        if (progress) progress(t, sc.duration, wall());
        if (r.residentAtTenth == 0 && t >= 0.1 * sc.duration) r.residentAtTenth = residentSetBytes();
      },
      Stage::Time));
  try {
    try {
      State s0 = built.initialState;
      s0.setTime(0);
      forces.setNonConservativeWork(s0, 0);
      stepper.initialize(s0);
      while (stepper.stepTo(times.back()) == StepOutcome::ReachedStepLimit) {
      }
      // An end_run event stops the run between report times: its state is the last frame, so that
      // the outputs end where the run did (as they end on the duration, off the report grid).
      if (stepper.isTerminated() && stepper.getTime() > lastFrame) frames.push(stepper.getState());
    } catch (const TimeStepperError& e) {
      rethrowRunError(e);
    }
  } catch (const SimulationError&) {
    frames.finish();  // a frame before this failure failed first: report that one, as without the thread
    throw;
  } catch (const files::OutputError&) {
    frames.finish();
    throw;
  } catch (const std::exception& e) {
    frames.finish();
    throw SimulationError(std::string("simulation failed at t = ") + std::to_string(integ->getAdvancedTime()) +
                          " s: " + e.what());
  }
  r.wallSeconds = wall();
  r.handoffSeconds = frames.pushSeconds();
  frames.finish();
  r.residentAtEnd = residentSetBytes();
  r.totals.merge(stepPeaks);  // the frame work is over: no other thread touches the totals
  r.statistics = integ->getStatistics();
  r.factorizations = integ->getNumFactorizations();
  r.structuredFactorizations = integ->getNumStructuredFactorizations();
  r.treeFactorizations = integ->getNumTreeFactorizations();
  r.head = headReport(m, r.totals);
  r.events = events.fired();
  r.endEvent = events.endEvent();
  r.residentPeak = peakResidentSetBytes();
  return r;
}

}  // namespace articula::run
