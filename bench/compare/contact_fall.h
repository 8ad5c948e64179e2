// human_fall_contact, the contact case of articula_compare: a 20-body human-like model: a free pelvis and 19 bodies on ball
// joints, each carrying one ellipsoid, falling onto the ground from a 15° forward lean. Engine-
// neutral: each adapter builds it from this table (z up, lengths in m, masses in kg).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine.h"

namespace articula::bench {

struct FallBody {
  std::string name;
  int parent;                   // index into the table, -1: the free root
  std::array<double, 3> joint;  // joint centre in the parent's frame
  double mass;
  std::array<double, 3> semiAxes;  // ellipsoid
  std::array<double, 3> centre;    // ellipsoid (and mass) centre in the body frame
};

inline std::vector<FallBody> humanFallModel() {
  std::vector<FallBody> b = {
      {"pelvis", -1, {0, 0, 0}, 10, {0.10, 0.15, 0.08}, {0, 0, 0}},
      {"lowerback", 0, {0, 0, 0.08}, 4, {0.09, 0.13, 0.06}, {0, 0, 0.06}},
      {"abdomen", 1, {0, 0, 0.12}, 4, {0.09, 0.14, 0.07}, {0, 0, 0.06}},
      {"chest", 2, {0, 0, 0.12}, 12, {0.11, 0.17, 0.12}, {0, 0, 0.12}},
      {"neck", 3, {0, 0, 0.26}, 1, {0.04, 0.04, 0.05}, {0, 0, 0.04}},
      {"head", 4, {0, 0, 0.08}, 5, {0.09, 0.08, 0.11}, {0, 0, 0.10}},
  };
  for (double side : {1.0, -1.0}) {
    const std::string s = side > 0 ? "_l" : "_r";
    const int chest = 3, pelvis = 0;
    const int clav = static_cast<int>(b.size());
    b.push_back({"clavicle" + s, chest, {0, side * 0.05, 0.22}, 1, {0.03, 0.07, 0.03}, {0, side * 0.07, 0}});
    b.push_back({"upperarm" + s, clav, {0, side * 0.16, 0}, 2, {0.04, 0.04, 0.14}, {0, 0, -0.14}});
    b.push_back({"forearm" + s, clav + 1, {0, 0, -0.29}, 1.3, {0.035, 0.035, 0.12}, {0, 0, -0.12}});
    b.push_back({"hand" + s, clav + 2, {0, 0, -0.25}, 0.5, {0.025, 0.045, 0.08}, {0, 0, -0.08}});
    const int thigh = static_cast<int>(b.size());
    b.push_back({"thigh" + s, pelvis, {0, side * 0.09, -0.06}, 8, {0.07, 0.07, 0.20}, {0, 0, -0.20}});
    b.push_back({"shank" + s, thigh, {0, 0, -0.42}, 3.5, {0.05, 0.05, 0.20}, {0, 0, -0.20}});
    b.push_back({"foot" + s, thigh + 1, {0, 0, -0.42}, 1, {0.12, 0.045, 0.03}, {0.05, 0, -0.04}});
  }
  return b;
}

// Initial pose: pelvis at this height with this forward lean (rotation about y), all joints at
// zero, at rest. The soles start 5 mm above the ground.
constexpr double kFallPelvisHeight = 0.975;
constexpr double kFallLean = 0.2618;       // 15°
constexpr double kFallJointDamping = 1.0;  // N m s/rad on every ball joint
constexpr double kFallDuration = 1.5;      // s
constexpr double kFallAccuracy = 1e-3;
// Materials: skin-like bodies (E 0.8 MPa, ν 0.45, c 2 s/m, μs 0.8, μd 0.6) on a concrete floor
// (E 25 GPa, ν 0.15, c 0.1 s/m, μs 0.9, μd 0.8), Stribeck transition 0.01 m/s.

inline constexpr const char* kContactFallCase = "human_fall_contact";

// Each engine falls the model for kFallDuration with its RungeKuttaMerson at kFallAccuracy, best of
// 3 runs. q of the result is the pelvis origin at the end (m), so the engines' final states can be
// compared; evaluations are realizations through Acceleration where the engine counts them.
SimulationResult simulateArticulaHumanFall();
// The same scene with Articula's linearly implicit RosenbrockW3 (include/articula/integrators/
// RosenbrockW.h) at kFallAccuracy: the method the CLI should use for contact runs.
SimulationResult simulateArticulaHumanFallRosenbrock();

std::optional<SimulationResult> simulateSimbodyHumanFall();  // defined with the Simbody adapter

}  // namespace articula::bench
