"""No module of pipeline/ imports a module that imports it back, directly or through others.

Imports are read from the source (AST), at any depth: an import deferred into a function
still ties the two modules together, it only hides the tie until that function runs."""

import ast
from pathlib import Path

import pipeline

ROOT = Path(pipeline.__file__).parent


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path, known: set[str]) -> set[str]:
    """The modules of the package `path` imports (a name imported from a package counts as its
    submodule when there is one, otherwise as the package)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in out if m in known and m != name}


def import_graph(root: Path) -> dict[str, set[str]]:
    paths = sorted(root.rglob("*.py"))
    known = {module_name(p, root) for p in paths}
    return {module_name(p, root): imports_of(p, root, known) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycle_in_pipeline():
    graph = import_graph(ROOT)
    assert len(graph) > 50  # the walk found the package
    assert cycles(graph) == []


def test_a_planted_cycle_through_a_deferred_import_is_found(tmp_path):
    package = tmp_path / "pipeline"
    (package / "readback").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "readback" / "__init__.py").write_text("")
    (package / "readback" / "preflight.py").write_text(
        "from pipeline.readback import proof\n")
    (package / "readback" / "proof.py").write_text(
        "def run():\n    from pipeline.readback.preflight import report\n")
    (package / "readback" / "svg.py").write_text("from . import proof\n")
    graph = import_graph(package)
    assert graph["pipeline.readback.svg"] == {"pipeline.readback.proof"}
    assert cycles(graph) == [["pipeline.readback.preflight", "pipeline.readback.proof"]]


def test_the_read_back_never_imports_the_layout_code():
    graph = import_graph(ROOT)
    layout = {"pipeline.book.interior", "pipeline.book.layout", "pipeline.book.build",
              "pipeline.book.cover", "pipeline.book.pdfink", "pipeline.book.plan"}
    reached, todo = set(), [m for m in graph if m.startswith("pipeline.readback")]
    while todo:
        module = todo.pop()
        if module not in reached:
            reached.add(module)
            todo.extend(graph[module])
    assert reached & layout == set()


def layer_breaches(graph: dict[str, set[str]], families: list[str]) -> list[str]:
    """Imports that go up the layers: a family module importing the book layer, the read-back
    or the command line, or an engine importing a family or the book layer."""
    above = ("pipeline.book", "pipeline.readback", "pipeline.cli")
    family_packages = tuple(f"pipeline.{name}" for name in families)

    def under(module: str, packages) -> bool:
        return any(module == p or module.startswith(f"{p}.") for p in packages)
    breaches = []
    for module, imported in sorted(graph.items()):
        if under(module, family_packages):
            banned = above
        elif under(module, ("pipeline.engines",)):
            banned = above + family_packages
        else:
            continue
        breaches += [f"{module} imports {other}" for other in sorted(imported)
                     if under(other, banned)]
    return breaches


def test_families_and_engines_stand_below_the_book_layer():
    from pipeline.family import family_module, family_names
    families = [family_module(name).split(".")[1] for name in family_names()]
    assert len(families) >= 8
    assert layer_breaches(import_graph(ROOT), families) == []


def test_a_family_importing_the_book_layer_is_a_breach():
    graph = {"pipeline.kite.draw": {"pipeline.book.cover_style", "pipeline.ink"},
             "pipeline.engines.sums": {"pipeline.kite"}, "pipeline.book.cover": set()}
    assert layer_breaches(graph, ["kite"]) == [
        "pipeline.engines.sums imports pipeline.kite",
        "pipeline.kite.draw imports pipeline.book.cover_style"]
