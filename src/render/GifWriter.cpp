// GifWriter: giflib's encoder; the palette comes from giflib's median-cut quantizer run on
// sample frames, and a 64x64x64 lookup table maps any colour to its nearest palette entry.
#include <gif_lib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "articula/Error.h"
#include "articula/files/TextOutput.h"  // OutputError: the file cannot be written (exit code 1)
#include "articula/render/ImageWriters.h"

namespace articula::render {
namespace {

std::string gifError(int code) {
  const char* text = GifErrorString(code);
  return text ? std::string(text) : std::string("giflib error ") + std::to_string(code);
}

}  // namespace

GifWriter::GifWriter(const std::filesystem::path& file, int width, int height, const std::vector<Image>& samples)
    : file_(file), width_(width), height_(height) {
  choosePalette(samples);
  int error = 0;
  start(EGifOpenFileName(file.c_str(), false, &error), error);
}

GifWriter::GifWriter(int fd, const std::filesystem::path& name, int width, int height,
                     const std::vector<Image>& samples)
    : file_(name), width_(width), height_(height) {
  choosePalette(samples);
  const int own = ::dup(fd);  // giflib closes the descriptor it is given
  if (own < 0) throw files::OutputError(name.string() + ": cannot create (" + std::strerror(errno) + ")");
  int error = 0;
  GifFileType* gif = EGifOpenFileHandle(own, &error);
  if (!gif) ::close(own);
  start(gif, error);
}

void GifWriter::choosePalette(const std::vector<Image>& samples) {
  const int width = width_, height = height_;
  const std::filesystem::path& file = file_;
  if (width < 1 || height < 1 || width > 65535 || height > 65535)
    throw Error(file.string() + ": GIF size " + std::to_string(width) + "x" + std::to_string(height) + " out of range");
  // Palette: median cut over the sample pixels (at least one pixel of every sample).
  std::vector<GifByteType> r, g, b;
  for (const Image& s : samples) {
    for (std::size_t i = 0; i + 2 < s.rgb.size(); i += 3) {
      r.push_back(s.rgb[i]);
      g.push_back(s.rgb[i + 1]);
      b.push_back(s.rgb[i + 2]);
    }
  }
  if (r.empty()) {  // no samples: a grey ramp
    for (int i = 0; i < 256; ++i) r.push_back(GifByteType(i)), g.push_back(GifByteType(i)), b.push_back(GifByteType(i));
  }
  std::vector<GifByteType> indices(r.size());
  GifColorType palette[256];
  std::memset(palette, 0, sizeof palette);
  int paletteSize = 256;
  if (GifQuantizeBuffer(unsigned(r.size()), 1, &paletteSize, r.data(), g.data(), b.data(), indices.data(), palette) ==
      GIF_ERROR)
    throw Error(file.string() + ": colour quantization failed");
  lookup_.resize(64 * 64 * 64);
  for (int q = 0; q < 64 * 64 * 64; ++q) {
    const int cr = ((q >> 12) & 63) * 4 + 2, cg = ((q >> 6) & 63) * 4 + 2, cb = (q & 63) * 4 + 2;
    int best = 0, bestDistance = 1 << 30;
    for (int k = 0; k < paletteSize; ++k) {
      const int dr = cr - palette[k].Red, dg = cg - palette[k].Green, db = cb - palette[k].Blue;
      const int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
      if (d < bestDistance) bestDistance = d, best = k;
    }
    lookup_[q] = (unsigned char)best;
  }
  for (int k = 0; k < 256; ++k)
    palette_[3 * k] = palette[k].Red, palette_[3 * k + 1] = palette[k].Green, palette_[3 * k + 2] = palette[k].Blue;
}

void GifWriter::start(GifFileType* gif, int openError) {
  if (!gif) throw files::OutputError(file_.string() + ": cannot create (" + gifError(openError) + ")");
  gif_ = gif;
  int error = 0;
  EGifSetGifVersion(gif_, true);
  GifColorType palette[256];
  for (int k = 0; k < 256; ++k) palette[k] = {palette_[3 * k], palette_[3 * k + 1], palette_[3 * k + 2]};
  ColorMapObject* map = GifMakeMapObject(256, palette);
  const bool ok = map && EGifPutScreenDesc(gif_, width_, height_, 8, 0, map) != GIF_ERROR;
  GifFreeMapObject(map);
  // NETSCAPE2.0 application extension: loop forever.
  static const GifByteType netscape[] = "NETSCAPE2.0";
  GifByteType loop[3] = {1, 0, 0};
  if (!ok || EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, 11, netscape) == GIF_ERROR || EGifPutExtensionBlock(gif_, 3, loop) == GIF_ERROR ||
      EGifPutExtensionTrailer(gif_) == GIF_ERROR) {
    const int code = gif_->Error;
    EGifCloseFile(gif_, &error);
    gif_ = nullptr;
    throw files::OutputError(file_.string() + ": cannot write the GIF header (" + gifError(code) + ")");
  }
}

GifWriter::~GifWriter() {
  if (gif_) {
    int error = 0;
    EGifCloseFile(gif_, &error);
  }
}

void GifWriter::addFrame(const Image& image, int delayCentiseconds) {
  if (!gif_) throw Error(file_.string() + ": GIF already closed");
  if (image.width != width_ || image.height != height_)
    throw Error(file_.string() + ": frame " + std::to_string(frames_) + " is " + std::to_string(image.width) + "x" +
                std::to_string(image.height) + ", the GIF is " + std::to_string(width_) + "x" +
                std::to_string(height_));
  GraphicsControlBlock gcb;
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = std::max(1, delayCentiseconds);
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&gcb, extension);
  std::vector<GifPixelType> row(static_cast<std::size_t>(width_));
  bool ok = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, int(length), extension) != GIF_ERROR &&
            EGifPutImageDesc(gif_, 0, 0, width_, height_, false, nullptr) != GIF_ERROR;
  for (int y = 0; ok && y < height_; ++y) {
    const std::uint8_t* p = image.rgb.data() + std::size_t(y) * width_ * 3;
    for (int x = 0; x < width_; ++x, p += 3) row[x] = lookup_[((p[0] >> 2) << 12) | ((p[1] >> 2) << 6) | (p[2] >> 2)];
    ok = EGifPutLine(gif_, row.data(), width_) != GIF_ERROR;
  }
  if (!ok)
    throw files::OutputError(file_.string() + ": cannot write frame " + std::to_string(frames_) + " (" +
                             gifError(gif_->Error) + ")");
  ++frames_;
}

void GifWriter::close() {
  if (!gif_) return;
  int error = 0;
  const int result = EGifCloseFile(gif_, &error);
  gif_ = nullptr;
  if (result == GIF_ERROR)
    throw files::OutputError(file_.string() + ": cannot finish the GIF (" + gifError(error) + ")");
}

}  // namespace articula::render
