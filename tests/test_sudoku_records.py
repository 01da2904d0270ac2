"""Sudoku records: one-line errors naming the field, the dedupe form, and the drawings."""

import copy

import pytest

from pipeline.errors import InputError
from pipeline.ink import GridBox, RecordingInk
from pipeline.sudoku import FAMILY
from pipeline.sudoku.board import Board, TRANSFORMS, relabelled
from pipeline.sudoku.draw import BOX_LINE, CELL_LINE

PUZZLE = ("530070000600195000098000060800060003400803001700020006060000280000419005000080079")
SOLUTION = ("534678912672195348198342567859761423426853791713924856961537284287419635345286179")


def record(puzzle=PUZZLE, solution=SOLUTION):
    rows = lambda text: [[int(ch) for ch in text[r * 9:(r + 1) * 9]] for r in range(9)]
    return {"puzzle": {"size": 9, "box": [3, 3], "givens": rows(puzzle)},
            "solution": {"grid": rows(solution)}}


def error_of(rec) -> InputError:
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(rec)
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_good_record_passes():
    FAMILY.check_record(record())
    FAMILY.check_record({"puzzle": record()["puzzle"]})


@pytest.mark.parametrize("change, field, words", [
    (lambda r: r["puzzle"].update(size=4), "puzzle.size", "9x9"),
    (lambda r: r["puzzle"].update(box=[2, 2]), "puzzle.box", "[3, 3]"),
    (lambda r: r["puzzle"].pop("givens"), "puzzle.givens", "missing"),
    (lambda r: r["puzzle"]["givens"].pop(), "puzzle.givens", "9 rows"),
    (lambda r: r["puzzle"]["givens"][2].append(0), "puzzle.givens[2]", "9 digits"),
    (lambda r: r["puzzle"]["givens"][3].__setitem__(4, 10), "puzzle.givens[3][4]", "0..9"),
    (lambda r: r["puzzle"]["givens"][3].__setitem__(4, -1), "puzzle.givens[3][4]", "0..9"),
    (lambda r: r["puzzle"]["givens"][3].__setitem__(4, "5"), "puzzle.givens[3][4]", "digit"),
    (lambda r: r["puzzle"]["givens"][3].__setitem__(4, True), "puzzle.givens[3][4]", "digit"),
    # a second 5 in row 1 (the first is at A1)
    (lambda r: r["puzzle"]["givens"][0].__setitem__(8, 5), "puzzle.givens[0][8]", "5 twice in row 1"),
    # a 6 at A3, where row 3 holds one at H3: the later cell of the two is named
    (lambda r: r["puzzle"]["givens"][2].__setitem__(0, 6), "puzzle.givens[2][7]",
     "6 twice in row 3 (also at A3)"),
    (lambda r: r["solution"].pop("grid"), "solution.grid", "missing"),
    (lambda r: r["solution"]["grid"][5].__setitem__(5, 0), "solution.grid[5][5]", "1..9"),
    (lambda r: r["solution"]["grid"][8].__setitem__(8, 8), "solution.grid[8][8]", "twice"),
])
def test_malformed_records_name_the_field(change, field, words):
    rec = copy.deepcopy(record())
    change(rec)
    error = error_of(rec)
    assert error.field == field and words in error.message, str(error)


def test_a_solution_that_disagrees_with_a_given_is_named():
    # Columns A and B swapped throughout: still a valid grid, but not this puzzle's answer.
    grid = [list(map(int, SOLUTION[r * 9:(r + 1) * 9])) for r in range(9)]
    for r in range(9):
        grid[r][0], grid[r][1] = grid[r][1], grid[r][0]
    rec = record()
    rec["solution"]["grid"] = grid
    error = error_of(rec)
    assert error.field == "solution.grid[0][0]" and "given as 5" in error.message


def test_the_dedupe_form_ignores_rotation_reflection_and_relabelling():
    board = Board.from_string(PUZZLE)
    form = FAMILY.dedupe_form(board.to_puzzle())
    rename = {d: (d * 4) % 9 + 1 for d in range(1, 10)}   # a permutation of 1..9
    assert sorted(rename.values()) == list(range(1, 10))
    for mapping in TRANSFORMS:
        turned = Board(tuple(rename[board.givens[old]] if board.givens[old] else 0
                             for old in mapping))
        assert FAMILY.dedupe_form(turned.to_puzzle()) == form
    other = list(board.givens)
    other[1] = 0       # one given fewer is another puzzle
    assert FAMILY.dedupe_form(Board(tuple(other)).to_puzzle()) != form
    assert relabelled([0, 7, 7, 3, 0, 9]) == "011203"


def test_the_puzzle_drawing_shows_only_givens_and_the_solution_shows_all():
    rec = record()
    box = GridBox(0, 0, 30, 9, 9)
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, rec["puzzle"], box)
    texts = [call for call in ink.calls if call.verb == "text"]
    givens = [(r, c, d) for r, row in enumerate(rec["puzzle"]["givens"])
              for c, d in enumerate(row) if d]
    assert len(texts) == len(givens) and all(dict(t.options)["bold"] for t in texts)
    # each digit in its own cell: the cell whose centre its anchor (the middle of its
    # baseline, a little below the centre) is nearest
    def cell_of(x, y):
        return min(((r, c) for r in range(9) for c in range(9)),
                   key=lambda rc: (box.cell_centre(*rc)[0] - x) ** 2
                   + (box.cell_centre(*rc)[1] - y) ** 2)
    drawn = sorted((*cell_of(t.args[0], t.args[1]), int(t.args[2])) for t in texts)
    assert drawn == sorted(givens)
    assert all(dict(t.options)["anchor"] == "middle" for t in texts)
    widths = {dict(call.options)["width"] for call in ink.calls if call.verb == "line"}
    assert widths == {CELL_LINE, BOX_LINE} and abs(BOX_LINE / CELL_LINE - 3) < 0.01
    sizes = {dict(t.options)["size"] for t in texts}
    assert sizes == {15.0}   # half the cell
    ink = RecordingInk()
    FAMILY.draw_solution(ink, rec["puzzle"], rec["solution"], box)
    texts = [call for call in ink.calls if call.verb == "text"]
    assert len(texts) == 81
    assert sum(dict(t.options)["bold"] for t in texts) == len(givens)


def test_answer_signs_cover_every_empty_cell():
    rec = record()
    signs = FAMILY.answer_signs(rec["puzzle"], rec["solution"])
    assert signs.outline == "frame"
    assert len(signs.cells) == PUZZLE.count("0") and (0, 2) in signs.cells
    assert (0, 0) not in signs.cells
