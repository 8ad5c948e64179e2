#include "FuzzInput.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace articula::fuzz {
namespace {

// Made once per process, so parallel fuzzing jobs never share a file.
const std::filesystem::path& scratchFolder() {
  static const std::filesystem::path folder = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "articula-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data())) std::abort();
    const std::filesystem::path made(pattern);
    std::filesystem::copy(std::filesystem::path(ARTICULA_SOURCE_DIR) / "models" / "meshes", made / "meshes");
    return made;
  }();
  return folder;
}

}  // namespace

const std::string& writeScratchFile(const uint8_t* data, size_t size, const char* ext) {
  static std::string path;
  path = (scratchFolder() / (std::string("input") + ext)).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out.flush()) std::abort();
  return path;
}

}  // namespace articula::fuzz
