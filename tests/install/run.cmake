# The install tests, run as `cmake -P` by CTest. Each builds examples/consumer the way a user
# of the library would and checks its output (the pinned Pcg32(42) shuffle and one seeded
# round of a variant built in C++):
#   MODE=static        installs the current build into a scratch prefix and builds the consumer
#                      against that prefix with find_package (install.consumer);
#   MODE=shared        builds and installs the library alone with BUILD_SHARED_LIBS=ON, then
#                      builds the consumer against it with yaml-cpp, muParser,
#                      nlohmann-json and CLI11 unfindable, and checks that its link line names neither yaml-cpp
#                      nor muparser, and that the library exports only its own symbols
#                      (install.shared);
#   MODE=subdirectory  builds tests/install/subdirectory/, which takes switchcards in with
#                      add_subdirectory, with CLI11, Catch2 and Google Benchmark unfindable; installing that project must install nothing of switchcards
#                      (install.subdirectory).
cmake_minimum_required(VERSION 3.25)

foreach(var BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "tests/install/run.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT DEFINED MODE)
  set(MODE static)
endif()

set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/consumer-build")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install.${MODE}: ${what} failed (${rc})\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# The shared and subdirectory modes build the library again to test how it is packaged; the
# code itself is tested by the suites. They build it unoptimised, without debug information and
# eight files to a unit (CMAKE_UNITY_BUILD), which spares most of the parsing of the headers
# every file includes (docs/reliability.md, "CI time").
if(MODE STREQUAL "shared" OR MODE STREQUAL "subdirectory")
  set(BUILD_TYPE Debug)
  if(CONFIG)
    set(CONFIG Debug)
  endif()
  set(build_type_args -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O0"
                      -DCMAKE_UNITY_BUILD=ON)
else()
  set(build_type_args "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
endif()
set(config_args "")
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()
set(common_args -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${build_type_args})

# A fresh prefix each time, so a header or file dropped from the project cannot linger.
# (cmake --install keeps the files' times, so the consumer does not rebuild needlessly.)
file(REMOVE_RECURSE "${prefix}")
# And a fresh cache (the objects stay, for speed): every option comes from this script.
file(REMOVE "${consumer_build}/CMakeCache.txt" "${WORK_DIR}/library-build/CMakeCache.txt")

if(MODE STREQUAL "static")
  run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}"
      ${config_args})
  # The package's version rule, as find_package applies it: before 1.0 a request accepts its
  # own minor version only (the SONAME is MAJOR.MINOR).
  file(GLOB_RECURSE version_file "${prefix}/*/switchcardsConfigVersion.cmake")
  function(accepts request out)
    set(PACKAGE_FIND_VERSION "${request}")
    string(REPLACE "." ";" parts "${request}")
    list(LENGTH parts PACKAGE_FIND_VERSION_COUNT)
    list(APPEND parts 0 0)
    list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
    list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
    list(GET parts 2 PACKAGE_FIND_VERSION_PATCH)
    include("${version_file}")
    set(${out} "${PACKAGE_VERSION_COMPATIBLE}" PARENT_SCOPE)
  endfunction()
  file(STRINGS "${version_file}" version_line REGEX "^set\\(PACKAGE_VERSION \"")
  string(REGEX MATCH "([0-9]+)\\.([0-9]+)\\.[0-9]+" installed "${version_line}")
  set(major "${CMAKE_MATCH_1}")
  set(minor "${CMAKE_MATCH_2}")
  math(EXPR next_minor "${minor} + 1")
  math(EXPR next_major "${major} + 1")
  set(requests "${major}.${minor}" "${installed}" "${major}.${next_minor}" "${next_major}")
  set(answers TRUE TRUE FALSE FALSE)
  if(major EQUAL 0 AND minor GREATER 0)
    math(EXPR previous_minor "${minor} - 1")
    list(APPEND requests "0.${previous_minor}")
    list(APPEND answers FALSE)
  endif()
  foreach(request answer IN ZIP_LISTS requests answers)
    accepts("${request}" got)
    if((got AND NOT answer) OR (answer AND NOT got))
      message(FATAL_ERROR "install.static: find_package(switchcards ${request}) against "
                          "${installed}: compatible '${got}', expected ${answer}")
    endif()
  endforeach()
elseif(MODE STREQUAL "shared")
  set(library_build "${WORK_DIR}/library-build")
  run("configuring the shared library"
      "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${library_build}" ${common_args}
      -DBUILD_SHARED_LIBS=ON -DSWITCHCARDS_BUILD_TESTS=OFF -DSWITCHCARDS_BUILD_EXAMPLES=OFF
      -DSWITCHCARDS_BUILD_CLI=OFF -DSWITCHCARDS_BUILD_BENCH=OFF -DSWITCHCARDS_BUILD_PYTHON=OFF
      -DSWITCHCARDS_INSTALL=ON)
  run("building the shared library" "${CMAKE_COMMAND}" --build "${library_build}" ${config_args})
  run("installing the shared library"
      "${CMAKE_COMMAND}" --install "${library_build}" --prefix "${prefix}" ${config_args})
  file(GLOB shared_objects "${prefix}/lib*/libswitchcards.so*")
  if(NOT shared_objects)
    message(FATAL_ERROR "install.shared: no libswitchcards.so under ${prefix}")
  endif()
  # Its dynamic symbols are its own (src/exported_symbols.map): every one names namespace
  # switchcards, so none of yaml-cpp's, nlohmann-json's or {fmt}'s template code can stand in
  # for a program's own copy; and the type of the errors it throws is among them, so that a
  # program catches them by type.
  if(NM)
    list(GET shared_objects 0 shared_object)
    file(REAL_PATH "${shared_object}" shared_object)
    run("listing the dynamic symbols" "${NM}" -D --defined-only -C "${shared_object}")
    string(REGEX MATCHALL "\n" lines "${last_output}")
    list(LENGTH lines exported)
    # Line by line without CMake lists, which a symbol's "[" would upset.
    string(REGEX REPLACE "[^\n]*switchcards::[^\n]*\n?" "" foreign "${last_output}")
    string(STRIP "${foreign}" foreign)
    if(NOT foreign STREQUAL "")
      string(REGEX MATCHALL "\n" foreign_lines "${foreign}\n")
      list(LENGTH foreign_lines count)
      string(SUBSTRING "${foreign}" 0 2000 foreign)
      message(FATAL_ERROR "install.shared: ${count} of its ${exported} dynamic symbols are not "
                          "the library's own, among them:\n${foreign}")
    endif()
    if(NOT last_output MATCHES "typeinfo for switchcards::LoadError")
      message(FATAL_ERROR "install.shared: switchcards::LoadError's type is not exported")
    endif()
    message("install.shared: ${exported} dynamic symbols, all in namespace switchcards")
  endif()
endif()

if(MODE STREQUAL "subdirectory")
  run("configuring tests/install/subdirectory"
      "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/install/subdirectory" -B "${consumer_build}"
      ${common_args} "-DSWITCHCARDS_SOURCE_DIR=${SOURCE_DIR}"
      -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON)
else()
  set(hide_dependencies "")
  if(MODE STREQUAL "shared")
    set(hide_dependencies -DCMAKE_DISABLE_FIND_PACKAGE_yaml-cpp=ON
                          -DCMAKE_DISABLE_FIND_PACKAGE_muparser=ON
                          -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON
                          -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON)
  endif()
  run("configuring examples/consumer"
      "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/examples/consumer" -B "${consumer_build}"
      ${common_args} "-DCMAKE_PREFIX_PATH=${prefix}" ${hide_dependencies})
  # It must have used the package just installed, not one found elsewhere on the system.
  file(STRINGS "${consumer_build}/CMakeCache.txt" found_dir REGEX "^switchcards_DIR:")
  string(FIND "${found_dir}" "switchcards_DIR:PATH=${prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "install.${MODE}: found switchcards at '${found_dir}', not under ${prefix}")
  endif()
endif()

run("building the consumer" "${CMAKE_COMMAND}" --build "${consumer_build}" ${config_args})

if(MODE STREQUAL "shared")
  # The consumer links libswitchcards.so alone: yaml-cpp and muParser are the library's own
  # (runtime) dependencies, so their development files (.so links, headers) are not needed.
  file(GLOB_RECURSE link_files "${consumer_build}/build.ninja" "${consumer_build}/*link.txt")
  foreach(file IN LISTS link_files)
    file(READ "${file}" text)
    if(text MATCHES "yaml-cpp|muparser")
      message(FATAL_ERROR "install.shared: ${file} links yaml-cpp or muparser")
    endif()
  endforeach()
endif()
if(MODE STREQUAL "subdirectory")
  run("installing the subdirectory consumer"
      "${CMAKE_COMMAND}" --install "${consumer_build}" --prefix "${prefix}" ${config_args})
  file(GLOB_RECURSE installed RELATIVE "${prefix}" "${prefix}/*")
  if(NOT installed STREQUAL "bin/consumer")
    message(FATAL_ERROR "install.subdirectory: installed '${installed}', expected only bin/consumer")
  endif()
endif()

if(CONFIG AND EXISTS "${consumer_build}/${CONFIG}/consumer")
  set(consumer "${consumer_build}/${CONFIG}/consumer")
else()
  set(consumer "${consumer_build}/consumer")
endif()
run("running the consumer" "${consumer}")
message("${last_output}")
if(NOT last_output MATCHES "7H AC 8S 4D JS")
  message(FATAL_ERROR "install.${MODE}: expected the first five cards 7H AC 8S 4D JS")
endif()
if(NOT last_output MATCHES "round: seat 2 wins after 146 decisions; scores 30 42 0")
  message(FATAL_ERROR "install.${MODE}: expected the pinned round of the C++-built variant")
endif()
