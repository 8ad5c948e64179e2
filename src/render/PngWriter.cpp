// writePng: libpng's simplified write API.
#include <png.h>

#include <cstring>

#include "articula/Error.h"
#include "articula/files/TextOutput.h"  // OutputError: the file cannot be written (exit code 1)
#include "articula/render/ImageWriters.h"

namespace articula::render {

void writePng(const std::filesystem::path& file, const Image& image) {
  if (image.width <= 0 || image.height <= 0 || image.rgb.size() != std::size_t(image.width) * image.height * 3)
    throw Error(file.string() + ": cannot write an empty or inconsistent image");
  png_image png;
  std::memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  png.width = png_uint_32(image.width);
  png.height = png_uint_32(image.height);
  png.format = PNG_FORMAT_RGB;
  if (!png_image_write_to_file(&png, file.c_str(), 0, image.rgb.data(), 0, nullptr)) {
    const std::string message = png.message;
    png_image_free(&png);
    throw files::OutputError(file.string() + ": cannot write PNG (" + message + ")");
  }
}

}  // namespace articula::render
