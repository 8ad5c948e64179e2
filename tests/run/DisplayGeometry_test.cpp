// Generated display shapes (run/DisplayGeometry.h): gait2354 gets a shape per body; each capsule
// joins its body's joint centre to a child's, found here from the joint frames (OpenSim's offset
// frames, and for the knee, whose centre moves with its translation functions, the child's pose);
// a leaf body's ellipsoid has the body's principal moments; a model with its own shapes gets none.
#include "articula/run/DisplayGeometry.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <filesystem>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::iotest;
using articula::run::displayGeometry;

namespace {

const std::string kGait2354 = ARTICULA_FIXTURES "/opensim/gait2354/subject01_simbody_adjusted.osim";

// A capsule's two end points (its axis is z; the caps reach one radius beyond them).
std::pair<Vec3, Vec3> ends(const model::GeometrySpec& g) {
  const Vec3 axis = g.pose.orientation.toRotation() * Vec3::UnitZ() * (g.size[1] + g.size[0]);
  return {g.pose.position - axis, g.pose.position + axis};
}

}  // namespace

TEST(DisplayGeometry, Gait2354SegmentsJoinTheJointCentres) {
  if (!std::filesystem::exists(kGait2354)) GTEST_SKIP() << kGait2354 << " absent";
  const model::ModelSpec m = model::loadModelFile(kGait2354);
  const model::BuiltModel built = model::buildModel(m, kGait2354);
  const auto shapes = displayGeometry(m, built);
  ASSERT_EQ(shapes.size(), m.bodies.size());
  const MatterSubsystem& matter = built.system->getMatter();
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    SCOPED_TRACE(m.bodies[i].name);
    ASSERT_FALSE(shapes[i].empty());
    size_t children = 0;
    for (size_t c = 0; c < m.bodies.size(); ++c) {
      const model::JointSpec& j = m.bodies[c].joint;
      if (j.parent != m.bodies[i].name) continue;
      ++children;
      // The child's joint centre in this body: the parent offset frame's origin where the joint
      // does not translate (hips, ankles, back...: F and M coincide at zero translation); for the
      // knee, the tibia's M origin at the initial pose.
      Vec3 centre = j.parentFrame.position;
      if (j.functions.translations[0] || j.functions.translations[1] || j.functions.translations[2]) {
        const Transform X_GP = matter.getBodyTransform(built.initialState, built.mobodOfBody[i]);
        const Transform X_GC = matter.getBodyTransform(built.initialState, built.mobodOfBody[c]);
        centre = X_GP.inverse() * (X_GC * j.childFrame.position);
        EXPECT_GT(centre.norm(), 0.3) << "the knee is a thigh's length below the hip";
      }
      const auto it = std::find_if(shapes[i].begin(), shapes[i].end(), [&](const model::GeometrySpec& g) {
        return g.name == "segment_" + m.bodies[c].name;
      });
      ASSERT_NE(it, shapes[i].end()) << m.bodies[c].name;
      EXPECT_EQ(it->type, model::GeometryType::Capsule);
      const auto [from, to] = ends(*it);
      EXPECT_LT((from - m.bodies[i].joint.childFrame.position).norm(), 1e-12);
      EXPECT_LT((to - centre).norm(), 1e-12) << to.transpose() << " vs " << centre.transpose();
    }
    if (children == 0) {  // toes, torso: the uniform ellipsoid of the body's inertia
      ASSERT_EQ(shapes[i].size(), 1u);
      const model::GeometrySpec& e = shapes[i][0];
      EXPECT_EQ(e.type, model::GeometryType::Ellipsoid);
      EXPECT_LT((e.pose.position - m.bodies[i].massCenter).norm(), 1e-15);
      const Mat33 R = e.pose.orientation.toRotation().matrix();
      const Vec3 s = e.size, sq = s.cwiseProduct(s);
      const Real mass = m.bodies[i].mass;
      // I about the ellipsoid's axes: m (b² + c²) / 5 ..., turned into the body frame.
      const Mat33 I =
          R * Vec3(mass * (sq[1] + sq[2]) / 5, mass * (sq[0] + sq[2]) / 5, mass * (sq[0] + sq[1]) / 5).asDiagonal() *
          R.transpose();
      if (s.minCoeff() > 0.05 * s.maxCoeff() + 1e-12) {  // not raised to stay solid
        EXPECT_LT((I - m.bodies[i].inertia).norm(), 1e-12 * m.bodies[i].inertia.norm()) << I;
      }
    }
  }
}

TEST(DisplayGeometry, BodiesWithShapesGetNone) {
  const std::string file = sourcePath("models/double_pendulum.json");
  const model::ModelSpec m = model::loadModelFile(file);
  const auto shapes = displayGeometry(m, model::buildModel(m, file));
  for (const auto& s : shapes) EXPECT_TRUE(s.empty());
}
