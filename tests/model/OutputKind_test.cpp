// Outputs are named by their files, in the order the format documents them.
#include "articula/model/OutputKind.h"

#include <gtest/gtest.h>

using namespace articula::model;

TEST(OutputKind, NamedByTheirFiles) {
  EXPECT_EQ(kindList<OutputKind>(),
            "trajectory.csv, contacts.csv, summary, trajectory.json, coordinates.sto, speeds.sto, "
            "generalized_forces.sto, trajectory.h5");
  EXPECT_EQ(kindNamed<OutputKind>("summary"), OutputKind::Summary);
  EXPECT_FALSE(kindNamed<OutputKind>("summary.json"));
}
