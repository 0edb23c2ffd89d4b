"""The type stub (gamenote/__init__.pyi) against the runtime: the same public names, the
functions' parameters, and every public method and protocol of the classes."""

import gamenote as g


def _stub():
    import ast
    import pathlib

    path = pathlib.Path(g.__file__).with_name("__init__.pyi")
    return ast.parse(path.read_text())


def test_the_stub_lists_the_same_public_names_as_the_package():
    # The stub had no __all__ (stubtest: "gamenote.__all__ is not present in stub").
    import ast

    tree = _stub()
    stub_all = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            stub_all = ast.literal_eval(node.value)
    assert stub_all is not None
    assert sorted(stub_all) == sorted(g.__all__)
    defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert sorted(set(g.__all__) - defined) == []


def test_the_stubs_functions_take_the_runtimes_parameters():
    import ast
    import inspect

    kinds = []
    for node in _stub().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        a = node.args
        stub = [(p.arg, "positional") for p in a.posonlyargs + a.args]
        stub += [(p.arg, "keyword") for p in a.kwonlyargs]
        params = inspect.signature(getattr(g, node.name)).parameters.values()
        runtime = [
            (p.name, "keyword" if p.kind is inspect.Parameter.KEYWORD_ONLY else "positional")
            for p in params
        ]
        kinds.append((node.name, stub == runtime, stub, runtime))
    assert [k for k in kinds if not k[1]] == []
    assert len(kinds) == 13


def test_the_stubs_classes_declare_every_public_method_and_protocol_of_the_runtime():
    # The stub left out `__repr__`, `__str__`, `__eq__`, `__hash__` and `__reduce__` of
    # several classes, so a type checker rejected `hash(problem)` or `pickle` of a NearMiss.
    import ast
    import inspect

    protocols = {"__repr__", "__str__", "__eq__", "__hash__", "__reduce__", "__iter__",
                 "__next__", "__len__", "__getitem__", "_repr_svg_", "_repr_html_"}
    stub = {
        node.name: {m.name for m in node.body if isinstance(m, ast.FunctionDef)}
        | {m.target.id for m in node.body if isinstance(m, ast.AnnAssign)}
        for node in _stub().body
        if isinstance(node, ast.ClassDef)
    }
    missing = {}
    for name in g.__all__:
        cls = getattr(g, name)
        if not inspect.isclass(cls) or issubclass(cls, BaseException):
            continue
        runtime = {k for k in vars(cls) if k in protocols or not k.startswith("_")}
        if cls.__hash__ is None:
            runtime.discard("__hash__")
        if runtime - stub[name]:
            missing[name] = sorted(runtime - stub[name])
    assert missing == {}
