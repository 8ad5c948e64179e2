// Muscle path geometry (include/articula/model/MusclePaths.h): a one-segment muscle across a pin
// whose length, moment arm and lengthening speed are worked by hand; a conditional point switched
// by its coordinate's range and a moving point following its function; every muscle of the
// fixture models finite, its moment arms equal to central differences of its length and its
// lengthening speed to the change of length along q̇.
#include "articula/model/MusclePaths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <regex>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ModelFile.h"
#include "articula/model/OsimImport.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

const char* const kFixtures = ARTICULA_FIXTURES "/opensim/";

// Body "arm" on a pin about ground's z through the origin (coordinate "q"); `path` inside the muscle.
std::string pinModel(const std::string& path) {
  return "<OpenSimDocument Version=\"40000\"><Model name=\"m\"><BodySet><objects><Body name=\"arm\"><mass>1</mass>"
         "<inertia>0.1 0.1 0.1 0 0 0</inertia></Body></objects></BodySet><JointSet><objects><PinJoint name=\"pin\">"
         "<socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/arm</socket_child_frame>"
         "<coordinates><Coordinate name=\"q\"/></coordinates></PinJoint></objects></JointSet><ForceSet><objects>"
         "<Thelen2003Muscle name=\"mus\"><GeometryPath name=\"path\"><PathPointSet><objects>" +
         path +
         "</objects></PathPointSet></GeometryPath></Thelen2003Muscle></objects></ForceSet></Model></OpenSimDocument>";
}

std::string point(const std::string& name, const std::string& frame, const std::string& at,
                  const std::string& more = "", const std::string& tag = "PathPoint") {
  return "<" + tag + " name=\"" + name + "\"><socket_parent_frame>" + frame + "</socket_parent_frame><location>" + at +
         "</location>" + more + "</" + tag + ">";
}

// A built model with q set by matter index.
struct Rig {
  ModelSpec spec;
  BuiltModel built;
  State s;
  explicit Rig(ModelSpec m) : spec(std::move(m)), built(buildModel(spec, "t.osim")), s(built.initialState) {}
  const MatterSubsystem& matter() const { return built.system->getMatter(); }
  int qIndex(const std::string& coordinate) const {
    const size_t dot = coordinate.find('.');
    for (size_t b = 0; b < spec.bodies.size(); ++b) {
      const JointSpec& j = spec.bodies[b].joint;
      if (j.name != coordinate.substr(0, dot)) continue;
      const auto& c = j.functions.coordinates;
      const int k = static_cast<int>(std::find(c.begin(), c.end(), coordinate.substr(dot + 1)) - c.begin());
      return matter().getInfo(built.mobodOfBody[b]).qStart + k;
    }
    return -1;
  }
  void setQ(int i, Real v) {
    matter().updQ(s)[i] = v;
    built.system->realize(s, Stage::Velocity);
  }
};

}  // namespace

TEST(MusclePaths, OneSegmentAcrossAPinByHand) {
  // Origin on ground at (d, 0, 0), insertion on the arm at (0, r, 0): at angle q it is at
  // (−r sin q, r cos q, 0), so L² = d² + r² + 2 d r sin q, ∂L/∂q = d r cos q / L.
  const Real d = 0.3, r = 0.2;
  Rig rig(importOsim(pinModel(point("o", "/ground", "0.3 0 0") + point("i", "/bodyset/arm", "0 0.2 0")), "t.osim"));
  ASSERT_EQ(rig.spec.muscles.size(), 1u);
  EXPECT_EQ(rig.spec.muscles[0].type, "Thelen2003Muscle");
  const MusclePaths paths(rig.spec, rig.built);
  ASSERT_EQ(paths.coordinates(), std::vector<std::string>{"pin.q"});
  for (Real q : {0.0, 0.4, -1.2, 2.5}) {
    rig.setQ(0, q);
    rig.matter().updU(rig.s)[0] = 1.5;
    rig.built.system->realize(rig.s, Stage::Velocity);
    const Real L = std::sqrt(d * d + r * r + 2 * d * r * std::sin(q));
    EXPECT_NEAR(paths.length(rig.s, 0), L, 1e-15);
    EXPECT_NEAR(paths.momentArms(rig.s, 0).at(0), -d * r * std::cos(q) / L, 1e-15);
    EXPECT_NEAR(paths.lengtheningSpeed(rig.s, 0), 1.5 * d * r * std::cos(q) / L, 1e-14);
  }
}

TEST(MusclePaths, ConditionalAndMovingPoints) {
  // Via point on ground at (0, 1, 0) only while 0 <= q <= 1; the insertion moves along the arm's
  // x with x = 0.5 + 0.25 q (a LinearFunction of q), y = 0, z = 0.
  const std::string via = point("v", "/ground", "0 1 0",
                                "<socket_coordinate>/jointset/pin/q</socket_coordinate><range>0 1</range>",
                                "ConditionalPathPoint");
  const std::string moving =
      "<MovingPathPoint name=\"m\"><socket_parent_frame>/bodyset/arm</socket_parent_frame>"
      "<socket_x_coordinate>/jointset/pin/q</socket_x_coordinate><x_location><LinearFunction><coefficients>0.25 0.5"
      "</coefficients></LinearFunction></x_location></MovingPathPoint>";
  Rig rig(importOsim(pinModel(point("o", "/ground", "0 0 0") + via + moving), "t.osim"));
  ASSERT_EQ(rig.spec.muscles.at(0).path.size(), 3u);
  EXPECT_EQ(rig.spec.muscles[0].path[1].kind, PathPointKind::Conditional);
  EXPECT_EQ(rig.spec.muscles[0].path[2].kind, PathPointKind::Moving);
  const MusclePaths paths(rig.spec, rig.built);
  // Insertion at ρ (cos q, sin q, 0), ρ = 0.5 + 0.25 q. Without the via point L = ρ, ∂L/∂q = 0.25.
  for (Real q : {-0.5, 1.5}) {
    rig.setQ(0, q);
    EXPECT_NEAR(paths.length(rig.s, 0), 0.5 + 0.25 * q, 1e-15) << q;
    EXPECT_NEAR(paths.momentArms(rig.s, 0)[0], -0.25, 1e-15) << q;
  }
  // With it: L = 1 + |p − (0, 1, 0)|, p = ρ (cos q, sin q, 0); ∂L/∂q = e · ∂p/∂q,
  // ∂p/∂q = 0.25 (cos q, sin q, 0) + ρ (−sin q, cos q, 0).
  const Real q = 0.6, rho = 0.5 + 0.25 * q;
  rig.setQ(0, q);
  const Vec3 p(rho * std::cos(q), rho * std::sin(q), 0),
      dp = 0.25 * Vec3(std::cos(q), std::sin(q), 0) + rho * Vec3(-std::sin(q), std::cos(q), 0);
  const Vec3 seg = p - Vec3(0, 1, 0);
  EXPECT_NEAR(paths.length(rig.s, 0), 1 + seg.norm(), 1e-15);
  EXPECT_NEAR(paths.momentArms(rig.s, 0)[0], -seg.normalized().dot(dp), 1e-15);
}

// Every muscle of every fixture: counted from the XML, finite; its moment arms about every
// coordinate equal −(L(q + h) − L(q − h)) / 2h, its lengthening speed (L(q + h q̇) − L(q − h q̇)) / 2h.
TEST(MusclePaths, FixtureMomentArmsMatchCentralDifferences) {
  for (const char* name : {"gait2354/subject01_simbody_adjusted.osim", "gait10dof18musc/subject01.osim",
                           "models/leg6dof9musc.osim", "models/arm26.osim", "models/gait2392_millard2012muscle.osim"}) {
    const std::string file = std::string(kFixtures) + name;
    const std::string text = readText(file);
    std::ptrdiff_t paths = 0;
    for (size_t at = text.find("<GeometryPath"); at != std::string::npos; at = text.find("<GeometryPath", at + 1))
      ++paths;
    Rig rig(loadModelFile(file));
    ASSERT_EQ(static_cast<std::ptrdiff_t>(rig.spec.muscles.size()), paths) << name;
    std::ptrdiff_t points = 0, read = 0;  // every <PathPoint, <ConditionalPathPoint, <MovingPathPoint element
    for (const char* tag : {"<PathPoint ", "<ConditionalPathPoint ", "<MovingPathPoint "})
      for (size_t at = text.find(tag); at != std::string::npos; at = text.find(tag, at + 1)) ++points;
    for (const MuscleSpec& k : rig.spec.muscles) read += static_cast<std::ptrdiff_t>(k.path.size());
    EXPECT_EQ(read, points) << name;
    if (text.find("<PathWrap ") != std::string::npos) {  // arm26: wraps listed, not applied
      EXPECT_NE(rig.spec.warnings.back().find("<PathWrap> (path wrap: not applied to the muscle's length yet)"),
                std::string::npos);
    }
    const MusclePaths mp(rig.spec, rig.built);
    // A pose away from the default: every coordinate moved by 0.1 (rad or m/10), speeds 0.3.
    for (const std::string& c : mp.coordinates()) rig.matter().updQ(rig.s)[rig.qIndex(c)] += 0.1 * 0.37;
    for (int i = 0; i < rig.matter().getNU(); ++i) rig.matter().updU(rig.s)[i] = 0.3 * ((i % 3) - 1);
    rig.built.system->realize(rig.s, Stage::Velocity);
    const Real h = 1e-6;
    Real worst = 0, worstSpeed = 0;
    for (int m = 0; m < mp.muscleCount(); ++m) {
      const std::vector<Real> arms = mp.momentArms(rig.s, m);
      const Real speed = mp.lengtheningSpeed(rig.s, m);
      ASSERT_TRUE(std::isfinite(mp.length(rig.s, m)) && std::isfinite(speed)) << name << " muscle " << m;
      State saved = rig.s;
      for (size_t k = 0; k < arms.size(); ++k) {
        const int qi = rig.qIndex(mp.coordinates()[k]);
        const Real q0 = rig.matter().getQ(saved)[qi];
        rig.setQ(qi, q0 + h);
        const Real up = mp.length(rig.s, m);
        rig.setQ(qi, q0 - h);
        const Real down = mp.length(rig.s, m);
        rig.setQ(qi, q0);
        const Real fd = -(up - down) / (2 * h);
        worst = std::max(worst, std::abs(arms[k] - fd));
        EXPECT_NEAR(arms[k], fd, 1e-8) << name << " muscle " << rig.spec.muscles[m].name << " about "
                                       << mp.coordinates()[k];
      }
      // Along q̇ = u (function_based joints): L(q ± h u).
      const Vector q0 = rig.matter().getQ(saved), u = rig.matter().getU(saved);
      rig.matter().updQ(rig.s) = q0 + h * u;
      rig.built.system->realize(rig.s, Stage::Position);
      const Real up = mp.length(rig.s, m);
      rig.matter().updQ(rig.s) = q0 - h * u;
      rig.built.system->realize(rig.s, Stage::Position);
      const Real down = mp.length(rig.s, m);
      rig.s = saved;
      rig.built.system->realize(rig.s, Stage::Velocity);
      worstSpeed = std::max(worstSpeed, std::abs(speed - (up - down) / (2 * h)));
      EXPECT_NEAR(speed, (up - down) / (2 * h), 1e-8) << name << " muscle " << rig.spec.muscles[m].name;
    }
    std::printf("%s: %d muscles, worst |moment arm - central difference| %.3g m, speed %.3g m/s\n", name,
                mp.muscleCount(), worst, worstSpeed);
  }
}

// ---- continuity over each coordinate's range ----

namespace {

// Each coordinate's <range> as the file gives it (lower upper), by coordinate name.
std::map<std::string, std::pair<Real, Real>> rangesInXml(const std::string& text) {
  std::map<std::string, std::pair<Real, Real>> ranges;
  const std::regex coordinate(R"re(<Coordinate name="([^"]+)">[\s\S]*?<range>\s*(\S+)\s+(\S+)\s*</range>)re");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), coordinate); it != std::sregex_iterator(); ++it)
    ranges[(*it)[1]] = {std::stod((*it)[2]), std::stod((*it)[3])};
  return ranges;
}

// Whether one of the muscle's conditional points on coordinate c comes on or goes off between a and b.
bool switches(const MuscleSpec& muscle, const std::string& c, Real a, Real b) {
  for (const PathPointSpec& p : muscle.path) {
    if (p.kind != PathPointKind::Conditional || p.coordinate != c) continue;
    for (Real edge : {p.lower, p.upper})
      if ((a - edge) * (b - edge) <= 0) return true;
  }
  return false;
}

}  // namespace

// Swept across its whole range in 1000 steps, one coordinate at a time (the others at their
// defaults), every muscle's length stays finite and changes by what its moment arms say: the
// trapezoid of −∂L/∂q over each step matches the step's change in length. A jump in the length
// or a wrong moment arm anywhere in the range shows as a step the moment arms do not explain,
// except where a ConditionalPathPoint comes on or goes off: there the path gains or loses a
// corner and its length jumps, in OpenSim as here (the models' authors accept it; the jumps are
// printed).
TEST(MusclePaths, FixtureLengthsAreContinuousOverEveryCoordinateRange) {
  for (const char* name : {"gait2354/subject01_simbody_adjusted.osim", "gait10dof18musc/subject01.osim",
                           "models/leg6dof9musc.osim", "models/arm26.osim", "models/gait2392_millard2012muscle.osim"}) {
    const std::string file = std::string(kFixtures) + name;
    const auto ranges = rangesInXml(readText(file));
    Rig rig(loadModelFile(file));
    const MusclePaths mp(rig.spec, rig.built);
    const State start = rig.s;
    Real worst = 0, biggestJump = 0;
    std::string worstAt;
    size_t swept = 0, switched = 0;
    for (size_t k = 0; k < mp.coordinates().size(); ++k) {
      const std::string& c = mp.coordinates()[k];
      const auto range = ranges.find(c.substr(c.find('.') + 1));
      ASSERT_NE(range, ranges.end()) << name << ": no <range> for " << c;
      ++swept;
      const int qi = rig.qIndex(c);
      const int steps = 1000;
      const Real lo = range->second.first, dq = (range->second.second - lo) / steps;
      rig.s = start;
      rig.setQ(qi, lo);
      std::vector<Real> length(mp.muscleCount()), arm(mp.muscleCount());
      for (int m = 0; m < mp.muscleCount(); ++m) length[m] = mp.length(rig.s, m), arm[m] = mp.momentArms(rig.s, m)[k];
      for (int i = 1; i <= steps; ++i) {
        rig.setQ(qi, lo + i * dq);
        for (int m = 0; m < mp.muscleCount(); ++m) {
          const Real L = mp.length(rig.s, m), r = mp.momentArms(rig.s, m)[k];
          ASSERT_TRUE(std::isfinite(L) && std::isfinite(r)) << name << " " << rig.spec.muscles[m].name << " at " << c;
          const Real miss = std::abs((L - length[m]) + 0.5 * (r + arm[m]) * dq);
          if (switches(rig.spec.muscles[m], c, lo + (i - 1) * dq, lo + i * dq)) {
            ++switched;
            biggestJump = std::max(biggestJump, miss);
          } else if (miss > worst) {
            worst = miss, worstAt = rig.spec.muscles[m].name + " over " + c;
          }
          length[m] = L, arm[m] = r;
        }
      }
    }
    EXPECT_EQ(swept, ranges.size()) << name;
    std::printf(
        "%s: %zu coordinates swept, worst step unexplained by the moment arms %.3g m (%s); %zu steps switch a "
        "conditional point, the largest jump %.3g m\n",
        name, swept, worst, worstAt.c_str(), switched, biggestJump);
    EXPECT_LT(worst, 1e-5) << name << ": " << worstAt;
  }
}

TEST(MusclePaths, WrittenToJsonAndReadBackAlike) {
  // gait2354 (fixed, conditional and moving points) through Articula's JSON: the same lengths and
  // moment arms for every muscle at three poses.
  const std::string file = std::string(kFixtures) + "gait2354/subject01_simbody_adjusted.osim";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " absent";
  Rig osim(loadModelFile(file));
  const std::string json = writeArticulaModel(osim.spec).dump();
  Rig back(readModelText(json, "back.json"));
  ASSERT_EQ(back.spec.muscles.size(), osim.spec.muscles.size());
  const MusclePaths a(osim.spec, osim.built), b(back.spec, back.built);
  ASSERT_EQ(a.coordinates(), b.coordinates());
  int kinds[3] = {0, 0, 0};
  for (const MuscleSpec& m : back.spec.muscles)
    for (const PathPointSpec& p : m.path) ++kinds[static_cast<int>(p.kind)];
  EXPECT_GT(kinds[1], 0);  // conditional points
  EXPECT_GT(kinds[2], 0);  // moving points
  Real worst = 0;
  for (const Real step : {0.0, 0.2, -0.35}) {
    for (size_t k = 0; k < a.coordinates().size(); ++k) {
      const Real v = step * std::cos(1.7 * static_cast<Real>(k));
      osim.matter().updQ(osim.s)[osim.qIndex(a.coordinates()[k])] = v;
      back.matter().updQ(back.s)[back.qIndex(b.coordinates()[k])] = v;
    }
    osim.built.system->realize(osim.s, Stage::Position);
    back.built.system->realize(back.s, Stage::Position);
    for (int m = 0; m < a.muscleCount(); ++m) {
      EXPECT_EQ(a.length(osim.s, m), b.length(back.s, m)) << osim.spec.muscles[m].name;
      const std::vector<Real> ra = a.momentArms(osim.s, m), rb = b.momentArms(back.s, m);
      for (size_t k = 0; k < ra.size(); ++k) worst = std::max(worst, std::abs(ra[k] - rb[k]));
    }
  }
  EXPECT_EQ(worst, 0);
  std::printf("gait2354 via JSON: %d muscles, %d conditional and %d moving points, worst moment arm change %.3g m\n",
              a.muscleCount(), kinds[1], kinds[2], worst);
}

TEST(MusclePaths, JsonRefusesUnknownBodiesAndCoordinates) {
  const std::string head =
      R"({"format": "articula-model", "version": 1, "bodies": [{"name": "arm", "mass": 1, "inertia": [0.1, 0.1, 0.1],
      "joint": {"name": "pin", "type": "function_based", "parent": "ground", "coordinates": [{"name": "q"}],
      "rotations": [{"type": "linear", "coefficients": [1, 0], "args": ["q"]}, null, null]}}], "muscles": [)";
  const std::string fixed = R"({"name": "o", "body": "ground", "location": [0.3, 0, 0]})";
  auto error = [&](const std::string& second) {
    try {
      readModelText(head + R"({"name": "m", "path": [)" + fixed + ", " + second + "]}]}", "m.json");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(error(R"({"name": "i", "body": "arm", "location": [0, 0.2, 0], "coordinate": "pin.q", "range": [0, 1]})"),
            "(no error)");
  EXPECT_NE(error(R"({"name": "i", "body": "leg", "location": [0, 0.2, 0]})").find("/muscles/0/path/1/body"),
            std::string::npos);
  EXPECT_NE(error(R"({"name": "i", "body": "arm", "location": [0, 0, 0], "coordinate": "pin.x", "range": [0, 1]})")
                .find("/muscles/0/path/1/coordinate"),
            std::string::npos);
  EXPECT_NE(error(R"({"name": "i", "body": "arm", "location": [0, 0, 0], "functions": [null, null,
                {"type": "linear", "coefficients": [1, 0], "args": ["knee.q"]}]})")
                .find("/muscles/0/path/1/functions/2/args/0"),
            std::string::npos);
}

TEST(MusclePaths, CoupledMomentArmsFollowTheCoupler) {
  // leg6dof9musc: knee_angle_pat_r = knee_angle_r (a CoordinateCouplerConstraint). The coupled
  // moment arm about knee_angle_r is minus the change of length when both move together (central
  // differences). No muscle of this model attaches to the patella (its quadriceps insert by
  // moving points on the tibia), so here the coupled arms equal the uncoupled ones.
  const std::string file = std::string(kFixtures) + "models/leg6dof9musc.osim";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " absent";
  Rig rig(loadModelFile(file));
  const MusclePaths mp(rig.spec, rig.built);
  const auto& names = mp.coordinates();
  const auto at = [&](const std::string& n) {
    return static_cast<size_t>(std::find(names.begin(), names.end(), n) - names.begin());
  };
  const ConstraintSpec* coupler = nullptr;
  for (const ConstraintSpec& c : rig.spec.constraints)
    if (c.type == ConstraintType::CoordinateCoupler) coupler = &c;
  ASSERT_NE(coupler, nullptr);
  // The coupler's function g(q_ind, q_dep) = 0, solved for q_dep by its linear coefficients.
  const FunctionSpec& g = coupler->function.at(0);
  ASSERT_EQ(g.type, FunctionType::Linear);
  const std::string ind = g.args[0], dep = g.args[1];
  const int qi = rig.qIndex(ind), qd = rig.qIndex(dep);
  const auto depOf = [&](Real q) { return -(g.coefficients[0] * q + g.coefficients[2]) / g.coefficients[1]; };
  Real worst = 0;
  int differ = 0;
  for (const Real knee : {-0.3, -1.1}) {
    rig.setQ(qi, knee);
    rig.setQ(qd, depOf(knee));
    for (int m = 0; m < mp.muscleCount(); ++m) {
      const std::vector<Real> coupled = mp.coupledMomentArms(rig.s, m), alone = mp.momentArms(rig.s, m);
      const State saved = rig.s;
      const Real h = 1e-6;
      rig.setQ(qi, knee + h);
      rig.setQ(qd, depOf(knee + h));
      const Real up = mp.length(rig.s, m);
      rig.setQ(qi, knee - h);
      rig.setQ(qd, depOf(knee - h));
      const Real down = mp.length(rig.s, m);
      rig.s = saved;
      rig.built.system->realize(rig.s, Stage::Velocity);
      const Real fd = -(up - down) / (2 * h);
      worst = std::max(worst, std::abs(coupled[at(ind)] - fd));
      EXPECT_NEAR(coupled[at(ind)], fd, 1e-8) << rig.spec.muscles[m].name;
      if (std::abs(coupled[at(ind)] - alone[at(ind)]) > 1e-3) ++differ;
      // Uncoupled coordinates: the same either way.
      EXPECT_NEAR(coupled[at("hip_r.hip_flexion_r")], alone[at("hip_r.hip_flexion_r")], 1e-14);
    }
  }
  EXPECT_EQ(differ, 0);
  std::printf(
      "leg6dof9musc: coupled knee moment arms vs central differences along the coupler: worst %.3g m; "
      "%d muscle-poses differ from the uncoupled ones\n",
      worst, differ);
}

TEST(MusclePaths, CoupledMomentArmsOfACoupledPair) {
  // Arm a on a pin about ground's z (q1), arm b on a pin at (0.3, 0, 0) on a (q2), coupled by
  // q2 = 0.5 q1 + 0.1; a muscle from ground (0, 0.2, 0) to b's (0.2, 0, 0). Coupled about q1:
  // minus dL/dq1 moving q2 by 0.5 dq1; about q2: moving q1 by 2 dq2. Checked by central differences.
  const std::string pin = "<inertia>0.1 0.1 0.1 0 0 0</inertia></Body>";
  const std::string text =
      "<OpenSimDocument Version=\"40000\"><Model name=\"m\"><BodySet><objects><Body name=\"a\"><mass>1</mass>" + pin +
      "<Body name=\"b\"><mass>1</mass>" + pin +
      "</objects></BodySet><JointSet><objects><PinJoint name=\"j1\"><socket_parent_frame>/ground</socket_parent_frame>"
      "<socket_child_frame>/bodyset/a</socket_child_frame><coordinates><Coordinate name=\"q1\"/></coordinates>"
      "</PinJoint><PinJoint name=\"j2\"><socket_parent_frame>a_offset</socket_parent_frame>"
      "<socket_child_frame>/bodyset/b</socket_child_frame><coordinates><Coordinate name=\"q2\"><default_value>0.1"
      "</default_value></Coordinate></coordinates><frames><PhysicalOffsetFrame name=\"a_offset\"><socket_parent>"
      "/bodyset/a</socket_parent><translation>0.3 0 0</translation></PhysicalOffsetFrame></frames></PinJoint>"
      "</objects></JointSet><ConstraintSet><objects><CoordinateCouplerConstraint "
      "name=\"c\"><coupled_coordinates_function>"
      "<LinearFunction><coefficients>0.5 0.1</coefficients></LinearFunction></coupled_coordinates_function>"
      "<independent_coordinate_names>q1</independent_coordinate_names><dependent_coordinate_name>q2"
      "</dependent_coordinate_name></CoordinateCouplerConstraint></objects></ConstraintSet><ForceSet><objects>"
      "<Thelen2003Muscle name=\"mus\"><GeometryPath name=\"path\"><PathPointSet><objects>" +
      point("o", "/ground", "0 0.2 0") + point("i", "/bodyset/b", "0.2 0 0") +
      "</objects></PathPointSet></GeometryPath></Thelen2003Muscle></objects></ForceSet></Model></OpenSimDocument>";
  Rig rig(importOsim(text, "pair.osim"));
  const MusclePaths mp(rig.spec, rig.built);
  ASSERT_EQ(mp.coordinates(), (std::vector<std::string>{"j1.q1", "j2.q2"}));
  const int i1 = rig.qIndex("j1.q1"), i2 = rig.qIndex("j2.q2");
  const auto lengthAt = [&](Real q1) {
    rig.setQ(i1, q1);
    rig.setQ(i2, 0.5 * q1 + 0.1);
    return mp.length(rig.s, 0);
  };
  for (const Real q1 : {0.4, -0.9, 1.7}) {
    const Real h = 1e-6;
    const Real fd = -(lengthAt(q1 + h) - lengthAt(q1 - h)) / (2 * h);
    lengthAt(q1);
    const std::vector<Real> coupled = mp.coupledMomentArms(rig.s, 0), alone = mp.momentArms(rig.s, 0);
    EXPECT_NEAR(coupled[0], fd, 1e-9) << q1;
    EXPECT_NEAR(coupled[1], 2 * fd, 2e-9) << q1;  // dq1 = 2 dq2
    EXPECT_NEAR(coupled[0], alone[0] + 0.5 * alone[1], 1e-14);
    EXPECT_GT(std::abs(alone[1]), 0.01);  // the coupling matters
  }
}
