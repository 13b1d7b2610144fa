// error_of: the message of the std::runtime_error a call throws, or "(no error)" when it throws
// none, for tests that check what a refusal says. Any other exception escapes and fails the
// test as unexpected.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

namespace switchcards::testing {

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace switchcards::testing
