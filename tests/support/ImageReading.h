// Reads back GIF and PNG files with giflib and libpng, for the writer tests.
#pragma once
#include <gif_lib.h>
#include <png.h>

#include <cstring>
#include <string>
#include <vector>

namespace articula::test {

struct GifContents {
  int width = 0, height = 0;
  std::vector<std::vector<unsigned char>> frames;  // palette indices
  std::vector<int> delays;                         // centiseconds
  bool loops = false;
};

inline GifContents readGif(const std::string& file) {
  GifContents out;
  int error = 0;
  GifFileType* gif = DGifOpenFileName(file.c_str(), &error);
  if (!gif) return out;
  if (DGifSlurp(gif) == GIF_OK) {
    out.width = gif->SWidth;
    out.height = gif->SHeight;
    for (int i = 0; i < gif->ImageCount; ++i) {
      const SavedImage& image = gif->SavedImages[i];
      const std::size_t n = std::size_t(image.ImageDesc.Width) * image.ImageDesc.Height;
      out.frames.emplace_back(image.RasterBits, image.RasterBits + n);
      GraphicsControlBlock gcb;
      out.delays.push_back(DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK ? gcb.DelayTime : -1);
    }
    for (int i = 0; i < gif->ExtensionBlockCount; ++i)
      if (gif->ExtensionBlocks[i].ByteCount == 11 && std::memcmp(gif->ExtensionBlocks[i].Bytes, "NETSCAPE2.0", 11) == 0)
        out.loops = true;
    if (!out.loops && gif->ImageCount > 0)
      for (int i = 0; i < gif->SavedImages[0].ExtensionBlockCount; ++i)
        if (gif->SavedImages[0].ExtensionBlocks[i].ByteCount == 11 &&
            std::memcmp(gif->SavedImages[0].ExtensionBlocks[i].Bytes, "NETSCAPE2.0", 11) == 0)
          out.loops = true;
  }
  DGifCloseFile(gif, &error);
  return out;
}

inline bool readPng(const std::string& file, int& width, int& height, std::vector<unsigned char>& rgb) {
  png_image png;
  std::memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&png, file.c_str())) return false;
  png.format = PNG_FORMAT_RGB;
  rgb.resize(PNG_IMAGE_SIZE(png));
  width = int(png.width);
  height = int(png.height);
  const bool ok = png_image_finish_read(&png, nullptr, rgb.data(), 0, nullptr) != 0;
  png_image_free(&png);
  return ok;
}

}  // namespace articula::test
