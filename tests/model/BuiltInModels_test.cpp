// The model files shipped in models/: every one loads, builds and passes the checks; the adult
// male has de Leva's masses and flexion signs that bend the joints the anatomical way.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <filesystem>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "articula/study/Assembler.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

// The four-bar with its crank locked and goals the loop cannot reach (a rocker angle, a far
// marker): the Assembler still closes the loop to its tolerance (the goals' stalled step used to
// stop it 3.6e-7 m short), and the rocker lands where the crank alone puts it.
TEST(BuiltInModels, FourBarAssemblesAroundUnreachableGoals) {
  const std::string file = sourcePath("models/four_bar.json");
  const ModelSpec spec = loadModelFile(file);
  const BuiltModel built = buildModel(spec, file);
  const MatterSubsystem& matter = built.system->getMatter();
  const int crank = built.mobodOfBody[spec.findBody("crank")];
  const int rocker = built.mobodOfBody[spec.findBody("rocker")];
  State s = built.initialState;
  matter.updQ(s)[matter.getInfo(crank).qStart] = 0.8;  // the loop opens
  Assembler alone(*built.system), withGoals(*built.system);
  for (Assembler* a : {&alone, &withGoals}) {
    a->lockBody(crank);
    a->setTolerance(1e-12);
  }
  withGoals.addCoordinateGoal(rocker, 0, 0.3);
  withGoals.addMarkerGoal("far", rocker, Vec3(0, 0, -0.4), Vec3(0.1, 0, -0.9));
  State closed = s;
  alone.assemble(closed);
  const AssemblyResult r = withGoals.assemble(s);
  EXPECT_LE(r.constraintError, 1e-12);
  EXPECT_NEAR(matter.getQ(s)[matter.getInfo(rocker).qStart], matter.getQ(closed)[matter.getInfo(rocker).qStart], 1e-9);
}

TEST(BuiltInModels, EveryModelLoadsAndBuilds) {
  int count = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(sourcePath("models"))) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    const ModelSpec m = loadModelFile(e.path().string());
    EXPECT_NO_THROW(buildModel(m, e.path().string()));
    ++count;
  }
  EXPECT_GE(count, 2);
}

TEST(BuiltInModels, AdultMaleHasDeLevasMasses) {
  const ModelSpec m = loadModelFile(sourcePath("models/adult_male.json"));
  EXPECT_GE(m.bodies.size(), 15u);
  Real total = 0;
  for (const auto& b : m.bodies) total += b.mass;
  EXPECT_NEAR(total, 73.0, 1e-4);  // de Leva's male fractions sum to 100 % of 73.0 kg
  EXPECT_NEAR(m.bodies[m.findBody("thigh_l")].mass, 0.1416 * 73.0, 1e-5);
  EXPECT_NEAR(m.bodies[m.findBody("head")].mass, 0.0694 * 73.0, 1e-5);
}

TEST(BuiltInModels, AdultMaleStandsAndFlexesAnatomically) {
  ModelSpec m = loadModelFile(sourcePath("models/adult_male.json"));
  const Real d = M_PI / 180;
  m.initialState.q["knee_l.angle"] = 30 * d;
  m.initialState.q["elbow_l.angle"] = 30 * d;
  const BuiltModel b = buildModel(m);
  const auto& matter = b.system->getMatter();
  auto origin = [&](const char* body) {
    return matter.getBodyTransform(b.initialState, b.mobodOfBody[m.findBody(body)]).p();
  };
  auto com = [&](const char* body) {
    const int i = m.findBody(body);
    return matter.findStationLocationInGround(b.initialState, b.mobodOfBody[i], m.bodies[i].massCenter);
  };
  // The right leg is straight: its ankle joint is 0.065 m above the floor (the sole on z = 0).
  EXPECT_NEAR(origin("foot_r").z(), 0.065, 1e-9);
  // Knee flexion moves the shank backward (-x), elbow flexion moves the forearm forward (+x).
  EXPECT_LT(com("shank_l").x(), -0.05);
  EXPECT_GT(com("forearm_l").x(), 0.05);
  // The head is on top.
  EXPECT_GT(com("head").z(), 1.5);
}

namespace {

// Writing then reading a model gives the same model (and the same file again).
void expectRoundTrip(const std::string& file) {
  const ModelSpec m = loadModelFile(file);
  const nlohmann::json once = writeArticulaModel(m);
  const nlohmann::json twice = writeArticulaModel(readModel(once, file));
  EXPECT_EQ(once, twice) << file;
}

RunResult runFor(const std::string& relative, Real duration) {
  const ModelSpec m = loadModelFile(sourcePath(relative));
  const BuiltModel b = buildModel(m, relative);
  ScenarioSpec sc = m.scenario;
  sc.duration = duration;
  sc.reportInterval = std::min(sc.reportInterval, duration / 10);
  return runSimulation(m, b, sc);
}

// Largest |E(t) - E(0)| over the run, relative to the largest kinetic energy reached.
Real energyDrift(const RunResult& r) {
  const Real e0 = r.frames.front().kineticEnergy + r.frames.front().potentialEnergy;
  Real drift = 0, scale = 0;
  for (const Frame& f : r.frames) {
    drift = std::max(drift, std::abs(f.kineticEnergy + f.potentialEnergy - e0));
    scale = std::max(scale, f.kineticEnergy);
  }
  return drift / scale;
}

// Rotation about +y of a body whose x axis starts along Ground's x: x_B = (cos t, 0, -sin t).
Real angleAboutY(const BodySample& s) {
  const Vec3 x = s.orientation.toRotation().x();
  return std::atan2(-x.z(), x.x());
}

}  // namespace

TEST(BuiltInModels, EveryModelRoundTrips) {
  int count = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(sourcePath("models"))) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    expectRoundTrip(e.path().string());
    ++count;
  }
  EXPECT_GE(count, 10);
}

TEST(BuiltInModels, AdultFemaleHasDeLevasFemaleMassesAndRanges) {
  const ModelSpec m = loadModelFile(sourcePath("models/adult_female.json"));
  EXPECT_GE(m.bodies.size(), 15u);
  Real total = 0;
  for (const auto& b : m.bodies) total += b.mass;
  EXPECT_NEAR(total, 61.9, 0.01);  // the female fractions sum to 99.99 % of 61.9 kg
  EXPECT_NEAR(m.bodies[m.findBody("thigh_l")].mass, 0.1478 * 61.9, 1e-5);
  EXPECT_NEAR(m.bodies[m.findBody("head")].mass, 0.0668 * 61.9, 1e-5);
  int limits = 0;
  for (const auto& f : m.forces) limits += f.type == ForceType::RangeOfMotionLimit;
  EXPECT_GE(limits, 15);  // every joint but the root has a normative range
  for (const auto& b : m.bodies)
    for (const auto& g : b.geometry) EXPECT_EQ(g.type, GeometryType::Ellipsoid) << b.name;
}

TEST(BuiltInModels, CarIsAMidSizeCarStandingOnItsWheels) {
  const ModelSpec m = loadModelFile(sourcePath("models/car.json"));
  Real total = 0;
  for (const auto& b : m.bodies) total += b.mass;
  EXPECT_NEAR(total, 1450, 50);
  const BuiltModel b = buildModel(m);
  const auto& matter = b.system->getMatter();
  // Each tyre's lowest point is within 1 cm of the ground (touching, slightly compressed).
  int wheels = 0;
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    if (m.bodies[i].name.rfind("wheel_", 0) != 0) continue;
    const Vec3 hub = matter.getBodyTransform(b.initialState, b.mobodOfBody[i]).p();
    const Real radius = m.bodies[i].geometry.at(0).size[0];
    EXPECT_NEAR(hub.z() - radius, 0, 0.01) << m.bodies[i].name;
    ++wheels;
  }
  EXPECT_EQ(wheels, 4);
  // The front end has contact shapes at bumper height for a pedestrian impact.
  bool bumper = false;
  for (const auto& g : m.bodies[m.findBody("chassis")].geometry)
    bumper = bumper || (g.name == "bumper" && !g.material.empty() && g.pose.position.z() > 0.3);
  EXPECT_TRUE(bumper);
}

TEST(BuiltInModels, BicycleHasTheBenchmarkParameters) {
  const ModelSpec m = loadModelFile(sourcePath("models/bicycle.json"));
  const BuiltModel b = buildModel(m);
  // Whipple bicycle: 9 mobilities, 2 contact heights and 4 no-slip rows leave lean, steer and speed.
  EXPECT_EQ(b.system->getMatter().getNU() - b.independentConstraintEquations, 3);
  const auto& matter = b.system->getMatter();
  auto origin = [&](const char* body) {
    return matter.getBodyTransform(b.initialState, b.mobodOfBody[m.findBody(body)]).p();
  };
  EXPECT_NEAR(origin("front_wheel").x() - origin("rear_wheel").x(), 1.02, 1e-9);  // wheelbase
  EXPECT_NEAR(origin("rear_wheel").z(), 0.3, 1e-9);
  EXPECT_NEAR(origin("front_wheel").z(), 0.35, 1e-9);
  // Trail: the steer axis meets the ground 0.08 m ahead of the front contact point.
  const int steer = m.findBody("front_frame");
  const Transform X_GF = matter.getBodyTransform(b.initialState, b.mobodOfBody[steer]);
  const Vec3 axis = X_GF.R() * (m.bodies[steer].joint.childFrame.orientation.toRotation().z());
  EXPECT_NEAR(std::acos(axis.z()), M_PI / 10, 1e-9);  // steer axis tilt
  const Vec3 p = X_GF.p();
  const Real groundX = p.x() - p.z() * axis.x() / axis.z();
  EXPECT_NEAR(groundX - origin("front_wheel").x(), 0.08, 1e-9);
  Real total = 0;
  for (const auto& body : m.bodies) total += body.mass;
  EXPECT_NEAR(total, 94, 1e-12);
}

TEST(BuiltInModels, ConservativeModelsConserveEnergy) {
  for (const char* file : {"models/double_pendulum.json", "models/pendulum_chain.json", "models/four_bar.json",
                           "models/spinning_top.json"}) {
    SCOPED_TRACE(file);
    const RunResult r = runFor(file, 0.5);
    EXPECT_LT(energyDrift(r), 1e-4);
    for (const Frame& f : r.frames) ASSERT_TRUE(std::isfinite(f.kineticEnergy));
  }
}

TEST(BuiltInModels, FourBarFollowsFreudensteinsEquation) {
  const ModelSpec m = loadModelFile(sourcePath("models/four_bar.json"));
  // Link lengths from the model itself: pivots and the loop-closing stations.
  const Real a = m.bodies[m.findBody("coupler")].joint.parentFrame.position.x();
  const Real d = m.bodies[m.findBody("rocker")].joint.parentFrame.position.x();
  const ConstraintSpec& ball = m.constraints.at(0);
  const Real b = ball.numbers.at("station1")[0], c = ball.numbers.at("station2")[0];
  const Real K1 = d / a, K2 = d / c, K3 = (a * a - b * b + c * c + d * d) / (2 * a * c);
  const BuiltModel built = buildModel(m);
  EXPECT_EQ(built.constraintEquations, 3);
  EXPECT_EQ(built.independentConstraintEquations, 2);  // planar loop: the ball's out-of-plane row is redundant
  const RunResult r = runFor("models/four_bar.json", 1.5);
  const int crank = m.findBody("crank"), rocker = m.findBody("rocker");
  Real spread = 0, worst = 0;
  for (const Frame& f : r.frames) {
    const Real t2 = angleAboutY(f.bodies[crank]), t4 = angleAboutY(f.bodies[rocker]);
    worst = std::max(worst, std::abs(K1 * std::cos(t4) - K2 * std::cos(t2) + K3 - std::cos(t2 - t4)));
    spread = std::max(spread, std::abs(t2 - angleAboutY(r.frames.front().bodies[crank])));
  }
  // Projection keeps the loop closed to accuracy/10 = 1e-7 m; the equation scales lengths by ~d/(ac) = 12/m.
  EXPECT_LT(worst, 1e-7 * 10 * d / (a * c));
  EXPECT_GT(spread, 0.5);  // the crank really turned
  // The file's crank angle was held by the assembly.
  EXPECT_NEAR(angleAboutY(r.frames.front().bodies[crank]), M_PI / 3, 1e-12);
}

TEST(BuiltInModels, SliderCrankSliderFollowsTheCrank) {
  const ModelSpec m = loadModelFile(sourcePath("models/slider_crank.json"));
  const Real r = m.bodies[m.findBody("rod")].joint.parentFrame.position.x();
  const Real l = m.constraints.at(0).numbers.at("station1")[0];
  const Real omega = m.constraints.at(1).numbers.at("speed")[0];
  const RunResult run = runFor("models/slider_crank.json", 0.6);
  const int slider = m.findBody("slider");
  for (const Frame& f : run.frames) {
    const Real t = omega * f.time;  // the motor turns the crank at constant speed from 0
    const Real x = r * std::cos(t) + std::sqrt(l * l - r * r * std::sin(t) * std::sin(t));
    EXPECT_NEAR(f.bodies[slider].origin.x(), x, 1e-6) << "t = " << f.time;
  }
}

TEST(BuiltInModels, SpinningTopPrecessesAtTheGyroscopicRate) {
  const ModelSpec m = loadModelFile(sourcePath("models/spinning_top.json"));
  const BodySpec& top = m.bodies.at(0);
  const Real g = -m.gravity.z(), mgl = top.mass * g * top.massCenter.z();
  const Real I3 = top.inertia(2, 2), I1tip = top.inertia(0, 0) + top.mass * top.massCenter.squaredNorm();
  const Vec3 w(m.initialState.u.at("tip.wx"), m.initialState.u.at("tip.wy"), m.initialState.u.at("tip.wz"));
  const Real tilt = m.initialState.q.at("tip.rx");
  const Vec3 axis0(0, -std::sin(tilt), std::cos(tilt));
  const Real w3 = w.dot(axis0);  // spin about the symmetry axis
  const Real gyroscopic = mgl / (I3 * w3);
  const RunResult r = runFor("models/spinning_top.json", 1.0);
  // Azimuth of the symmetry axis, unwrapped; its mean rate is the precession.
  Real azimuth = 0, previous = 0;
  bool first = true;
  for (const Frame& f : r.frames) {
    const Vec3 z = f.bodies[0].orientation.toRotation().z();
    const Real a = std::atan2(z.y(), z.x());
    if (!first) azimuth += std::remainder(a - previous, 2 * M_PI);
    previous = a;
    first = false;
    EXPECT_NEAR(std::acos(z.z()), tilt, 2e-3);  // no visible nutation from steady precession
  }
  const Real rate = azimuth / r.frames.back().time;
  // Steady precession: m g l = Omega I3 w3 - I1' Omega^2 cos(tilt) (exact for this start).
  const Real exact = mgl / (I3 * w3 - I1tip * rate * std::cos(tilt));
  EXPECT_NEAR(rate, exact, 1e-3 * exact);
  EXPECT_NEAR(rate, gyroscopic, 0.03 * gyroscopic);  // the fast-top estimate
}

TEST(BuiltInModels, NewtonsCradleLoadsWithTouchingBalls) {
  const ModelSpec m = loadModelFile(sourcePath("models/newtons_cradle.json"));
  const BuiltModel b = buildModel(m);
  ASSERT_EQ(m.bodies.size(), 5u);
  const auto& matter = b.system->getMatter();
  for (size_t i = 2; i < m.bodies.size(); ++i) {  // balls 2..5 hang at rest, neighbours touching
    const Vec3 c1 = matter.findStationLocationInGround(b.initialState, b.mobodOfBody[i - 1],
                                                       m.bodies[i - 1].massCenter);
    const Vec3 c2 = matter.findStationLocationInGround(b.initialState, b.mobodOfBody[i], m.bodies[i].massCenter);
    EXPECT_NEAR((c2 - c1).norm(), 2 * m.bodies[i].geometry[0].size[0], 1e-9);
  }
  EXPECT_FALSE(m.bodies[0].geometry[0].material.empty());
}

namespace {

// The benchmark bicycle at forward speed v, nudged by a small lean rate: its lean angle is a sum
// of the four modes of the linearized Whipple bicycle. Once the fast castering mode has died out
// (after 0.5 s), a third-order linear recurrence fitted to the samples (Prony's method) gives the
// eigenvalues of the other three, weave and capsize, as ln(root) / dt.
std::vector<std::complex<Real>> bicycleEigenvalues(Real v) {
  ModelSpec m = loadModelFile(sourcePath("models/bicycle.json"));
  m.initialState.u = {{"root.vx", v}, {"root.wx", 0.01}, {"rear_hub.angle", v / 0.3}, {"front_hub.angle", v / 0.35}};
  const BuiltModel b = buildModel(m);
  ScenarioSpec sc = m.scenario;
  sc.duration = 3;
  sc.reportInterval = 0.01;
  sc.accuracy = 1e-9;
  const RunResult r = runSimulation(m, b, sc);
  const int rear = m.findBody("rear_frame");
  std::vector<Real> lean;
  for (const Frame& f : r.frames)
    if (f.time >= 0.5) lean.push_back(std::asin(f.bodies[rear].orientation.toRotation().y().z()));
  const int n = 3, rows = static_cast<int>(lean.size()) - n;
  Matrix A(rows, n);
  Vector rhs(rows);
  for (int k = 0; k < rows; ++k) {
    for (int i = 0; i < n; ++i) A(k, i) = lean[k + i];
    rhs[k] = lean[k + n];
  }
  const Vector c = A.colPivHouseholderQr().solve(rhs);
  Matrix companion = Matrix::Zero(n, n);  // x_{k+1} = companion x_k
  for (int i = 0; i + 1 < n; ++i) companion(i, i + 1) = 1;
  for (int i = 0; i < n; ++i) companion(n - 1, i) = c[i];
  const Eigen::EigenSolver<Matrix> eig(companion);
  std::vector<std::complex<Real>> lambda;
  for (int i = 0; i < n; ++i) lambda.push_back(std::log(eig.eigenvalues()[i]) / sc.reportInterval);
  std::sort(lambda.begin(), lambda.end(), [](auto x, auto y) { return x.real() < y.real(); });
  return lambda;
}

// The weave pair: the eigenvalues with the largest imaginary part.
std::complex<Real> weave(const std::vector<std::complex<Real>>& lambda) {
  return *std::max_element(lambda.begin(), lambda.end(), [](auto x, auto y) { return x.imag() < y.imag(); });
}

}  // namespace

TEST(BuiltInModels, BicycleHasTheBenchmarkEigenvaluesAt5MetresPerSecond) {
  // Meijaard et al. 2007, Table 2 (v = 5 m/s): weave -0.7751 +- 4.4648i, capsize -0.3229.
  const auto lambda = bicycleEigenvalues(5.0);
  ASSERT_EQ(lambda.size(), 3u);
  const std::complex<Real> w = weave(lambda);
  std::printf("bicycle at 5 m/s: weave %.5f +- %.5fi, capsize %.5f\n", w.real(), w.imag(), lambda[2].real());
  EXPECT_NEAR(w.real(), -0.7751, 0.01);
  EXPECT_NEAR(w.imag(), 4.4648, 0.01);
  EXPECT_NEAR(lambda[2].real(), -0.3229, 0.01);  // capsize: the slowest mode
  EXPECT_NEAR(lambda[2].imag(), 0, 1e-9);
}

TEST(BuiltInModels, BicycleWeaveIsStableFromAbout4Point3MetresPerSecond) {
  EXPECT_GT(weave(bicycleEigenvalues(4.0)).real(), 0);  // benchmark: weave stable above 4.292 m/s
  EXPECT_LT(weave(bicycleEigenvalues(4.6)).real(), 0);
}

TEST(BuiltInModels, BicycleCapsizesSlowlyAboveAbout6MetresPerSecond) {
  // Benchmark: the capsize mode turns unstable at 6.024 m/s.
  auto capsize = [](Real v) { return bicycleEigenvalues(v).back().real(); };
  EXPECT_LT(capsize(5.7), 0);
  EXPECT_GT(capsize(6.4), 0);
}

TEST(BuiltInModels, AdultFemaleRangesAdmitAnatomicalMotionAndStopTheRest) {
  // Energy stored in the range-of-motion limits: the total potential energy minus gravity's.
  auto limitEnergy = [](const std::map<std::string, Real>& qDeg) {
    ModelSpec m = loadModelFile(sourcePath("models/adult_female.json"));
    for (const auto& [name, deg] : qDeg) m.initialState.q[name] = deg * M_PI / 180;
    const BuiltModel b = buildModel(m);
    const auto& matter = b.system->getMatter();
    Real gravity = 0;
    for (size_t i = 0; i < m.bodies.size(); ++i)
      gravity -= m.bodies[i].mass * m.gravity.dot(matter.findStationLocationInGround(b.initialState, b.mobodOfBody[i],
                                                                                     m.bodies[i].massCenter));
    return b.system->calcPotentialEnergy(b.initialState) - gravity;
  };
  EXPECT_NEAR(limitEnergy({}), 0, 1e-9);  // the upright pose is inside every range
  // Hip flexion (thigh forward, a turn about -y), knee and elbow flexion, shoulder flexion, ankle
  // plantarflexion, neck flexion: all normal.
  EXPECT_NEAR(limitEnergy({{"hip_l.ry", -90},
                           {"knee_l.angle", 90},
                           {"elbow_r.angle", 120},
                           {"shoulder_r.ry", -90},
                           {"ankle_l.ry", 30},
                           {"neck.ry", 30}}),
              0, 1e-9);
  // Beyond the ranges: hip hyperextension, knee hyperextension, shoulder extension past 60
  // degrees, left hip adduction past 30 degrees, each stores energy.
  for (const auto& pose : std::vector<std::map<std::string, Real>>{
           {{"hip_l.ry", 50}}, {{"knee_r.angle", -15}}, {{"shoulder_l.ry", 80}}, {{"hip_l.rx", -40}}})
    EXPECT_GT(limitEnergy(pose), 1e-3) << pose.begin()->first;
}
