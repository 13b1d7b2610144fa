// A seat as an index into a per-seat vector: the API numbers seats with int, containers index
// with std::size_t, and the seats that reach these files are already checked to be 0 or more.
#pragma once

#include <cstddef>

namespace switchcards::detail {

constexpr std::size_t seat_index(int seat) {
  return static_cast<std::size_t>(seat);
}

}  // namespace switchcards::detail
