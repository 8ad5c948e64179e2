"""The typing stubs the build writes (python/tools/make_stubs.py) and the docstrings behind help():
every public class, function, method and property of the module is in the stubs, and every public
callable and property says what it does."""
import ast
import pathlib
import re
import types

import pytest

import articula

PACKAGE = pathlib.Path(articula.__file__).parent


def stub_tree(name):
    path = PACKAGE / name
    assert path.exists(), "%s not written: build the target python (or all)" % path
    return ast.parse(path.read_text(), str(path))


def stub_names(body):
    """Top-level names of a module or class body: {name: class body or None}."""
    names = {}
    for node in body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = node.body
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
        elif isinstance(node, ast.ImportFrom):
            names.update({a.asname or a.name: None for a in node.names})
    return names


def public_members(cls):
    """Public attributes the class itself defines (methods, properties, enum values), and its
    constructor when one is bound."""
    names = {n for n in vars(cls) if not n.startswith("_")}
    init = vars(cls).get("__init__")
    if init is not None and type(init).__name__ != "wrapper_descriptor":
        names.add("__init__")
    return names


def submodules():
    return sorted(n for n, v in vars(articula._articula).items() if isinstance(v, types.ModuleType))


def test_stubs_parse_and_are_marked_typed():
    assert (PACKAGE / "py.typed").exists()
    for name in ["__init__.pyi"] + [n + ".pyi" for n in submodules()]:
        stub_tree(name)


def test_every_public_name_is_in_the_stubs():
    stubs = stub_names(stub_tree("__init__.pyi").body)
    missing = []
    for name in ["__version__"] + articula.__all__:
        if name not in stubs:
            missing.append(name)
            continue
        value = getattr(articula, name)
        if isinstance(value, type):
            members = stub_names(stubs[name])
            missing += ["%s.%s" % (name, m) for m in sorted(public_members(value)) if m not in members]
    for sub in submodules():
        names = stub_names(stub_tree(sub + ".pyi").body)
        missing += ["%s.%s" % (sub, n) for n in vars(getattr(articula, sub)) if not n.startswith("_")
                    and n not in names]
    assert not missing, "not in the stubs: " + ", ".join(missing)


def test_stub_types_name_only_known_classes():
    # A pybind11 type the generator could not map becomes Any, never a name a type checker rejects.
    text = (PACKAGE / "__init__.pyi").read_text()
    assert "numpy.ndarray[" not in text and "_articula." not in text and "::" not in text
    assert "def simulate(self, duration: float | None = None" in text
    assert re.search(r"def calc_mass_matrix\(self, state: State\) -> NDArray\[np.float64\]", text)


def own_text(obj):
    """The docstring without pybind11's signature lines."""
    lines = (getattr(obj, "__doc__", None) or "").splitlines()
    keep = [line for line in lines if line.strip() != "Overloaded function."
            and not re.match(r"^(\d+\. )?\w*\(.*\) -> .*$", line)]
    return "\n".join(keep).strip()


def callables():
    """(qualified name, object) of every public class, function and method."""
    for name in articula.__all__:
        value = getattr(articula, name)
        if isinstance(value, types.ModuleType):
            for n, f in vars(value).items():
                if not n.startswith("_") and callable(f):
                    yield "%s.%s" % (name, n), f
        elif isinstance(value, type):
            yield name, value
            for n, m in vars(value).items():
                if n.startswith("_") or isinstance(m, (property, value)):
                    continue
                m = m.__func__ if isinstance(m, staticmethod) else m
                if callable(m):
                    yield "%s.%s" % (name, n), m
        elif callable(value):
            yield name, value


def properties():
    """(qualified name, property) of every public property of the public classes, enums' name and
    value included."""
    for name in articula.__all__:
        value = getattr(articula, name)
        if isinstance(value, type):
            for n, p in vars(value).items():
                if not n.startswith("_") and isinstance(p, property):
                    yield "%s.%s" % (name, n), p


def test_every_public_callable_has_a_docstring():
    missing = [name for name, obj in callables() if not own_text(obj)]
    assert not missing, "no docstring: " + ", ".join(missing)


def test_every_property_has_a_docstring():
    # pybind11 keeps a property's docstring on the property (what help() shows); its fget's __doc__
    # holds only the signature. A Python property (Results) documents its fget.
    found = dict(properties())
    assert "State.q" in found and "Stage.name" in found and "ContactRecord.depth" in found
    missing = [name for name, p in found.items() if not own_text(p) and not own_text(p.fget)]
    assert not missing, "no docstring: " + ", ".join(missing)
    # The stubs carry them too (an editor's hover text).
    text = (PACKAGE / "__init__.pyi").read_text()
    assert "Penetration, m" in text and "Young's modulus E, Pa" in text


def test_help_shows_signatures_and_docs(capsys):
    help(articula.load)
    out = capsys.readouterr().out
    assert "load(path: str" in out and "Reads a model file" in out
    help(articula.Model.simulate)
    assert "Runs the model's scenario" in capsys.readouterr().out
    help(articula.ContactRecord)
    assert "Penetration, m" in capsys.readouterr().out
    help(articula.StepOutcome)  # an enum: its description, each member's and its properties'
    out = capsys.readouterr().out
    assert "Why step_to returned" in out and "nothing advanced yet" in out and "integer value" in out


def test_submodules_import_by_full_name():
    import importlib
    for sub in submodules():
        assert importlib.import_module("articula." + sub) is getattr(articula, sub)


def test_results_arrays_are_declared(models):
    # Results makes its arrays on first access (__getattr__); the class declares them for the stubs.
    r = articula.load(str(models / "scenarios" / "standing_fall.json")).simulate(duration=0.01)
    missing = [n for n in r._names if n not in articula.Results.__annotations__]
    assert not missing, "Results does not declare " + ", ".join(missing)


USAGE = '''
import pytest

import articula
from articula import Stage, mobilizers

m = articula.load("model.json")
r = m.simulate(duration=1.0, progress=lambda t, d, w: None)
x: float = float(r.q[0, 0]) + float(r.coordinate("a")[0])
s = m.initial_state()
s.q[0] = 0.3
m.system.realize(s, Stage.Acceleration)
M = m.matter.calc_mass_matrix(s)
b = m.matter.add_body(0, articula.Transform(), articula.Body(1.0, [0, 0, 0], articula.Inertia(1, 1, 1)),
                      articula.Transform(), mobilizers.pin())
t: articula.Transform = articula.Transform() @ articula.Transform()
m.simulate(durration=1)  # the one error expected
'''


def test_mypy_reads_the_stubs(tmp_path):
    # Debian's mypy (python3-mypy), when installed: a typical script type-checks against the stubs,
    # and a misspelt keyword is caught.
    api = pytest.importorskip("mypy.api")
    script = tmp_path / "use.py"
    script.write_text(USAGE)
    out, err, status = api.run([str(script), "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                                "--ignore-missing-imports"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and 'Unexpected keyword argument "durration"' in errors[0], out + err
