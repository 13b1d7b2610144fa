"""The type stubs (switchcards/_core.pyi) describe the module as it is: every public name of
switchcards._core is in them, every name in them exists, and so does every member they give a
class."""

import ast
import pathlib
import re

import switchcards
from switchcards import _core


def stub_tree():
    path = pathlib.Path(switchcards.__file__).with_name("_core.pyi")
    return ast.parse(path.read_text())


def test_the_stubs_name_every_public_name_and_no_other():
    declared = set()
    for node in stub_tree().body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
    public = {name for name in dir(_core) if not name.startswith("_")} | {"__version__"}
    assert declared == public


# What a Python agent defines (the C++ side looks them up on the subclass), bound on the base
# class with their defaults. test_the_agent_hooks_are_in_the_stubs holds this list to the names
# python/src/agents.cpp looks up.
AGENT_HOOKS = {"choose", "observe", "challenges", "calls_late", "jumps_in"}


def test_every_member_in_the_stubs_exists():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, node.name)
        if issubclass(cls, BaseException):
            continue  # their attributes are set on each instance raised
        for item in node.body:
            name = item.name if isinstance(item, ast.FunctionDef) else getattr(getattr(item, "target", None), "id", None)
            if name and not name.startswith("__"):
                assert hasattr(cls, name), f"{node.name}.{name}"


def test_every_public_member_of_a_class_is_in_the_stubs():
    """The other direction: a member bound in C++ but left out of its class's stub (as
    State.jump_open, Engine.jump_ins and PlayerView.call_due once were) is found here, not by
    an editor that does not complete it. The check above only caught stubs naming too much."""
    missing = []
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, node.name)
        if issubclass(cls, BaseException):
            continue
        declared = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
        declared |= {item.target.id for item in node.body if isinstance(item, ast.AnnAssign)}
        for name in vars(cls):  # its own members, not those of pybind11's base object
            if not name.startswith("_") and name not in declared:
                missing.append(f"{node.name}.{name}")
    assert missing == []


def test_the_agent_hooks_are_in_the_stubs(source_dir):
    """The hooks a Python agent may define are looked up by name in C++ (py::get_override in
    agents.cpp): they are read from the source here, and every one must be in the stubs
    (jumps_in once was not) and a method of Agent (choose once was not)."""
    text = (source_dir / "python" / "src" / "agents.cpp").read_text()
    looked_up = set(re.findall(r'get_override\([^;]*?"(\w+)"\)', text))
    hooks = looked_up - {"name"}
    assert hooks == AGENT_HOOKS
    assert all(callable(getattr(_core.Agent, name, None)) for name in hooks)
    agent = next(n for n in stub_tree().body if isinstance(n, ast.ClassDef) and n.name == "Agent")
    assert hooks <= {item.name for item in agent.body if isinstance(item, ast.FunctionDef)}
