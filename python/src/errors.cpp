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
      py::object instance = type(what);
      for (const auto& [name, value] : attrs) instance.attr(name) = value;
      PyErr_SetObject(type.ptr(), instance.ptr());
    };
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoadError& e) {
      py::list all;
      for (const LoadError& one : e.errors())
        all.append(py::make_tuple(one.file(), one.line(), one.column(), one.key(), one.message()));
      raise(load_error, e.what(),
            {{"file", py::str(e.file())},
             {"line", py::int_(e.line())},
             {"column", py::int_(e.column())},
             {"key", py::str(e.key())},
             {"message", py::str(e.message())},
             {"errors", all}});
    } catch (const JsonError& e) {
      raise(json_error, e.what(),
            {{"source", py::str(e.source())},
             {"path", py::str(e.path())},
             {"message", py::str(e.message())}});
    } catch (const IllegalAction& e) {
      raise(illegal_action, e.what(),
            {{"reason", py::str(e.reason())},
             {"refusal", py::str(e.refusal())},
             {"action", py::str(e.action())}});
    } catch (const IllegalChoice& e) {
      raise(illegal_choice, e.what(), {});
    }
  });
}

}  // namespace switchcards::python
