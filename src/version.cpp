// The version string baked in by the build (SWITCHCARDS_VERSION_STRING from CMakeLists.txt).
#include "switchcards/version.hpp"

#ifndef SWITCHCARDS_VERSION_STRING
#error "SWITCHCARDS_VERSION_STRING is set by CMakeLists.txt"
#endif

namespace switchcards {

std::string_view version() {
  return SWITCHCARDS_VERSION_STRING;
}

}  // namespace switchcards
