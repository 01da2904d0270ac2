"""Kakuro: records and their one-line errors, the independent checker against its plain
reference, soundness of the grader with a planted faulty rule in a copy of its own source,
levels accepted only at exactly their level, fingerprints from keys, hints, the drawing."""

import copy
import inspect
import json
import sys
import types
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.ink import GridBox, RecordingInk
from pipeline.kakuro import FAMILY, draw, solve as solver
from pipeline.kakuro import generate as generator
from pipeline.kakuro.board import puzzle_of
from pipeline.keyed import KeyedStream
from pipeline.kakuro.board import Board, canonical_form, transposed
from pipeline.kakuro.grade import LEVELS, TECHNIQUES, accepts
from pipeline.kakuro.verify import count, plain_count
from pipeline.records import fingerprint

FINGERPRINTS = Path(__file__).parent / "data" / "kakuro_fingerprints.json"
KEYS = {"easy": "kakuro:easy:2", "medium": "kakuro:medium:1", "hard": "kakuro:hard:1",
        "expert": "kakuro:expert:1"}

SMALL = {"rows": 3, "cols": 3, "cells": [[[0, 0], [4, 0], [6, 0]],
                                         [[0, 3], 0, 0],
                                         [[0, 7], 0, 0]]}   # 1 2 / 3 4


@pytest.fixture(scope="module")
def generated():
    return {level: FAMILY.generate(KEYS[level], level) for level in LEVELS}


# --- records ---------------------------------------------------------------------------------

def test_a_small_board_reads_and_its_runs_are_found():
    board = Board.from_puzzle(SMALL)
    assert board.whites == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert [(run.total, run.across) for run in board.runs] == [(3, True), (7, True), (4, False),
                                                             (6, False)]
    assert count(SMALL, 5)[0] == plain_count(SMALL, 5) == 1


@pytest.mark.parametrize("change, field, words", [
    (lambda p: p.update(rows=2), "puzzle.rows", "not 3..30"),
    (lambda p: p.update(rows="3"), "puzzle.rows", "int"),
    (lambda p: p["cells"].pop(), "puzzle.cells", "2 rows"),
    (lambda p: p["cells"][1].append(0), "puzzle.cells[1]", "3 entries"),
    (lambda p: p["cells"][1].__setitem__(0, [0, 3, 1]), "puzzle.cells[1][0]", "neither"),
    (lambda p: p["cells"][1].__setitem__(0, [0, 46]), "puzzle.cells[1][0]", "neither"),
    (lambda p: p["cells"][1].__setitem__(0, [0, 2]), "puzzle.cells[1][0][1]", "out of reach"),
    (lambda p: p["cells"][0].__setitem__(1, [18, 0]), "puzzle.cells[0][1][0]", "out of reach"),
    (lambda p: p["cells"][0].__setitem__(0, [5, 0]), "puzzle.cells[0][0][0]", "no run"),
    (lambda p: p["cells"][0].__setitem__(1, 0), "puzzle.cells[0][1]", "top row"),
    (lambda p: p["cells"][1].__setitem__(2, [0, 0]), "puzzle.cells[1][0][1]", "1 cells"),
])
def test_bad_puzzles_are_named_in_one_line(change, field, words):
    puzzle = copy.deepcopy(SMALL)
    change(puzzle)
    with pytest.raises(InputError) as caught:
        FAMILY.check_record({"puzzle": puzzle})
    assert caught.value.field == field and words in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("digits, field, words", [
    ([[0, 0, 0], [0, 1, 2], [0, 3, 4]], None, None),
    ([[0, 0, 0], [0, 2, 1], [0, 4, 3]], "solution.digits[1][1]", "adds up to 6"),
    ([[0, 0, 0], [0, 1, 2], [0, 3, 10]], "solution.digits[2][2]", "digit 1..9"),
    ([[1, 0, 0], [0, 1, 2], [0, 3, 4]], "solution.digits[0][0]", "0 (a block)"),
    ([[0, 0, 0], [0, 1, 2]], "solution.digits", "3 rows"),
])
def test_bad_solutions_are_named_in_one_line(digits, field, words):
    record = {"puzzle": SMALL, "solution": {"digits": digits}}
    if field is None:
        FAMILY.check_record(record)
        return
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record)
    assert caught.value.field == field and words in str(caught.value)


def test_a_run_repeating_a_digit_is_named():
    puzzle = {"rows": 3, "cols": 3, "cells": [[[0, 0], [4, 0], [4, 0]], [[0, 4], 0, 0],
                                               [[0, 4], 0, 0]]}
    with pytest.raises(InputError) as caught:
        FAMILY.check_record({"puzzle": puzzle,
                             "solution": {"digits": [[0, 0, 0], [0, 2, 2], [0, 2, 2]]}})
    assert "repeats a digit" in str(caught.value)


def test_the_transpose_is_the_same_board_and_nothing_else_is(generated):
    puzzle = generated["easy"].puzzle
    assert canonical_form(transposed(puzzle)) == canonical_form(puzzle)
    other = copy.deepcopy(puzzle)
    r, c = next((r, c) for r, row in enumerate(other["cells"]) for c, e in enumerate(row)
                if e != 0 and e[1])
    other["cells"][r][c][1] += 1
    assert canonical_form(other) != canonical_form(puzzle)


# --- the checker -----------------------------------------------------------------------------

@pytest.mark.parametrize("puzzle, expected", [
    (SMALL, 1),
    ({"rows": 3, "cols": 3, "cells": [[[0, 0], [4, 0], [6, 0]], [[0, 5], 0, 0],
                                       [[0, 5], 0, 0]]}, 2),     # 1 4 / 3 2 and 3 2 / 1 4 ...
    ({"rows": 3, "cols": 3, "cells": [[[0, 0], [10, 0], [10, 0]], [[0, 10], 0, 0],
                                       [[0, 10], 0, 0]]}, 8),
    ({"rows": 3, "cols": 4, "cells": [[[0, 0], [3, 0], [4, 0], [17, 0]], [[0, 8], 0, 0, 0],
                                       [[0, 16], 0, 0, 0]]}, None),
])
def test_the_checker_counts_as_the_plain_search_does(puzzle, expected):
    plain = plain_count(puzzle, 50)
    assert count(puzzle, 50)[0] == plain
    if expected is not None:
        assert plain == expected


def test_the_compiled_search_is_the_python_search_node_for_node(generated):
    """The checker's search runs compiled; its Python form is the reference: the same count,
    the same nodes, the same first solution, on the boards made and on random fills (many
    solutions, so the limit stops the search)."""
    from pipeline.kakuro.verify import _count_python
    puzzles = [board.puzzle for board in generated.values()]
    stream = KeyedStream("kakuro-checker-test")
    for level in ("easy", "medium"):
        for _ in range(3):
            white = generator.pattern(stream, generator.RECIPES[level])
            puzzles.append(puzzle_of(white, generator.fill(stream, white)))
    counts = []
    for puzzle in puzzles:
        exhausted = None   # a Python search that ran out below its limit: any higher limit
        for limit in (1, 2, 5):   # walks the same tree, so it is not walked again
            if exhausted is None:
                n, nodes, found = _count_python(puzzle, limit)
                exhausted = (n, nodes, found) if n < limit else None
            else:
                n, nodes, found = exhausted
            assert count(puzzle, limit) == (n, nodes, found[:1])
            counts.append(n)
    assert max(counts) > 1   # some search was stopped by its limit, not by running out


def test_every_generated_board_is_proven_unique_and_the_checker_refuses_a_wrong_answer(
        generated):
    for board in generated.values():
        assert board.proof["unique"] and board.proof["checker"] == "kakuro-search/1"
        wrong = copy.deepcopy(board.solution)
        r, c = next((r, c) for r, row in enumerate(wrong["digits"]) for c, d in enumerate(row)
                    if d)
        wrong["digits"][r][c] = wrong["digits"][r][c] % 9 + 1
        assert not FAMILY.verify(board.puzzle, wrong)["unique"]


# --- soundness of the grader, with a planted faulty rule ----------------------------------------

def solver_copy(sound: str | None = None, fault: str | None = None):
    """A copy of solve.py, from its own source, with `sound` (which occurs once) made `fault`."""
    source = inspect.getsource(solver)
    if sound is not None:
        assert source.count(sound) == 1, f"{sound!r} moved: plant the fault anew"
        source = source.replace(sound, fault)
    module = types.ModuleType("copy_of_kakuro_solve")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, "copy_of_kakuro_solve.py", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


def unsound_steps(module, board) -> list[str]:
    """Every step of the module's full solve that places a digit other than the solution's or
    crosses out the solution's own digit."""
    lay = module.Layout.of(Board.from_puzzle(board.puzzle))
    digits = board.solution["digits"]
    problems = []
    for step in module.solve(lay, module.EXPERT).steps:
        for cell, d in step.places:
            r, c = lay.whites[cell]
            if digits[r][c] != d:
                problems.append(f"{step.technique} placed {d} at {(r, c)}")
        for cell, d in step.eliminates:
            r, c = lay.whites[cell]
            if digits[r][c] == d:
                problems.append(f"{step.technique} crossed {d} out of {(r, c)}")
    return problems


def test_every_step_of_every_level_agrees_with_the_checkers_solution(generated):
    sound = solver_copy()
    for board in generated.values():
        assert unsound_steps(sound, board) == []
        assert unsound_steps(solver, board) == []


@pytest.mark.parametrize("sound, fault", [
    # a run of two combinations read as if its first were its only one
    ("    return tuple(combos) if len(combos) == 1 else ()",
     "    return tuple(combos[:1]) if combos else ()"),
    # a digit the run needs placed where it is one of two places
    ("        if len(where) == 1 and not any(g.value[i] == d for i in members):\n"
     "            yield where[0], d",
     "        if len(where) == 2 and not any(g.value[i] == d for i in members):\n"
     "            yield where[0], d"),
])
def test_a_planted_faulty_rule_is_caught(generated, sound, fault):
    faulty = solver_copy(sound, fault)
    problems = [p for board in generated.values() for p in unsound_steps(faulty, board)]
    assert problems


# --- levels ------------------------------------------------------------------------------------

def test_each_board_is_exactly_of_its_level(generated):
    for level, board in generated.items():
        lay = solver.Layout.of(Board.from_puzzle(board.puzzle))
        assert accepts(lay, level) is not None
        assert FAMILY.rate(board.puzzle).level == level
        for other in LEVELS:
            if other != level:
                assert accepts(lay, other) is None
        index = LEVELS.index(level)
        if index:
            assert not solver.solve(lay, TECHNIQUES[LEVELS[index - 1]]).solved
        assert board.grade["level"] == level
        assert FAMILY.grid_shape(board.puzzle) == FAMILY.level_shape(level)


def test_the_quick_closure_reaches_what_the_traced_solve_reaches(generated):
    """The generator climbs on `closure`; the traced solve decides. They must agree."""
    for board in generated.values():
        lay = solver.Layout.of(Board.from_puzzle(board.puzzle))
        for level in LEVELS:
            assert solver.closure(lay, TECHNIQUES[level]).solved == \
                solver.solve(lay, TECHNIQUES[level]).solved


def _grids_agree(a, b) -> bool:
    return (a.value, a.cand, a.broken) == (b.value, b.cand, b.broken)


def test_the_compiled_sweeps_reach_the_plain_sweeps_grid(generated):
    """The climb's closure runs compiled and skips runs whose cells did not change; the plain
    closure, in Python, works on everything every time. Same grid, on the boards made, on
    boards of random fills (many solutions, as the climb's trials are), and from a grid with
    a wrong digit placed (the contradictions a what-if runs into)."""
    layouts = [solver.Layout.of(Board.from_puzzle(b.puzzle)) for b in generated.values()]
    stream = KeyedStream("kakuro-closure-test")
    for level in LEVELS:
        for _ in range(4):
            white = generator.pattern(stream, generator.RECIPES[level])
            digits = generator.fill(stream, white)
            layouts.append(solver.Layout.of(Board.from_puzzle(puzzle_of(white, digits))))
    compared = broken = 0
    for lay in layouts:
        wrong = solver.Grid(lay)
        wrong.place(stream.below(len(lay.whites)), 1 + stream.below(9))
        for start in (None, wrong):
            for techniques in solver.TIERS[:3]:
                quick = solver.closure(lay, techniques, start)
                assert _grids_agree(quick, solver.closure(lay, techniques, start, plain=True))
                compared += sum(1 for v in quick.value if v)
                broken += quick.contradiction()
    assert compared   # the closures placed digits: the comparison is not of empty grids
    assert broken     # and some ran into a contradiction


def test_fingerprints_of_every_level_regenerated_from_their_keys(generated):
    pinned = json.loads(FINGERPRINTS.read_text())
    assert set(pinned) == set(LEVELS)
    for level, board in generated.items():
        assert pinned[level] == {"key": KEYS[level],
                                 "sha256": fingerprint(board.puzzle, board.solution)}


# --- hints ---------------------------------------------------------------------------------------

def test_every_hint_is_sound_and_names_its_cells(generated):
    for board in generated.values():
        hint = FAMILY.hint(board.puzzle, board.solution, board.grade)
        assert FAMILY.check_hint(board.puzzle, board.solution, hint.reveals) == []
        assert hint.reveals["digits"] or hint.reveals["eliminated"]
        from pipeline.family import square_name
        for r, c in FAMILY.hint_names(hint.reveals).squares:
            assert square_name(r, c) in hint.text


def test_a_wrong_reveal_is_refused(generated):
    board = generated["medium"]
    digits = board.solution["digits"]
    r, c = next((r, c) for r, row in enumerate(digits) for c, d in enumerate(row) if d)
    wrong = {"digits": [[r, c, digits[r][c] % 9 + 1]], "eliminated": [[r, c, digits[r][c]]]}
    problems = FAMILY.check_hint(board.puzzle, board.solution, wrong)
    assert len(problems) == 2
    assert FAMILY.check_hint(board.puzzle, board.solution,
                             {"digits": [[0, 0, 1]], "eliminated": []}) == [
        "reveals.digits: [0, 0, 1] is a block"]


# --- the drawing ---------------------------------------------------------------------------------

MM = 72 / 25.4


def test_sums_sit_in_their_triangles_at_7_pt_clear_of_the_diagonal(generated):
    puzzle = generated["hard"].puzzle
    ink = RecordingInk()
    box = GridBox(0, 0, draw.MIN_CELL_MM * MM, puzzle["rows"], puzzle["cols"])
    draw.draw_puzzle(ink, puzzle, box)
    texts = [call for call in ink.calls if call.verb == "text"]
    expected = sorted(str(s) for row in puzzle["cells"] for e in row if e != 0 for s in e if s)
    assert sorted(t.args[2] for t in texts) == expected
    for t in texts:
        size = dict(t.options)["size"]
        assert size >= draw.MIN_SUM_PT
        x, y = t.args[0], t.args[1]
        col, row_from_bottom = int(x // box.cell), int(y // box.cell)
        # the text's box: as wide as its digits, a digit's height above the baseline
        half = ink.text_width(t.args[2], size=size) / 2
        x0, x1 = x - half - col * box.cell, x + half - col * box.cell
        y0, y1 = y - row_from_bottom * box.cell, y + 0.75 * size - row_from_bottom * box.cell
        s = box.cell
        assert 0.75 < x0 and x1 < s - 0.75 and 0.75 < y0 and y1 < s - 0.75
        # wholly on one side of the diagonal from top-left to bottom-right (x + y = s)
        assert x1 + y1 < s - 1 or x0 + y0 > s + 1


def test_no_digit_of_the_answer_is_drawn_on_the_puzzle(generated):
    board = generated["easy"]
    ink = RecordingInk()
    box = GridBox(0, 0, 30, board.puzzle["rows"], board.puzzle["cols"])
    draw.draw_puzzle(ink, board.puzzle, box)
    whites = {(r, c) for r, row in enumerate(board.puzzle["cells"]) for c, e in enumerate(row)
              if e == 0}
    for t in (call for call in ink.calls if call.verb == "text"):
        col, row = int(t.args[0] // 30), board.puzzle["rows"] - 1 - int(t.args[1] // 30)
        assert (row, col) not in whites
