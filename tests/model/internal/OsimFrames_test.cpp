// Socket frames (src/model/OsimFrames.h): an offset frame on an offset frame composed, body-fixed
// X-Y-Z orientation, body and ground paths, and an unknown name refused.
#include "model/OsimFrames.h"

#include <gtest/gtest.h>

#include "OsimTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim;
using namespace articula::model::osim::testing;

TEST(OsimFrames, OffsetFramesComposeOnTheirParents) {
  Parsed p(
      document("<PinJoint name=\"j\"><socket_parent_frame>outer</socket_parent_frame>"
               "<socket_child_frame>../thigh</socket_child_frame><frames>"
               "<PhysicalOffsetFrame name=\"inner\"><socket_parent>/bodyset/pelvis</socket_parent>"
               "<translation>1 0 0</translation><orientation>0 0 1.5707963267948966</orientation></PhysicalOffsetFrame>"
               "<PhysicalOffsetFrame name=\"outer\"><socket_parent>inner</socket_parent>"
               "<translation>0 2 0</translation><orientation>1.5707963267948966 1.5707963267948966 0</orientation>"
               "</PhysicalOffsetFrame></frames></PinJoint>"));
  p.c.bodies["pelvis"] = BodySpec{};
  p.c.bodies["thigh"] = BodySpec{};
  const XMLElement* j = p.find("PinJoint");
  const PlacedFrame child = socketFrame(p.c, j, j, "socket_child_frame");
  EXPECT_EQ(child.body, "thigh");
  EXPECT_TRUE(child.X_BF.p().isZero());
  // inner: at (1, 0, 0), turned 90° about z: its y is pelvis -x. outer 2 along inner's y: (-1, 0, 0).
  // outer's orientation Rx(90°) Ry(90°) (body-fixed): its z is inner's x, which is pelvis y.
  const PlacedFrame parent = socketFrame(p.c, j, j, "socket_parent_frame");
  EXPECT_EQ(parent.body, "pelvis");
  EXPECT_LT((parent.X_BF.p() - Vec3(-1, 0, 0)).norm(), 1e-15);
  EXPECT_LT((parent.X_BF.R() * Vec3::UnitZ() - Vec3(0, 1, 0)).norm(), 1e-15);
}

TEST(OsimFrames, GroundAndUnknownNames) {
  Parsed p(document("<PinJoint name=\"j\"><a>/ground</a><b>/bodyset/nobody</b><c></c></PinJoint>"));
  const XMLElement* j = p.find("PinJoint");
  EXPECT_EQ(socketFrame(p.c, j, j, "a").body, "ground");
  EXPECT_NE(errorOf([&] {
              socketFrame(p.c, j, j, "b");
            }).find("t.osim:2: <PinJoint name=\"j\"> b = /bodyset/nobody: names no frame of the joint, body or ground"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { socketFrame(p.c, j, j, "c"); }).find("missing <c>"), std::string::npos);
}
