// humanoid_fall, a case of articula_compare: MuJoCo's own humanoid.xml (Debian libmujoco-samples)
// read by both engines — Articula through its model loader (the MJCF importer: Hertz contact on the
// geoms, the world plane as the floor), MuJoCo through mj_loadXML — released at rest from the
// file's initial pose (MuJoCo's qpos0) and falling onto the floor. Timed: thread CPU time of the
// whole run, best of a few; Articula with several error-controlled methods and accuracies, MuJoCo's
// mj_step at the file's time step. The motions are compared loosely (the contact models differ).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace articula::bench {

inline constexpr const char* kHumanoidFallCase = "humanoid_fall";
inline constexpr const char* kHumanoidFile = "/usr/share/mujoco/model/humanoid/humanoid.xml";
constexpr double kHumanoidDuration = 3.0;      // s simulated
constexpr double kHumanoidSampleStep = 0.005;  // s between trace samples (MuJoCo's time step here)
constexpr double kHumanoidRestSpeed = 0.05;    // m/s: the torso is at rest once it stays slower
inline constexpr std::array<double, 3> kHumanoidHeightTimes = {0.5, 1.0, 2.0};

// The torso body's origin, sampled every kHumanoidSampleStep from t = 0 (one untimed run).
struct HumanoidTrace {
  std::vector<std::array<double, 3>> torso;  // m
  std::vector<int> contacts;                 // active contacts at each sample
  std::vector<long long> attempts;           // Articula: steps attempted so far at each sample
  double firstContact = -1;                  // s, first sample with a contact (-1: none)
  double rest = -1;                          // s, from then on the torso stays below kHumanoidRestSpeed (-1: never)
  double heightAt(double t) const;           // torso z at the sample nearest t
  long long attemptsBetween(double t0, double t1) const;  // Articula's step attempts in [t0, t1]
};

struct HumanoidRun {
  std::string label;       // "Articula RosenbrockW3 1e-3", "MuJoCo mj_step 0.005 s"
  double seconds = 0;      // thread CPU time of a whole run, best of the repetitions
  long long steps = 0;     // accepted steps
  long long attempts = 0;  // accepted + rejected (MuJoCo: steps)
  long long evaluations = 0;
  std::optional<double> energyBalance;  // Articula: (E_end - W_nc - E_start) / energy moved (EnergyBalance.h)
  HumanoidTrace trace;
};

// Both engines' body counts and degrees of freedom, and the largest difference of the body
// origins (m) and rotation matrices at the initial pose, bodies matched by name.
struct HumanoidSetupCheck {
  int articulaBodies = 0, articulaDofs = 0, mujocoBodies = 0, mujocoDofs = 0;
  double originDiff = 0, rotationDiff = 0;
  int matched = 0;
};

// Articula: the file loaded and built as `articula run` does, the scenario's integrator replaced
// by `method` at `accuracy`, best of `repetitions` timed runs and one traced run.
HumanoidRun simulateArticulaHumanoid(const std::string& file, const std::string& method, double accuracy,
                                     int repetitions);
// The initial pose of every Articula body by name: origin and row-major rotation (for the check).
struct NamedPose {
  std::string name;
  std::array<double, 3> origin;
  std::array<double, 9> rotation;
};
std::vector<NamedPose> articulaHumanoidPoses(const std::string& file, int* bodies, int* dofs);

#ifdef ARTICULA_COMPARE_MUJOCO
HumanoidRun simulateMujocoHumanoid(const std::string& file, int repetitions);
HumanoidSetupCheck checkHumanoidSetup(const std::string& file);
#endif

// Largest distance between two traces' torso positions over their common samples, m.
double maxTorsoDistance(const HumanoidTrace& a, const HumanoidTrace& b);
// Fills firstContact and rest from the samples.
void finishTrace(HumanoidTrace& trace);

}  // namespace articula::bench
