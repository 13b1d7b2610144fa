# The test cmake.perf_guards, run as `cmake -P` by CTest: configures the project afresh in
# WORK_DIR with the build's compiler (g++ 12, where the guards' limits were measured) and checks
# which perf tests each configuration registers (CMakeLists.txt, SWITCHCARDS_PERF_GUARDS):
#   - RelWithDebInfo: all six, with the project's limits;
#   - Release (-O3 counts differ): none, and again all six after switching back;
#   - SWITCHCARDS_PERF_GUARDS=ON: all six in Release too, with a message saying the limits
#     were not measured there; OFF: none; another value: the configure fails, naming the choices;
#   - a limit set in the cache is used, and emptying it restores the project's limit.
cmake_minimum_required(VERSION 3.25)

foreach(var SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "tests/cmake/perf_guards.cmake: ${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")

# configure(ARGS...): configures WORK_DIR; sets `configured` (its exit code) and `output`.
function(configure)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}" -G "${GENERATOR}"
            "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DSWITCHCARDS_BUILD_PYTHON=OFF ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(configured ${rc} PARENT_SCOPE)
  set(output "${out}${err}" PARENT_SCOPE)
endfunction()

# expect_perf_tests(N WHAT): the configured tree registers N tests labelled perf; sets
# `commands`, their command lines.
function(expect_perf_tests n what)
  if(NOT configured EQUAL 0)
    message(FATAL_ERROR "cmake.perf_guards: ${what}: the configure failed\n${output}")
  endif()
  execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" --test-dir "${WORK_DIR}" -N -V -L perf
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "Total Tests: ([0-9]+)")
    message(FATAL_ERROR "cmake.perf_guards: ${what}: ctest -N failed (${rc})\n${out}${err}")
  endif()
  if(NOT CMAKE_MATCH_1 EQUAL n)
    message(FATAL_ERROR "cmake.perf_guards: ${what}: ${CMAKE_MATCH_1} perf tests, expected ${n}"
                        "\n${out}")
  endif()
  set(commands "${out}" PARENT_SCOPE)
endfunction()

configure(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
expect_perf_tests(6 "RelWithDebInfo")
if(NOT commands MATCHES "\"--max\" \"eager=([0-9]+)\"")
  message(FATAL_ERROR "cmake.perf_guards: no eager limit in\n${commands}")
endif()
set(default_eager "${CMAKE_MATCH_1}")

configure(-DCMAKE_BUILD_TYPE=Release)
expect_perf_tests(0 "Release")
configure(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
expect_perf_tests(6 "RelWithDebInfo after Release")

configure(-DCMAKE_BUILD_TYPE=Release -DSWITCHCARDS_PERF_GUARDS=ON)
expect_perf_tests(6 "Release with SWITCHCARDS_PERF_GUARDS=ON")
if(NOT output MATCHES "default limits were not measured")
  message(FATAL_ERROR "cmake.perf_guards: no warning about the limits in\n${output}")
endif()
configure(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWITCHCARDS_PERF_GUARDS=OFF)
expect_perf_tests(0 "SWITCHCARDS_PERF_GUARDS=OFF")

configure(-DSWITCHCARDS_PERF_GUARDS=maybe)
if(configured EQUAL 0 OR NOT output MATCHES "SWITCHCARDS_PERF_GUARDS is 'maybe': AUTO, ON or OFF")
  message(FATAL_ERROR "cmake.perf_guards: SWITCHCARDS_PERF_GUARDS=maybe was not refused\n${output}")
endif()

math(EXPR own_eager "${default_eager} - 1")
configure(-DSWITCHCARDS_PERF_GUARDS=AUTO -DSWITCHCARDS_PERF_MAX_EAGER=${own_eager})
expect_perf_tests(6 "an eager limit of its own")
if(NOT commands MATCHES "\"eager=${own_eager}\"")
  message(FATAL_ERROR "cmake.perf_guards: the limit ${own_eager} is not used\n${commands}")
endif()
configure(-DSWITCHCARDS_PERF_MAX_EAGER=)
expect_perf_tests(6 "the eager limit emptied")
if(NOT commands MATCHES "\"eager=${default_eager}\"")
  message(FATAL_ERROR "cmake.perf_guards: the project's limit ${default_eager} is not back\n"
                      "${commands}")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "cmake.perf_guards: passed")
