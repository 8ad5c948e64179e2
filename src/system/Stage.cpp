#include "articula/system/Stage.h"

namespace articula {

const char* stageName(Stage s) {
  static const char* const names[NumStages] = {"Empty",    "Topology", "Model",    "Instance",     "Time",
                                               "Position", "Velocity", "Dynamics", "Acceleration", "Report"};
  const int i = static_cast<int>(s);
  return (i >= 0 && i < NumStages) ? names[i] : "Invalid";
}

}  // namespace articula
