// The checks of integer arguments (bindings.hpp: int_arg, seed_arg, state_seat): one place where a
// Python int that no C++ integer of the argument holds, or that is outside what the argument
// may be, becomes an exception naming the argument, the value and what it may be.
#include <cstring>
#include <string>

#include "bindings.hpp"

namespace switchcards::python {

namespace {

// A bound as Python would write it: the limits of the C++ types as powers of two.
std::string bound(std::int64_t b) {
  if (b == std::numeric_limits<std::int64_t>::max()) return "2**63-1";
  if (b == std::numeric_limits<std::int64_t>::min()) return "-2**63";
  if (b == std::numeric_limits<int>::max()) return "2**31-1";
  if (b == std::numeric_limits<int>::min()) return "-2**31";
  return std::to_string(b);
}
std::string bound(std::uint64_t b) {
  if (b == std::numeric_limits<std::uint64_t>::max()) return "2**64-1";
  if (b > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return std::to_string(b);
  return bound(static_cast<std::int64_t>(b));
}

// What the argument may be: `allowed`, or "lo to hi". Built only for a message: the
// environment checks an id at every step.
template <typename T>
std::string range_text(T lo, T hi, const std::string& allowed) {
  return allowed.empty() ? bound(lo) + " to " + bound(hi) : allowed;
}

// The TypeError for `value`, which is no int (or a bool).
template <typename T>
[[noreturn]] void not_an_int(py::handle value, const char* what, T lo, T hi,
                             const std::string& allowed, bool is_bool) {
  throw py::type_error(std::string(what) + " " + py::repr(value).cast<std::string>() + ": " +
                       (allowed.empty() ? "an int from " : "an int, ") +
                       range_text(lo, hi, allowed) + (is_bool ? ", not a bool" : ""));
}

template <typename T>
[[noreturn]] void out_of_range(const py::int_& value, const char* what, T lo, T hi,
                               const std::string& allowed) {
  throw py::value_error(std::string(what) + " " + py::str(py::handle(value)).cast<std::string>() +
                        ": " + range_text(lo, hi, allowed));
}

// `value` as a Python int (operator.index), or the TypeError naming the argument.
template <typename T>
py::int_ as_int(py::handle value, const char* what, T lo, T hi, const std::string& allowed) {
  if (PyLong_CheckExact(value.ptr())) return py::reinterpret_borrow<py::int_>(value);
  // numpy's bool has __index__ (numpy 1.x): as much a bool as Python's.
  if (PyBool_Check(value.ptr()) || std::strcmp(Py_TYPE(value.ptr())->tp_name, "numpy.bool_") == 0)
    not_an_int(value, what, lo, hi, allowed, true);
  PyObject* index = PyNumber_Index(value.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    not_an_int(value, what, lo, hi, allowed, false);
  }
  return py::reinterpret_steal<py::int_>(index);
}

}  // namespace

std::int64_t signed_arg(py::handle value, const char* what, std::int64_t lo, std::int64_t hi,
                        const std::string& allowed) {
  const py::int_ i = as_int(value, what, lo, hi, allowed);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow != 0 || v < lo || v > hi) out_of_range(i, what, lo, hi, allowed);
  return v;
}

std::uint64_t unsigned_arg(py::handle value, const char* what, std::uint64_t lo, std::uint64_t hi,
                           const std::string& allowed) {
  const py::int_ i = as_int(value, what, lo, hi, allowed);
  const unsigned long long v = PyLong_AsUnsignedLongLong(i.ptr());  // fails for negatives too
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    out_of_range(i, what, lo, hi, allowed);
  }
  if (v < lo || v > hi) out_of_range(i, what, lo, hi, allowed);
  return v;
}

std::vector<int> int_list(py::handle values, const char* what) {
  if (!PySequence_Check(values.ptr()) || py::isinstance<py::str>(values))
    throw py::type_error(std::string(what) + ": a sequence of ints, not " +
                         py::repr(values).cast<std::string>());
  std::vector<int> out;
  for (const py::handle v : py::reinterpret_borrow<py::sequence>(values)) {
    const std::string name = std::string(what) + "[" + std::to_string(out.size()) + "]";
    out.push_back(int_arg<int>(v, name.c_str()));
  }
  return out;
}

int state_seat(const State& state, py::handle seat) {
  const int s = int_arg<int>(seat, "seat");
  if (s < 0 || s >= state.players())
    throw py::index_error("no seat " + std::to_string(s) + ": the State's seats are 0 to " +
                          std::to_string(state.players() - 1));
  return s;
}

}  // namespace switchcards::python
