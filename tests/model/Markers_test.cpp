// Markers (include/articula/model/Markers.h): gait2354's MarkerSet read whole (counted from the
// XML text); a pendulum's tip marker in ground at poses worked by hand; the Articula JSON format
// writes and reads them back unchanged and refuses unknown bodies and duplicate names.
#include "articula/model/Markers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

const char* const kGait2354 = ARTICULA_FIXTURES "/opensim/gait2354/subject01_simbody_adjusted.osim";

std::string readErrorOf(const nlohmann::json& j) {
  try {
    readArticulaModel(j, "m.json");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Markers, Gait2354MarkerSetReadWhole) {
  const std::string text = readText(kGait2354);
  const std::regex marker(R"re(<Marker name="([^"]+)">\s*(?:<!--[^>]*-->\s*)?<socket_parent_frame>/bodyset/(\w+)<)re");
  std::vector<std::pair<std::string, std::string>> expected;  // (name, body) in file order
  for (std::sregex_iterator it(text.begin(), text.end(), marker), end; it != end; ++it)
    expected.emplace_back((*it)[1], (*it)[2]);
  ASSERT_EQ(expected.size(), 39u);  // the file's <Marker> count (grep -c '<Marker ')
  const ModelSpec m = loadModelFile(kGait2354);
  ASSERT_EQ(m.markers.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(m.markers[i].name, expected[i].first);
    EXPECT_EQ(m.markers[i].body, expected[i].second);
  }
  // The first, "Sternum" on the torso: <location>0.103606 0.31243900000000002 1.0431799999999999e-06</location>.
  EXPECT_EQ(m.markers[0].location, Vec3(0.103606, 0.31243900000000002, 1.0431799999999999e-06));
  for (const std::string& w : m.warnings) EXPECT_EQ(w.find("<Marker>"), std::string::npos) << w;
  EXPECT_EQ(findMarker(m, "Sternum"), 0);
  EXPECT_EQ(findMarker(m, "nose"), -1);
}

TEST(Markers, PendulumTipInGroundAtHandWorkedPoses) {
  const ModelSpec m = loadModelFile(sourcePath("tests/data/osim/pendulum.osim"));
  ASSERT_EQ(m.markers.size(), 1u);
  EXPECT_EQ(m.markers[0].body, "rod");
  EXPECT_EQ(m.markers[0].location, Vec3(0, -1, 0));
  BuiltModel built = buildModel(m, "pendulum.osim");
  State s = built.initialState;
  MobilizedBody rod(built.system->updMatter(), built.mobodOfBody[0]);
  // The pin on ground at (0, 1, 0), its axis ground's -y; the rod's origin 0.5 below the pin, the
  // tip 1 further along the rod: at angle θ the tip is 1.5 from the pin, at (1.5 sin θ, 1, -1.5 cos θ).
  for (Real theta : {0.0, 0.7, -2.0}) {
    SmallVector q = rod.getQ(s);
    q[0] = theta;
    rod.setQ(s, q);
    built.system->realize(s, Stage::Position);
    const Vec3 p = markerPositions(m, built, s).at(0);
    EXPECT_LT((p - Vec3(1.5 * std::sin(theta), 1, -1.5 * std::cos(theta))).norm(), 1e-12) << p.transpose();
  }
}

TEST(Markers, JsonRoundTripAndRefusals) {
  ModelSpec m = loadModelFile(kGait2354);
  m.markers.push_back({"fixed", "ground", Vec3(0.1, -0.2, 0.3)});
  const nlohmann::json j = writeArticulaModel(m);
  ASSERT_TRUE(j.contains("markers"));
  const ModelSpec back = readArticulaModel(j, "m.json");
  ASSERT_EQ(back.markers.size(), m.markers.size());
  for (size_t i = 0; i < m.markers.size(); ++i) {
    EXPECT_EQ(back.markers[i].name, m.markers[i].name);
    EXPECT_EQ(back.markers[i].body, m.markers[i].body);
    EXPECT_EQ(back.markers[i].location, m.markers[i].location);  // exact: shortest round-trip decimals
  }
  nlohmann::json unknown = j;
  unknown["markers"][2]["body"] = "wing";
  EXPECT_NE(readErrorOf(unknown).find("m.json: /markers/2/body = \"wing\": no body of that name"), std::string::npos)
      << readErrorOf(unknown);
  nlohmann::json twice = j;
  twice["markers"][3]["name"] = j["markers"][1]["name"];
  EXPECT_NE(readErrorOf(twice).find("/markers/3/name = \"R.Acromium\": duplicate marker name"), std::string::npos)
      << readErrorOf(twice);
  nlohmann::json extra = j;
  extra["markers"][0]["weight"] = 1;
  EXPECT_NE(readErrorOf(extra).find("/markers/0"), std::string::npos) << readErrorOf(extra);
}
