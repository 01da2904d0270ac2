"""Killer Sudoku: cage records, the checker's cage sums against the plain reference, soundness
of the cage techniques with a planted faulty rule, tier separation, fingerprints, the drawing."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pipeline.errors import InputError
from pipeline.ink import GridBox, RecordingInk
from pipeline.records import fingerprint
from pipeline.sudoku import FAMILY
from pipeline.sudoku import draw
from pipeline.sudoku import solve as solver
from pipeline.sudoku.board import Board, canonical_form, transformed
from pipeline.sudoku.grade import (CLASSIC_LEVELS, KILLER_LEVELS, KILLER_TIER_OF, solve_board,
                                   techniques_of)
from pipeline.sudoku.solve import DIGITS, POPCOUNT, Grid, Step, Technique
from pipeline.sudoku.verify import CHECKER, count, plain_count, read_cages

FINGERPRINTS = Path(__file__).parent / "data" / "killer_fingerprints.json"
PER_LEVEL = 3


@pytest.fixture(scope="module")
def generated():
    return [(f"sudoku:{level}:{n}", level, FAMILY.generate(f"sudoku:{level}:{n}", level))
            for level in KILLER_LEVELS for n in range(1, PER_LEVEL + 1)]


@pytest.fixture(scope="module")
def record(generated):
    board = generated[0][2]
    return {"puzzle": board.puzzle, "solution": board.solution}


# --- records ---------------------------------------------------------------------------------

def error_of(rec) -> InputError:
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(rec)
    assert "\n" not in str(caught.value)
    return caught.value


def _first_pair(rec):
    """Indexes of two cages side by side (the first cage and one touching it)."""
    cages = rec["puzzle"]["cages"]
    first = {tuple(c) for c in cages[0]["cells"]}
    for k, cage in enumerate(cages[1:], start=1):
        if any(abs(r - rr) + abs(c - cc) == 1 for r, c in cage["cells"] for rr, cc in first):
            return 0, k
    raise AssertionError("no neighbouring cage")


def _move_cell(rec):
    """The last cell of a cage of two or more given to a cage far away (disconnected)."""
    cages = rec["puzzle"]["cages"]
    k = next(i for i, c in enumerate(cages) if len(c["cells"]) >= 2)
    cell = cages[k]["cells"].pop()
    far = max(range(len(cages)), key=lambda i: abs(cages[i]["cells"][0][0] - cell[0]) +
              abs(cages[i]["cells"][0][1] - cell[1]))
    cages[far]["cells"].append(cell)
    digit = rec["solution"]["grid"][cell[0]][cell[1]]   # the sums follow the cell
    cages[k]["sum"] -= digit
    cages[far]["sum"] += digit
    return far


def test_a_good_killer_record_passes(record):
    FAMILY.check_record(record)
    FAMILY.check_record({"puzzle": record["puzzle"]})
    assert Board.from_puzzle(record["puzzle"]).killer


@pytest.mark.parametrize("change, field, words", [
    (lambda r: r["puzzle"].update(cages=[]), "puzzle.cages", "list of cages"),
    (lambda r: r["puzzle"]["cages"].__setitem__(0, 5), "puzzle.cages[0]", "sum and cells"),
    (lambda r: r["puzzle"]["cages"][0].pop("sum"), "puzzle.cages[0].sum", "missing"),
    (lambda r: r["puzzle"]["cages"][0].update(cells=[]), "puzzle.cages[0].cells", "1 to 9"),
    (lambda r: r["puzzle"]["cages"][0]["cells"].append([9, 0]), "puzzle.cages[0].cells[",
     "0..8"),
    (lambda r: r["puzzle"]["cages"][1]["cells"].append(r["puzzle"]["cages"][0]["cells"][0]),
     "puzzle.cages[1].cells[", "already in cage 1"),
    (lambda r: r["puzzle"]["cages"].pop(), "puzzle.cages", "in no cage"),
    (lambda r: r["puzzle"]["cages"][0].update(sum=r["puzzle"]["cages"][0]["sum"] + 1),
     "puzzle.cages", "405"),
    (lambda r: r["puzzle"]["cages"][0].update(sum=46), "puzzle.cages[0].sum", "not 46"),
])
def test_malformed_cages_name_the_field(record, change, field, words):
    rec = copy.deepcopy(record)
    change(rec)
    error = error_of(rec)
    assert error.field.startswith(field) and words in error.message, str(error)


def test_a_disconnected_cage_is_named(record):
    rec = copy.deepcopy(record)
    far = _move_cell(rec)
    error = error_of(rec)
    # the cage that lost a cell may be split too; whichever comes first is named
    assert error.field.endswith(".cells") and "connected" in error.message, str(error)
    assert error.field in {f"puzzle.cages[{k}].cells" for k in range(far + 1)}


def test_a_solution_off_a_cage_sum_is_named(record):
    rec = copy.deepcopy(record)
    a, b = _first_pair(rec)
    cages = rec["puzzle"]["cages"]
    # a sum moved to a neighbouring cage: the sums still add up to 405, the solution's do not
    lower, higher = (a, b) if cages[a]["sum"] > len(cages[a]["cells"]) * 5 else (b, a)
    cages[lower]["sum"] -= 1
    cages[higher]["sum"] += 1
    error = error_of(rec)
    assert error.field.startswith("solution.grid[") and "adds up to" in error.message, str(error)


def test_a_given_that_leaves_its_cage_an_impossible_sum_is_named(record):
    rec = {"puzzle": copy.deepcopy(record["puzzle"])}
    k, cage = next((k, c) for k, c in enumerate(rec["puzzle"]["cages"]) if len(c["cells"]) == 2)
    r, c = cage["cells"][0]
    # the other cell would need a digit that is not one, or the given again
    d = next(d for d in range(1, 10) if not 1 <= cage["sum"] - d <= 9 or cage["sum"] - d == d)
    rec["puzzle"]["givens"][r][c] = d
    error = error_of(rec)
    assert error.field == f"puzzle.cages[{k}].sum" and "cannot make" in error.message, str(error)


def test_the_dedupe_form_includes_the_cages_and_ignores_the_symmetries(record):
    board = Board.from_puzzle(record["puzzle"])
    forms = {FAMILY.dedupe_form(transformed(board, s).to_puzzle()) for s in range(8)}
    assert len(forms) == 1 and "killer:" in forms.pop()
    other = copy.deepcopy(record["puzzle"])
    a, b = _first_pair(record)
    other["cages"][a]["sum"] += 1   # a different board (not a valid one: only the form counts)
    other["cages"][b]["sum"] -= 1
    assert canonical_form(Board.from_puzzle(other)) != canonical_form(board)
    classic = {k: v for k, v in record["puzzle"].items() if k != "cages"}
    assert not FAMILY.dedupe_form(classic).startswith("9:killer")


# --- the checker -----------------------------------------------------------------------------

def _cages(puzzle):
    return read_cages(puzzle)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(0, 2 ** 40), st.integers(20, 60), st.booleans())
def test_the_kernel_counts_as_the_plain_reference(generated, which, seed, shown, shifted):
    """Killer boards with some of their answer shown (and, half the time, a sum moved from
    one cage to its neighbour, which usually leaves no answer): both counts agree."""
    import random
    board = generated[which][2]
    rng = random.Random(seed)
    grid = [d for row in board.solution["grid"] for d in row]
    cells = rng.sample(range(81), shown)
    givens = [grid[c] if c in cells else 0 for c in range(81)]
    puzzle = copy.deepcopy(board.puzzle)
    if shifted:
        a, b = _first_pair({"puzzle": puzzle})
        puzzle["cages"][a]["sum"] += 1
        puzzle["cages"][b]["sum"] -= 1
    cages = _cages(puzzle)
    fast, _nodes, _budget, first = count(givens, 3, cages=cages)
    slow, slow_first = plain_count(givens, 3, cages=cages)
    assert fast == slow
    if fast == 1:
        assert first == slow_first
    for answer in (first, slow_first)[:2 if fast else 0]:   # several: each finds its own first
        assert _is_answer(answer, givens, cages), answer


def _merged_pairs(puzzle, grid):
    """The cages taken two by two (in record order) into one, their sums added, wherever the
    answer's digits stay distinct: weaker sums, so boards with several answers."""
    merged, cages, i = [], puzzle["cages"], 0
    while i < len(cages):
        if i + 1 < len(cages):
            a, b = cages[i], cages[i + 1]
            digits = [grid[r * 9 + c] for r, c in a["cells"] + b["cells"]]
            if len(set(digits)) == len(digits):
                merged.append({"sum": a["sum"] + b["sum"], "cells": a["cells"] + b["cells"]})
                i += 2
                continue
        merged.append(cages[i])
        i += 1
    return {**puzzle, "cages": merged}


def test_both_counts_agree_and_find_true_answers_on_boards_of_several(generated):
    """The comparison the property test can make only now and then: boards with several
    answers (merged cages, 17 to 21 digits shown), where each count's first must be an
    answer."""
    import random
    board = generated[0][2]
    grid = [d for row in board.solution["grid"] for d in row]
    cages = _cages(_merged_pairs(board.puzzle, grid))
    several = 0
    for seed in range(5):
        cells = random.Random(seed).sample(range(81), 17 + seed)
        givens = [grid[c] if c in cells else 0 for c in range(81)]
        fast, _nodes, _budget, first = count(givens, 3, cages=cages)
        slow, slow_first = plain_count(givens, 3, cages=cages)
        assert fast == slow
        assert _is_answer(first, givens, cages) and _is_answer(slow_first, givens, cages)
        several += fast > 1
    assert several >= 3


def _is_answer(grid, givens, cages) -> bool:
    """`grid` keeps the givens, every row, column and box holds 1 to 9, every cage adds up
    to its sum with no digit twice."""
    houses = ([[r * 9 + c for c in range(9)] for r in range(9)]
              + [[r * 9 + c for r in range(9)] for c in range(9)]
              + [[(br + i) * 9 + bc + j for i in range(3) for j in range(3)]
                 for br in (0, 3, 6) for bc in (0, 3, 6)])
    return (len(grid) == 81 and all(not g or g == d for g, d in zip(givens, grid))
            and all(sorted(grid[c] for c in house) == list(range(1, 10)) for house in houses)
            and all(sum(grid[c] for c in cells) == total
                    and len({grid[c] for c in cells}) == len(cells) for total, cells in cages))


def test_the_cage_sums_decide_the_count(generated):
    """Without its cages a Killer board (no givens) has countless answers; with them, one."""
    board = generated[0][2]
    givens = [0] * 81
    assert count(givens, 2)[0] == 2
    assert count(givens, 2, cages=_cages(board.puzzle))[0] == 1


# --- generation: fingerprints, the checker, the levels ---------------------------------------

def entry(key, level, board):
    return {"key": key, "level": level, "generator": FAMILY.version,
            "cages": len(board.puzzle["cages"]), "difficulty": board.grade["difficulty"],
            "sha256": fingerprint(board.puzzle, board.solution)}


def test_killer_boards_regenerate_from_their_keys(generated):
    known = json.loads(FINGERPRINTS.read_text())
    assert {e["level"] for e in known} == set(KILLER_LEVELS)
    assert [entry(key, level, board) for key, level, board in generated] == known


def test_every_killer_board_is_proven_counted_and_rated_at_its_level(generated):
    for key, level, board in generated:
        # The record's proof is the independent checker's, at every level.
        assert board.proof == FAMILY.verify(board.puzzle, board.solution), key
        assert board.proof["unique"] and board.proof["checker"] == CHECKER, key
        FAMILY.check_record({"puzzle": board.puzzle, "solution": board.solution})
        assert FAMILY.count_solutions(board.puzzle, 2) == 1
        rating = FAMILY.rate(board.puzzle)
        assert rating.level == level and rating.difficulty == board.grade["difficulty"], key
        assert not any(d for row in board.puzzle["givens"] for d in row), key
        sizes = [len(c["cells"]) for c in board.puzzle["cages"]]
        assert max(sizes) <= 9 and sum(sizes) == 81


def test_each_killer_board_needs_exactly_its_level(generated):
    """Tier separation: the level's techniques finish the board, the level below's do not,
    and the solve uses a technique of the level."""
    for key, level, board in generated:
        b = Board.from_puzzle(board.puzzle)
        assert solver.solve(b.givens, techniques_of(level), b.geometry).solved, key
        index = KILLER_LEVELS.index(level)
        if index > 0:
            below = techniques_of(KILLER_LEVELS[index - 1])
            assert solver.solve(b.givens, below, b.geometry).status == "stuck", key
        used = {KILLER_TIER_OF[name] for name in board.grade["techniques"]}
        assert level in used and board.grade["level"] == level


def test_the_difficulty_scale_of_a_level_is_its_own_ladder():
    assert FAMILY.levels == CLASSIC_LEVELS + KILLER_LEVELS
    for level in KILLER_LEVELS:
        assert FAMILY.difficulty_scale(level) == KILLER_LEVELS
    for level in CLASSIC_LEVELS:
        assert FAMILY.difficulty_scale(level) == CLASSIC_LEVELS


def test_killer_boards_have_the_cage_rules(generated):
    rules = " ".join(FAMILY.rules_for(generated[0][2].puzzle))
    assert "cage" in rules and "add up" in rules
    assert "cage" not in " ".join(FAMILY.rules_for({"givens": []}))


# --- soundness -------------------------------------------------------------------------------

def wrong(step: Step, answer) -> list[str]:
    bad = [f"places {d} at {c}" for c, d in step.places if answer[c] != d]
    bad += [f"eliminates {d} at {c}" for c, d in step.eliminates if answer[c] == d]
    return [f"{step.technique}: {text} ({step.text})" for text in bad]


def unsound(board: Board, answer, used=None, techniques=None) -> list[str]:
    """Every Killer technique run alone on each position of the board's easiest-first solve:
    what it gets wrong. `used` counts, per technique, the positions where it found a step."""
    techniques = techniques or solver.KILLER_TECHNIQUES
    problems = []
    grid = Grid(board.givens, board.geometry)
    for step in (None,) + solve_board(board).steps:
        if step is not None:
            problems += wrong(step, answer)
            grid.apply(step)
        if grid.solved:
            break
        for technique in techniques:
            found = technique.find(grid)
            if found is not None:
                problems += wrong(found, answer)
                if used is not None:
                    used[technique.name] = used.get(technique.name, 0) + 1
    return problems


@pytest.fixture(scope="module")
def cases(generated):
    return [(Board.from_puzzle(b.puzzle), [d for row in b.solution["grid"] for d in row])
            for _key, _level, b in generated]


CAGE_TECHNIQUES = {name for name in KILLER_TIER_OF if name not in
                   {t.name for t in solver.TECHNIQUES}}


def test_no_killer_technique_contradicts_the_answer(cases):
    problems = []
    used: dict[str, int] = {}
    for board, answer in cases:
        problems += unsound(board, answer, used)
    assert problems == []
    # The test means something only if every cage technique finds steps on these boards.
    assert CAGE_TECHNIQUES <= set(used), CAGE_TECHNIQUES - set(used)


def _planted(grid: Grid):
    """A faulty cage rule: the first open cell of a cage of two takes its smaller candidate."""
    for cage in grid.geo.cages:
        cells = grid.geo.groups[cage]
        if len(cells) == 2:
            for cell in cells:
                if POPCOUNT[grid.cand[cell]] >= 2:
                    return Step("Planted", ((cell, DIGITS[grid.cand[cell]][0]),), (), (cell,),
                                (cage,), "planted")
    return None


def test_a_planted_faulty_cage_rule_is_caught(cases):
    techniques = solver.KILLER_TECHNIQUES + (Technique("Planted", _planted),)
    problems = []
    for board, answer in cases:
        problems += unsound(board, answer, techniques=techniques)
    assert problems and all(p.startswith("Planted") for p in problems)


def test_explain_and_the_key_step_read_the_cages(generated):
    _key, _level, board = generated[-1]
    lines = FAMILY.explain(board.puzzle)
    assert lines[-1].startswith("result: solved") and any("cage" in line for line in lines)
    step = solver.key_step(board.puzzle)
    assert step["technique"] in KILLER_TIER_OF and KILLER_TIER_OF[step["technique"]] == \
        "killer-hard"
    grid = board.solution["grid"]
    assert all(grid[r][c] == d for r, c, d in step["places"])
    assert all(grid[r][c] != d for r, c, d in step["eliminates"])


def test_the_key_step_from_the_grade_is_the_full_solves(generated):
    for _key, _level, board in generated:
        assert solver.key_step(board.puzzle, grade=board.grade) == \
            solver.key_step(board.puzzle)


# --- the drawing -----------------------------------------------------------------------------

MM = 72 / 25.4


def _drawn(puzzle, cell_mm=draw.KILLER_MIN_CELL_MM):
    ink = RecordingInk()
    box = GridBox(0, 0, cell_mm * MM, 9, 9)
    draw.draw_puzzle(ink, puzzle, box)
    return ink, box


def test_every_sum_is_drawn_once_in_its_cages_first_cell_at_least_7_pt(record):
    ink, box = _drawn(record["puzzle"])
    texts = [call for call in ink.calls if call.verb == "text"]
    assert sorted(c.args[2] for c in texts) == sorted(str(c["sum"])
                                                      for c in record["puzzle"]["cages"])
    for cage in record["puzzle"]["cages"]:
        r, c = min(tuple(cell) for cell in cage["cells"])
        x0, y0 = box.cell_origin(r, c)
        here = [t for t in texts if x0 < t.args[0] < x0 + box.cell / 2 and
                y0 + box.cell / 2 < t.args[1] < y0 + box.cell and t.args[2] == str(cage["sum"])]
        assert here and dict(here[0].options)["size"] >= draw.MIN_SUM_PT


@pytest.mark.parametrize("cell_mm", [draw.KILLER_MIN_CELL_MM, 40.0])
def test_cage_dashes_are_inset_thin_but_printable_and_never_touch_a_sum(record, cell_mm):
    ink, box = _drawn(record["puzzle"], cell_mm)
    dashed, labels = draw.cage_marks(ink, record["puzzle"], box)
    # Solo's proportions, never thinner than the printers' 0.75 pt minimum (printers.toml)
    width = draw.cage_line_width(box)
    assert width == max(box.cell / 40, 0.75)
    lines = [call for call in ink.calls if call.verb == "line"]
    drawn = lines[-len(dashed):]   # drawn last, at `width`, each run with its pattern
    assert sorted((call.args, dict(call.options)["dash"]) for call in drawn) == sorted(dashed)
    assert all(dict(call.options)["width"] == width for call in drawn)
    inset = 5 / 40 * box.cell
    dashes = [d for run, pattern in dashed for d in _dashes_of(run, pattern)]
    for x1, y1, x2, y2 in dashes:
        # a dash runs along its cell edge INSET inside it: never on a cell line
        across = x1 - box.x if x1 == x2 else y1 - box.y
        assert y1 == y2 or x1 == x2
        assert min(abs(across - k * box.cell) for k in range(10)) >= inset - 1e-6
        for _text, _x, _y, _size, (cx0, cy0, cx1, cy1) in labels:
            assert max(x1, x2) <= cx0 or min(x1, x2) >= cx1 or max(y1, y2) <= cy0 or \
                min(y1, y2) >= cy1, "a dash runs into a sum"


def _dashes_of(run, pattern):
    """The dashes a PDF viewer strokes along `run` with the dash pattern (on, off) laid from
    its start (the whole run when there is none)."""
    if pattern is None:
        return [run]
    x1, y1, x2, y2 = run
    on, off = pattern
    length = abs(x2 - x1) + abs(y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    out, at = [], 0.0
    while at < length - 1e-9:
        end = min(at + on, length)
        out.append((x1 + ux * at, y1 + uy * at, x1 + ux * end, y1 + uy * end))
        at += on + off
    return out


def test_a_cage_run_is_dashed_from_corner_to_corner(record):
    """The pattern of a run puts a whole dash at each end (no corner left open, none cut
    short) and gaps no narrower than half the unstretched gap."""
    ink, box = _drawn(record["puzzle"])
    dashed, _labels = draw.cage_marks(ink, record["puzzle"], box)
    assert any(pattern is not None for _run, pattern in dashed)
    for run, pattern in dashed:
        dashes = _dashes_of(run, pattern)
        x1, y1, x2, y2 = run
        assert dashes[0][:2] == (x1, y1)
        assert abs(dashes[-1][2] - x2) < 1e-6 and abs(dashes[-1][3] - y2) < 1e-6
        if pattern is not None:
            on, off = pattern
            assert on == draw.DASH * box.cell and off >= draw.GAP * box.cell / 2 - 1e-9
            last = dashes[-1]
            assert abs(abs(last[2] - last[0]) + abs(last[3] - last[1]) - on) < 1e-6


def test_the_solution_shows_the_cages_without_sums(generated):
    _key, _level, board = generated[0]
    ink = RecordingInk()
    draw.draw_solution(ink, board.puzzle, board.solution, GridBox(0, 0, 20, 9, 9))
    texts = [call.args[2] for call in ink.calls if call.verb == "text"]
    assert len(texts) == 81 and all(len(t) == 1 for t in texts)
