// OpenSim's Inverse Dynamics tool from OpenSim's own setup files, against OpenSim's result.
#include "articula/run/InverseDynamicsTool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "articula/files/StorageTable.h"
#include "support/IoTestSupport.h"

namespace articula::run {
namespace {

const std::string kFixtures = ARTICULA_FIXTURES "/opensim";

// A pendulum on a pin about ground's z through the origin: mass m at (r, 0, 0) of its body, Izz
// about the mass centre, gravity −g y. Its coordinate file: q = A sin(ωt), degrees, 200 rows a
// second; its loads file: a force f along y at the ground point (p, 0, 0) and a torque tz about z.
struct Pendulum {
  static constexpr double m = 2, r = 0.5, Izz = 0.1, g = 9.80665, A = 0.3, w = 2, f = 10, p = 1, tz = 3;
  iotest::TempDir dir;
  model::InverseDynamicsSetup setup;
  Pendulum() {
    write(
        "pendulum.osim",
        "<OpenSimDocument Version=\"40000\"><Model name=\"pendulum\"><gravity>0 -9.80665 0</gravity><BodySet><objects>"
        "<Body name=\"arm\"><mass>2</mass><mass_center>0.5 0 0</mass_center><inertia>0.1 0.1 0.1 0 0 0</inertia>"
        "</Body></objects></BodySet><JointSet><objects><PinJoint name=\"pin\"><socket_parent_frame>/ground"
        "</socket_parent_frame><socket_child_frame>/bodyset/arm</socket_child_frame><coordinates><Coordinate "
        "name=\"q\"/></coordinates></PinJoint></objects></JointSet></Model></OpenSimDocument>\n");
    std::string motion = "motion\nversion=1\nnRows=401\nnColumns=2\ninDegrees=yes\nendheader\ntime\tq\n";
    std::string loads =
        "loads\nversion=1\nnRows=401\nnColumns=10\ninDegrees=no\nendheader\n"
        "time\tf_vx\tf_vy\tf_vz\tf_px\tf_py\tf_pz\tf_tx\tf_ty\tf_tz\n";
    char row[256];
    for (int i = 0; i <= 400; ++i) {
      const double t = i / 200.0;
      std::snprintf(row, sizeof row, "%.17g\t%.17g\n", t, A * std::sin(w * t) * 180 / 3.14159265358979323846);
      motion += row;
      std::snprintf(row, sizeof row, "%.17g\t0\t%.17g\t0\t%.17g\t0\t0\t0\t0\t%.17g\n", t, f, p, tz);
      loads += row;
    }
    write("motion.mot", motion);
    write("loads.mot", loads);
    setup.modelFile = (dir.path / "pendulum.osim").string();
    setup.coordinatesFile = (dir.path / "motion.mot").string();
  }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir.path / name) << text; }
  // The external loads file with these ExternalForce bodies (inner XML of each).
  void loads(const std::vector<std::string>& forces) {
    std::string xml = "<OpenSimDocument Version=\"40000\"><ExternalLoads name=\"l\"><objects>";
    for (size_t i = 0; i < forces.size(); ++i)
      xml += "<ExternalForce name=\"e" + std::to_string(i) + "\"><applied_to_body>arm</applied_to_body>" + forces[i] +
             "</ExternalForce>";
    write("loads.xml", xml + "</objects><datafile>loads.mot</datafile></ExternalLoads></OpenSimDocument>\n");
    setup.externalLoadsFile = (dir.path / "loads.xml").string();
  }
};

}  // namespace

// With no loads: τ = (Izz + m r²) q̈ + m g r cos q, q = A sin ωt (away from the ends, where the
// natural spline's end conditions bend the derivatives). A force f along y at the ground point
// (p, 0, 0) has the moment p f about the pin whatever q, and the torque column adds tz: τ drops by
// both.
TEST(InverseDynamicsTool, PendulumAgreesWithItsEquationOfMotion) {
  Pendulum pd;
  using P = Pendulum;
  const auto exact = [](double t) {
    const double q = P::A * std::sin(P::w * t), qdd = -P::w * P::w * q;
    return (P::Izz + P::m * P::r * P::r) * qdd + P::m * P::g * P::r * std::cos(q);
  };
  const auto check = [&](double external, const char* what) {
    InverseDynamicsTool tool(pd.setup);
    const files::StorageTable out = tool.run();
    ASSERT_EQ(out.labels, (std::vector<std::string>{"time", "q_moment"})) << what;
    ASSERT_EQ(out.rows(), 401u) << what;
    double worst = 0;
    for (size_t r = 40; r + 40 < out.rows(); ++r)
      worst = std::max(worst, std::abs(out.values[2 * r + 1] - (exact(out.values[2 * r]) - external)));
    std::printf("pendulum ID, %s: worst |τ − exact| %.3g N m over 0.2..1.8 s\n", what, worst);
    EXPECT_LT(worst, 1e-6) << what;
  };
  check(0, "no loads");
  pd.loads(
      {"<force_identifier>f_v</force_identifier><point_identifier>f_p</point_identifier>"
       "<torque_identifier>f_t</torque_identifier>"});
  check(P::p * P::f + P::tz, "force at a point and a torque");
}

namespace {

// gait2354: the same frames at the same times (OpenSim's padded, resampled time column) and the
// generalized forces against OpenSim's inverse_dynamics.sto, per coordinate RMS difference over
// peak |generalized force| printed. The goal is 2 %; today the ankles agree within 0.6 % and the
// rest within 31 % (left knee 14 %, subtalar 12-31 %: differences in stance, with the foot
// loaded; see docs/opensim.md "Inverse dynamics"). Bounds: ankles 1 %, the others 35 %.
TEST(InverseDynamicsTool, Gait2354AgreesWithOpenSim) {
  const std::string dir = kFixtures + "/gait2354";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " absent";
  const char* setupOverride = std::getenv("ARTICULA_ID_SETUP");
  InverseDynamicsTool tool(
      model::readInverseDynamicsSetup(setupOverride ? setupOverride : dir + "/subject01_Setup_InverseDynamics.xml"));
  const files::StorageTable ours = tool.run();
  if (const char* dump = std::getenv("ARTICULA_ID_DUMP")) files::writeStorageFile(dump, ours);
  const files::StorageTable ref = files::readStorage(dir + "/reference/inverse_dynamics.sto");
  // Timing (Release figures in docs/opensim.md): preparation once, the frames' ID repeated.
  const int repeats = 200;
  for (int i = 0; i < repeats; ++i) tool.run();
  std::printf("prepare %.2f ms; %d frames: %.0f frames/s\n", 1e3 * tool.timings().prepareSeconds, tool.timings().frames,
              tool.timings().frames / tool.timings().framesSeconds);
  ASSERT_EQ(ours.labels, ref.labels);
  ASSERT_EQ(ours.rows(), ref.rows());
  const size_t nc = ref.labels.size(), nr = ref.rows();
  for (size_t r = 0; r < nr; ++r) EXPECT_NEAR(ours.values[r * nc], ref.values[r * nc], 1e-7) << "row " << r;
  for (size_t k = 1; k < nc; ++k) {
    double sum = 0, peak = 0, worst = 0;
    for (size_t r = 0; r < nr; ++r) {
      const double d = ours.values[r * nc + k] - ref.values[r * nc + k];
      sum += d * d;
      peak = std::max(peak, std::abs(ref.values[r * nc + k]));
      worst = std::max(worst, std::abs(d));
    }
    const double rms = std::sqrt(sum / nr);
    std::printf("%-26s rms %10.5f  max %10.5f  peak %9.3f  rms/peak %6.3f %%\n", ref.labels[k].c_str(), rms, worst,
                peak, 100 * rms / peak);
    const bool ankle = ref.labels[k].rfind("ankle_angle", 0) == 0;
    EXPECT_LE(rms, (ankle ? 0.01 : 0.35) * peak) << ref.labels[k];
  }
}

// gait10dof18musc: every frame of the trial; the pelvis residual forces (what the ground
// reactions and gravity leave unexplained) small against the body weight (72.6 kg): a wrong
// gravity, load point or frame would leave residuals of the order of the body weight.
TEST(InverseDynamicsTool, Gait10dofResidualsSmallAgainstBodyWeight) {
  const std::string dir = kFixtures + "/gait10dof18musc";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " absent";
  InverseDynamicsTool tool(model::readInverseDynamicsSetup(dir + "/ID/walk_Setup_ID.xml"));
  const files::StorageTable out = tool.run();
  ASSERT_EQ(out.rows(), 151u);
  ASSERT_EQ(out.labels.size(), 11u);
  const double weight = 72.6 * 9.80665;
  for (const char* label : {"pelvis_tx_force", "pelvis_ty_force"}) {
    const size_t k = *out.column(label), nc = out.labels.size();
    double sum = 0;
    for (size_t r = 0; r < out.rows(); ++r) sum += out.values[r * nc + k] * out.values[r * nc + k];
    const double rms = std::sqrt(sum / out.rows());
    std::printf("%s rms %.2f N = %.2f %% of body weight\n", label, rms, 100 * rms / weight);
    EXPECT_LT(rms, 0.05 * weight) << label;
  }
}

}  // namespace
}  // namespace articula::run
