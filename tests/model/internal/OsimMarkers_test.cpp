// OpenSim markers (src/model/OsimMarkers.h): on a body, on the ground, on a joint's offset frame
// (its location carried into the body frame), and refusals of a duplicate name or an unknown frame.
#include "model/OsimMarkers.h"

#include <gtest/gtest.h>

#include <cmath>

#include "OsimTestContext.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

// Body a on a pin whose parent frame on ground is an offset frame at (1, 2, 3) turned 90° about z.
const std::string kJoint =
    "<PinJoint name=\"pin\"><socket_parent_frame>ground_offset</socket_parent_frame>"
    "<socket_child_frame>/bodyset/a</socket_child_frame><coordinates><Coordinate name=\"q\"/></coordinates>"
    "<frames><PhysicalOffsetFrame name=\"ground_offset\"><socket_parent>/ground</socket_parent>"
    "<translation>1 2 3</translation><orientation>0 0 1.5707963267948966</orientation></PhysicalOffsetFrame>"
    "</frames></PinJoint>\n";

ModelSpec withMarkers(const std::string& markers) {
  return importOsim(osimModel({"a"}, kJoint, "<MarkerSet><objects>" + markers + "</objects></MarkerSet>"), "t.osim");
}

std::string marker(const std::string& name, const std::string& frame, const std::string& location) {
  return "<Marker name=\"" + name + "\"><socket_parent_frame>" + frame + "</socket_parent_frame><location>" + location +
         "</location></Marker>\n";
}

}  // namespace

TEST(OsimMarkers, OnBodiesGroundAndOffsetFrames) {
  const ModelSpec m = withMarkers(marker("m1", "/bodyset/a", "0.1 0.2 0.3") + marker("m2", "/ground", "4 5 6") +
                                  marker("m3", "/jointset/pin/ground_offset", "1 0 0"));
  ASSERT_EQ(m.markers.size(), 3u);
  EXPECT_EQ(m.markers[0].body, "a");
  EXPECT_EQ(m.markers[0].location, Vec3(0.1, 0.2, 0.3));
  EXPECT_EQ(m.markers[1].body, "ground");
  EXPECT_EQ(m.markers[1].location, Vec3(4, 5, 6));
  // (1, 0, 0) in the offset frame: turned 90° about z it is ground's y, from (1, 2, 3): (1, 3, 3).
  EXPECT_EQ(m.markers[2].body, "ground");
  EXPECT_LT((m.markers[2].location - Vec3(1, 3, 3)).norm(), 1e-15);
  EXPECT_TRUE(m.warnings.empty());
}

TEST(OsimMarkers, RefusesDuplicatesAndUnknownFrames) {
  EXPECT_NE(errorOf([] {
              withMarkers(marker("m", "/bodyset/a", "0 0 0") + marker("m", "/ground", "0 0 0"));
            }).find("a second marker of this name"),
            std::string::npos);
  const std::string unknown = errorOf([] { withMarkers(marker("m", "/bodyset/wing", "0 0 0")); });
  EXPECT_NE(unknown.find("t.osim:"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("/bodyset/wing"), std::string::npos) << unknown;
  EXPECT_NE(errorOf([] { withMarkers(marker("m", "/jointset/hinge/f", "0 0 0")); }).find("names no joint frame"),
            std::string::npos);
}
