// `articula info --muscles`'s table (include/articula/model/MuscleTable.h): a muscle across a pin,
// worked by hand, and a muscle that crosses nothing.
#include "articula/model/MuscleTable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "articula/matter/MultibodySystem.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;

namespace {

// Body "arm" on a pin about ground's z (coordinate "q", default `q0`), with two muscles: "across"
// from (d, 0, 0) on ground to (0, r, 0) on the arm, and "within" with both points on the arm.
std::string pinModel(double q0) {
  const auto point = [](const char* name, const char* frame, const char* at) {
    return std::string("<PathPoint name=\"") + name + "\"><socket_parent_frame>" + frame +
           "</socket_parent_frame><location>" + at + "</location></PathPoint>";
  };
  const auto muscle = [](const char* name, const std::string& points) {
    return std::string("<Thelen2003Muscle name=\"") + name + "\"><GeometryPath name=\"path\"><PathPointSet><objects>" +
           points + "</objects></PathPointSet></GeometryPath></Thelen2003Muscle>";
  };
  return "<OpenSimDocument Version=\"40000\"><Model name=\"m\"><BodySet><objects><Body name=\"arm\"><mass>1</mass>"
         "<inertia>0.1 0.1 0.1 0 0 0</inertia></Body></objects></BodySet><JointSet><objects><PinJoint name=\"pin\">"
         "<socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/arm</socket_child_frame>"
         "<coordinates><Coordinate name=\"q\"><default_value>" +
         std::to_string(q0) +
         "</default_value></Coordinate></coordinates></PinJoint></objects></JointSet><ForceSet><objects>" +
         muscle("across", point("o", "/ground", "0.3 0 0") + point("i", "/bodyset/arm", "0 0.2 0")) +
         muscle("within", point("a", "/bodyset/arm", "0 0.1 0") + point("b", "/bodyset/arm", "0 0.4 0")) +
         "</objects></ForceSet></Model></OpenSimDocument>";
}

}  // namespace

TEST(MuscleTable, LengthsAndMomentArmsByHand) {
  // At angle q the insertion is at (−r sin q, r cos q, 0): L² = d² + r² + 2 d r sin q and the
  // moment arm −∂L/∂q = −d r cos q / L.
  const double d = 0.3, r = 0.2, q = 0.5;
  const ModelSpec spec = importOsim(pinModel(q), "t.osim");
  const BuiltModel built = buildModel(spec, "t.osim");
  State s = built.initialState;
  built.system->realize(s, Stage::Position);
  const std::string table = muscleTable(spec, built, s);
  const double L = std::sqrt(d * d + r * r + 2 * d * r * std::sin(q)), arm = -d * r * std::cos(q) / L;
  char across[128];
  std::snprintf(across, sizeof across, "  across %8.5f  pin.q %+.5f\n", L, arm);
  EXPECT_NE(table.find(across), std::string::npos) << table << "want: " << across;
  EXPECT_NE(table.find("  within  0.30000  (crosses no coordinate)\n"), std::string::npos) << table;
  EXPECT_EQ(table.rfind("Muscles at this pose", 0), 0u) << table;
}

TEST(MuscleTable, NoMusclesNoTable) {
  const ModelSpec spec = importOsim(
      "<OpenSimDocument Version=\"40000\"><Model name=\"m\"><BodySet><objects><Body name=\"arm\"><mass>1</mass>"
      "<inertia>0.1 0.1 0.1 0 0 0</inertia></Body></objects></BodySet><JointSet><objects><PinJoint name=\"pin\">"
      "<socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/arm</socket_child_frame>"
      "<coordinates><Coordinate name=\"q\"/></coordinates></PinJoint></objects></JointSet></Model></OpenSimDocument>",
      "t.osim");
  const BuiltModel built = buildModel(spec, "t.osim");
  EXPECT_EQ(muscleTable(spec, built, built.initialState), "");
}
