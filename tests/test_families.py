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


def modules_of(folder: Path) -> set[str]:
    """The folder's modules by file name; a package `solve/` counts as `solve.py`."""
    return {path.name for path in folder.glob("*.py")} | \
        {f"{path.parent.name}.py" for path in folder.glob("*/__init__.py")}


@pytest.mark.parametrize("name", family_names())
def test_every_family_folder_has_the_same_modules(name):
    assert modules_of(family_folder(name)) == FAMILY_MODULES


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
