// OpenSim joints (src/model/OsimJoints.h): each standard joint type posed at given coordinates
// against rotations and translations composed by hand, with OpenSim's coordinate order and names;
// CustomJoint slots; refusals.
#include "model/OsimJoints.h"

#include <gtest/gtest.h>

#include <cmath>

#include "OsimTestContext.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

std::string joint(const std::string& type, const std::vector<std::string>& coordinates, const std::string& more = "") {
  std::string c;
  for (const std::string& n : coordinates) c += "<Coordinate name=\"" + n + "\"/>";
  return "<" + type + " name=\"j\"><socket_parent_frame>/ground</socket_parent_frame>" +
         "<socket_child_frame>/bodyset/b</socket_child_frame><coordinates>" + c + "</coordinates>" + more + "</" +
         type + ">\n";
}

// The body's pose in ground with q set in the joint's coordinate order.
Transform posed(const ModelSpec& m, const std::vector<Real>& q) {
  const BuiltModel built = buildModel(m, "t.osim");
  State s = built.initialState;
  MobilizedBody mb(built.system->updMatter(), built.mobodOfBody[0]);
  SmallVector v(static_cast<int>(q.size()));
  for (size_t k = 0; k < q.size(); ++k) v[static_cast<int>(k)] = q[k];
  mb.setQ(s, v);
  built.system->realize(s, Stage::Position);
  return built.system->getMatter().getBodyTransform(s, built.mobodOfBody[0]);
}

void expectPose(const Transform& X, const Mat33& R, const Vec3& p) {
  EXPECT_LT((X.R().matrix() - R).norm(), 1e-12) << X.R().matrix() << "\nvs\n" << R;
  EXPECT_LT((X.p() - p).norm(), 1e-12) << X.p().transpose() << " vs " << p.transpose();
}

Mat33 rx(Real a) { return Eigen::AngleAxisd(a, Vec3::UnitX()).toRotationMatrix(); }
Mat33 ry(Real a) { return Eigen::AngleAxisd(a, Vec3::UnitY()).toRotationMatrix(); }
Mat33 rz(Real a) { return Eigen::AngleAxisd(a, Vec3::UnitZ()).toRotationMatrix(); }

}  // namespace

TEST(OsimJoints, StandardJointsMoveAsOpenSimsWithItsCoordinateOrder) {
  const Real a = 0.3, b = -0.7, c = 1.1;
  const ModelSpec free = importOsim(osimModel({"b"}, joint("FreeJoint", {"rx", "ry", "rz", "tx", "ty", "tz"})),
                                    "t.osim");
  const FunctionBasedSpec& f = free.bodies[0].joint.functions;
  EXPECT_EQ(f.coordinates, (std::vector<std::string>{"rx", "ry", "rz", "tx", "ty", "tz"}));
  EXPECT_EQ(f.angular, (std::vector<bool>{true, true, true, false, false, false}));
  expectPose(posed(free, {a, b, c, 1, 2, 3}), rx(a) * ry(b) * rz(c), Vec3(1, 2, 3));
  for (const char* t : {"BallJoint", "GimbalJoint"})
    expectPose(posed(importOsim(osimModel({"b"}, joint(t, {"x", "y", "z"})), "t.osim"), {a, b, c}),
               rx(a) * ry(b) * rz(c), Vec3::Zero());
  expectPose(posed(importOsim(osimModel({"b"}, joint("UniversalJoint", {"x", "y"})), "t.osim"), {a, b}), rx(a) * ry(b),
             Vec3::Zero());
  expectPose(posed(importOsim(osimModel({"b"}, joint("PinJoint", {"q"})), "t.osim"), {c}), rz(c), Vec3::Zero());
  expectPose(posed(importOsim(osimModel({"b"}, joint("SliderJoint", {"s"})), "t.osim"), {0.4}), Mat33::Identity(),
             Vec3(0.4, 0, 0));
  // Planar: rotation about z, then the translation in the parent frame.
  expectPose(posed(importOsim(osimModel({"b"}, joint("PlanarJoint", {"rz", "tx", "ty"})), "t.osim"), {c, 0.5, -0.25}),
             rz(c), Vec3(0.5, -0.25, 0));
}

TEST(OsimJoints, CustomJointRotationsAreBodyFixedAndTranslationsInTheParent) {
  auto axis = [](const std::string& slot, const std::string& coordinate, const std::string& a) {
    const std::string fn = coordinate.empty() ? "<Constant><value>0</value></Constant>"
                                              : "<LinearFunction><coefficients>1 0</coefficients></LinearFunction>";
    return "<TransformAxis name=\"" + slot + "\"><coordinates>" + coordinate + "</coordinates><axis>" + a + "</axis>" +
           fn + "</TransformAxis>";
  };
  // Rotations about z then x (body-fixed), translation along the parent's y: the pose is
  // R = Rz(a) Rx(b), p = (0, t, 0) whatever the rotation.
  const std::string st = "<SpatialTransform>" + axis("rotation1", "a", "0 0 1") + axis("rotation2", "b", "1 0 0") +
                         axis("rotation3", "", "0 1 0") + axis("translation1", "", "1 0 0") +
                         axis("translation2", "t", "0 1 0") + axis("translation3", "", "0 0 1") + "</SpatialTransform>";
  const ModelSpec m = importOsim(osimModel({"b"}, joint("CustomJoint", {"a", "b", "t"}, st)), "t.osim");
  const FunctionBasedSpec& f = m.bodies[0].joint.functions;
  EXPECT_FALSE(f.rotations[2].has_value());
  EXPECT_EQ(f.angular, (std::vector<bool>{true, true, false}));
  expectPose(posed(m, {0.4, -0.9, 0.2}), rz(0.4) * rx(-0.9), Vec3(0, 0.2, 0));
}

TEST(OsimJoints, RefusalsNameTheJoint) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {osimModel({"b"}, joint("PinJoint", {"a", "b"})),
       "<PinJoint name=\"j\"> = 2 coordinates: a PinJoint has 1 coordinates"},
      {osimModel({"b"}, joint("WeldJoint", {"a"})), "a WeldJoint has no coordinates"},
      {osimModel({"b"}, joint("CustomJoint", {"a"})), "a CustomJoint needs a <SpatialTransform>"},
      {osimModel({"b"}, joint("PinJoint", {"a"}) + joint("PinJoint", {"c"})), "body 'b' already has a joint"},
      {osimModel({"b"}, joint("PinJoint", {"a"}, "<frames/>")), ""},
      {osimModel({"b"}, joint("CustomJoint", {"a"},
                              "<SpatialTransform><TransformAxis name=\"rotation1\"><coordinates>z</coordinates>"
                              "<axis>0 0 1</axis></TransformAxis></SpatialTransform>")),
       "<TransformAxis name=\"rotation1\"> coordinates = z: not a coordinate of this joint"},
      {osimModel({"b"}, joint("CustomJoint", {"a"},
                              "<SpatialTransform><TransformAxis name=\"rotation1\"><coordinates>a</coordinates>"
                              "<axis>0 0 0</axis></TransformAxis></SpatialTransform>")),
       "axis = 0 0 0: the axis must not be zero"},
  };
  for (const auto& [text, want] : cases) {
    const std::string e = errorOf([&] { importOsim(text, "t.osim"); });
    if (want.empty()) EXPECT_EQ(e, "");
    else EXPECT_NE(e.find(want), std::string::npos) << e;
  }
}
