// Names of the hidden temporary files and folders that outputs are written under before they are
// renamed into place: ".NAME.KIND-<pid>-<16 hex digits>" beside NAME. The random part makes the name
// unpredictable (nobody can plant a symlink there in advance); the pid lets a later run tell that
// the owner was killed, so that what it stranded can be removed.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace articula::files {

// A new name for a temporary beside `name` (a file name, not a path); KIND is e.g. "tmp" or "old".
std::string temporaryName(const std::string& name, const char* kind = "tmp");

// Whether `entry` (a file name) is a temporary of `name` and KIND whose owner process is gone.
bool isStaleTemporary(const std::string& entry, const std::string& name, const char* kind = "tmp");

// The entries of `folder` that are stale temporaries of `name` and KIND (none if it cannot be read).
std::vector<std::filesystem::path> staleTemporaries(const std::filesystem::path& folder, const std::string& name,
                                                    const char* kind = "tmp");

}  // namespace articula::files
