// Caller-provided numpy buffers as spans: a learning loop allocates its observation and mask
// arrays once and the library writes into them, so no step copies or allocates. A buffer of the
// wrong type, size or layout is refused with a message saying what was expected.
#pragma once

#include <pybind11/numpy.h>

#include <span>
#include <stdexcept>
#include <string>

namespace switchcards::python {

// `out` must be a writable, C-contiguous 1-D numpy array of exactly `size` elements of T (or of
// a type of the same size and kind, e.g. int8 for uint8 masks).
template <typename T>
std::span<T> writable_span(pybind11::array& out, int size, const char* what) {
  namespace py = pybind11;
  const py::dtype want = py::dtype::of<T>();
  const py::dtype have = out.dtype();
  const bool same_kind =
      have.itemsize() == want.itemsize() &&
      (have.kind() == want.kind() || (std::string("iu").find(have.kind()) != std::string::npos &&
                                      std::string("iu").find(want.kind()) != std::string::npos));
  if (!same_kind) {
    // An integer buffer takes either signedness: name both (python.md's masks are int8).
    const std::string name = py::str(py::object(want)).cast<std::string>();
    std::string wanted = name;
    if (want.kind() == 'u') wanted += " or " + name.substr(1);
    if (want.kind() == 'i') wanted += " or u" + name;
    throw std::invalid_argument(std::string(what) + ": an array of " + wanted + ", not " +
                                py::str(py::object(have)).cast<std::string>());
  }
  // A big-endian float32 is float32 too, but its bytes are not the machine's.
  if (!have.attr("isnative").cast<bool>())
    throw std::invalid_argument(std::string(what) + ": an array in the machine's byte order, not " +
                                py::str(py::object(have)).cast<std::string>());
  if (out.ndim() != 1 || out.shape(0) != size)
    throw std::invalid_argument(std::string(what) + ": a 1-D array of " + std::to_string(size) +
                                " entries");
  if (!(out.flags() & py::array::c_style) || !out.writeable())
    throw std::invalid_argument(std::string(what) + ": a writable, contiguous array");
  return {static_cast<T*>(out.mutable_data()), static_cast<std::size_t>(size)};
}

}  // namespace switchcards::python
