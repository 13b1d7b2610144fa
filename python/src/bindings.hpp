// What the parts of the extension module switchcards._core share: the binding function of each
// part (one file a part), the exceptions they raise, and the conversions between the library's
// small values (cards, suits) and their Python form (the notation strings "7H", "hearts").
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "switchcards/core/card.hpp"
#include "switchcards/engine/engine.hpp"
#include "switchcards/rules/variant.hpp"

namespace switchcards {
struct ObservationSlice;
}

namespace switchcards::python {

namespace py = pybind11;

// An action the engine refused: the reason is the engine's sentence, the state is unchanged.
// Raised in Python as switchcards.IllegalAction (a ValueError) with .reason and .refusal.
class IllegalAction : public std::invalid_argument {
 public:
  IllegalAction(std::string action, Refusal refusal)
      : IllegalAction(std::move(action), std::string(refusal_name(refusal)),
                      std::string(describe(refusal))) {}
  // A refusal of the environment's own, where the engine has no sentence for it (an id its
  // mask does not allow although the engine would accept the action): `refusal` is its name.
  IllegalAction(std::string action, std::string refusal, std::string reason)
      : std::invalid_argument("'" + action + "' refused: " + reason),
        action_(std::move(action)),
        refusal_(std::move(refusal)),
        reason_(std::move(reason)) {}
  const std::string& action() const { return action_; }
  const std::string& refusal() const { return refusal_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string action_;
  std::string refusal_;
  std::string reason_;
};

// Cards cross as their notation ("7H", "10S", "JOKER"); a suit as its name or None.
inline std::string card_str(Card c) {
  return to_string(c);
}
inline py::object suit_object(Suit s) {
  if (s == Suit::none) return py::none();
  return py::str(std::string(suit_name(s)));
}
// A seat in a dict, or None for none (a stalemate's winner, a match without a result): the C++
// side's -1, as the JSON and YAML forms write null.
inline py::object seat_object(int seat) {
  return seat >= 0 ? py::object(py::int_(seat)) : py::object(py::none());
}
Suit suit_from_object(const py::object& o);

// Integer arguments. pybind11 converts a Python int to a C++ integer only when it fits, and
// answers any other with "incompatible function arguments", naming no argument; so functions
// take them as py::object and convert them here, where what is wrong is said. An int, or what
// has __index__ (numpy's integers), is taken; a bool is not (True is no seed, seat or count).
// ValueError "{what} {value}: {lo} to {hi}" outside lo..hi, TypeError "{what} {repr}: an int
// from {lo} to {hi}" for any other type (`allowed` in place of "lo to hi" if given: "an int,
// {allowed}").
// Bounds print as Python would write them: 2**64-1, 2**31-1, -2**31.
std::int64_t signed_arg(py::handle value, const char* what, std::int64_t lo, std::int64_t hi,
                        const std::string& allowed);
std::uint64_t unsigned_arg(py::handle value, const char* what, std::uint64_t lo, std::uint64_t hi,
                           const std::string& allowed);

template <typename T>
T int_arg(py::handle value, const char* what, T lo = std::numeric_limits<T>::min(),
          T hi = std::numeric_limits<T>::max(), const std::string& allowed = {}) {
  static_assert(std::is_integral_v<T> && sizeof(T) <= 8);
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>(signed_arg(value, what, lo, hi, allowed));
  else
    return static_cast<T>(unsigned_arg(value, what, lo, hi, allowed));
}

// A seed: 0 to 2**64-1, as the environment's reset and the command line take it.
inline std::uint64_t seed_arg(py::handle value, const char* what = "seed") {
  return int_arg<std::uint64_t>(value, what);
}

// A sequence of ints (a list, a tuple...), each checked as int_arg<int> ("start_totals[2]").
std::vector<int> int_list(py::handle values, const char* what);

// A seat of `state` (IndexError "no seat 9: ..." past its seats, as State.hand and
// Engine.view refuse one).
int state_seat(const State& state, py::handle seat);

// The variant an entry point is given (Engine, Match): a Variant as it is, or a built-in name
// or a path (a str) loaded by load_variant with `rules` (a YAML mapping, as the command line's
// --rules) merged on. Rules with a Variant are a ValueError (they are merged at load time, so
// give its name or path); anything else a TypeError. Raises LoadError as load_variant does.
Variant variant_arg(py::handle variant, const std::string& rules);

// An Engine shared by every Python object made from it (states are plain values beside it).
using EnginePtr = std::shared_ptr<Engine>;  // pybind11 holders cannot be const

// Refuses a State that `engine` cannot have made (one of another variant: more seats than it
// allows, an index past its specials; or one never dealt, without a discard pile), since the
// engine indexes its tables with those fields and reads the top card.
// Python may hand any State to any Engine; C++ callers are trusted to pair them.
void require_state_of(const Engine& engine, const State& state);
void require_state_of(const Variant& variant, const State& state);

// A row of an observation's layout table as Python sees it: {name, offset, size, meaning}.
py::dict slice_dict(const ObservationSlice& s);

void bind_errors(py::module_& m);
void bind_engine(py::module_& m);
void bind_learning(py::module_& m);
void bind_records(py::module_& m);
void bind_agents(py::module_& m);
void bind_simulation(py::module_& m);
void bind_environment(py::module_& m);

}  // namespace switchcards::python
