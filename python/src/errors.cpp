// The Python exceptions of switchcards._core: LoadError (file, line, column, key), JsonError
// (source, path), IllegalAction (reason, refusal, action) and IllegalChoice, each a subclass of
// the built-in exception a Python program would expect (ValueError, RuntimeError).
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards::python {

Suit suit_from_object(const py::object& o) {
  if (o.is_none()) return Suit::none;
  if (!py::isinstance<py::str>(o))
    throw py::type_error("suit: clubs, diamonds, hearts or spades (a str), or None, not " +
                         py::repr(o).cast<std::string>());
  return parse_suit(o.cast<std::string>());
}

namespace {
// A message as a str. Messages quote their input, which may be cut inside a UTF-8 sequence (or
// not be UTF-8 at all): decoded strictly, the error would become a UnicodeDecodeError that hides
// it. Such bytes read as U+FFFD instead.
py::str text(const std::string& message) {
  return py::reinterpret_steal<py::str>(
      PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "replace"));
}
}  // namespace

void bind_errors(py::module_& m) {
  // Raised with an instance whose attributes carry the parts (set below), so `except
  // switchcards.LoadError as e: e.line` works.
  static py::exception<LoadError> load_error(m, "LoadError", PyExc_ValueError);
  static py::exception<JsonError> json_error(m, "JsonError", PyExc_ValueError);
  static py::exception<IllegalAction> illegal_action(m, "IllegalAction", PyExc_ValueError);
  static py::exception<IllegalChoice> illegal_choice(m, "IllegalChoice", PyExc_RuntimeError);
  load_error.doc() =
      "A variant, scenario or record that cannot be used. str(e) is 'FILE:LINE:COL: message'; "
      ".file, .line, .column (1-based, 0 when unknown), .key (dotted path) and .message give "
      "the parts of the first error, .errors every error of the load as (file, line, column, "
      "key, message) tuples.";
  json_error.doc() =
      "A JSON document that is not a valid form of what was asked for: .source, .path (a JSON "
      "pointer) and .message.";
  illegal_action.doc() =
      "The engine (or the environment) refused an action; the state is unchanged. .reason is "
      "the engine's sentence, .refusal its name (e.g. 'not_your_turn'; 'not_asked' for an "
      "environment id its mask does not allow), .action the action's text.";
  illegal_choice.doc() = "An agent chose an action that is not legal (a bug in the agent).";

  py::register_exception_translator([](std::exception_ptr p) {
    const auto raise = [](const py::object& type, const std::string& what,
                          const std::vector<std::pair<const char*, py::object>>& attrs) {
      py::object instance = type(text(what));
      for (const auto& [name, value] : attrs) instance.attr(name) = value;
      PyErr_SetObject(type.ptr(), instance.ptr());
    };
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoadError& e) {
      py::list all;
      for (const LoadError& one : e.errors())
        all.append(py::make_tuple(text(one.file()), one.line(), one.column(), text(one.key()),
                                  text(one.message())));
      raise(load_error, e.what(),
            {{"file", text(e.file())},
             {"line", py::int_(e.line())},
             {"column", py::int_(e.column())},
             {"key", text(e.key())},
             {"message", text(e.message())},
             {"errors", all}});
    } catch (const JsonError& e) {
      raise(
          json_error, e.what(),
          {{"source", text(e.source())}, {"path", text(e.path())}, {"message", text(e.message())}});
    } catch (const IllegalAction& e) {
      raise(illegal_action, e.what(),
            {{"reason", text(e.reason())},
             {"refusal", text(e.refusal())},
             {"action", text(e.action())}});
    } catch (const IllegalChoice& e) {
      raise(illegal_choice, e.what(), {});
    } catch (const py::builtin_exception& e) {
      e.set_error();  // pybind11's own (a TypeError, a ValueError...), as pybind11 raises them
    } catch (const std::invalid_argument& e) {
      PyErr_SetObject(PyExc_ValueError, text(e.what()).ptr());  // as pybind11 maps it
    } catch (const std::overflow_error& e) {
      PyErr_SetObject(PyExc_OverflowError, text(e.what()).ptr());
    } catch (const std::runtime_error& e) {
      PyErr_SetObject(PyExc_RuntimeError, text(e.what()).ptr());
    }
  });
}

}  // namespace switchcards::python
