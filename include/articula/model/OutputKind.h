// The outputs a scenario asks for (docs/model-format.md, "Scenario"): named by their files.
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

// The .sto files are OpenSim's storage format (version 1): coordinates, speeds and generalized forces.
// trajectory.h5 is the trajectory.csv table as HDF5.
enum class OutputKind {
  TrajectoryCsv,
  ContactsCsv,
  Summary,
  TrajectoryJson,
  CoordinatesSto,
  SpeedsSto,
  ForcesSto,
  TrajectoryH5
};

template <>
const std::vector<KindName<OutputKind>>& kindTable<OutputKind>();  // src/model/OutputKind.cpp

}  // namespace articula::model
