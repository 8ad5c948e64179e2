// OpenSim's Inverse Kinematics and Inverse Dynamics tools on a trial (docs/opensim.md), timed in
// frames per second and as a multiple of the trial's capture rate (gait2354: 60 Hz; issue 25's
// goals are 100x for IK, 10 000x for ID). Each tool runs REPETITIONS times from its setup file;
// the figures are the best repetition's (the machine is shared), split into preparing (reading the
// model and files, filtering, fitting) and the frames themselves.
//
//   articula_bench_opensim [FOLDER] [REPETITIONS]     FOLDER: the gait2354 fixtures
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "articula/model/IkSetup.h"
#include "articula/model/InverseDynamicsSetup.h"
#include "articula/run/IkTool.h"
#include "articula/run/InverseDynamicsTool.h"

using namespace articula;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

constexpr double kCaptureRate = 60;  // Hz, the trial's markers (subject01_walk1.trc DataRate)

void report(const char* tool, int frames, double total, double framesOnly, double goal) {
  const double rate = frames / framesOnly;
  std::printf(
      "%-3s %3d frames  total %8.2f ms (%9.0f frames/s)  frames only %8.3f ms (%9.0f frames/s = %7.0fx "
      "capture rate; goal %.0fx)\n",
      tool, frames, 1e3 * total, frames / total, 1e3 * framesOnly, rate, rate / kCaptureRate, goal);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string folder = argc > 1 ? argv[1] : ARTICULA_SOURCE_DIR "/tests/data/external/opensim/gait2354";
  const int repetitions = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
  try {
    double ikTotal = 1e30, ikFrames = 1e30, idTotal = 1e30, idFrames = 1e30;
    int ikCount = 0, idCount = 0;
    const model::IkSetup ik = model::readIkSetup(folder + "/subject01_Setup_IK.xml");
    const model::InverseDynamicsSetup id = model::readInverseDynamicsSetup(folder +
                                                                           "/subject01_Setup_InverseDynamics.xml");
    for (int r = 0; r < repetitions; ++r) {
      auto t0 = Clock::now();
      const run::IkTrial trial = run::runInverseKinematics(ik);
      ikTotal = std::min(ikTotal, since(t0));
      ikFrames = std::min(ikFrames, trial.solveSeconds);
      ikCount = static_cast<int>(trial.time.size());
      t0 = Clock::now();
      run::InverseDynamicsTool tool(id);
      const files::StorageTable forces = tool.run();
      idTotal = std::min(idTotal, since(t0));
      idFrames = std::min(idFrames, tool.timings().framesSeconds);
      idCount = static_cast<int>(forces.rows());
    }
    std::printf("gait2354 trial (%s), best of %d, Release build\n", folder.c_str(), repetitions);
    report("IK", ikCount, ikTotal, ikFrames, 100);
    report("ID", idCount, idTotal, idFrames, 10000);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "articula_bench_opensim: %s\n", e.what());
    return 1;
  }
  return 0;
}
