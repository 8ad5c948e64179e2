// Each joint type's coordinate names match its mobilizer's nq and nu (quaternion types name the
// orientation by three angles instead of four quaternion entries).
#include "articula/model/JointTypes.h"

#include <gtest/gtest.h>

#include "articula/Error.h"

using namespace articula;
using namespace articula::model;

TEST(JointTypes, CoordinateNamesMatchTheMobilizers) {
  for (const KindName<JointType>& type : kindTable<JointType>()) {
    for (bool euler : {false, true}) {
      if (euler && type.kind != JointType::Ball && type.kind != JointType::Free) continue;
      SCOPED_TRACE(type.name + (euler ? " euler" : ""));
      JointSpec j;
      j.type = type.kind;
      j.euler = euler;
      j.pitch = 0.01;
      j.semiAxes = Vec3(0.1, 0.2, 0.3);
      if (type.kind == JointType::FunctionBased) {
        j.functions.coordinates = {"a", "b"};
        j.functions.angular = {true, false};
        j.functions.rotations[0] = FunctionSpec{FunctionType::Linear, {1, 0}, {}, {}, {"a"}};
        j.functions.translations[1] = FunctionSpec{FunctionType::Linear, {1, 0}, {}, {}, {"b"}};
      }
      const JointCoordinates c = jointCoordinates(j);
      const auto m = makeMobilizer(j);
      EXPECT_EQ(static_cast<int>(c.u.size()), m->nu());
      EXPECT_EQ(c.quaternion, m->quaternionIndex() >= 0);
      EXPECT_EQ(static_cast<int>(c.q.size()) + (c.quaternion ? 1 : 0), m->nq());
    }
  }
}

TEST(JointTypes, EveryTypeHasOneNameAndUnknownNamesAreNone) {
  EXPECT_EQ(kindTable<JointType>().size(), size_t(JointType::FunctionBased) + 1);
  for (const KindName<JointType>& type : kindTable<JointType>()) EXPECT_EQ(kindNamed<JointType>(type.name), type.kind);
  EXPECT_FALSE(kindNamed<JointType>("hinge"));
  EXPECT_EQ(nameOf(JointType::BendStretch), "bend_stretch");
}

TEST(JointTypes, BadFunctionArgumentsThrow) {
  JointSpec j;
  j.type = JointType::FunctionBased;
  j.functions.coordinates = {"a"};
  j.functions.angular = {true};
  j.functions.rotations[0] = FunctionSpec{FunctionType::Linear, {1, 0}, {}, {}, {"nope"}};
  EXPECT_THROW(makeMobilizer(j), Error);
}
