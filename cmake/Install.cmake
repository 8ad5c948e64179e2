# cmake --install BUILD --prefix P: headers, library, command, CMake package, pkg-config file,
# schema, models and docs in the GNU layout (docs/install.md).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(ARTICULA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Articula)

install(TARGETS articula articula_web EXPORT ArticulaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS articula_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# A shared libarticula is found next to the installed command wherever the prefix is.
if(BUILD_SHARED_LIBS)
  file(RELATIVE_PATH ARTICULA_BIN_TO_LIB /root/${CMAKE_INSTALL_BINDIR} /root/${CMAKE_INSTALL_LIBDIR})
  set_target_properties(articula_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${ARTICULA_BIN_TO_LIB}")
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/articula DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/include/articula/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/articula)

# 0.x: a new minor version may change the API, so only the same minor version is compatible.
install(EXPORT ArticulaTargets NAMESPACE Articula:: DESTINATION ${ARTICULA_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ArticulaConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/ArticulaConfig.cmake INSTALL_DESTINATION ${ARTICULA_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ArticulaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ArticulaConfig.cmake ${PROJECT_BINARY_DIR}/ArticulaConfigVersion.cmake
        DESTINATION ${ARTICULA_CMAKE_DIR})

# pkg-config: a static libarticula needs its dependencies on every link line (Libs); a shared one
# only when the program itself is linked statically (Libs.private, Requires.private).
file(RELATIVE_PATH ARTICULA_PC_TO_PREFIX /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
set(ARTICULA_PC_DEPENDENCY_LIBS "-larticula_web -lsundials_cvode -lsundials_nvecserial -lgif")
if(BUILD_SHARED_LIBS)
  set(ARTICULA_PC_STATIC_REQUIRES "")
  set(ARTICULA_PC_SHARED_REQUIRES "libpng hdf5 tinyxml2")
  set(ARTICULA_PC_STATIC_LIBS "")
  set(ARTICULA_PC_SHARED_PRIVATE "${ARTICULA_PC_DEPENDENCY_LIBS}")
else()
  set(ARTICULA_PC_STATIC_REQUIRES "libpng hdf5 tinyxml2")
  set(ARTICULA_PC_SHARED_REQUIRES "")
  set(ARTICULA_PC_STATIC_LIBS "${ARTICULA_PC_DEPENDENCY_LIBS}")
  set(ARTICULA_PC_SHARED_PRIVATE "")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/articula.pc.in ${PROJECT_BINARY_DIR}/articula.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/articula.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES ${PROJECT_SOURCE_DIR}/schema/articula-model-1.schema.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/articula/schema)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/models/ DESTINATION ${CMAKE_INSTALL_DATADIR}/articula/models)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} FILES_MATCHING PATTERN "*.md")
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
