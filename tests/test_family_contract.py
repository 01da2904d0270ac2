"""The family contract, enforced: every registered family and every test double provides every
slot `pipeline.family.Family` declares, and each slot gives its documented shape on a real
board of every level of the family. Planted families missing a slot, or giving a wrong shape,
must fail the same checks.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Sequence

import pytest

import books_fake
import books_fake_tiles
from pipeline.book.cover_style import CoverStyle, check_style
from pipeline.book.printers import get_profile, profile_names
from pipeline.family import (AnswerSigns, Family, Generated, Hint, HintNames, Rating,
                             family_names, get_family, unimplemented_slots)
from pipeline.ink import GridBox, RecordingInk
from pipeline.readback.hints import text_findings

DOUBLES = {"toy": books_fake.FAMILY, "tiles": books_fake_tiles.FAMILY}
FAMILIES = {**{name: get_family(name) for name in family_names()}, **DOUBLES}
OUTLINES = ("frame", "circles", "tiles")


class Measure:
    """What `print_problem` is handed: text widths at a fixed average advance."""

    def text_width(self, text: str, *, size: float, bold: bool = False) -> float:
        return 0.55 * size * len(text)


def _drawn(draw) -> int:
    ink = RecordingInk()
    draw(ink)
    return len(ink.calls)


ROOT = Path(__file__).resolve().parent.parent


def frozen_board(family: Family, level: str) -> Generated | None:
    """The first board of `level` a lock file of layouts/ freezes: a level whose boards cost
    too much to generate for a test (the reason its books are frozen) is held to the contract
    on that board; None when no lock file has one."""
    for lock in sorted((ROOT / "layouts").glob("*.lock.jsonl")):
        for line in lock.read_text().splitlines():
            record = json.loads(line)
            if record["family"] == family.name and record["level"] == level:
                return Generated(record["puzzle"], record["solution"], record["grade"],
                                 record["proof"], record["grade"].get("attempts", 1))
    return None


def conformance_problems(family: Family, key_number: int = 1,
                         levels: Sequence[str] | None = None) -> list[str]:
    """Everything in which `family` breaks the contract on a board of each of `levels`
    (default: every level; a frozen level's board comes from its lock file)."""
    problems = [f"missing slot: {slot}" for slot in unimplemented_slots(family)]
    if problems:
        return problems
    if not (isinstance(family.levels, tuple) and family.levels):
        return ["levels: a non-empty tuple"]
    for level in family.levels if levels is None else levels:
        made = frozen_board(family, level) if family.name in family_names() else None
        made = made or family.generate(f"{family.name}:{level}:{key_number}", level)
        problems += [f"{level}: {problem}" if len(family.levels) > 1 and levels is None
                     else problem for problem in level_problems(family, level, made)]
    return problems


def level_problems(family: Family, level: str, made) -> list[str]:
    """Everything in which `family` breaks the contract on the board `made` of `level`."""
    problems = []

    def expect(condition, what: str) -> None:
        if not condition:
            problems.append(what)

    expect(family.version.startswith(f"{family.name}/"), "version: <name>/<n>")
    expect(isinstance(made, Generated), "generate: a Generated")
    if not isinstance(made, Generated):
        return problems
    puzzle, solution = made.puzzle, made.solution
    for part in ("puzzle", "solution", "grade", "proof"):
        expect(isinstance(getattr(made, part), dict), f"generate: {part} is a dict")
    family.check_record({"id": "x", "family": family.name, "puzzle": puzzle,
                         "solution": solution})
    expect(family.count_solutions(puzzle, 2) == 1, "count_solutions: one solution")
    expect(family.verify(puzzle, solution).get("unique") is True, "verify: unique")
    form = family.dedupe_form(puzzle)
    expect(isinstance(form, str) and form == family.dedupe_form(puzzle), "dedupe_form: a text")
    expect(family.too_similar(level, puzzle, []) is False, "too_similar: no earlier, no match")
    index = family.near_duplicates(level)
    if index is not None:
        expect(not index.near(index.sketch(puzzle)), "near_duplicates: empty index, no match")
    steps = family.explain(puzzle)
    expect(isinstance(steps, list) and steps and all(isinstance(s, str) for s in steps),
           "explain: lines of text")
    rating = family.rate(puzzle)
    expect(isinstance(rating, Rating) and rating.level == level
           and isinstance(rating.difficulty, float), f"rate: Rating({level!r}, <float>)")
    scale = family.difficulty_scale(level)
    expect(level in scale and set(scale) <= set(family.levels), "difficulty_scale: levels")
    expect(set(family.level_titles) == set(family.levels)
           and all(isinstance(family.level_title(lv), str) and family.level_title(lv)
                   and family.level_title(lv)[0].isupper() and family.level_title(lv) != lv
                   for lv in family.levels),
           "level_titles: a capitalised title for every level, not its slug")
    rows, cols = family.grid_shape(puzzle)
    expect((rows, cols) == tuple(family.level_shape(level)), "grid_shape == level_shape")
    box = GridBox(0.0, 0.0, 20.0, rows, cols)
    expect(_drawn(lambda ink: family.draw_puzzle(ink, puzzle, box)) > 0, "draw_puzzle draws")
    expect(_drawn(lambda ink: family.draw_solution(ink, puzzle, solution, box)) > 0,
           "draw_solution draws")
    problem = family.print_problem(Measure(), level, puzzle, solution, 60.0, 30.0)
    expect(problem is None or isinstance(problem, str), "print_problem: None or a text")
    for rules in (family.rules_text(), family.rules_for(puzzle, family.levels)):
        expect(isinstance(rules, list) and rules and all(isinstance(r, str) for r in rules),
               "rules: paragraphs of text")
    expect(family.example_level(level) in family.levels, "example_level: a level")
    signs = family.answer_signs(puzzle, solution)
    expect(isinstance(signs, AnswerSigns) and signs.outline in OUTLINES,
           f"answer_signs: outline one of {OUTLINES}")
    expect(isinstance(family.min_cell_mm, (int, float)) and family.min_cell_mm > 0,
           "min_cell_mm: a size")
    if family.cover_style is not None:
        expect(isinstance(family.cover_style, CoverStyle) and all(
            check_style(family.cover_style, profile.max_total_ink, profile.min_gray_fill) is None
            for profile in map(get_profile, profile_names())),
            "cover_style: a CoverStyle every printer prints")
    if family.gives_hints:
        hint = family.hint(puzzle, solution, made.grade)
        expect(isinstance(hint, Hint) and hint.text and hint.technique, "hint: a Hint")
        expect(family.check_hint(puzzle, solution, hint.reveals) == [], "check_hint: sound")
        names = family.hint_names(hint.reveals)
        expect(isinstance(names, HintNames), "hint_names: HintNames")
        expect(all(0 <= r < rows and 0 <= c < cols for r, c in names.squares),
               "hint_names: squares of the board")
        expect(text_findings(hint.text, names, rows, cols, family.square_labels) == [],
               "hint: its words name what it reveals")
        planted = {**hint.reveals, "unheard_of": [[0, 0]]}
        expect(family.check_hint(puzzle, solution, planted) != [],
               "check_hint: refuses a key the family does not write")
        if hint.figure is not None:   # the book prints a figure only for these
            expect(_drawn(lambda ink: family.draw_hint(ink, puzzle, hint, box)) > 0,
                   "draw_hint: a hint with a figure draws it")
        tally = family.hint_tally(puzzle, solution, hint)
        expect(isinstance(tally, dict), "hint_tally: a dict")
    if family.teaches:
        lessons = family.lessons([(puzzle, solution)], (level,))
        expect(isinstance(lessons, list) and lessons, "lessons: at least one for the level")
        expect(all(_drawn(lambda ink: family.draw_lesson(ink, puzzle, lesson, box)) > 0
                   for lesson in lessons or ()), "draw_lesson: each lesson draws")
    return problems


@pytest.mark.parametrize("name", list(FAMILIES))
def test_every_family_and_double_keeps_the_contract_at_every_level(name):
    assert conformance_problems(FAMILIES[name]) == []


# --- planted violations ---------------------------------------------------------------------------

@pytest.mark.parametrize("method", ["rate", "generate", "check_record", "verify", "explain",
                                    "draw_puzzle", "draw_solution", "bench"])
def test_a_family_without_a_required_method_cannot_be_made(method):
    # The double with `method` back to the abstract declaration, as a class statement would.
    lacking = type("Lacking", (books_fake.Toy,), {method: getattr(Family, method)})
    with pytest.raises(TypeError, match=method):
        lacking()


@pytest.mark.parametrize("name", family_names())
def test_every_slot_a_family_fills_is_named_in_its_own_folder(name):
    """A registered family fills each slot in its class body or a base class of its own
    package's making, never by a lookup at run time: what it provides, grep finds."""
    family = get_family(name)
    for method in ("generate", "check_record", "verify", "explain", "draw_puzzle",
                   "draw_solution", "bench"):
        owner = next(k for k in type(family).__mro__ if method in vars(k))
        assert owner is not Family, method


def test_an_ability_declared_but_not_written_out_is_caught():
    class NoHintNames(books_fake.Toy):
        hint_names = Family.hint_names

    class HintsUndeclared(books_fake.Toy):
        gives_hints = False

    assert unimplemented_slots(NoHintNames()) == ["hint_names (gives_hints = True)"]
    assert unimplemented_slots(HintsUndeclared()) == [
        f"gives_hints (it implements {m})" for m in ("hint", "check_hint", "hint_names",
                                                      "draw_hint")]


def test_a_required_attribute_left_out_is_caught():
    class NoCell(books_fake.Toy):
        pass
    del books_fake.Toy.min_cell_mm
    try:
        assert unimplemented_slots(NoCell()) == ["min_cell_mm"]
    finally:
        books_fake.Toy.min_cell_mm = 5.0


def test_rules_neither_written_out_nor_set_are_caught():
    class NoRules(books_fake.Toy):
        rules_text = Family.rules_text  # reads `rules`, which the double leaves empty

    class OwnRules(NoRules):
        rules = ("Put one mark in every row and every column.",)

    assert unimplemented_slots(NoRules()) == ["rules_text (or rules)"]
    assert unimplemented_slots(OwnRules()) == []
    assert OwnRules().rules_text() == ["Put one mark in every row and every column."]


def test_a_family_without_a_near_duplicate_rule_keeps_no_index():
    class NearRule(books_fake.Toy):
        def too_similar(self, level, puzzle, earlier):
            return bool(earlier)

    assert books_fake.Toy().near_duplicates("small") is None
    index = NearRule().near_duplicates("small")
    index.add(index.sketch({"givens": []}))
    assert index.near({"givens": []})


def test_a_declared_ability_without_its_methods_is_caught():
    class ClaimsHints(books_fake_tiles.Tiles):
        gives_hints = True

    assert conformance_problems(ClaimsHints()) == [
        "missing slot: hint (gives_hints = True)", "missing slot: check_hint (gives_hints = True)",
        "missing slot: hint_names (gives_hints = True)",
        "missing slot: draw_hint (gives_hints = True)"]


def test_an_undeclared_ability_is_caught():
    class HintsUndeclared(books_fake.Toy):
        gives_hints = False

    assert "missing slot: gives_hints (it implements hint)" in conformance_problems(
        HintsUndeclared())


def test_a_missing_required_attribute_is_caught(monkeypatch):
    monkeypatch.delattr(books_fake.Toy, "min_cell_mm")
    assert conformance_problems(books_fake.Toy()) == ["missing slot: min_cell_mm"]


def first_level_problems(family: Family) -> list[str]:
    return conformance_problems(family, levels=family.levels[:1])


def test_wrong_shapes_are_caught():
    class WrongRating(books_fake.Toy):
        def rate(self, puzzle):
            return ("small", 5)

    class LeakyHint(books_fake.Toy):
        def check_hint(self, puzzle, solution, reveals):
            return []  # accepts anything, keys it never writes included

    class SilentHint(books_fake.Toy):
        square_labels = True  # squares have names, so the words must give them

        def hint(self, puzzle, solution, grade):
            real = super().hint(puzzle, solution, grade)
            return Hint(real.technique, "The mark of that row.", real.reveals)

    assert first_level_problems(WrongRating()) == ["rate: Rating('small', <float>)"]
    assert first_level_problems(LeakyHint()) == [
        "check_hint: refuses a key the family does not write"]
    assert first_level_problems(SilentHint()) == ["hint: its words name what it reveals"]


def test_a_wrong_shape_at_a_later_level_only_is_caught():
    class BigRatedWrong(books_fake.Toy):
        def rate(self, puzzle):
            real = super().rate(puzzle)
            return real if real.level == "small" else Rating("small", real.difficulty)

    assert first_level_problems(BigRatedWrong()) == []   # what the easiest level alone saw
    assert conformance_problems(BigRatedWrong()) == ["big: rate: Rating('big', <float>)"]


def test_a_hint_figure_that_draws_nothing_is_caught():
    class BlankFigure(books_fake.Toy):
        def draw_hint(self, ink, puzzle, hint, box):
            pass

    assert first_level_problems(BlankFigure()) == ["draw_hint: a hint with a figure draws it"]


def test_no_lessons_and_a_blank_lesson_are_caught():
    class NoLessons(books_fake.Toy):
        teaches = True

        def lessons(self, boards, levels):
            return []

        def draw_lesson(self, ink, puzzle, lesson, box):
            ink.rect(0, 0, 1, 1)

    class BlankLesson(NoLessons):
        def lessons(self, boards, levels):
            return ["the one lesson"]

        def draw_lesson(self, ink, puzzle, lesson, box):
            pass

    assert first_level_problems(NoLessons()) == ["lessons: at least one for the level"]
    assert first_level_problems(BlankLesson()) == ["draw_lesson: each lesson draws"]


# --- the layers above the families know none by name ---------------------------------------------

# The registry's own lines are the one place outside the family folders that names them.
REGISTRY_LINE = re.compile(r'^\s*"(\w+)": "pipeline\.\1",$')
# Every hasattr/getattr outside the family folders is on one of these receivers, none of them
# a family or anything a family handed out (an index, a hint, a module): each is named with
# the file it is in, so a new probe, whatever its receiver is called, fails the scan.
KNOWN_RECEIVERS = {
    "pipeline/cli.py": {"executor"},
    "pipeline/records.py": {"self"},
    # the contract's own check of a family, and its naming of a class being declared
    "pipeline/family.py": {"type(family)", "Family", "cls"},
    "pipeline/book/cmyk.py": {"self._canvas"},
    "pipeline/book/interior.py": {"self"},
    "pipeline/book/cover_style.py": {"style"},
    "pipeline/book/cover.py": {"group", "shape", "colour"},
    "pipeline/readback/preflight.py": {"args"},
    "pipeline/readback/reader/fonts.py": {"gid_map.get_object()", "font.get('/Encoding')",
                                          "items[i + 1]"},
    "pipeline/readback/reader/document.py": {"contents", "stream"},
    "pipeline/readback/reader/interpreter.py": {"value"},
    "pipeline/readback/reader/marks.py": {"part"},
}


def family_words(families) -> list[str]:
    """What names a family or one of its levels: its name and title (also spelled with a
    hyphen, an underscore or run together), and each level's slug and title with its
    difficulty word taken off ("two-star", "Killer"). Difficulty words alone ("easy",
    "hard") are every family's words and are not searched for, nor are the language codes a
    level may carry ("hard-de": the generic layers name languages as languages)."""
    from pipeline.i18n import LANGUAGES

    shared = {level for family in families for level in family.levels} | set(LANGUAGES)
    words = set()
    for family in families:
        words.add(family.name)
        words.add("[ _-]?".join(map(re.escape, re.split(r"[ _-]", family.title))))
        for level in family.levels:
            for spelling in (level, family.level_title(level)):
                parts = [part for part in re.split(r"[ -]", spelling.lower())
                         if part not in shared]
                if parts:
                    words.add("[ _-]".join(map(re.escape, parts)))
    return sorted(words)


def _receiver(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name) and call.func.id in ("hasattr", "getattr") and call.args:
        return ast.unparse(call.args[0])
    return None


def family_mentions(root, families) -> list[str]:
    """`file:line` of every word naming a family or a level of one (`family_words`), and of
    every hasattr/getattr on a receiver not in KNOWN_RECEIVERS, in every Python module under
    `root`/pipeline outside the family folders (the registry's lines excepted)."""
    from pathlib import Path

    words = re.compile(r"(?<![A-Za-z])(" + "|".join(family_words(families)) + r")(?![A-Za-z])",
                       re.IGNORECASE)
    folders = {name for name in family_names()}
    found = []
    pipeline = Path(root, "pipeline")
    for file in sorted(pipeline.rglob("*.py")):
        place = file.relative_to(root).as_posix()
        if file.relative_to(pipeline).parts[0] in folders:
            continue
        text = file.read_text(encoding="utf-8")
        lines = text.splitlines()
        for number, line in enumerate(lines, 1):
            if words.search(line) and not REGISTRY_LINE.match(line):
                found.append(f"{place}:{number}: {line.strip()}")
        for node in ast.walk(ast.parse(text)):
            receiver = isinstance(node, ast.Call) and _receiver(node)
            if receiver and receiver not in KNOWN_RECEIVERS.get(place, ()):
                found.append(f"{place}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return sorted(set(found), key=lambda row: (row.split(":")[0], int(row.split(":")[1])))


def _families() -> list:
    return [get_family(name) for name in family_names()]


def test_no_module_outside_the_family_folders_names_a_family_or_probes_one():
    from pathlib import Path

    assert family_mentions(Path(__file__).parent.parent, _families()) == []


def _clean_tree(tmp_path):
    import shutil
    from pathlib import Path

    here = Path(__file__).parent.parent
    for name in ("generate_bench.py", "cli.py", "family.py"):
        (tmp_path / "pipeline").mkdir(exist_ok=True)
        shutil.copy(here / "pipeline" / name, tmp_path / "pipeline" / name)
    assert family_mentions(tmp_path, _families()) == []


def test_the_scan_sees_a_planted_family_or_level_name_in_generate_bench(tmp_path):
    _clean_tree(tmp_path)
    bench = tmp_path / "pipeline/generate_bench.py"
    for planted in ('LEVELS = [("starbattle", "easy")]', "# a Killer board costs more",
                    'SLUG = "star-battle-two-star"', "# Star Battle pages"):
        bench.write_text(bench.read_text() + planted + "\n")
        found = family_mentions(tmp_path, _families())
        assert found and found[-1].endswith(planted), planted


def test_the_scan_sees_a_probe_whatever_its_receiver(tmp_path):
    _clean_tree(tmp_path)
    cli = tmp_path / "pipeline/cli.py"
    for planted in ('run = getattr(get_family(name), "bench")',
                    'if hasattr(index, "stored"): pass', "x = getattr(f, 'teaches', False)"):
        cli.write_text(cli.read_text() + planted + "\n")
        found = family_mentions(tmp_path, _families())
        assert found and found[-1].endswith(planted), planted
