// The library's version, as set by the top-level CMakeLists.txt (project VERSION). Compiled into
// the library, so it also tells which build a program actually linked.
#pragma once

#include <string_view>

namespace switchcards {

// "MAJOR.MINOR.PATCH", e.g. "0.1.0".
std::string_view version();

}  // namespace switchcards
