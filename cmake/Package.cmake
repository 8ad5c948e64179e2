# make package (cpack -G DEB): articula_<version>_<arch>.deb with everything an install holds
# (cmake/Install.cmake) under /usr. One package: the command, the headers, the static library, the
# CMake package, the pkg-config file and the Python package. Depends: the shared libraries the command links, found by
# dpkg-shlibdeps (dpkg-dev), and the -dev packages a program built on the headers needs.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME articula)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Articula")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Multibody dynamics for biomedical research and robotics")
set(CPACK_PACKAGE_DESCRIPTION
    "Articula simulates articulated bodies (humans, robots, mechanisms) with Simbody's methods: every mobilizer, \
constraints, compliant contact and CVODE integration. This package holds the articula command, the C++ library with \
its headers, a CMake package (find_package(Articula)) and a pkg-config file.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Articula developers <articula@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libeigen3-dev (>= 3.4), nlohmann-json3-dev (>= 3), libsundials-dev (>= 6.4), libgif-dev, libpng-dev, libhdf5-dev, libtinyxml2-dev")
# The Python module (python/) is built for one interpreter version: its file name carries the ABI
# (cpython-311), so the package needs that python3, as dh_python3 would say, and NumPy.
if(TARGET articula_python)
  math(EXPR next_minor "${ARTICULA_PYTHON_VERSION_MINOR} + 1")
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", python3 (>= 3.${ARTICULA_PYTHON_VERSION_MINOR}~)"
                ", python3 (<< 3.${next_minor}), python3-numpy")
  string(APPEND CPACK_PACKAGE_DESCRIPTION
         " The Python package articula (import articula) is in /usr/lib/python3/dist-packages.")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, pkg-config, g++")
include(CPack)
