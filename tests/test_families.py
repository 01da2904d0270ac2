"""The house rules every family folder and module keeps (docs/families.md)."""

import ast
from pathlib import Path

import pytest

from pipeline.family import family_module, family_names, get_family

PIPELINE = Path(__file__).resolve().parent.parent / "pipeline"
FAMILY_MODULES = {"__init__.py", "board.py", "generate.py", "solve.py", "grade.py", "verify.py",
                  "draw.py", "bench.py"}


def family_folder(name: str) -> Path:
    return PIPELINE.joinpath(*family_module(name).split(".")[1:])


@pytest.mark.parametrize("name", family_names())
def test_every_family_folder_has_the_same_modules(name):
    assert {path.name for path in family_folder(name).glob("*.py")} == FAMILY_MODULES


def private_imports(source: str, module: str) -> list[str]:
    """`from X import _name` where X is another pipeline module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pipeline") \
                and node.module != module:
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_module_imports_a_private_name_of_another():
    offenders = []
    for path in sorted(PIPELINE.rglob("*.py")):
        module = ".".join(path.relative_to(PIPELINE.parent).with_suffix("").parts)
        offenders += [f"{path.name}: {name}" for name in private_imports(path.read_text(), module)]
    assert offenders == []


def test_the_private_import_check_sees_one():
    assert private_imports("from pipeline.family import _FAMILY_MODULES, get_family\n",
                           "pipeline.cli") == ["pipeline.family._FAMILY_MODULES"]
    assert private_imports("from pipeline.family import get_family\n", "pipeline.cli") == []


@pytest.mark.parametrize("name", family_names())
def test_every_family_object_names_its_version_after_itself(name):
    family = get_family(name)
    assert family.version.startswith(f"{family.name}/") and family.levels


def imports_of(path: Path, module: str) -> set[str]:
    """Every pipeline module `module` imports, at the top or inside functions."""
    found = set()
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("pipeline")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            if base.startswith("pipeline"):
                # `from package import module` imports that module; the package is imported
                # only for the names that are not modules of it.
                found |= {f"{base}.{alias.name}" for alias in node.names}
                found.add(base + "?")
    return found


def import_cycles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(tuple(sorted(group)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def module_graph() -> dict[str, set[str]]:
    modules = {}
    for path in PIPELINE.rglob("*.py"):
        parts = path.relative_to(PIPELINE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph = {}
    for name, path in modules.items():
        imported = imports_of(path, name)
        edges = {m for m in imported if m in modules}
        for base in (m[:-1] for m in imported if m.endswith("?")):
            names = {m for m in imported if m.startswith(base + ".") and not m.endswith("?")
                     and m.count(".") == base.count(".") + 1}
            if base in modules and not names <= set(modules):
                edges.add(base)
        graph[name] = edges - {name}
    return graph


# The read-back layer's preflight and proof modules import each other; their split removes it.
KNOWN_CYCLES = {("pipeline.readback.preflight", "pipeline.readback.proof")}


def test_no_module_imports_one_that_imports_it_back():
    assert set(import_cycles(module_graph())) <= KNOWN_CYCLES


def test_the_cycle_check_sees_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [("a", "b", "c")]
    assert import_cycles({"a": {"b"}, "b": set()}) == []
