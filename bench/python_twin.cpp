// The C++ side of the Python benchmark (bench/python/bench_python.py): the same calls on the same
// model file that the script makes through the module, timed here without Python.
//   articula_bench_python_twin MODEL.json realize ITERATIONS   -> ns of thread CPU time per (write
//       q, realize Acceleration, read udot), the loop the script times through articula.State's views
//   articula_bench_python_twin MODEL.json simulate REPEATS     -> s per run::runSimulation of the
//       file's scenario with its frames kept (what Model.simulate runs before the copy-out)
// Prints one number (the best of five batches); exits 2 on bad arguments.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"

using namespace articula;

namespace {

double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of this thread (as the script's time.thread_time): on a shared machine a batch that
// is preempted does not count the other processes' work.
double threadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double timeRealize(const model::BuiltModel& built, long iterations) {
  State s = built.initialState;
  const MultibodySystem& sys = *built.system;
  double best = 1e300, sink = 0;
  for (int batch = 0; batch < 5; ++batch) {
    const double t0 = threadSeconds();
    for (long i = 0; i < iterations; ++i) {
      s.updQ()[0] = 1e-3 * static_cast<double>(i & 7);  // as the script's s.q[0] = ...
      sys.realize(s, Stage::Acceleration);
      sink += s.getUDot()[0];
    }
    best = std::min(best, (threadSeconds() - t0) / static_cast<double>(iterations));
  }
  if (sink == 12345.678) std::puts("");  // keeps the loop from being optimized away
  return best * 1e9;
}

double timeSimulate(const model::ModelSpec& spec, const model::BuiltModel& built, int repeats) {
  double best = 1e300;
  for (int k = 0; k < std::max(repeats, 1); ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    const run::RunResult r = run::runSimulation(spec, built, spec.scenario);
    best = std::min(best, seconds(t0));
    if (r.frames.empty()) return -1;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s MODEL.json realize|simulate N\n", argv[0]);
    return 2;
  }
  const std::string what = argv[2];
  const long n = std::stol(argv[3]);
  const model::ModelSpec spec = model::loadModelFile(argv[1]);
  const model::BuiltModel built = model::buildModel(spec, argv[1]);
  if (what == "realize") std::printf("%.1f\n", timeRealize(built, n));
  else if (what == "simulate") std::printf("%.6f\n", timeSimulate(spec, built, static_cast<int>(n)));
  else return 2;
  return 0;
}
