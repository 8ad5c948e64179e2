// docs/api.md's first examples, as printed there (the test checks that every line of the page's
// first code block is in this file), compiled and run: a three-link arm hanging along -z under
// gravity along -z, swinging about y.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"  // one header per force element
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "support/IoTestSupport.h"

using namespace articula;

namespace {

// The lines of the first ```cpp block of docs/api.md, without the includes and blank lines.
std::vector<std::string> firstExampleLines() {
  std::istringstream page(iotest::readText(iotest::sourcePath("docs/api.md")));
  std::vector<std::string> lines;
  std::string line;
  bool in = false;
  while (std::getline(page, line)) {
    if (!in) {
      in = line == "```cpp";
      continue;
    }
    if (line == "```") break;
    if (line.empty() || line.rfind("#include", 0) == 0) continue;
    std::string code = line.substr(0, line.find("//"));  // this file's comments are its own
    while (!code.empty() && code.back() == ' ') code.pop_back();
    if (!code.empty()) lines.push_back(code);
  }
  return lines;
}

}  // namespace

TEST(ApiTour, ThisFileHoldsThePagesFirstExample) {
  const std::vector<std::string> lines = firstExampleLines();
  ASSERT_GT(lines.size(), 10u);
  const std::string self = iotest::readText(iotest::sourcePath("tests/cli/ApiTour_test.cpp"));
  for (const std::string& l : lines) EXPECT_NE(self.find(l), std::string::npos) << "docs/api.md's line not here: " << l;
}

TEST(ApiTour, FirstExampleSwingsUnderGravityWithTheRodsInertia) {
  // --- docs/api.md, section 1, as printed ---
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);

  Body link(MassProperties::fromCentral(1.0, Vec3(0, 0, -0.25), Inertia::cylinderAlongZ(1.0, 0.02, 0.25)));
  const Transform aboutY(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3(0, 1, 0)));
  MobilizedBody::Pin shoulder(ground, aboutY, link, aboutY);
  MobilizedBody::Pin elbow(shoulder, Transform(Vec3(0, 0, -0.5)) * aboutY, link, aboutY);
  MobilizedBody::Ball wrist(elbow, Transform(Vec3(0, 0, -0.5)), link, Transform());

  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, 0, -9.81)));

  State state = system.realizeTopology();
  // --- section 2 ---
  elbow.setOneQ(state, 0, 0.3);
  wrist.setU(state, SmallVector::Constant(3, 0.1));
  system.realize(state, Stage::Acceleration);
  Vector udot = state.getUDot();
  Vec3 tip = elbow.findStationLocationInGround(state, Vec3(0, 0, -0.5));
  // --- end of the page's code ---

  // The elbow bent by 0.3 rad about y: the second rod's end is 0.5 m from the elbow at (0, 0, -0.5),
  // turned in the x-z plane (about +y, -z goes towards -x).
  EXPECT_NEAR(tip.x(), -0.5 * std::sin(0.3), 1e-12);
  EXPECT_NEAR(tip.y(), 0, 1e-12);
  EXPECT_NEAR(tip.z(), -0.5 - 0.5 * std::cos(0.3), 1e-12);
  EXPECT_EQ(udot.size(), 5);

  // Straight down and at rest: the shoulder's swing inertia is the three rods' about the pivot,
  // each m (L^2 + 3 r^2) / 12 about its mass centre plus m d^2 (d = 0.25, 0.75, 1.25 m), and the
  // arm hangs in equilibrium.
  elbow.setOneQ(state, 0, 0);
  wrist.setU(state, SmallVector::Constant(3, 0));
  system.realize(state, Stage::Acceleration);
  Matrix M;
  matter.calcM(state, M);
  const Real own = (0.5 * 0.5 + 3 * 0.02 * 0.02) / 12;
  EXPECT_NEAR(M(0, 0), 3 * own + 0.25 * 0.25 + 0.75 * 0.75 + 1.25 * 1.25, 1e-12);
  EXPECT_NEAR(state.getUDot().norm(), 0, 1e-12);

  // Tilted as a whole by 0.2 rad at the shoulder: gravity along -z pulls it back (udot < 0) and the
  // potential energy rose by m g (d1 + d2 + d3) (1 - cos 0.2).
  const Real pe0 = system.calcPotentialEnergy(state);
  shoulder.setOneQ(state, 0, 0.2);
  system.realize(state, Stage::Acceleration);
  EXPECT_LT(state.getUDot()[0], 0);
  EXPECT_NEAR(system.calcPotentialEnergy(state) - pe0, 9.81 * (0.25 + 0.75 + 1.25) * (1 - std::cos(0.2)), 1e-9);
}
