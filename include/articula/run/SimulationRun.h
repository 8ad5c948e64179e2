// runSimulation(): integrates a built model through its scenario on a study::TimeStepper and
// samples every body at each report time (docs/output-format.md): the frames are a reporter, the
// step limit and the peaks between frames a step observer, the scenario's events (ScenarioEvents.h)
// the stepper's events; an end_run event ends the run with a last frame at its time. Each report
// state is copied and handed to the frame work (realize through Acceleration on its own State,
// sample, then RunTotals, the FrameSinks and RunResult::frames), by default on a second thread
// through a bounded queue while the integrator goes on; frames are consumed in time order, so the
// results do not depend on it.
#pragma once
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "articula/files/TextOutput.h"
#include "articula/integrators/Integrator.h"
#include "articula/model/ModelBuilder.h"
#include "articula/run/HeadTrack.h"
#include "articula/run/Hic.h"
#include "articula/run/JointLoads.h"

namespace articula::run {

// The integration failed (step size collapse, non-finite values, a force that threw).
class SimulationError : public Error {
 public:
  using Error::Error;
};

struct BodySample {
  Vec3 origin;  // p_GB (body frame origin), m
  Quaternion orientation;
  Vec3 com, comVelocity, comAcceleration;     // mass centre in Ground: m, m/s, m/s^2 (true acceleration)
  Vec3 angularVelocity, angularAcceleration;  // w_GB, b_GB in Ground
};

// One active contact at a report time (ContactRecord with the model's names and indices).
struct ContactSample {
  int bodyA = -1, bodyB = -1;        // spec body indices, -1 for Ground
  int surfaceA = -1, surfaceB = -1;  // contact surfaces (ContactForceSubsystem)
  const char* model = "";
  Vec3 point, normal;             // normal from A towards B
  Real depth = 0, depthRate = 0;  // m, m/s (> 0 approaching)
  Real normalForce = 0;           // N
  Vec3 frictionForce, force;      // on B, N (-force acts on A)
  Vec3 centreOfPressure;
};

struct Frame {
  Real time = 0;
  Vector q, u, udot;                    // the generalized coordinates, speeds and accelerations
  std::vector<BodySample> bodies;       // per spec body
  std::vector<ContactSample> contacts;  // empty without contact
  std::vector<Vec3> contactForce,
      contactTorque;  // per spec body: net contact force and moment about the mass centre (empty without contact)
  Real kineticEnergy = 0, potentialEnergy = 0;
  Real nonConservativeWork = 0;  // integral of the non-conservative power since t = 0, J
  Real actuatorWork = 0;         // the part of it done by the actuators (ForceClass::Actuator), J
  JointLoads loads;              // sampled when RunSettings::jointLoads (else empty)
};

// Receives every frame in time order (on the frame thread when there is one). Writers of the
// run's files are sinks; they throw OutputError when a file cannot be written.
class FrameSink {
 public:
  virtual ~FrameSink() = default;
  virtual void add(const Frame& frame) = 0;
};

// What the summary needs, gathered frame by frame so that the frames need not be kept.
// Peaks at the integrator's accepted steps, gathered on the simulation thread: during an impact
// the steps are much finer than the frames, so a peak between two frames is not missed.
// (The head's acceleration at the steps goes to RunTotals::head directly: HeadTrack.)
struct StepPeaks {
  // contactForce[i]: |net contact force| on spec body i.
  void add(Real time, const std::vector<Real>& contactForce, size_t contacts, Real deepest);
  std::vector<Real> contactForce, contactTime;  // per spec body
  size_t mostContacts = 0;
  Real deepest = 0, deepestTime = 0;
};

struct RunTotals : FrameSink {
  explicit RunTotals(int headBody = -1)
      : headBody(headBody), head(headBody >= 0 ? std::make_shared<HeadTrack>() : nullptr) {}
  void add(const Frame& f) override;
  // Takes the larger of each peak (the frames' or the steps'), with its time; once, at the end.
  void merge(const StepPeaks& steps);  // also ends the head's track (HeadTrack::finish)
  void noteFirstContacts(const Frame& f);

  size_t frames = 0;
  Frame first, last;
  Real secondTime = 0;             // time of the second frame (the sampling interval)
  Real maxKineticEnergy = 1e-300;  // with the smallest, the kinetic energy's swing (EnergyBalance.h)
  Real minKineticEnergy = std::numeric_limits<Real>::infinity();
  std::vector<Real> peakContactForce, peakContactTime;  // per spec body; empty without contact
  // Per spec body: the first frame with a contact force on it (-1: never) and the speed of its mass
  // centre at the frame before (the impact speed; at that frame when touching from the start).
  std::vector<Real> firstContactTime, impactSpeed;
  size_t mostContacts = 0;
  Real deepest = 0, deepestTime = 0;  // deepest penetration, m, and when
  int headBody = -1;                  // spec index of the head, -1: none
  // The head's mass-centre acceleration at the frames and the steps: its peak and HIC15 (null
  // without a head). Shared, not copied, with copies of the totals.
  std::shared_ptr<HeadTrack> head;
};

struct HeadReport {
  std::string body;                         // "" without a head body (findHeadBody)
  Real peakAcceleration = 0, peakTime = 0;  // resultant at the mass centre, m/s^2
  HicResult hic15;
};

// A scenario event that fired (model::EventSpec): its index in ScenarioSpec::events and the time.
struct FiredEvent {
  int event = -1;
  Real time = 0;
};

struct RunResult {
  std::vector<Frame> frames;  // every frame unless RunSettings::keepFrames is off
  RunTotals totals;
  std::vector<std::string> surfaceNames;  // contact surfaces, "body/geometry" (empty without contact)
  IntegratorStatistics statistics;
  // Linearly implicit methods (Rosenbrock-W): factorizations of the iteration matrix, and how many
  // took the O(n) structured solve and the tree-ordered LU (the rest: dense LU). -1: not such a method.
  int64_t factorizations = -1, structuredFactorizations = 0, treeFactorizations = 0;
  std::string integrator;
  Real wallSeconds = 0;      // the integration loop on the simulation thread (see RunSettings::frameThread)
  Real frameSeconds = 0;     // time spent in the frame work (realize, sample, sinks), whichever thread did it
  Real handoffSeconds = 0;   // of wallSeconds, handing frames over (copy, help, wait; inline: the frame work)
  bool frameThread = false;  // the frame work ran on its own thread
  HeadReport head;
  // The scenario's events that fired, in the order they fired, and the end_run event that ended
  // the run (-1: it ran to the duration). The last frame is then at that event's time.
  std::vector<FiredEvent> events;
  int endEvent = -1;
  // Resident set size, bytes (0: unknown): once the run started, when a tenth of the duration was
  // simulated, and when the frames were all done (before the head series are merged for HIC); the
  // process's peak at the very end.
  int64_t residentAtStart = 0, residentAtTenth = 0, residentAtEnd = 0, residentPeak = 0;
};

struct RunSettings {
  std::vector<FrameSink*> sinks;  // after RunTotals, in this order
  bool keepFrames = true;         // off: RunResult::frames stays empty (the sinks wrote them)
  bool frameThread = true;        // a second thread does the frame work (only with two or more cores)
  size_t queueLength = 64;        // report states in flight before the integrator waits
  bool jointLoads = true;         // the frames carry JointLoads (generalized forces, reactions)
};

using ProgressCallback = std::function<void(Real simulatedTime, Real duration, Real wallSeconds)>;

// Throws SimulationError (or OutputError from a sink). With the frame thread, a failure is reported
// exactly as without it: the frames before it are all consumed first and the earliest error wins.
RunResult runSimulation(const model::ModelSpec& model, const model::BuiltModel& built,
                        const model::ScenarioSpec& scenario, const ProgressCallback& progress = nullptr,
                        const RunSettings& settings = {});

// The contact surfaces as "body/geometry", in ContactForceSubsystem order (empty without contact).
std::vector<std::string> contactSurfaceNames(const model::BuiltModel& built);

// Index of the body the head analysis (peak acceleration, HIC15) follows: the scenario's
// head_body; a scenario that names none (files from before the field) takes the first body whose
// name contains "head" (any case), or none (-1). Throws Error if head_body is not a body.
int findHeadBody(const model::ModelSpec& model);

}  // namespace articula::run
