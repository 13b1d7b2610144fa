# The install.consumer test, run as `cmake -P` by CTest: installs the current build into a
# scratch prefix, then configures, builds and runs examples/consumer against that prefix only,
# as a user of the installed package would. Fails on any step, or if the consumer's output
# does not show the pinned deal (Pcg32(42) shuffle of a standard deck).
cmake_minimum_required(VERSION 3.25)

foreach(var BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "test_install.cmake: ${var} is not set")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/consumer-build")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install.consumer: ${what} failed (${rc})\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# A fresh prefix each time, so a header or file dropped from the project cannot linger.
# (cmake --install keeps the files' times, so the consumer does not rebuild needlessly.)
file(REMOVE_RECURSE "${prefix}")
set(config_args "")
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()
run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}" ${config_args})

run("configuring examples/consumer"
    "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/examples/consumer" -B "${consumer_build}"
    -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
    "-DCMAKE_PREFIX_PATH=${prefix}")
# It must have used the package just installed, not one found elsewhere on the system.
file(STRINGS "${consumer_build}/CMakeCache.txt" found_dir REGEX "^switchcards_DIR:")
string(FIND "${found_dir}" "switchcards_DIR:PATH=${prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "install.consumer: found switchcards at '${found_dir}', not under ${prefix}")
endif()

run("building examples/consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})

if(CONFIG AND EXISTS "${consumer_build}/${CONFIG}/consumer")
  set(consumer "${consumer_build}/${CONFIG}/consumer")
else()
  set(consumer "${consumer_build}/consumer")
endif()
run("running the consumer" "${consumer}")
message("${last_output}")
if(NOT last_output MATCHES "7H AC 8S 4D JS")
  message(FATAL_ERROR "install.consumer: expected the first five cards 7H AC 8S 4D JS")
endif()
