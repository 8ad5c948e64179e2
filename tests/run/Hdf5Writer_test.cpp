// trajectory.h5 (Hdf5Writer.h) read back two ways: with h5py, as users read it (every group's
// dataset equals trajectory.csv's columns of the same names, written with 17 digits), and its
// layout (datasets per group, "columns" attributes) through the listing h5py gives.
#include "articula/run/Hdf5Writer.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

namespace {

// Compares every dataset of the .h5 file with the CSV columns of the same names; prints the
// datasets found. Exit code 0 when all agree to the last bit.
const char* const kCheck = R"PY(
import csv, sys, h5py, numpy as np
h5, csvfile = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(csvfile)))
header, data = rows[0], np.array(rows[1:], dtype=float)
with h5py.File(h5, "r") as f:
    assert isinstance(f.attrs["model"], str) and f.attrs["model"], f.attrs["model"]
    seen = 0
    for name in f:
        d = f[name]
        cols = [str(c) for c in d.attrs["columns"]]
        assert d.shape == (data.shape[0], len(cols)), (name, d.shape)
        for k, c in enumerate(cols):
            assert np.array_equal(d[:, k], data[:, header.index(c)]), (name, c)
        seen += len(cols)
    assert seen == len(header), (seen, len(header))
    print(" ".join(sorted(f.keys())))
)PY";

}  // namespace

TEST(Hdf5Writer, EveryGroupReadsBackWithH5pyAsTheCsvSaysIt) {
  ModelSpec m = loadModelFile(sourcePath("models/four_bar.json"));
  m.scenario.duration = 0.2;
  m.scenario.reportInterval = 0.01;
  m.scenario.columns.digits = 17;
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  files::StringOutput h5;
  Hdf5Writer writer(OutputColumns(m, b), m.name, h5);
  for (const Frame& f : r.frames) writer.add(f);
  writer.finish();
  TempDir dir;
  std::ofstream(dir / "trajectory.h5", std::ios::binary) << h5.text();
  std::ofstream(dir / "trajectory.csv") << makeTrajectoryCsv(m, b, r);
  std::ofstream(dir / "check.py") << kCheck;
  const std::string out = dir / "out.txt";
  const std::string cmd = "/usr/bin/python3 " + (dir / "check.py") + " " + (dir / "trajectory.h5") + " " +
                          (dir / "trajectory.csv") + " > " + out + " 2>&1";
  const int status = std::system(cmd.c_str());
  EXPECT_EQ(status, 0) << readText(out);
  EXPECT_EQ(readText(out), "bodies constraints energy forces q reactions time u udot\n");
}
