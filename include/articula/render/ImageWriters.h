// Image files through Debian's libraries: PNG with libpng, animated GIF with giflib.
#pragma once
#include <array>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "articula/render/SoftwareRenderer.h"

struct GifFileType;

namespace articula::render {

// Writes an RGB image as an 8-bit PNG. Throws articula::Error naming the file on failure
// (OutputError when the file cannot be written; GifWriter likewise).
void writePng(const std::filesystem::path& file, const Image& image);

// An animated GIF written frame by frame with one global 256-colour palette, chosen once from
// sample images (e.g. the first, middle and last frame) so colours do not flicker; every frame
// maps its pixels to the nearest palette colour. Loops forever.
class GifWriter {
 public:
  GifWriter(const std::filesystem::path& file, int width, int height, const std::vector<Image>& paletteSamples);
  // Into an open file (e.g. an AtomicFile's, which stays open); `name` is for errors.
  GifWriter(int fd, const std::filesystem::path& name, int width, int height, const std::vector<Image>& paletteSamples);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // delayCentiseconds: how long the frame shows (GIF's unit is 1/100 s).
  void addFrame(const Image& image, int delayCentiseconds);
  // Finishes the file; throws on a write error. Called by the destructor if needed (errors ignored there).
  void close();
  int frames() const { return frames_; }

 private:
  void choosePalette(const std::vector<Image>& samples);
  void start(GifFileType* gif, int openError);  // the header; `gif` null: the open failed
  std::filesystem::path file_;
  GifFileType* gif_ = nullptr;
  std::array<unsigned char, 3 * 256> palette_{};  // RGB
  int width_, height_, frames_ = 0;
  std::vector<unsigned char> lookup_;  // 6-bit-per-channel RGB -> palette index
};

}  // namespace articula::render
