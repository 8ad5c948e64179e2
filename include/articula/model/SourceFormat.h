// The file format a model was read from: the Articula format, an OpenMBD, URDF, MJCF or OpenSim
// import. Run summaries and `articula info` name it ("articula", "openmbd", "urdf", "mjcf",
// "opensim"); --openmbd-compat applies to OpenMBD only.
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class SourceFormat { Articula, OpenMbd, Urdf, Mjcf, Osim };

template <>
const std::vector<KindName<SourceFormat>>& kindTable<SourceFormat>();  // src/model/ModelFile.cpp

}  // namespace articula::model
