# Compiles every public header alone (and twice in one unit, for its include guard) with
# COMPILER, at C++20 with the project's warnings as errors, syntax only. A user may include any
# one header, with g++ or clang, so each must bring what it uses and compile with both. And
# switchcards/switchcards.hpp must include every other header.
#
#   cmake -DCOMPILER=clang++ -DSOURCE_DIR=... -DWORK_DIR=... -P tests/cmake/headers.cmake
#
# Fails naming each header that does not compile, with the compiler's first lines about it.
foreach(var COMPILER SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "headers.cmake: -D${var}=... is required")
  endif()
endforeach()

file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/*.hpp")
list(SORT headers)
list(LENGTH headers count)
if(count EQUAL 0)
  message(FATAL_ERROR "headers.cmake: no header under ${SOURCE_DIR}/include")
endif()
# switchcards.hpp is "the whole public API in one include": it names every other header.
file(READ "${SOURCE_DIR}/include/switchcards/switchcards.hpp" umbrella)
set(left_out "")
foreach(header IN LISTS headers)
  if(NOT header STREQUAL "switchcards/switchcards.hpp")
    string(FIND "${umbrella}" "#include \"${header}\"" at)
    if(at EQUAL -1)
      list(APPEND left_out "${header}")
    endif()
  endif()
endforeach()
if(left_out)
  list(JOIN left_out ", " left_out)
  message(FATAL_ERROR "include/switchcards/switchcards.hpp does not include ${left_out}")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(failed "")
foreach(header IN LISTS headers)
  string(MAKE_C_IDENTIFIER "${header}" unit)
  set(source "${WORK_DIR}/${unit}.cpp")
  file(WRITE "${source}" "#include \"${header}\"\n#include \"${header}\"\n")
  execute_process(
    COMMAND "${COMPILER}" -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Werror
            "-I${SOURCE_DIR}/include" "${source}"
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    string(SUBSTRING "${output}" 0 1500 excerpt)
    string(APPEND failed "\n${header}:\n${excerpt}\n")
  endif()
endforeach()

if(failed)
  message(FATAL_ERROR "headers that do not compile alone with ${COMPILER}:${failed}")
endif()
message(STATUS "${count} headers compile alone with ${COMPILER}")
