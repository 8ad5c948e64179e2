// convertModelFile (`articula convert`): the written file is the same model in the Articula
// format; bad input writes nothing; an unwritable target is an OutputError.
#include "articula/model/ModelConversion.h"

#include <gtest/gtest.h>

#include <fstream>

#include "articula/files/TextOutput.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

TEST(ModelConversion, OpenMbdBecomesTheSameModelInTheArticulaFormat) {
  TempDir dir;
  LoadOptions compat;
  compat.openMbdCompat = true;
  const ModelCheck c = convertModelFile(openMbdPath("openmbd_bicycle.json"), dir / "bicycle.json", compat);
  const ModelSpec original = loadModelFile(openMbdPath("openmbd_bicycle.json"), compat);
  const ModelSpec written = loadModelFile(dir / "bicycle.json");
  EXPECT_EQ(written.sourceFormat, SourceFormat::Articula);
  ASSERT_EQ(written.bodies.size(), original.bodies.size());
  EXPECT_EQ(c.bodies, original.bodies.size());
  for (size_t i = 0; i < original.bodies.size(); ++i) {
    EXPECT_EQ(written.bodies[i].name, original.bodies[i].name);
    EXPECT_DOUBLE_EQ(written.bodies[i].mass, original.bodies[i].mass);
  }
  EXPECT_EQ(checkModelFile(dir / "bicycle.json").degreesOfFreedom, c.degreesOfFreedom);
}

TEST(ModelConversion, BadInputWritesNothingAndBadTargetsAreOutputErrors) {
  TempDir dir;
  const std::string bad = dir / "bad.json";
  std::ofstream(bad) << R"({"format": "articula-model", "version": 1, "bodies": [{"name": "x", "mass": -1}]})";
  EXPECT_THROW(convertModelFile(bad, dir / "out.json"), ModelError);
  EXPECT_EQ(listing(dir.path), std::vector<std::string>{"bad.json"});
  EXPECT_THROW(convertModelFile(sourcePath("models/double_pendulum.json"), dir / "no-such-folder/out.json"),
               files::OutputError);
}
