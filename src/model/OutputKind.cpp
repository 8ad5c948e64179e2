// The output registry of the model format: each OutputKind by the name of its file.
#include "articula/model/OutputKind.h"

namespace articula::model {

template <>
const std::vector<KindName<OutputKind>>& kindTable<OutputKind>() {
  using K = OutputKind;
  static const std::vector<KindName<OutputKind>> table{
      {K::TrajectoryCsv, "trajectory.csv"},     {K::ContactsCsv, "contacts.csv"},       {K::Summary, "summary"},
      {K::TrajectoryJson, "trajectory.json"},   {K::CoordinatesSto, "coordinates.sto"}, {K::SpeedsSto, "speeds.sto"},
      {K::ForcesSto, "generalized_forces.sto"}, {K::TrajectoryH5, "trajectory.h5"}};
  return table;
}

}  // namespace articula::model
