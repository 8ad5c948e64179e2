// Names in the CSV files: quoted per RFC 4180 when needed, and never a spreadsheet formula
// (OWASP's CSV injection rule: a leading = + - @ tab or CR gets a ' inside the quotes).
#include "run/CsvText.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "articula/model/ModelBuilder.h"
#include "articula/run/RunOutputs.h"
#include "articula/run/TrajectoryReader.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::run;
using namespace articula::files;
using namespace articula::model;

namespace {

std::string field(std::string_view text, bool alwaysQuote = false) {
  std::string out;
  appendCsvText(out, text, alwaysQuote);
  return out;
}

// An RFC 4180 reader of one record (the test's own, not the writer's rules): fields as written,
// quotes removed and doubled quotes undone; `quoted` says which fields were quoted.
std::vector<std::string> readRecord(const std::string& text, std::vector<bool>* quoted = nullptr) {
  std::vector<std::string> fields(1);
  std::vector<bool> wasQuoted(1, false);
  bool inQuotes = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inQuotes && c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      inQuotes = !inQuotes;
      wasQuoted.back() = true;
    } else if (!inQuotes && c == ',') {
      fields.emplace_back();
      wasQuoted.push_back(false);
    } else if (!inQuotes && c == '\n') {
      break;
    } else {
      fields.back() += c;
    }
  }
  if (quoted) *quoted = wasQuoted;
  return fields;
}

const std::vector<std::string> kHostileNames = {
    "=cmd|' /C calc'!A0", "+1",         "-2+3",    "@SUM(A1)", "\tx", "\rx", "a,b",
    "say \"hi\"",         "two\nlines", "'quoted", "plain"};

}  // namespace

TEST(CsvText, PlainNamesStayPlain) {
  EXPECT_EQ(field("upper_PosX"), "upper_PosX");
  EXPECT_EQ(field("a b-c=d"), "a b-c=d");  // only a leading = + - @ makes a formula
  EXPECT_EQ(field(""), "");
  EXPECT_EQ(field("upper", true), "\"upper\"");
}

TEST(CsvText, FormulaLikeNamesAreQuotedWithAQuoteInFront) {
  EXPECT_EQ(field("=1+2"), "\"'=1+2\"");
  EXPECT_EQ(field("+1"), "\"'+1\"");
  EXPECT_EQ(field("-1"), "\"'-1\"");
  EXPECT_EQ(field("@A1"), "\"'@A1\"");
  EXPECT_EQ(field("\tA1"), "\"'\tA1\"");
  EXPECT_EQ(field("\rA1"), "\"'\rA1\"");
  EXPECT_EQ(field("'A1"), "\"''A1\"");  // so that dropping one ' gives the name back
  EXPECT_EQ(field("=HYPERLINK(\"x\")", true), "\"'=HYPERLINK(\"\"x\"\")\"");
}

TEST(CsvText, CommasQuotesAndLineBreaksAreQuoted) {
  EXPECT_EQ(field("a,b"), "\"a,b\"");
  EXPECT_EQ(field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(field("cr\rinside"), "\"cr\rinside\"");
}

TEST(CsvText, TrajectoryHeaderReadsBackAndHoldsNoFormula) {
  ModelSpec m;
  for (const std::string& name : kHostileNames) {
    BodySpec b;
    b.name = b.joint.name = name;
    b.mass = 1;
    b.inertia = Mat33::Identity();
    b.joint.type = JointType::Free;
    b.joint.parent = "ground";
    m.bodies.push_back(b);
  }
  m.scenario.columns.groups = {ColumnGroup::Bodies, ColumnGroup::Energy};
  const BuiltModel built = buildModel(m);
  StringOutput out;
  TrajectoryCsvWriter writer(OutputColumns(m, built), out);
  std::vector<bool> quoted;
  const std::vector<std::string> fields = readRecord(out.text(), &quoted);
  ASSERT_EQ(fields.size(), 1 + 22 * kHostileNames.size() + 4);
  EXPECT_EQ(fields[0], "time[s]");
  for (size_t b = 0; b < kHostileNames.size(); ++b) {
    std::string name = fields[1 + 22 * b];
    EXPECT_TRUE(std::string_view("=+-@\t\r").find(name[0]) == std::string_view::npos) << name;
    if (quoted[1 + 22 * b] && name[0] == '\'') name.erase(0, 1);  // the reader's side of the rule
    EXPECT_EQ(name, kHostileNames[b] + ".pos_x[m]");
  }
  EXPECT_EQ(fields.back(), "energy_balance[J]");
}

TEST(CsvText, ContactNamesAreAlwaysQuotedAndEscaped) {
  ModelSpec m;
  for (const char* name : {"=evil", "a\"b"}) m.bodies.push_back(BodySpec{}), m.bodies.back().name = name;
  StringOutput out;
  ContactsCsvWriter writer(m, {"=evil/ball", "a\"b/box"}, out);
  Frame f;
  ContactSample c;
  c.bodyA = 0, c.bodyB = 1, c.surfaceA = 0, c.surfaceB = 1, c.model = "Hertz";
  c.point = c.normal = c.frictionForce = c.force = c.centreOfPressure = Vec3::Zero();
  f.contacts.push_back(c);
  writer.add(f);
  const std::string row = out.text().substr(out.text().find('\n') + 1);
  const std::vector<std::string> fields = readRecord(row);
  ASSERT_EQ(fields.size(), 24u);
  EXPECT_EQ(fields[1], "'=evil");
  EXPECT_EQ(fields[2], "a\"b");
  EXPECT_EQ(fields[3], "'=evil/ball");
  EXPECT_EQ(fields[4], "a\"b/box");
  EXPECT_EQ(row.substr(0, row.find(",0,")), "0,\"'=evil\",\"a\"\"b\",\"'=evil/ball\",\"a\"\"b/box\",\"Hertz\"");
}

// A run of bodies with hostile names: the CSV holds no formula, trajectory.json gives the names
// back to the renderer's reader unchanged, and the viewer page is written.
TEST(CsvText, HostileBodyNamesThroughTheProgram) {
  SKIP_WITHOUT_BROWSER_PAGES();
  iotest::TempDir dir;
  nlohmann::json model = nlohmann::json::parse(iotest::readText(iotest::sourcePath("models/double_pendulum.json")));
  const std::string upper = "=HYPERLINK(\"http://x\",\"a,b\")", lower = "@lower\nsecond line";
  model["bodies"][0]["name"] = upper;
  model["bodies"][1]["name"] = lower;
  model["bodies"][1]["joint"]["parent"] = upper;
  std::ofstream(dir / "model.json") << model.dump(2);
  const iotest::CliResult r = iotest::runCli(
      "run " + (dir / "model.json") + " --duration 0.02 -q --out " + (dir / "run"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string csv = iotest::readText(dir / "run/trajectory.csv");
  std::vector<bool> quoted;
  const std::vector<std::string> header = readRecord(csv, &quoted);
  // time, 22 body columns each, q, u, udot and two generalized forces (gravity, total) of 2 pins,
  // 6 reaction columns per joint, 4 energy columns.
  ASSERT_EQ(header.size(), 1 + 2 * 22 + 2 * 3 + 2 * 2 + 2 * 6 + 4u);
  EXPECT_EQ(header[1], "'" + upper + ".pos_x[m]");
  EXPECT_EQ(header[23], "'" + lower + ".pos_x[m]");
  EXPECT_TRUE(quoted[1] && quoted[23]);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 22 + 1 + 3);  // in lower's 22 names, the header's end, 3 rows
  const RunTrajectory back = readTrajectoryJson(dir.path / "run/trajectory.json");
  ASSERT_EQ(back.bodies.size(), 2u);
  EXPECT_EQ(back.bodies[0].name, upper);
  EXPECT_EQ(back.bodies[1].name, lower);
  EXPECT_TRUE(std::filesystem::exists(dir.path / "run/viewer.html"));
}
