// The outputs a scenario asks for (docs/model-format.md, "Scenario"): named by their files.
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class OutputKind { TrajectoryCsv, ContactsCsv, Summary, TrajectoryJson };

template <>
const std::vector<KindName<OutputKind>>& kindTable<OutputKind>();  // src/model/OutputKind.cpp

}  // namespace articula::model
