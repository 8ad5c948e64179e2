// Putting a complete new folder where an older one is, so that at every instant one of the two
// complete folders is in place: renameat2(RENAME_EXCHANGE) swaps them in one step. Where the file
// system refuses the exchange (EINVAL, ENOSYS), the old folder is first renamed aside to a hidden
// ".NAME.old-<pid>-<random>" (TemporaryName.h), then the new one into place.
#pragma once
#include <filesystem>
#include <functional>

namespace articula::files {

// Moves the folder `fresh` to `target`. Returns where the older `target` now is (the path `fresh`
// after an exchange, the aside name after the fallback), for the caller to remove; empty when
// there was none. `exchange` false: the fallback only (for tests). Throws OutputError; then
// `target` is as it was and `fresh` still holds the new folder.
std::filesystem::path swapIntoPlace(const std::filesystem::path& fresh, const std::filesystem::path& target,
                                    bool exchange = true);

// Tidies up after swaps that killed processes left unfinished beside `target`: when `target` is
// missing, a stale ".NAME.old-*" (the older folder, moved aside) is put back; every other stale
// temporary folder of `target` (".NAME.tmp-*", ".NAME.old-*") is given to `remove`, which
// removes it if it holds only what the swapping program wrote. Symlinks and files are left alone.
void cleanStaleSwaps(const std::filesystem::path& target,
                     const std::function<void(const std::filesystem::path&)>& remove);

}  // namespace articula::files
