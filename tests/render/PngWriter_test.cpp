#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/render/ImageWriters.h"
#include "support/ImageReading.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;

TEST(PngWriter, RoundTripsPixels) {
  const auto dir = articula::test::freshTempDir("pngwriter");
  Image im{5, 3, {}};
  for (int i = 0; i < 5 * 3 * 3; ++i) im.rgb.push_back(std::uint8_t(i * 5));
  writePng(dir / "x.png", im);
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  ASSERT_TRUE(articula::test::readPng((dir / "x.png").string(), w, h, rgb));
  EXPECT_EQ(w, 5);
  EXPECT_EQ(h, 3);
  EXPECT_EQ(rgb, im.rgb);
  EXPECT_THROW(writePng("/nonexistent/dir/x.png", im), articula::Error);
  EXPECT_THROW(writePng(dir / "y.png", Image{2, 2, {}}), articula::Error);
  std::filesystem::remove_all(dir);
}
