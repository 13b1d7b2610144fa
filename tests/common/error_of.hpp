// error_of: the message of the std::runtime_error a call throws (or of another kind, error_of<E>:
// std::invalid_argument for a bad argument), or "(no error)" when it throws none, for tests that
// check what a refusal says. Any other exception escapes and fails the test as unexpected.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

namespace switchcards::testing {

template <typename Error = std::runtime_error>
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace switchcards::testing
