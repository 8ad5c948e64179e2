// include/articula/articula.h: compiles on its own (it is this file's first include), lists every
// public header (scripts/umbrella-header writes it), and a program needs nothing else.
#include "articula/articula.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::iotest;
namespace fs = std::filesystem;

TEST(UmbrellaHeader, IncludesEveryPublicHeader) {
  const std::string text = readText(sourcePath("include/articula/articula.h"));
  std::set<std::string> missing;
  for (const auto& e : fs::recursive_directory_iterator(sourcePath("include/articula"))) {
    if (e.path().extension() != ".h" || e.path().filename() == "articula.h") continue;
    const std::string name = fs::relative(e.path(), sourcePath("include")).string();
    if (text.find("#include \"" + name + "\"") == std::string::npos) missing.insert(name);
  }
  EXPECT_TRUE(missing.empty()) << "not in articula.h (run scripts/umbrella-header): " << *missing.begin();
  EXPECT_NE(text.find("#include \"articula/version.h\""), std::string::npos);
}

// A pendulum from the umbrella alone, through the engine, the model and the run layers.
TEST(UmbrellaHeader, IsEnoughForAProgram) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  Body rod(MassProperties::fromCentral(1.0, Vec3(0, 0, -0.5), Inertia::cylinderAlongZ(1.0, 0.02, 0.5)));
  MobilizedBody::Pin pin(MobilizedBody::Ground(matter), Transform(), rod, Transform());
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  EXPECT_EQ(s.getNU(), 1);
  EXPECT_EQ(counted(1, "body", "bodies"), "1 body");
  EXPECT_FALSE(std::string(ARTICULA_VERSION_STRING).empty());
  EXPECT_EQ(integratorName(IntegratorMethod::CvodeBDF), "CvodeBDF");
  (void)pin;
}
