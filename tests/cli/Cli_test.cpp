// The `articula` program: exit codes, --quiet, outputs, and atomic output folders.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "articula/model/ModelFile.h"
#include "articula/model/OpenMbdImport.h"
#include "support/IoTestSupport.h"

using namespace articula::iotest;
namespace model = articula::model;
namespace fs = std::filesystem;

namespace {
int countLines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }
int countColumns(const std::string& text) {
  const std::string header = text.substr(0, text.find('\n'));
  return static_cast<int>(std::count(header.begin(), header.end(), ',')) + 1;
}
}  // namespace

TEST(Cli, RunWritesTheFourFilesQuietly) {
  TempDir dir;
  const CliResult r = runCli("run " + sourcePath("models/double_pendulum.json") +
                                 " --duration 0.2 --report-interval 0.01 -q --out " + (dir / "run"),
                             dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
  for (const char* f : {"trajectory.csv", "trajectory.json", "summary.txt", "summary.json"})
    EXPECT_TRUE(fs::exists(dir / ("run/" + std::string(f)))) << f;
  const std::string csv = readText(dir / "run/trajectory.csv");
  EXPECT_EQ(countLines(csv), 1 + 21);  // header + t = 0, 0.01, ..., 0.2
  // time; 22 per body; two pins: q, u, udot, the gravity and total applied torque each; 6 reaction
  // columns per joint; 4 energy columns.
  EXPECT_EQ(countColumns(csv), 1 + 2 * 22 + 2 * (3 + 2) + 2 * 6 + 4);
  const auto traj = nlohmann::json::parse(readText(dir / "run/trajectory.json"));
  EXPECT_EQ(traj["frames"].size(), 21u);
  EXPECT_EQ(traj["bodies"][1]["parent"], "upper");
  EXPECT_EQ(traj["frames"][20]["poses"][1].size(), 7u);
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_NEAR(summary["run"]["simulated_time_s"].get<double>(), 0.2, 1e-12);
  // A conservative model: the energy balance holds to the integrator's accuracy.
  EXPECT_LT(std::abs(summary["energy"]["relative_balance_error"].get<double>()), 1e-4);
}

TEST(Cli, RunPrintsTheSummaryWithoutQuiet) {
  TempDir dir;
  const CliResult r = runCli(
      "run " + sourcePath("models/double_pendulum.json") + " --duration 0.05 --out " + (dir / "run"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Articula run summary"), std::string::npos);
  EXPECT_TRUE(r.err.empty()) << r.err;  // no progress bar: stderr is not a terminal
}

TEST(Cli, FailureMidwayExitsWith3AndLeavesNoOutput) {
  TempDir dir;
  const CliResult r = runCli("run " + sourcePath("tests/data/models/blows_up.json") + " --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_NE(r.err.find("simulation failed at t = 0.4"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "run"));
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++entries;
  EXPECT_EQ(entries, 2);  // stdout.txt and stderr.txt only
}

TEST(Cli, FailedRunLeavesAnOlderRunFolderUntouched) {
  TempDir dir;
  fs::create_directories(dir / "run");
  std::ofstream(dir / "run/summary.txt") << "old";
  std::ofstream(dir / "run/trajectory.json") << "{}";
  EXPECT_EQ(runCli("run " + sourcePath("tests/data/models/blows_up.json") + " -q --out " + (dir / "run"), dir).exitCode,
            3);
  EXPECT_EQ(readText(dir / "run/summary.txt"), "old");
  // A successful run replaces the older run as a whole.
  EXPECT_EQ(
      runCli("run " + sourcePath("models/double_pendulum.json") + " --duration 0.02 -q --out " + (dir / "run"), dir)
          .exitCode,
      0);
  EXPECT_NE(readText(dir / "run/summary.txt"), "old");
  EXPECT_TRUE(fs::exists(dir / "run/trajectory.csv"));
}

TEST(Cli, NeverReplacesAFolderThatIsNotARun) {
  TempDir dir;
  fs::create_directories(dir / "mine");
  std::ofstream(dir / "mine/notes.txt") << "keep";
  std::ofstream(dir / "file.txt") << "keep";
  const std::string model = sourcePath("models/double_pendulum.json") + " --duration 0.02 -q --out ";
  const CliResult r = runCli("run " + model + (dir / "mine"), dir);
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("not a run output"), std::string::npos) << r.err;
  EXPECT_EQ(readText(dir / "mine/notes.txt"), "keep");
  EXPECT_EQ(runCli("run " + model + (dir / "file.txt"), dir).exitCode, 1);
  EXPECT_EQ(readText(dir / "file.txt"), "keep");
}

TEST(Cli, BadOptionsExitWith2) {
  TempDir dir;
  const std::string model = sourcePath("models/double_pendulum.json");
  EXPECT_EQ(runCli("run " + model + " --duration -1", dir).exitCode, 2);
  EXPECT_EQ(runCli("run " + model + " --accuracy 2", dir).exitCode, 2);
  const CliResult integrator = runCli("run " + model + " --integrator Nope --out " + (dir / "x"), dir);
  EXPECT_EQ(integrator.exitCode, 2);
  EXPECT_NE(integrator.err.find("--integrator = Nope: unknown integrator (known: ExplicitEuler, "), std::string::npos)
      << integrator.err;
  EXPECT_EQ(runCli("run " + model + " --integrator SemiExplicitEuler --out " + (dir / "x"), dir).exitCode,
            2);  // needs --dt
  EXPECT_EQ(runCli("frobnicate", dir).exitCode, 2);
  const CliResult missing = runCli("run " + (dir / "no-such-file.json"), dir);
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("cannot open the file"), std::string::npos) << missing.err;
  EXPECT_FALSE(fs::exists(dir / "x"));
}

TEST(Cli, InfoAndValidateOnOpenMbd) {
  TempDir dir;
  const CliResult info = runCli("info " + openMbdPath("openmbd_male.json"), dir);
  EXPECT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find("21 bodies, 54 degrees of freedom"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("head"), std::string::npos);
  const CliResult valid = runCli("validate " + openMbdPath("openmbd_bicycle.json"), dir);
  EXPECT_EQ(valid.exitCode, 0) << valid.err;
  EXPECT_NE(valid.out.find("valid (3 bodies"), std::string::npos) << valid.out;
}

TEST(Cli, ConvertOpenMbdThenRunTheConvertedModel) {
  TempDir dir;
  ASSERT_EQ(runCli("convert -q " + openMbdPath("openmbd_female.json") + " " + (dir / "female.json"), dir).exitCode, 0);
  EXPECT_EQ(runCli("validate -q " + (dir / "female.json"), dir).exitCode, 0);
  const CliResult r = runCli("run -q " + (dir / "female.json") + " --duration 0.02 --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(summary["model"]["bodies"], 21);
  EXPECT_EQ(summary["head"]["body"], "head");
}

TEST(Cli, UrdfInfoConvertThenRunTheConvertedModel) {
  TempDir dir;
  const std::string urdf = sourcePath("tests/data/urdf/two_link_arm.urdf");
  const CliResult info = runCli("info " + urdf, dir);
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find("urdf format"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("2 bodies, 2 degrees of freedom"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("[pin \"elbow\": angle]"), std::string::npos) << info.out;
  // Its root "world" is massless: it cannot float (the model tests float the fixtures' bases).
  const CliResult floating = runCli("info --floating-base " + urdf, dir);
  EXPECT_EQ(floating.exitCode, 2);
  EXPECT_NE(floating.err.find("<link name=\"world\">"), std::string::npos) << floating.err;
  EXPECT_NE(floating.err.find("a floating base needs mass"), std::string::npos) << floating.err;
  ASSERT_EQ(runCli("convert -q " + urdf + " " + (dir / "arm.json"), dir).exitCode, 0);
  const CliResult r = runCli("run -q " + (dir / "arm.json") + " --duration 0.05 --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(summary["model"]["bodies"], 2);
  // An edit is not written over the XML.
  std::filesystem::copy_file(urdf, dir / "arm.urdf");
  const CliResult apply = runCli("edit " + (dir / "arm.urdf") + " --apply " + (dir / "arm.json"), dir);
  EXPECT_EQ(apply.exitCode, 2);
  EXPECT_NE(apply.err.find("not edited in place"), std::string::npos) << apply.err;
  EXPECT_EQ(readText(dir / "arm.urdf"), readText(urdf));
  // The URDF runs directly too, with its limits as forces on request.
  EXPECT_EQ(runCli("run -q --urdf-limits " + urdf + " --duration 0.05 --out " + (dir / "run2"), dir).exitCode, 0);
}

namespace {
std::vector<std::vector<double>> numericRows(const std::string& csv) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<double>& row = rows.emplace_back();
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
  }
  return rows;
}

// Same header and frames; every value equal to 1e-6 of the largest magnitude of its unit's columns
// (at least 1 in SI units). The converted file's numbers are exact, but arithmetic may round
// differently (a composed joint's, an inertia turned into another frame), and an error-controlled
// run turns rounding into differences of its accuracy: the joints of a falling humanoid move only
// by such noise until its feet land.
void expectSameTable(const std::string& a, const std::string& b) {
  const std::string header = a.substr(0, a.find('\n'));
  ASSERT_EQ(header, b.substr(0, b.find('\n')));
  std::vector<std::string> units;
  for (size_t at = header.find('['); at != std::string::npos; at = header.find('[', at + 1))
    units.push_back(header.substr(at, header.find(']', at) - at));
  const auto ra = numericRows(a), rb = numericRows(b);
  ASSERT_EQ(ra.size(), rb.size());
  ASSERT_GT(ra.size(), 10u);
  ASSERT_EQ(units.size(), ra[0].size());
  std::map<std::string, double> scale;
  for (size_t c = 0; c < units.size(); ++c)
    for (const auto& row : ra) scale[units[c]] = std::max({scale[units[c]], 1.0, std::abs(row[c])});
  double worst = 0;
  for (size_t r = 0; r < ra.size(); ++r)
    for (size_t c = 0; c < units.size(); ++c) worst = std::max(worst, std::abs(ra[r][c] - rb[r][c]) / scale[units[c]]);
  EXPECT_LT(worst, 1e-6) << "the converted model's trajectory differs";
}
}  // namespace

// `convert` keeps the model: the robot file and its conversion give the same trajectory, column for
// column, under the same run settings (a floating base and contact included where the file has them:
// the humanoid's feet land at 0.22 s).
TEST(Cli, ConvertedRobotFilesRunTheSameAsTheirSource) {
  struct Source {
    std::string file, options;
  };
  std::vector<Source> sources{{sourcePath("tests/data/urdf/two_link_arm.urdf"), ""},
                              {sourcePath("models/robots/panda.urdf"), "--urdf-limits"},
                              {sourcePath("tests/data/mjcf/two_link_arm.xml"), ""},
                              {sourcePath("tests/data/mjcf/include_main.xml"), ""}};
  if (fs::exists("/usr/share/mujoco/model/humanoid/humanoid.xml"))
    sources.push_back({"/usr/share/mujoco/model/humanoid/humanoid.xml", ""});
  for (const Source& s : sources) {
    SCOPED_TRACE(s.file);
    TempDir dir;
    const std::string settings = " -q --duration 0.3 --accuracy 1e-10 --outputs digits:17 --out ";
    ASSERT_EQ(runCli("convert -q " + s.options + " " + s.file + " " + (dir / "m.json"), dir).exitCode, 0);
    const CliResult a = runCli("run " + s.file + " " + s.options + settings + (dir / "a"), dir);
    const CliResult b = runCli("run " + (dir / "m.json") + settings + (dir / "b"), dir);
    ASSERT_EQ(a.exitCode, 0) << a.err;
    ASSERT_EQ(b.exitCode, 0) << b.err;
    expectSameTable(readText(dir / "a/trajectory.csv"), readText(dir / "b/trajectory.csv"));
  }
}

TEST(Cli, MjcfInfoConvertThenRunTheConvertedModel) {
  TempDir dir;
  const std::string xml = sourcePath("tests/data/mjcf/two_link_arm.xml");
  const CliResult info = runCli("info " + xml, dir);
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find("mjcf format"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("2 bodies, 2 degrees of freedom"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("[pin \"elbow\": angle]"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("mujoco/actuator/motor"), std::string::npos) << info.out + info.err;  // the one warning
  ASSERT_EQ(runCli("convert -q " + xml + " " + (dir / "arm.json"), dir).exitCode, 0);
  const CliResult r = runCli("run -q " + (dir / "arm.json") + " --duration 0.05 --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(readText(dir / "run/summary.json"))["model"]["bodies"], 2);
  // An edit is not written over the XML; the XML runs directly too.
  std::filesystem::copy_file(xml, dir / "arm.xml");
  const CliResult apply = runCli("edit " + (dir / "arm.xml") + " --apply " + (dir / "arm.json"), dir);
  EXPECT_EQ(apply.exitCode, 2);
  EXPECT_NE(apply.err.find("MJCF file is not edited in place"), std::string::npos) << apply.err;
  EXPECT_EQ(runCli("run -q " + xml + " --duration 0.05 --out " + (dir / "run2"), dir).exitCode, 0);
  // A malformed file: exit 2 naming file:line and the element.
  {
    std::ofstream bad(dir / "bad.xml");
    bad << "<mujoco>\n<worldbody>\n<body name=\"a\"><joint type=\"screw\"/></body>\n</worldbody>\n</mujoco>\n";
  }
  const CliResult refused = runCli("validate " + (dir / "bad.xml"), dir);
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.err.find("bad.xml:3: <joint> type = screw"), std::string::npos) << refused.err;
  // MuJoCo's humanoid (Debian libmujoco-samples) converts and falls onto its floor.
  const std::string humanoid = "/usr/share/mujoco/model/humanoid/humanoid.xml";
  if (!std::filesystem::exists(humanoid)) return;
  ASSERT_EQ(runCli("convert -q " + humanoid + " " + (dir / "h.json"), dir).exitCode, 0);
  const CliResult fall = runCli("run -q " + (dir / "h.json") + " --duration 0.3 --out " + (dir / "fall"), dir);
  ASSERT_EQ(fall.exitCode, 0) << fall.err;
  const auto summary = nlohmann::json::parse(readText(dir / "fall/summary.json"));
  EXPECT_EQ(summary["model"]["degrees_of_freedom"], 27);
  EXPECT_TRUE(summary["energy"]["balance_closes"].get<bool>());
  EXPECT_GT(summary["contact"]["peak_force_N"].get<double>(), 0);  // its feet reached the floor
}

TEST(Cli, OsimInfoConvertRunAndRefuseEdit) {
  TempDir dir;
  const std::string osim = sourcePath("tests/data/osim/knee.osim");
  const CliResult info = runCli("info " + osim, dir);
  ASSERT_EQ(info.exitCode, 0) << info.err;
  EXPECT_NE(info.out.find("opensim format"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("[function_based \"knee\": knee_angle]"), std::string::npos) << info.out;
  // The .osim and its converted JSON run alike (a passive swing of the knee under gravity).
  const std::string settings = " -q --duration 0.3 --accuracy 1e-10 --outputs digits:17 --out ";
  ASSERT_EQ(runCli("convert -q " + osim + " " + (dir / "knee.json"), dir).exitCode, 0);
  const CliResult a = runCli("run " + osim + settings + (dir / "a"), dir);
  const CliResult b = runCli("run " + (dir / "knee.json") + settings + (dir / "b"), dir);
  ASSERT_EQ(a.exitCode, 0) << a.err;
  ASSERT_EQ(b.exitCode, 0) << b.err;
  expectSameTable(readText(dir / "a/trajectory.csv"), readText(dir / "b/trajectory.csv"));
  EXPECT_TRUE(nlohmann::json::parse(readText(dir / "a/summary.json"))["energy"]["balance_closes"].get<bool>());
  std::filesystem::copy_file(osim, dir / "knee.osim");
  const CliResult apply = runCli("edit " + (dir / "knee.osim") + " --apply " + (dir / "knee.json"), dir);
  EXPECT_EQ(apply.exitCode, 2);
  EXPECT_NE(apply.err.find("an OpenSim file is not edited in place"), std::string::npos) << apply.err;
}

// ---- runs with contact ----

TEST(Cli, ContactRunWritesTheContactHistoryAndColumns) {
  TempDir dir;
  const CliResult r = runCli("run " + sourcePath("models/scenarios/standing_fall.json") +
                                 " --duration 0.05 --report-interval 0.01 -q --out " + (dir / "run"),
                             dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string contacts = readText(dir / "run/contacts.csv");
  EXPECT_EQ(contacts.rfind("Time,BodyA,BodyB,SurfaceA,SurfaceB,Model,PointX", 0), 0u);
  EXPECT_NE(contacts.find("\"ground\",\"foot_l\""), std::string::npos);
  EXPECT_EQ(countColumns(contacts), 24);
  EXPECT_GE(countLines(contacts), 1 + 2 * 4);  // both feet from the first report after t = 0 (they start just touching)
  const std::string csv = readText(dir / "run/trajectory.csv");
  // Per body 22 motion and 6 contact columns. The joints: a free root (quaternion and 3
  // translations: 7 q, 6 u), 7 balls (4 q, 3 u), 4 pins (1, 1), 4 universals (2, 2): 47 q and
  // 39 mobilities, each with u, udot and the torques of gravity, damping, limits, contact and
  // their total. 6 reaction columns per joint, 4 energy columns.
  EXPECT_EQ(countColumns(csv), 1 + 16 * (22 + 6) + 47 + 39 * (2 + 5) + 16 * 6 + 4);
  EXPECT_NE(csv.find("foot_l.contact_fz[N]"), std::string::npos);
  EXPECT_NE(csv.find("knee_l.angle.tau_limit[Nm]"), std::string::npos);
  const auto traj = nlohmann::json::parse(readText(dir / "run/trajectory.json"));
  const auto& c = traj["frames"][5]["contacts"];
  ASSERT_GE(c.size(), 2u);
  EXPECT_EQ(c[0]["point"].size(), 3u);
  EXPECT_GT(c[0]["force"][2].get<double>(), 0);  // the floor pushes up
  EXPECT_EQ(c[0]["bodies"][0], -1);
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_GT(summary["contact"]["peak_force_N"].get<double>(), 100);
  EXPECT_NE(readText(dir / "run/summary.txt").find("Contact      peak net force"), std::string::npos);
  // RosenbrockW3 factors once per trial step; the feet touch only Ground, so every factorization
  // is the O(n) structured one.
  const auto& f = summary["integrator"]["factorizations"];
  EXPECT_EQ(f["total"], summary["integrator"]["steps_attempted"]);
  EXPECT_EQ(f["structured"], f["total"]);
  EXPECT_EQ(f["dense_lu"].get<int>() + f["tree_lu"].get<int>(), 0);
  EXPECT_NE(readText(dir / "run/summary.txt").find("O(n) structured"), std::string::npos);
}

TEST(Cli, ContactRunFailingMidwayLeavesNoOutput) {
  TempDir dir;
  const CliResult r = runCli("run " + sourcePath("tests/data/models/blows_up_contact.json") + " --out " + (dir / "run"),
                             dir);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_NE(r.err.find("simulation failed at t = 0.2"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "run"));
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++entries;
  EXPECT_EQ(entries, 2);  // stdout.txt and stderr.txt only
}

TEST(Cli, InfoAndValidateReportConstraintsAndAssembly) {
  TempDir dir;
  const CliResult info = runCli("info " + sourcePath("models/four_bar.json"), dir);
  EXPECT_EQ(info.exitCode, 0) << info.err;
  // One ball closing a planar loop: 3 rows, 2 independent, 3 - 2 = 1 degree of freedom.
  EXPECT_NE(info.out.find("Constraints (1, 3 equations, 2 independent: 1 degree of freedom left"), std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("ball \"coupler-rocker\""), std::string::npos) << info.out;
  const CliResult valid = runCli("validate " + sourcePath("models/bicycle.json"), dir);
  EXPECT_EQ(valid.exitCode, 0) << valid.err;
  EXPECT_NE(valid.out.find("2 constraints with 6 equations, initial state assembled"), std::string::npos) << valid.out;
}

// --openmbd-compat: OpenMBD's fixed step of 1e-4 s (so 100 steps in 10 ms, taken by RosenbrockW3) and its
// shipped knee range (flexion 0..140 deg about y, which the plain import corrects to -140..0).
TEST(Cli, OpenMbdCompatPresetUsesOpenMbdsIntegrationAndShippedRanges) {
  TempDir dir;
  const CliResult r = runCli(
      "run " + openMbdPath("openmbd_male.json") + " --openmbd-compat --duration 0.01 -q --out " + (dir / "run"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(summary["integrator"]["method"], "RosenbrockW3");
  EXPECT_EQ(summary["integrator"]["steps_taken"].get<int>(), 100);
  model::ModelSpec m = model::loadModelFile(openMbdPath("openmbd_male.json"));
  model::applyOpenMbdCompat(m);
  int knees = 0;
  for (const model::ForceSpec& f : m.forces)
    if (f.type == model::ForceType::RangeOfMotionLimit && f.name.find("knee") != std::string::npos) {
      ++knees;
      EXPECT_NEAR(f.numbers.at("axes.lower")[1], 0, 1e-12);
      EXPECT_NEAR(f.numbers.at("axes.upper")[1], 140 * M_PI / 180, 1e-12);
    }
  EXPECT_EQ(knees, 2);
  const CliResult bad = runCli(
      "run " + sourcePath("models/double_pendulum.json") + " --openmbd-compat -q --out " + (dir / "run2"), dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("is not an OpenMBD file"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(dir / "run2"));
}

namespace {
// viewer.html up to its embedded summary, which holds the run's wall times.
std::string viewerBeforeSummary(const std::string& html) { return html.substr(0, html.rfind(",\"summary\":")); }
}  // namespace

// The frame thread changes nothing in the files: the same bytes with and without it (the wall
// times in the summaries aside), for a contact run, one with constraints and one whose ellipsoids
// meet each other (the narrow phase keeps per-pair history in each State).
TEST(Cli, FrameThreadWritesTheSameFilesAsTheSimulationThread) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  for (const std::string model :
       {"models/scenarios/standing_fall.json", "models/four_bar.json", "models/scenarios/tackle.json"}) {
    const std::string args = "run " + sourcePath(model) + " --duration 0.3 --report-interval 0.002 -q --out ";
    ASSERT_EQ(runCli(args + (dir / "threaded"), dir).exitCode, 0);
    ASSERT_EQ(runCli(args + (dir / "serial") + " --no-frame-thread", dir).exitCode, 0);
    for (const std::string file : {"trajectory.csv", "trajectory.json", "contacts.csv"})
      EXPECT_EQ(readText(dir / ("threaded/" + file)), readText(dir / ("serial/" + file))) << model << " " << file;
    EXPECT_EQ(viewerBeforeSummary(readText(dir / "threaded/viewer.html")),
              viewerBeforeSummary(readText(dir / "serial/viewer.html")))
        << model;
    auto threaded = nlohmann::json::parse(readText(dir / "threaded/summary.json"));
    auto serial = nlohmann::json::parse(readText(dir / "serial/summary.json"));
    EXPECT_FALSE(serial["run"]["frame_thread"].get<bool>());
    EXPECT_GT(serial["run"]["total_wall_time_s"].get<double>(), 0);
    threaded.erase("run");
    serial.erase("run");
    EXPECT_EQ(threaded, serial) << model;
  }
}

TEST(Cli, RunLineSaysWhatTheWallTimeCovers) {
  TempDir dir;
  ASSERT_EQ(
      runCli("run " + sourcePath("models/double_pendulum.json") + " --duration 0.05 -q --out " + (dir / "run"), dir)
          .exitCode,
      0);
  const std::string text = readText(dir / "run/summary.txt");
  EXPECT_NE(text.find("s wall time (real-time factor"), std::string::npos) << text;
  EXPECT_NE(text.find(" s total\n"), std::string::npos) << text;
  EXPECT_NE(text.find("the integration itself"), std::string::npos) << text;
  // The wall time splits into the integration and the handing over of frames, each measured.
  const auto run = nlohmann::json::parse(readText(dir / "run/summary.json"))["run"];
  const double wall = run["wall_time_s"].get<double>(), handoff = run["frame_handoff_s"].get<double>();
  EXPECT_GT(handoff, 0);
  EXPECT_LT(handoff, wall);
  EXPECT_NEAR(run["integration_s"].get<double>(), wall - handoff, 1e-12);
  EXPECT_NEAR(run["integration_real_time_factor"].get<double>(), 0.05 / (wall - handoff), 1e-9 / (wall - handoff));
}

// ---- keeping the author's form (convert, edit --apply) ----

TEST(Cli, ConvertKeepsAnArticulaFileByteForByteUnlessCanonical) {
  TempDir dir;
  const std::string model = sourcePath("models/double_pendulum.json");
  ASSERT_EQ(runCli("convert -q " + model + " " + (dir / "same.json"), dir).exitCode, 0);
  EXPECT_EQ(readText(dir / "same.json"), readText(model));
  ASSERT_EQ(runCli("convert -q --canonical " + model + " " + (dir / "canonical.json"), dir).exitCode, 0);
  const auto canonical = nlohmann::json::parse(readText(dir / "canonical.json"));
  // The defect fixed: the initial angles stay in degrees (and with them the output columns' unit).
  EXPECT_EQ(canonical["initial_state"]["q_deg"]["shoulder.angle"], 90);
  EXPECT_TRUE(model::loadModelFile(dir / "canonical.json").initialState.degrees);
}

TEST(Cli, EditApplyWritesTheEditorsSaveBackInTheFilesForm) {
  TempDir dir;
  const std::string original = readText(sourcePath("models/double_pendulum.json"));
  std::ofstream(dir / "model.json") << original;
  // What the editor page saves: the canonical JSON it was given, with the lower rod's mass changed.
  model::ModelSpec m = model::loadModelFile(dir / "model.json");
  m.bodies[1].mass = 1.5;
  std::ofstream(dir / "edited.json") << model::writeArticulaModel(m).dump(2);
  const CliResult r = runCli("edit " + (dir / "model.json") + " --apply " + (dir / "edited.json"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::string expected = original;
  const size_t second = expected.find("\"mass\": 1.0", expected.find("\"mass\": 1.0") + 1);
  ASSERT_NE(second, std::string::npos);
  expected.replace(second, 11, "\"mass\": 1.5");
  EXPECT_EQ(readText(dir / "model.json"), expected);
  // A bad edit names the edited file and leaves the model alone.
  std::ofstream(dir / "bad.json") << R"({"format": "articula-model", "version": 1, "bodies": []})";
  const CliResult bad = runCli("edit " + (dir / "model.json") + " --apply " + (dir / "bad.json"), dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
  EXPECT_EQ(readText(dir / "model.json"), expected);
}

// `articula id`: OpenSim's setup file in, OpenSim's storage layout out; a bad setup is exit code 2.
TEST(Cli, InverseDynamicsFromOpenSimSetup) {
  const std::string setup = ARTICULA_FIXTURES "/opensim/gait2354/subject01_Setup_InverseDynamics.xml";
  if (!fs::exists(setup)) GTEST_SKIP() << setup << " absent";
  TempDir dir;
  const CliResult r = runCli("id " + setup + " --out " + (dir / "id"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("73 frames, 23 generalized forces"), std::string::npos) << r.out;
  const std::string text = readText(dir / "id/inverse_dynamics.sto");
  EXPECT_EQ(text.rfind("Inverse Dynamics Generalized Forces\nversion=1\nnRows=73\nnColumns=24\ninDegrees=no\n", 0), 0u);
  EXPECT_NE(text.find("time\tpelvis_tilt_moment\t"), std::string::npos);
  std::ofstream(dir / "bad.xml")
      << "<OpenSimDocument Version=\"40000\"><InverseDynamicsTool>\n"
         "<time_range>0 x</time_range><model_file>m.osim</model_file>"
         "<coordinates_file>c.mot</coordinates_file></InverseDynamicsTool></OpenSimDocument>";
  const CliResult bad = runCli("id " + (dir / "bad.xml"), dir);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("bad.xml:2"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("<time_range> = x: not a finite number"), std::string::npos) << bad.err;
}

TEST(Cli, IkWritesOpenSimsMotionAndMarkerErrors) {
  const std::string setup = ARTICULA_FIXTURES "/opensim/gait10dof18musc/IK/walk_Setup_IK.xml";
  if (!fs::exists(setup)) GTEST_SKIP() << "no OpenSim fixtures";
  TempDir dir;
  const CliResult r = runCli("ik " + setup + " --out " + (dir / "ik"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("151 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("marker error over the trial"), std::string::npos) << r.out;
  const std::string motion = readText(dir / "ik/subject01_walk_IK.mot");
  EXPECT_EQ(motion.rfind("Coordinates\nversion=1\nnRows=151\nnColumns=11\ninDegrees=yes\n", 0), 0u)
      << motion.substr(0, 80);
  const std::string errors = readText(dir / "ik/_ik_marker_errors.sto");
  EXPECT_NE(errors.find("time\ttotal_squared_error\tmarker_error_RMS\tmarker_error_max"), std::string::npos);
  EXPECT_EQ(runCli("ik " + (dir / "missing.xml") + " -q", dir).exitCode, 2);
}

TEST(Cli, InfoMusclesPrintsEachPathsLengthAndMomentArms) {
  TempDir dir;
  const CliResult r = runCli("info --muscles " + std::string(ARTICULA_FIXTURES "/opensim/models/arm26.osim"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Muscles at this pose"), std::string::npos) << r.out;
  // arm26's six muscles each cross the elbow; the biceps flex it (shortening as it flexes).
  for (const char* m : {"TRIlong", "TRIlat", "TRImed", "BIClong", "BICshort", "BRA"})
    EXPECT_NE(r.out.find(std::string("\n  ") + m + " "), std::string::npos) << m << "\n" << r.out;
  const size_t bic = r.out.find("\n  BICshort ");
  const std::string line = r.out.substr(bic, r.out.find('\n', bic + 1) - bic);
  EXPECT_NE(line.find("r_elbow.r_elbow_flex +0.0"), std::string::npos) << line;
  const CliResult plain = runCli("info " + std::string(ARTICULA_FIXTURES "/opensim/models/arm26.osim"), dir);
  EXPECT_EQ(plain.out.find("Muscles at this pose"), std::string::npos);
}
