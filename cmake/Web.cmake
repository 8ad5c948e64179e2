# The browser viewer (viewer/, three.js built with vite from npm packages): viewer/scripts/build.mjs
# runs `npm ci` (package-lock.json) and `vite build` in the build tree and generates WebPages.cpp,
# the pages as string constants, compiled into the static library articula_web. The library's
# page writers (src/render/ViewerPage.cpp, EditorPage.cpp) use them, so articula links it; programs
# that never write a page do not pull it in. docs/viewer.md.
find_program(ARTICULA_NODE node)
find_program(ARTICULA_NPM npm)
if(NOT ARTICULA_NODE OR NOT ARTICULA_NPM)
  message(FATAL_ERROR "Node.js and npm build the browser viewer: run scripts/install-deps (or make deps)")
endif()
set(ARTICULA_WEB_DIR ${CMAKE_BINARY_DIR}/web)
file(GLOB_RECURSE ARTICULA_WEB_INPUTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/viewer/src/*)
list(APPEND ARTICULA_WEB_INPUTS
  ${CMAKE_SOURCE_DIR}/viewer/package.json ${CMAKE_SOURCE_DIR}/viewer/package-lock.json
  ${CMAKE_SOURCE_DIR}/viewer/vite.config.js ${CMAKE_SOURCE_DIR}/viewer/scripts/build.mjs
  ${CMAKE_SOURCE_DIR}/schema/articula-model-1.schema.json)
add_custom_command(
  OUTPUT ${ARTICULA_WEB_DIR}/WebPages.cpp ${ARTICULA_WEB_DIR}/viewer.html ${ARTICULA_WEB_DIR}/editor.html
  COMMAND ${ARTICULA_NODE} ${CMAKE_SOURCE_DIR}/viewer/scripts/build.mjs ${ARTICULA_WEB_DIR}
  DEPENDS ${ARTICULA_WEB_INPUTS}
  COMMENT "Building the browser viewer (npm ci, vite build)"
  VERBATIM USES_TERMINAL)
add_library(articula_web STATIC ${ARTICULA_WEB_DIR}/WebPages.cpp)
# Linked into a shared libarticula too (BUILD_SHARED_LIBS), so position-independent there.
if(BUILD_SHARED_LIBS)
  set_target_properties(articula_web PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()
target_link_libraries(articula PRIVATE articula_web)
