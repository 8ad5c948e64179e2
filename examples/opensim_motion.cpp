// opensim_motion: an OpenSim model and its inverse-kinematics motion, as `articula motion` does.
//
//   opensim_motion [model.osim] [motion.mot] [out_folder]
//
// Defaults: gait2354's subject01_simbody_adjusted.osim and subject01_walk1_ik.mot from the OpenSim
// fixtures (tests/data/external/opensim; the program says so and exits 0 where they are absent).
// run::playMotionFile imports the .osim (OpenSim's coordinates are the model's), poses it by each
// row of the motion and writes a run folder: trajectory.json (`articula view` makes its viewer.html:
// bodies as joint-to-joint capsules, markers as dots), trajectory.csv, and the body
// kinematics in OpenSim's BodyKinematics layout, read back here.
//
// Check (exit code 1 on failure), independent of the multibody engine: gait2354's pelvis hangs on
// ground by rotations pelvis_tilt (z), pelvis_list (x), pelvis_rotation (y), body-fixed, then the
// translations pelvis_tx, _ty, _tz; so its orientation is Rz Rx Ry of the motion's angles and its
// mass centre (tx, ty, tz) + R p_com. The written pelvis_Ox.._Oz and pelvis_X.._Z must agree with
// those worked from the motion file's row to 1e-9 (degrees, metres).
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "articula/model/ModelFile.h"
#include "articula/run/MotionPlayback.h"

using namespace articula;

int main(int argc, char** argv) {
  const std::string fixtures = ARTICULA_SOURCE_DIR "/tests/data/external/opensim/gait2354/";
  const std::string modelFile = argc > 1 ? argv[1] : fixtures + "subject01_simbody_adjusted.osim";
  const std::string motionFile = argc > 2 ? argv[2] : fixtures + "subject01_walk1_ik.mot";
  const std::string out = argc > 3 ? argv[3] : (std::filesystem::temp_directory_path() / "opensim_motion").string();
  if (!std::filesystem::exists(modelFile) || !std::filesystem::exists(motionFile)) {
    std::printf("%s or %s absent: nothing to show\n", modelFile.c_str(), motionFile.c_str());
    return 0;
  }
  try {
    run::MotionRequest request;
    request.modelFile = modelFile;
    request.motionFile = motionFile;
    request.outFolder = out;
    const run::MotionReport report = run::playMotionFile(request);
    std::printf("%zu frames, %zu columns used, %zu coordinates missing; folder %s\n", report.frames,
                report.columns.columns.size(), report.columns.missing.size(), out.c_str());
    const files::StorageTable bk = files::readStorage(out + "/" + report.bodyKinematicsFile);
    const files::StorageTable motion = files::readStorage(motionFile);
    const model::ModelSpec spec = model::loadModelFile(modelFile);
    const Vec3 com = spec.bodies[spec.findBody("pelvis")].massCenter;
    const Real deg = 3.14159265358979323846 / 180;
    auto at = [](const files::StorageTable& t, size_t r, const std::string& label) {
      return t.at(r, t.column(label).value());
    };
    Real worstAngle = 0, worstPosition = 0;
    std::printf("   time   pelvis_X     pelvis_Y     pelvis_Z    pelvis_Ox  pelvis_Oy  pelvis_Oz  (written)\n");
    for (size_t r = 0; r < motion.rows(); ++r) {
      const Rotation R = Rotation::bodyFixed(
          Vec3(at(motion, r, "pelvis_tilt"), at(motion, r, "pelvis_list"), at(motion, r, "pelvis_rotation")) * deg,
          {CoordinateAxis::Z, CoordinateAxis::X, CoordinateAxis::Y});
      const Vec3 angles = R.toBodyFixedXYZ() / deg;
      const Vec3 position = Vec3(at(motion, r, "pelvis_tx"), at(motion, r, "pelvis_ty"), at(motion, r, "pelvis_tz")) +
                            R * com;
      const Vec3 written(at(bk, r, "pelvis_X"), at(bk, r, "pelvis_Y"), at(bk, r, "pelvis_Z"));
      const Vec3 writtenAngles(at(bk, r, "pelvis_Ox"), at(bk, r, "pelvis_Oy"), at(bk, r, "pelvis_Oz"));
      worstAngle = std::max(worstAngle, (angles - writtenAngles).cwiseAbs().maxCoeff());
      worstPosition = std::max(worstPosition, (position - written).norm());
      if (r % 18 == 0)
        std::printf("%7.3f %12.6f %12.6f %12.6f %10.4f %10.4f %10.4f\n", bk.time(r), written[0], written[1], written[2],
                    writtenAngles[0], writtenAngles[1], writtenAngles[2]);
    }
    std::printf("pelvis against the motion's own angles and translations: worst angle %.2e deg, position %.2e m\n",
                worstAngle, worstPosition);
    if (worstAngle > 1e-9 || worstPosition > 1e-9) {
      std::printf("FAILED\n");
      return 1;
    }
    std::printf("`articula view %s` writes its viewer.html (`articula motion` writes it directly)\n", out.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
