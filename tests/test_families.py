"""The house rules every family folder and module keeps (docs/families.md)."""

import ast
import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pytest

from pipeline.family import family_module, family_names, get_family

PIPELINE = Path(__file__).resolve().parent.parent / "pipeline"
FAMILY_MODULES = {"__init__.py", "board.py", "generate.py", "solve.py", "grade.py", "hints.py",
                  "verify.py", "draw.py", "bench.py"}
# Each job's function, named the same in every family, and the module that is its one home.
JOB_HOMES = {
    "explain": "solve",
    "hint": "hints", "check_hint": "hints",
    "grade_record": "grade",
    "generate": "generate",
    "verify": "verify",
    "draw_puzzle": "draw", "draw_solution": "draw", "draw_hint": "draw",
    "run": "bench",
    "check_puzzle": "board", "check_solution": "board",
    "lessons": "draw", "draw_lesson": "draw", "hint_names": "hints",
}


def family_folder(name: str) -> Path:
    return PIPELINE.joinpath(*family_module(name).split(".")[1:])


def module_names(folder: Path) -> list[str]:
    """The folder's modules as files: a package counts as the module of its name."""
    return sorted([path.name for path in folder.glob("*.py")] +
                  [f"{path.name}.py" for path in folder.iterdir()
                   if path.is_dir() and (path / "__init__.py").exists()])


@pytest.mark.parametrize("name", family_names())
def test_every_family_folder_has_the_same_modules(name):
    names = module_names(family_folder(name))
    assert len(names) == len(set(names))   # never both solve.py and solve/
    assert set(names) == FAMILY_MODULES


def job_home_problems(package: str) -> list[str]:
    """Where a family package keeps a job away from its home: a job function its home module
    lacks or only imports, or one defined at the top level of another of its modules. A
    home that is a package may define the function in any of its own modules."""
    root = importlib.import_module(package)
    modules = [root] + [importlib.import_module(info.name) for info in
                        pkgutil.walk_packages(root.__path__, f"{package}.")]
    problems = []
    for job, home in JOB_HOMES.items():
        home = f"{package}.{home}"

        def at_home(module_name: str) -> bool:
            return module_name == home or module_name.startswith(f"{home}.")

        function = getattr(importlib.import_module(home), job, None)
        if function is None:
            problems.append(f"{home} has no {job}")
        elif not at_home(getattr(function, "__module__", "")):
            problems.append(f"{home}.{job} is defined in {function.__module__}")
        for module in modules:
            value = vars(module).get(job)
            if callable(value) and getattr(value, "__module__", None) == module.__name__ \
                    and not at_home(module.__name__):
                problems.append(f"{module.__name__} defines {job}, whose home is {home}")
    return problems


@pytest.mark.parametrize("name", family_names())
def test_every_job_lives_in_its_home_module(name):
    assert job_home_problems(family_module(name)) == []


FAKE_FAMILY = {
    "__init__.py": "",
    "solve/__init__.py": "from fakefamily.solve.trace import explain\n",
    "solve/trace.py": "def explain(puzzle):\n    return []\n",
    "board.py": "def check_puzzle(puzzle): ...\n"
                "def check_solution(board, solution): ...\n",
    "hints.py": "def hint(puzzle, solution, grade): ...\n"
                "def check_hint(puzzle, solution, reveals): ...\n"
                "def hint_names(reveals): ...\n",
    "grade.py": "def grade_record(level): ...\n",
    "generate.py": "def generate(key, level): ...\n",
    "verify.py": "def verify(puzzle, solution): ...\n",
    "draw.py": "def draw_puzzle(ink, puzzle, box): ...\n"
               "def draw_solution(ink, puzzle, solution, box): ...\n"
               "def draw_hint(ink, puzzle, hint, box): ...\n"
               "def lessons(boards, levels): ...\n"
               "def draw_lesson(ink, puzzle, step, box): ...\n",
    "bench.py": "def run(quick): ...\n",
}


@pytest.fixture
def fake_family(tmp_path, monkeypatch):
    """Writes a small family package `fakefamily` (the files given, over FAKE_FAMILY) and
    returns its name; forgets it again afterwards."""
    def make(**changed):
        for module in [m for m in sys.modules if m.split(".")[0] == "fakefamily"]:
            del sys.modules[module]
        for path, text in {**FAKE_FAMILY, **changed}.items():
            target = tmp_path / "fakefamily" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        importlib.invalidate_caches()
        return "fakefamily"

    monkeypatch.syspath_prepend(str(tmp_path))
    yield make
    for module in [m for m in sys.modules if m.split(".")[0] == "fakefamily"]:
        del sys.modules[module]


def test_the_job_home_check_sees_a_job_away_from_home(fake_family):
    assert job_home_problems(fake_family()) == []   # explain in a module of the solve package
    planted = fake_family(**{
        "__init__.py": "def explain(puzzle):\n    return []\n",
        "solve/__init__.py": "from fakefamily import explain\n",
        "solve/trace.py": ""})
    assert job_home_problems(planted) == [
        "fakefamily.solve.explain is defined in fakefamily",
        "fakefamily defines explain, whose home is fakefamily.solve"]
    no_hint = fake_family(**{"hints.py": "def check_hint(puzzle, solution, reveals): ...\n"
                                         "def hint_names(reveals): ...\n",
                             "draw.py": FAKE_FAMILY["draw.py"] +
                             "def hint(puzzle, solution, grade): ...\n"})
    assert job_home_problems(no_hint) == ["fakefamily.hints has no hint",
                                          "fakefamily.draw defines hint, whose home is "
                                          "fakefamily.hints"]


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


@pytest.mark.parametrize("name", family_names())
def test_every_family_is_named_after_its_folder(name):
    family = get_family(name)
    assert family.name == name == family_module(name).rpartition(".")[2]
    assert type(family).__module__ == family_module(name)


def test_a_family_takes_its_name_from_the_registry_and_version_1_until_it_sets_one():
    from pipeline.family import Family

    class Planted(Family):
        __module__ = "pipeline.kakuro"   # declared in a registered family's package

    class Bumped(Planted):
        version = "kakuro/2"

    class Later(Bumped):
        pass

    class Unregistered(Family):
        __module__ = "planted_family"

    assert (Planted.name, Planted.version) == ("kakuro", "kakuro/1")
    assert (Later.name, Later.version) == ("kakuro", "kakuro/2")
    # unnamed, so the conformance test finds both missing (REQUIRED_ATTRIBUTES)
    assert not hasattr(Unregistered, "name") and not hasattr(Unregistered, "version")


# --- banner order (docs/families.md, "Banner order inside a module") ---------------------------

BANNER = re.compile(r"^# --- (.+?) -*$")


def banner_problems(name: str, text: str) -> list[str]:
    """Where a family module's banners break the house order: compiled kernels before the
    Python that calls them, a board's records before its symmetries, a solve's trace and a
    checker's plain reference last."""
    banners = [m.group(1).strip() for line in text.splitlines() if (m := BANNER.match(line))]
    problems = []
    if "compiled kernels" in banners and banners[0] != "compiled kernels":
        problems.append(f"{name}: compiled kernels after {banners[0]!r}")
    if {"records", "symmetries"} <= set(banners) and \
            banners.index("records") > banners.index("symmetries"):
        problems.append(f"{name}: symmetries before records")
    for last in ("the trace of one solve", "the plain reference"):
        if last in banners and banners[-1] != last:
            problems.append(f"{name}: {last!r} is not the last part")
    return problems


@pytest.mark.parametrize("name", family_names())
def test_every_family_module_keeps_the_banner_order(name):
    folder = family_folder(name)
    assert [problem for path in sorted(folder.rglob("*.py"))
            for problem in banner_problems(str(path.relative_to(folder)),
                                           path.read_text(encoding="utf-8"))] == []


def test_the_banner_check_sees_each_kind_of_disorder():
    def text(*names):
        return "\n".join(f"# --- {n} " + "-" * 10 for n in names)

    assert banner_problems("ok.py", text("compiled kernels", "records", "symmetries")) == []
    assert banner_problems("a.py", text("the search", "compiled kernels")) == [
        "a.py: compiled kernels after 'the search'"]
    assert banner_problems("b.py", text("symmetries", "records")) == ["b.py: symmetries before records"]
    assert banner_problems("c.py", text("the trace of one solve", "counting")) == [
        "c.py: 'the trace of one solve' is not the last part"]
    assert banner_problems("d.py", text("the plain reference", "the checker")) == [
        "d.py: 'the plain reference' is not the last part"]
