// Each joint type's coordinate names match its mobilizer's nq and nu (quaternion types name the
// orientation by three angles instead of four quaternion entries).
#include "articula/model/JointTypes.h"

#include <gtest/gtest.h>

#include "articula/Error.h"

using namespace articula;
using namespace articula::model;

TEST(JointTypes, CoordinateNamesMatchTheMobilizers) {
  for (const std::string& type : jointTypeNames()) {
    for (bool euler : {false, true}) {
      if (euler && type != "ball" && type != "free") continue;
      SCOPED_TRACE(type + (euler ? " euler" : ""));
      JointSpec j;
      j.type = type;
      j.euler = euler;
      j.pitch = 0.01;
      j.semiAxes = Vec3(0.1, 0.2, 0.3);
      if (type == "function_based") {
        j.functions.coordinates = {"a", "b"};
        j.functions.angular = {true, false};
        j.functions.rotations[0] = FunctionSpec{"linear", {1, 0}, {}, {}, {"a"}};
        j.functions.translations[1] = FunctionSpec{"linear", {1, 0}, {}, {}, {"b"}};
      }
      const JointCoordinates c = jointCoordinates(j);
      const auto m = makeMobilizer(j);
      EXPECT_EQ(static_cast<int>(c.u.size()), m->nu());
      EXPECT_EQ(c.quaternion, m->quaternionIndex() >= 0);
      EXPECT_EQ(static_cast<int>(c.q.size()) + (c.quaternion ? 1 : 0), m->nq());
    }
  }
}

TEST(JointTypes, UnknownTypeAndBadFunctionArgumentsThrow) {
  JointSpec j;
  j.type = "hinge";
  EXPECT_FALSE(isJointType("hinge"));
  EXPECT_THROW(jointCoordinates(j), Error);
  j.type = "function_based";
  j.functions.coordinates = {"a"};
  j.functions.angular = {true};
  j.functions.rotations[0] = FunctionSpec{"linear", {1, 0}, {}, {}, {"nope"}};
  EXPECT_THROW(makeMobilizer(j), Error);
}
