// Every force type has exactly one entry in the registry, found by value and by name; the kinds
// force fields take (twist_axis, a torque pulse's mode) are read by name into their enums, written
// back by name, and an unknown name is refused with the names allowed.
#include "model/ForceFields.h"

#include <gtest/gtest.h>

#include <set>

#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::model;
using nlohmann::json;

namespace {

// A pendulum on a ball joint with one force.
json withForce(const json& force) {
  json m = json::parse(R"({
    "format": "articula-model", "version": 1, "name": "force test",
    "bodies": [{"name": "arm", "mass": 1, "inertia": [0.01, 0.01, 0.01],
                "joint": {"name": "shoulder", "type": "ball", "parent": "ground"}}]})");
  m["forces"] = json::array({force});
  return m;
}

std::string errorOf(const json& force) {
  try {
    readModel(withForce(force), "f.json");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

const json kLimit = json::parse(R"({"type": "range_of_motion_limit", "body": "arm", "twist_axis": "y",
  "axes": [{"lower": -1, "upper": 1, "stiffness": 10}, {}, {}]})");
const json kPulse = json::parse(
    R"({"type": "torque_pulse", "body": "arm", "mode": "body_torque_pair", "peak": [1, 0, 0],
  "start": 0, "duration": 0.1})");

}  // namespace

TEST(ForceFields, EveryTypeHasOneEntry) {
  std::set<ForceType> seen;
  for (const ForceTypeInfo& t : forceTypes()) {
    EXPECT_TRUE(seen.insert(t.type).second) << t.name;
    EXPECT_EQ(&forceTypeInfo(t.type), &t);
    EXPECT_EQ(kindNamed<ForceType>(t.name), t.type);
    EXPECT_EQ(nameOf(t.type), t.name);
  }
  EXPECT_EQ(seen.size(), size_t(ForceType::CoordinateLimitForce) + 1);
  EXPECT_FALSE(kindNamed<ForceType>("spring"));
}

TEST(ForceFields, FieldKindsByNameAndBack) {
  EXPECT_EQ(kindList<CoordinateAxis>(), "x, y, z");
  EXPECT_EQ(kindList<TorquePulseMode>(), "mobility, body_torque_pair");
  for (const auto& k : kindTable<CoordinateAxis>()) EXPECT_EQ(kindNamed<CoordinateAxis>(nameOf(k.kind)), k.kind);
  for (const auto& k : kindTable<TorquePulseMode>()) EXPECT_EQ(kindNamed<TorquePulseMode>(nameOf(k.kind)), k.kind);
  EXPECT_EQ(kindNamed<CoordinateAxis>("z"), CoordinateAxis::Z);
  EXPECT_FALSE(kindNamed<CoordinateAxis>("X"));  // names are exact
  EXPECT_EQ(kindNamed<TorquePulseMode>("mobility"), TorquePulseMode::Mobility);
  EXPECT_FALSE(kindNamed<TorquePulseMode>("body"));
}

TEST(ForceFields, TwistAxisAndModeAreReadIntoTheSpecAndWrittenBack) {
  const ModelSpec limit = readModel(withForce(kLimit), "f.json");
  EXPECT_EQ(limit.forces.at(0).twistAxis, CoordinateAxis::Y);
  EXPECT_FALSE(limit.forces.at(0).coordinate);
  EXPECT_FALSE(limit.forces.at(0).mode);
  EXPECT_EQ(writeArticulaModel(limit)["forces"][0]["twist_axis"], "y");
  const ModelSpec pulse = readModel(withForce(kPulse), "f.json");
  EXPECT_EQ(pulse.forces.at(0).mode, TorquePulseMode::BodyTorquePair);
  EXPECT_EQ(writeArticulaModel(pulse)["forces"][0]["mode"], "body_torque_pair");
  EXPECT_EQ(writeArticulaModel(readModel(writeArticulaModel(pulse), "again.json")), writeArticulaModel(pulse));
}

TEST(ForceFields, AnUnknownTwistAxisOrModeIsRefusedWithTheAllowedNames) {
  json limit = kLimit;
  limit["twist_axis"] = "w";
  EXPECT_EQ(errorOf(limit), "f.json: /forces/0/twist_axis = \"w\": must be one of: x, y, z");
  json pulse = kPulse;
  pulse["mode"] = "impulse";
  EXPECT_EQ(errorOf(pulse), "f.json: /forces/0/mode = \"impulse\": must be one of: mobility, body_torque_pair");
}
