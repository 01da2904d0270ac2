"""The family contract, enforced: every registered family and every test double provides every
slot `pipeline.family.Family` declares, and each slot gives its documented shape on a real
board of the family's easiest level. Planted families missing a slot, or giving a wrong shape,
must fail the same checks.
"""

from __future__ import annotations

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


def conformance_problems(family: Family, key_number: int = 1) -> list[str]:
    """Everything in which `family` breaks the contract on a board of its easiest level."""
    problems = [f"missing slot: {slot}" for slot in unimplemented_slots(family)]
    if problems:
        return problems

    def expect(condition, what: str) -> None:
        if not condition:
            problems.append(what)

    level = family.levels[0]
    expect(isinstance(family.levels, tuple) and family.levels, "levels: a non-empty tuple")
    expect(family.version.startswith(f"{family.name}/"), "version: <name>/<n>")
    made = family.generate(f"{family.name}:{level}:{key_number}", level)
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
    problem = family.print_problem(Measure(), puzzle, solution, 60.0, 30.0)
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
        expect(_drawn(lambda ink: family.draw_hint(ink, puzzle, hint, box)) >= 0, "draw_hint")
        tally = family.hint_tally(puzzle, solution, hint)
        expect(isinstance(tally, dict), "hint_tally: a dict")
    if family.teaches:
        lessons = family.lessons([(puzzle, solution)], family.levels[:1])
        expect(isinstance(lessons, list), "lessons: a list")
    return problems


@pytest.mark.parametrize("name", list(FAMILIES))
def test_every_family_and_double_keeps_the_contract(name):
    assert conformance_problems(FAMILIES[name]) == []


# --- planted violations ---------------------------------------------------------------------------

def test_a_family_without_a_required_method_cannot_be_made():
    class NoVerify(books_fake.Toy):
        verify = Family.verify  # back to the abstract declaration

    with pytest.raises(TypeError, match="verify"):
        NoVerify()


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

    assert conformance_problems(WrongRating()) == ["rate: Rating('small', <float>)"]
    assert conformance_problems(LeakyHint()) == [
        "check_hint: refuses a key the family does not write"]
    assert conformance_problems(SilentHint()) == ["hint: its words name what it reveals"]


# --- the layers above the families know none by name ---------------------------------------------

GENERIC = ["pipeline/book", "pipeline/readback", "pipeline/catalog.py", "pipeline/generate.py",
           "pipeline/cli.py"]


def family_mentions(root, names) -> list[str]:
    """`file:line` of every word naming a family, and of every hasattr/getattr on a family, in
    the generic layers' Python source under `root`."""
    import re
    from pathlib import Path

    words = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.IGNORECASE)
    probe = re.compile(r"\b(hasattr|getattr)\((self\.)?fam")
    found = []
    for place in GENERIC:
        path = Path(root, place)
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if words.search(line) or probe.search(line):
                    found.append(f"{file.relative_to(root)}:{number}: {line.strip()}")
    return found


def _family_words() -> list[str]:
    return [word for name in family_names() for word in (name, get_family(name).title)]


def test_no_generic_layer_names_a_family_or_probes_one():
    from pathlib import Path

    assert family_mentions(Path(__file__).parent.parent, _family_words()) == []


def test_the_name_scan_sees_a_planted_mention(tmp_path):
    (tmp_path / "pipeline/book").mkdir(parents=True)
    (tmp_path / "pipeline/readback").mkdir()
    for file in ("catalog.py", "generate.py", "cli.py"):
        (tmp_path / "pipeline" / file).write_text("x = 1\n")
    (tmp_path / "pipeline/book/a.py").write_text('LABELS = getattr(family, "square_labels")\n')
    (tmp_path / "pipeline/readback/b.py").write_text('"""A Star Battle page."""\n')
    assert family_mentions(tmp_path, _family_words()) == [
        'pipeline/book/a.py:1: LABELS = getattr(family, "square_labels")',
        'pipeline/readback/b.py:1: """A Star Battle page."""']
