// The outputs a scenario asks for (docs/model-format.md, "Scenario"): named by their files.
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

// The .sto files are OpenSim's storage format (version 1): coordinates, speeds and generalized forces.
enum class OutputKind { TrajectoryCsv, ContactsCsv, Summary, TrajectoryJson, CoordinatesSto, SpeedsSto, ForcesSto };

template <>
const std::vector<KindName<OutputKind>>& kindTable<OutputKind>();  // src/model/OutputKind.cpp

}  // namespace articula::model
