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


def split_top_level(text):
    """`text` split at the commas outside brackets (a signature's parameters)."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    return parts + ([current.strip()] if current.strip() else [])


def bound_signatures(obj, name):
    """Each overload pybind11 bound as [(parameter, default text or None)], self left out, read
    from its docstring ("name(self: T, a: int, b: str = '') -> None", numbered when
    overloaded)."""
    signatures = []
    for params in re.findall(rf"^(?:\d+\. )?{re.escape(name)}\((.*)\) -> ", obj.__doc__ or "", re.M):
        parsed = []
        for p in split_top_level(params):
            if p in ("*", "/"):
                continue
            default = p.split(" = ", 1)[1] if " = " in p else None
            parsed.append((p.split(":")[0].strip(), default))
        signatures.append([p for p in parsed if p[0] != "self"])
    return signatures


def stub_signature(fn):
    """[(parameter, default or None: "..." for ..., the repr of a literal), keyword-only]."""
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    params = list(zip(positional, defaults, [False] * len(positional)))
    params += list(zip(a.kwonlyargs, a.kw_defaults, [True] * len(a.kwonlyargs)))
    out = []
    for arg, default, keyword_only in params:
        if arg.arg in ("self", "cls"):
            continue
        if default is None:
            text = None
        elif isinstance(default, ast.Constant) and default.value is not Ellipsis:
            text = repr(default.value)
        else:
            text = "..."
        out.append((arg.arg, text, keyword_only))
    return out


def test_every_stub_signature_is_the_bindings():
    """Parameter names, which are required and the literal defaults, against pybind11's own
    signatures: Engine's two constructors were once one stub with the other's parameters, and
    ObservationLayout.write's required `out` had a default in its stub. A required parameter
    after parameters with defaults (which Python cannot write) is stubbed as two overloads: all
    positional, or `out` keyword-only after the defaults."""
    wrong = []
    members = [(_core, node, "") for node in stub_tree().body]
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef) and not issubclass(getattr(_core, node.name), BaseException):
            members += [(getattr(_core, node.name), item, node.name + ".") for item in node.body]
    stubs = {}
    for owner, node, prefix in members:
        if isinstance(node, ast.FunctionDef) and not any(
                getattr(d, "id", None) == "property" for d in node.decorator_list):
            stubs.setdefault((prefix + node.name, owner, node.name), []).append(stub_signature(node))
    checked = 0
    for (qualified, owner, name), overloads in stubs.items():
        bound = bound_signatures(getattr(owner, name), name)
        if not bound:
            continue  # a Python-defined member (an agent hook's default) has no pybind11 docstring
        checked += 1
        names = lambda sig: [p[0] for p in sig]
        if sorted(map(names, bound)) != sorted({tuple(names(s)): names(s) for s in overloads}.values()):
            wrong.append(f"{qualified}: parameters {[names(s) for s in overloads]}, bound {[names(b) for b in bound]}")
            continue
        for b in bound:
            matching = [s for s in overloads if names(s) == names(b)]
            for i, (param, default) in enumerate(b):
                stubbed = [s[i][1] for s in matching]
                if default is None and any(d is not None for d in stubbed):
                    wrong.append(f"{qualified}: {param} is required, the stub gives it a default")
                if default is not None and all(d is None for d in stubbed):
                    wrong.append(f"{qualified}: {param} has a default ({default}), the stub none")
                for d in stubbed:
                    if d not in (None, "...") and default is not None and d != default:
                        wrong.append(f"{qualified}: {param} defaults to {default}, the stub says {d}")
    assert checked > 50, checked
    assert wrong == []


def test_the_stubs_say_which_attributes_are_read_only():
    """A plain annotation (``turn: int``) tells a type checker the attribute may be assigned;
    the module's read-only attributes (pybind11's def_readonly and def_property_readonly) are
    stubbed as properties instead, and a property in the stubs is one in the module (104
    read-only attributes were once stubbed as assignable)."""
    wrong = []
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, node.name)
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and item.value is None:
                attr = cls.__dict__.get(item.target.id)
                if isinstance(attr, property) and attr.fset is None:
                    wrong.append(f"{node.name}.{item.target.id} is read-only, stubbed assignable")
            elif isinstance(item, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list):
                if not isinstance(cls.__dict__.get(item.name), property):
                    wrong.append(f"{node.name}.{item.name} is stubbed a property, and is none")
    assert wrong == []
