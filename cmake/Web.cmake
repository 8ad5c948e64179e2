# The browser viewer and editor pages (viewer/, three.js built with vite from npm packages), a
# component of their own: the static library articula_web holds the pages as string constants and
# the library's page writers (src/render/ViewerPage.cpp, EditorPage.cpp) read them. docs/viewer.md.
#
# ARTICULA_WEB=ON: viewer/scripts/build.mjs runs `npm ci` (package-lock.json) and `vite build` in
# the build tree and generates WebPages.cpp. ARTICULA_WEB=OFF (no Node.js needed): the pages are
# empty (viewer/cpp/NoWebPages.cpp), render::hasBrowserPages() is false, and writing a page
# fails with a message that says how to build one.
if(ARTICULA_WEB)
  find_program(ARTICULA_NODE node)
  find_program(ARTICULA_NPM npm)
  if(NOT ARTICULA_NODE OR NOT ARTICULA_NPM)
    message(FATAL_ERROR "ARTICULA_WEB=ON: Node.js and npm build the browser viewer; run scripts/install-deps "
                        "(or make deps), or configure with -DARTICULA_WEB=OFF for a build without the viewer")
  endif()
  set(ARTICULA_WEB_DIR ${PROJECT_BINARY_DIR}/web)
  file(GLOB_RECURSE ARTICULA_WEB_INPUTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/viewer/src/*)
  list(APPEND ARTICULA_WEB_INPUTS
    ${PROJECT_SOURCE_DIR}/viewer/package.json ${PROJECT_SOURCE_DIR}/viewer/package-lock.json
    ${PROJECT_SOURCE_DIR}/viewer/vite.config.js ${PROJECT_SOURCE_DIR}/viewer/scripts/build.mjs
    ${PROJECT_SOURCE_DIR}/schema/articula-model-1.schema.json)
  add_custom_command(
    OUTPUT ${ARTICULA_WEB_DIR}/WebPages.cpp ${ARTICULA_WEB_DIR}/viewer.html ${ARTICULA_WEB_DIR}/editor.html
    COMMAND ${ARTICULA_NODE} ${PROJECT_SOURCE_DIR}/viewer/scripts/build.mjs ${ARTICULA_WEB_DIR}
    DEPENDS ${ARTICULA_WEB_INPUTS}
    COMMENT "Building the browser viewer (npm ci, vite build)"
    VERBATIM USES_TERMINAL)
  add_library(articula_web STATIC ${ARTICULA_WEB_DIR}/WebPages.cpp)
else()
  message(STATUS "Articula: no browser viewer in this build (ARTICULA_WEB=OFF); `articula view` and `edit` say so")
  add_library(articula_web STATIC ${PROJECT_SOURCE_DIR}/viewer/cpp/NoWebPages.cpp)
  target_include_directories(articula_web PRIVATE ${PROJECT_SOURCE_DIR}/include)
endif()
# Linked into a shared libarticula (BUILD_SHARED_LIBS) or the Python module: position-independent there.
if(BUILD_SHARED_LIBS OR ARTICULA_PYTHON)
  set_target_properties(articula_web PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()
target_link_libraries(articula PRIVATE articula_web)
