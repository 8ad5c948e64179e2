// runSimulation(): integrates a built model through its scenario and samples every body at each
// report time (docs/output-format.md). It keeps everything in memory so that output files are
// written only after the whole run succeeded.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "articula/integrators/Integrator.h"
#include "articula/io/Hic.h"
#include "articula/io/ModelBuilder.h"

namespace articula::io {

// The integration failed (step size collapse, non-finite values, a force that threw).
class SimulationError : public Error {
 public:
  using Error::Error;
};

struct BodySample {
  Vec3 origin;        // p_GB (body frame origin), m
  Quaternion orientation;
  Vec3 com, comVelocity, comAcceleration;  // mass centre in Ground: m, m/s, m/s^2 (true acceleration)
  Vec3 angularVelocity, angularAcceleration;  // w_GB, b_GB in Ground
};

// One active contact at a report time (ContactRecord with the model's names and indices).
struct ContactSample {
  int bodyA = -1, bodyB = -1;      // spec body indices, -1 for Ground
  int surfaceA = -1, surfaceB = -1;  // contact surfaces (ContactForceSubsystem)
  const char* model = "";
  Vec3 point, normal;              // normal from A towards B
  Real depth = 0, depthRate = 0;   // m, m/s (> 0 approaching)
  Real normalForce = 0;            // N
  Vec3 frictionForce, force;       // on B, N (-force acts on A)
  Vec3 centreOfPressure;
};

struct Frame {
  Real time = 0;
  std::vector<BodySample> bodies;  // per spec body
  std::vector<ContactSample> contacts;  // empty without contact
  std::vector<Vec3> contactForce, contactTorque;  // per spec body: net contact force and moment about the mass centre (empty without contact)
  Real kineticEnergy = 0, potentialEnergy = 0;
  Real nonConservativeWork = 0;    // integral of the non-conservative power since t = 0, J
};

struct HeadReport {
  std::string body;                 // "" when no body is named like "head"
  Real peakAcceleration = 0, peakTime = 0;  // resultant at the mass centre, m/s^2
  HicResult hic15;
};

struct RunResult {
  std::vector<Frame> frames;
  std::vector<std::string> surfaceNames;  // contact surfaces, "body/geometry" (empty without contact)
  IntegratorStatistics statistics;
  std::string integrator;
  Real wallSeconds = 0;
  HeadReport head;
};

using ProgressCallback = std::function<void(Real simulatedTime, Real duration, Real wallSeconds)>;

RunResult runSimulation(const ModelSpec& model, const BuiltModel& built, const ScenarioSpec& scenario,
                        const ProgressCallback& progress = nullptr);

// Index of the first body whose name contains "head" (any case), or -1.
int findHeadBody(const ModelSpec& model);

}  // namespace articula::io
