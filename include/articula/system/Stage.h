// Realization stages (Theory Manual §7.1). Each stage's results depend only on variables of that
// stage and earlier ones.
#pragma once

namespace articula {

enum class Stage : int {
  Empty = 0,
  Topology,
  Model,
  Instance,
  Time,
  Position,
  Velocity,
  Dynamics,
  Acceleration,
  Report
};
constexpr int NumStages = 10;

const char* stageName(Stage s);
constexpr Stage nextStage(Stage s) { return static_cast<Stage>(static_cast<int>(s) + 1); }
constexpr Stage prevStage(Stage s) { return static_cast<Stage>(static_cast<int>(s) - 1); }

}  // namespace articula
