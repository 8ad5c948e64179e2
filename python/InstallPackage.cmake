# Installs the Python package articula; run by cmake --install (python/CMakeLists.txt sets the
# ARTICULA_* variables). The folder is chosen here, from the prefix of this install, because one
# build is installed under several: /usr/local by `make install`, /usr by CPack's .deb.
if(ARTICULA_PYTHON_INSTALL_DIR)
  set(dir "${ARTICULA_PYTHON_INSTALL_DIR}")
elseif(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  set(dir lib/python3/dist-packages)  # Debian's folder for packaged modules, every Python 3 version
else()
  set(dir lib/python${ARTICULA_PYTHON_VERSION}/dist-packages)
endif()
if(NOT IS_ABSOLUTE "${dir}")
  set(dir "${CMAKE_INSTALL_PREFIX}/${dir}")
endif()

file(GLOB sources "${ARTICULA_PYTHON_SOURCE}/*.py" "${ARTICULA_PYTHON_SOURCE}/py.typed")
file(GLOB stubs "${ARTICULA_PYTHON_BUILD}/*.pyi")
if(NOT stubs)
  message(FATAL_ERROR "No Python stubs in ${ARTICULA_PYTHON_BUILD}: build the target python (or all) first")
endif()
file(INSTALL ${sources} ${stubs} DESTINATION "${dir}/articula")
file(INSTALL "${ARTICULA_PYTHON_MODULE}" DESTINATION "${dir}/articula" USE_SOURCE_PERMISSIONS)

# With a shared libarticula, the module finds it relative to itself, as the command does
# (cmake/Install.cmake); the build tree's RUNPATH would point into the build folder.
if(ARTICULA_SHARED_LIBS)
  get_filename_component(module "${ARTICULA_PYTHON_MODULE}" NAME)
  file(RELATIVE_PATH to_lib "${dir}/articula" "${CMAKE_INSTALL_PREFIX}/${ARTICULA_INSTALL_LIBDIR}")
  file(RPATH_SET FILE "$ENV{DESTDIR}${dir}/articula/${module}" NEW_RPATH "$ORIGIN/${to_lib}")
endif()
