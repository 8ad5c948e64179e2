#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/render/ImageWriters.h"
#include "support/ImageReading.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;

namespace {

Image gradient(int w, int h, int shift) {
  Image im{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 3)};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      auto* p = &im.rgb[(std::size_t(y) * w + x) * 3];
      p[0] = std::uint8_t((x + shift) * 255 / (w + shift));
      p[1] = std::uint8_t(y * 255 / h);
      p[2] = std::uint8_t(x < w / 2 ? 200 : 40);
    }
  return im;
}

}  // namespace

TEST(GifWriter, WritesFramesDelaysAndLoop) {
  const auto dir = articula::test::freshTempDir("gifwriter");
  const auto file = dir / "a.gif";
  {
    GifWriter gif(file, 64, 48, {gradient(64, 48, 0)});
    gif.addFrame(gradient(64, 48, 0), 4);
    gif.addFrame(gradient(64, 48, 30), 4);
    gif.addFrame(gradient(64, 48, 60), 3);
    EXPECT_EQ(gif.frames(), 3);
    gif.close();
  }
  const auto contents = articula::test::readGif(file.string());
  EXPECT_EQ(contents.width, 64);
  EXPECT_EQ(contents.height, 48);
  ASSERT_EQ(contents.frames.size(), 3u);
  EXPECT_EQ(contents.delays, (std::vector<int>{4, 4, 3}));
  EXPECT_TRUE(contents.loops);
  EXPECT_NE(contents.frames[0], contents.frames[1]);
  std::filesystem::remove_all(dir);
}

TEST(GifWriter, PaletteKeepsColoursClose) {
  const auto dir = articula::test::freshTempDir("gifpalette");
  const Image source = gradient(64, 48, 0);
  {
    GifWriter gif(dir / "b.gif", 64, 48, {source});
    gif.addFrame(source, 4);
    gif.close();
  }
  int error = 0;
  GifFileType* g = DGifOpenFileName((dir / "b.gif").c_str(), &error);
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(DGifSlurp(g), GIF_OK);
  double total = 0;
  for (int i = 0; i < 64 * 48; ++i) {
    const GifColorType c = g->SColorMap->Colors[g->SavedImages[0].RasterBits[i]];
    total += std::abs(c.Red - source.rgb[i * 3]) + std::abs(c.Green - source.rgb[i * 3 + 1]) +
             std::abs(c.Blue - source.rgb[i * 3 + 2]);
  }
  DGifCloseFile(g, &error);
  EXPECT_LT(total / (64 * 48 * 3), 6.0);  // mean error per channel, of 255
  std::filesystem::remove_all(dir);
}

TEST(GifWriter, RejectsMismatchedFramesAndUnwritablePaths) {
  const auto dir = articula::test::freshTempDir("gifbad");
  GifWriter gif(dir / "c.gif", 32, 32, {});
  EXPECT_THROW(gif.addFrame(gradient(16, 16, 0), 4), articula::Error);
  EXPECT_THROW(GifWriter("/nonexistent/dir/x.gif", 32, 32, {}), articula::Error);
  std::filesystem::remove_all(dir);
}
