# A test dependency that is missing leaves its tests out of the build, and ctest still reports
# "100% tests passed". Developers get a warning; CI (CI=true in the environment at configure
# time, as .ci/run sets it) fails instead, so a broken install step cannot hide tests.
function(articula_missing_test_dependency message)
  if("$ENV{CI}" STREQUAL "true")
    message(FATAL_ERROR "${message}. CI=true: every test must be built (install it: scripts/install-deps --web)")
  else()
    message(WARNING "${message}")
  endif()
endfunction()
