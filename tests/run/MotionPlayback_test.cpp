// Playing a recorded motion (run/MotionPlayback.h, `articula motion`): gait2354 posed by OpenSim's
// own coordinates gives OpenSim's BodyKinematics file, read back from the run folder; a pendulum
// turned at a constant rate has the analytic speeds and centripetal accelerations; columns are
// matched by OpenSim's and Articula's names, missing and unknown ones listed, bad ones refused.
#include "articula/run/MotionPlayback.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::run;
using namespace articula::iotest;

namespace {

const std::string kGait2354 = ARTICULA_FIXTURES "/opensim/gait2354/";
constexpr Real kPi = 3.14159265358979323846;

Vec3 columns3(const files::StorageTable& t, size_t row, const std::string& prefix, const char* const (&axes)[3]) {
  Vec3 v;
  for (int k = 0; k < 3; ++k) v[k] = t.at(row, t.column(prefix + axes[k]).value());
  return v;
}

void expectNear(const Vec3& a, const Vec3& b, Real tol, const std::string& what) {
  EXPECT_LT((a - b).norm(), tol) << what << ": " << a.transpose() << " vs " << b.transpose();
}

struct Loaded {
  model::ModelSpec spec;
  model::BuiltModel built;
  explicit Loaded(const std::string& file) : spec(model::loadModelFile(file)), built(model::buildModel(spec, file)) {}
};

}  // namespace

// OpenSim's forward run of the adjusted model wrote its coordinates (Kinematics_q, degrees) and the
// bodies' mass-centre positions and body-fixed X-Y-Z orientations in ground (BodyKinematics,
// degrees): `articula motion` of the same coordinates writes the same file, labels and all, the
// angles to 1e-9 deg (measured 3e-14) and the positions to 1 µm (measured 2.7e-7 m at the toes,
// 4.6e-8 m at the femurs: the reference model's geometry as OpenSim held it, presumably a little
// off the file's digits).
TEST(MotionPlayback, Gait2354WritesOpenSimsBodyKinematics) {
  if (!std::filesystem::exists(kGait2354)) GTEST_SKIP() << kGait2354 << " absent";
  TempDir dir;
  MotionRequest q;
  q.modelFile = kGait2354 + "subject01_simbody_adjusted.osim";
  q.motionFile = kGait2354 + "reference/subject01_walk1_Kinematics_q.sto";
  q.outFolder = dir / "walk";
  const MotionReport report = playMotionFile(q);
  EXPECT_EQ(report.columns.columns.size(), 23u);
  EXPECT_TRUE(report.columns.missing.empty());
  EXPECT_TRUE(report.columns.ignored.empty());
  EXPECT_EQ(listing(q.outFolder),
            (std::vector<std::string>{"subject01_walk1_Kinematics_q_BodyKinematics_pos_global.sto", "trajectory.csv",
                                      "trajectory.json"}));
  const files::StorageTable bk = files::readStorage(q.outFolder + "/" + report.bodyKinematicsFile);
  const files::StorageTable want = files::readStorage(kGait2354 +
                                                      "reference/subject01_walk1_BodyKinematics_pos_global.sto");
  EXPECT_EQ(bk.name, want.name);
  EXPECT_EQ(bk.labels, want.labels);  // time, ground_X ... torso_Oz, center_of_mass_X, _Y, _Z
  ASSERT_EQ(bk.rows(), want.rows());
  const Loaded m(q.modelFile);
  Real worstPosition = 0, worstAngle = 0;
  Vec3 torsoPoint = Vec3::Zero();
  for (size_t r = 0; r < bk.rows(); ++r) {
    ASSERT_NEAR(bk.time(r), want.time(r), 1e-12);
    for (const model::BodySpec& b : m.spec.bodies) {
      SCOPED_TRACE(b.name + " at t = " + std::to_string(bk.time(r)));
      const Vec3 com = columns3(bk, r, b.name, {"_X", "_Y", "_Z"});
      const Vec3 wantCom = columns3(want, r, b.name, {"_X", "_Y", "_Z"});
      const Vec3 angles = columns3(bk, r, b.name, {"_Ox", "_Oy", "_Oz"});
      const Vec3 wantAngles = columns3(want, r, b.name, {"_Ox", "_Oy", "_Oz"});
      worstAngle = std::max(worstAngle, (angles - wantAngles).cwiseAbs().maxCoeff());
      expectNear(angles, wantAngles, 1e-9, "body-fixed XYZ angles (deg)");
      if (b.name == "torso") {
        // OpenSim's run used another RRA adjustment of the torso's mass centre than the file's
        // (0.0161184 0.34551 0.0166874): its point is fixed in the torso, within 2 mm of the file's.
        const Rotation R = Rotation::bodyFixedXYZ(angles * (kPi / 180));
        const Vec3 shift = R.transpose() * (wantCom - com);  // the reference's point minus the file's, in the torso
        if (torsoPoint.isZero()) torsoPoint = shift;
        expectNear(shift, torsoPoint, 1e-7, "torso mass centre in the torso");
        EXPECT_LT(shift.norm(), 2e-3);
        continue;
      }
      worstPosition = std::max(worstPosition, (com - wantCom).norm());
      expectNear(com, wantCom, 1e-6, "mass centre");
    }
    // The whole model's mass centre: off by the torso's shift times its share of the mass.
    expectNear(columns3(bk, r, "center_of_mass_", {"X", "Y", "Z"}),
               columns3(want, r, "center_of_mass_", {"X", "Y", "Z"}), 2e-3 * 0.4, "whole-body mass centre");
  }
  std::cout << "gait2354 vs OpenSim BodyKinematics: worst mass-centre distance " << worstPosition
            << " m (torso aside), worst angle " << worstAngle << " deg; torso point shift " << torsoPoint.transpose()
            << "\n";
}

// The IK motion plays into a scene with a shape per body and the model's markers.
TEST(MotionPlayback, Gait2354IkMotionSceneHasShapesAndMarkers) {
  if (!std::filesystem::exists(kGait2354)) GTEST_SKIP() << kGait2354 << " absent";
  TempDir dir;
  MotionRequest q;
  q.modelFile = kGait2354 + "subject01_simbody_adjusted.osim";
  q.motionFile = kGait2354 + "subject01_walk1_ik.mot";
  q.outFolder = dir / "ik";
  const MotionReport report = playMotionFile(q);
  EXPECT_EQ(report.frames, 73u);
  const auto scene = nlohmann::json::parse(readText(q.outFolder + "/trajectory.json"));
  const Loaded m(q.modelFile);
  ASSERT_EQ(scene["bodies"].size(), m.spec.bodies.size());
  for (const auto& b : scene["bodies"]) {
    EXPECT_FALSE(b["geometry"].empty()) << b["name"];
    for (const auto& g : b["geometry"]) EXPECT_TRUE(g["generated"].get<bool>());
  }
  ASSERT_EQ(scene["markers"].size(), m.spec.markers.size());
  ASSERT_EQ(m.spec.markers.size(), 39u);
  for (size_t k = 0; k < m.spec.markers.size(); ++k) {
    EXPECT_EQ(scene["markers"][k]["name"], m.spec.markers[k].name);
    EXPECT_EQ(scene["markers"][k]["body"], m.spec.markers[k].body);
    for (int c = 0; c < 3; ++c)
      EXPECT_DOUBLE_EQ(scene["markers"][k]["location"][c].get<double>(), m.spec.markers[k].location[c]);
  }
  // trajectory.csv in the motion's unit: degrees.
  EXPECT_NE(readText(q.outFolder + "/trajectory.csv").find("knee_r.knee_angle_r.q[deg]"), std::string::npos);
}

// The pendulum of tests/data/osim (a PinJoint about ground's -y at (0, 1, 0), mass centre 1 m out)
// turned at a constant rate a: θ = θ0 + a t. Its mass centre (sin θ, 1, −cos θ) moves at
// a (cos θ, 0, sin θ) with the centripetal acceleration a² (−sin θ, 0, cos θ); ω = (0, −a, 0).
TEST(MotionPlayback, ConstantRatePendulumHasAnalyticSpeedsAndAccelerations) {
  const Loaded m(sourcePath("tests/data/osim/pendulum.osim"));
  const Real a = 30;  // deg/s
  const files::StorageTable motion = files::parseStorage(
      "m\ninDegrees=yes\nendheader\ntime\tswing\tbogus\n0\t10\t1\n0.5\t25\t1\n1\t40\t1\n1.5\t55\t1\n", "m.mot");
  const MotionColumns columns = matchMotionColumns(m.spec, m.built, motion, "m.mot");
  ASSERT_EQ(columns.columns.size(), 1u);
  EXPECT_EQ(columns.ignored, std::vector<std::string>{"bogus"});
  EXPECT_TRUE(columns.missing.empty());
  const RunResult run = playMotion(m.spec, m.built, motion, columns);
  ASSERT_EQ(run.frames.size(), 4u);
  const Real rate = a * kPi / 180;
  for (const Frame& f : run.frames) {
    const Real theta = (10 + a * f.time) * kPi / 180;
    const BodySample& b = f.bodies[0];
    EXPECT_NEAR(f.q[0], theta, 1e-14);
    EXPECT_NEAR(f.u[0], rate, 1e-12);
    EXPECT_NEAR(f.udot[0], 0, 1e-12);
    expectNear(b.com, Vec3(std::sin(theta), 1, -std::cos(theta)), 1e-12, "mass centre");
    expectNear(b.comVelocity, rate * Vec3(std::cos(theta), 0, std::sin(theta)), 1e-12, "velocity");
    expectNear(b.comAcceleration, rate * rate * Vec3(-std::sin(theta), 0, std::cos(theta)), 1e-12, "acceleration");
    expectNear(b.angularVelocity, Vec3(0, -rate, 0), 1e-12, "angular velocity");
  }
}

TEST(MotionPlayback, ColumnsByArticulaAndOpenSim4NamesAndRefusals) {
  const Loaded m(sourcePath("tests/data/osim/pendulum.osim"));
  auto match = [&](const std::string& text) {
    return matchMotionColumns(m.spec, m.built, files::parseStorage(text, "m.sto"), "m.sto");
  };
  EXPECT_EQ(match("m\nendheader\ntime\thinge.swing\n0\t1\n1\t2\n").columns.size(), 1u);
  const MotionColumns states = match(
      "m\nendheader\ntime\t/jointset/hinge/swing/value\t/jointset/hinge/swing/speed\n0\t1\t0\n1\t2\t0\n");
  ASSERT_EQ(states.columns.size(), 2u);
  EXPECT_TRUE(states.columns[1].speed);
  auto errorOf = [&](const std::string& text) {
    try {
      match(text);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(errorOf("m\nendheader\ntime\tknee\n0\t1\n1\t2\n"),
            "m.sto: no column names a coordinate of the model (labels such as \"swing\")");
  EXPECT_EQ(errorOf("m\nendheader\ntime\tswing\thinge.swing\n0\t1\t1\n1\t2\t2\n"),
            "m.sto: column \"hinge.swing\" sets hinge.swing a second time");
  EXPECT_EQ(errorOf("m\nendheader\ntime\tswing\n0\t1\n0\t2\n"), "m.sto: row 2: time 0.000000 does not follow 0.000000");
  EXPECT_EQ(errorOf("m\nendheader\ntime\tswing\n0\t1\n"), "m.sto: a motion needs at least two rows, it has 1");
}
