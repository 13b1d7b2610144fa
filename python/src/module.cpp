// The extension module switchcards._core: the library for Python. The package switchcards
// (python/switchcards/__init__.py) re-exports it and adds the environment, the Dask studies and
// the pandas tables; docs/python.md is the guide.
#include <string>
#include "bindings.hpp"

#include "switchcards/version.hpp"

PYBIND11_MODULE(_core, m) {
  using namespace switchcards::python;
  m.doc() = "switchcards: Switch, Mau-Mau and Crazy Eights from YAML rules (the C++ core).";
  m.attr("__version__") = std::string(switchcards::version());
  bind_errors(m);
  bind_engine(m);
  bind_learning(m);
  bind_records(m);
  bind_agents(m);
  bind_simulation(m);
  bind_environment(m);
}
