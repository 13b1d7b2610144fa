"""The type stubs (switchcards/_core.pyi) describe the module as it is: every public name of
switchcards._core is in them, every name in them exists, and so does every member they give a
class."""

import ast
import pathlib

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


# What a Python agent defines (the C++ side looks them up on the subclass): declared in the
# stubs for editors, not attributes of the base class.
AGENT_HOOKS = {"choose", "observe", "challenges", "calls_late"}


def test_every_member_in_the_stubs_exists():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, node.name)
        if issubclass(cls, BaseException):
            continue  # their attributes are set on each instance raised
        for item in node.body:
            name = item.name if isinstance(item, ast.FunctionDef) else getattr(getattr(item, "target", None), "id", None)
            if name and not name.startswith("__") and not (cls is _core.Agent and name in AGENT_HOOKS):
                assert hasattr(cls, name), f"{node.name}.{name}"
