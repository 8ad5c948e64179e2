// Writing one file so that readers see the old content or the complete new one, never a part:
// the text goes into a fresh temporary file beside the target (an unpredictable name, created
// exclusively, never through a symlink; TemporaryName.h), is synced, and renamed over the target.
// On any failure the temporary file is removed and the target is untouched; temporaries of the
// same target stranded by killed processes are removed. Errors are OutputError naming the file
// and the system's reason.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>

#include "articula/files/TextOutput.h"

namespace articula::files {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);  // creates the temporary file
  ~AtomicFile();                                      // removes it unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view text);
  void commit();                  // syncs, renames over the target, syncs the folder
  int fd() const { return fd_; }  // for writers that take a descriptor (GIF); the file stays ours
  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& tempPath() const { return temp_; }

 private:
  std::filesystem::path target_, temp_;
  int fd_ = -1;
  bool committed_ = false;
};

// The whole file at once.
void writeFileAtomically(const std::filesystem::path& target, std::string_view text);

// Makes what was renamed into `folder` survive a power cut (best effort: errors are ignored).
void syncFolder(const std::filesystem::path& folder);

// Writes all of `text` to `fd` (short writes and EINTR retried); OutputError naming `name`.
// Every output file of Articula is written through here, which is where the fault tests make the
// disk full: with ARTICULA_TEST_ENOSPC_AFTER=N in the environment, writes fail with ENOSPC once
// the process has written N bytes.
void writeAll(int fd, std::string_view text, const std::string& name);

}  // namespace articula::files
