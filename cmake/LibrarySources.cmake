# The library's sources, one list for every build that compiles them: the main build
# (CMakeLists.txt) and the clang fuzzing build (fuzz/CMakeLists.txt), whose CMAKE_SOURCE_DIR differs.
get_filename_component(ARTICULA_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
file(GLOB_RECURSE ARTICULA_SOURCES CONFIGURE_DEPENDS
  ${ARTICULA_ROOT}/src/math/*.cpp
  ${ARTICULA_ROOT}/src/system/*.cpp
  ${ARTICULA_ROOT}/src/matter/*.cpp
  ${ARTICULA_ROOT}/src/forces/*.cpp
  ${ARTICULA_ROOT}/src/constraints/*.cpp
  ${ARTICULA_ROOT}/src/contact/*.cpp
  ${ARTICULA_ROOT}/src/integrators/*.cpp
  ${ARTICULA_ROOT}/src/study/*.cpp
  ${ARTICULA_ROOT}/src/files/*.cpp
  ${ARTICULA_ROOT}/src/model/*.cpp
  ${ARTICULA_ROOT}/src/run/*.cpp
  ${ARTICULA_ROOT}/src/render/*.cpp)
