// A long run's memory does not grow with its steps: the short version of `make soak`. The 20-body
// ellipsoid fall (tests/data/models/ellipsoid_fall_20.json) in 10^5 fixed steps; the resident set
// when a tenth of the run is done and at its end (summary.json run.memory) differ by less than
// 16 bytes a step would make them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/IoTestSupport.h"

using namespace articula::iotest;

TEST(LongRunMemory, TheEllipsoidFallTakes1e5StepsInConstantMemory) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine change the resident set (make sanitize)";
#endif
  TempDir dir;
  const CliResult r = runCli(
      "run " + sourcePath("tests/data/models/ellipsoid_fall_20.json") +
          " --integrator SemiExplicitEuler --dt 1e-5 --duration 1 --report-interval 0.01 -q --no-frame-thread --out " +
          (dir / "run"),
      dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  const long long steps = summary["integrator"]["steps_taken"].get<long long>();
  EXPECT_GE(steps, 100000);  // and a few more: steps shortened to land on the report times
  EXPECT_LE(steps, 100101);
  const auto& memory = summary["run"]["memory"];
  const long long tenth = memory["rss_at_10_percent_bytes"].get<long long>();
  const long long end = memory["rss_end_bytes"].get<long long>();
  // 90 000 steps between the two. Nothing is kept per step: the head's peak and HIC15 are streamed
  // (HeadTrack). Keeping its acceleration at every step, as before, grew 2.0 MB here (16 bytes a
  // step: 1.4 MB); a State per step (~10 kB) would be hundreds of MB. Measured 0.5 MB, 2026-11-27.
  // Without the frame thread: its queue of up to 64 report states fills when it falls behind on a
  // busy machine, a few MB that depend on the load but not on the run's length.
  EXPECT_LT(end - tenth, 1 << 20) << "RSS at 10 %: " << tenth << ", at the end: " << end;
  EXPECT_GT(memory["peak_rss_bytes"].get<long long>(), 0);
}
