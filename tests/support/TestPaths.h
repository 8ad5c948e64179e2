// Where the tests find the source tree and the built command. Defined in a file the build
// generates (tests/CMakeLists.txt), not passed as -D flags, so that no other test's compile command
// holds an absolute path and ccache reuses objects across clones at different paths.
#pragma once

namespace articula::testpaths {
extern const char* const kSourceDir;  // the repository root
extern const char* const kTestDir;    // tests/
extern const char* const kCliPath;    // the built `articula` program
}  // namespace articula::testpaths
