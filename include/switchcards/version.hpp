// The library's version, twice: as macros, for code that must decide at compile time which
// switchcards it is built against, and as version(), compiled into the library, which tells
// which build a program actually linked. CMakeLists.txt reads its project VERSION from the
// macros below, so this header is the one place the version is written.
#pragma once

#include <string_view>

#define SWITCHCARDS_VERSION_MAJOR 0
#define SWITCHCARDS_VERSION_MINOR 1
#define SWITCHCARDS_VERSION_PATCH 0
// MAJOR * 10000 + MINOR * 100 + PATCH, e.g. 100 for 0.1.0 (as FMT_VERSION counts).
#define SWITCHCARDS_VERSION \
  (SWITCHCARDS_VERSION_MAJOR * 10000 + SWITCHCARDS_VERSION_MINOR * 100 + SWITCHCARDS_VERSION_PATCH)

namespace switchcards {

// "MAJOR.MINOR.PATCH" of the linked library, e.g. "0.1.0".
std::string_view version();

}  // namespace switchcards
