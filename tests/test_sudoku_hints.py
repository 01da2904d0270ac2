"""Sudoku's check of what a hint reveals: every kind of wrong reveal is refused, the real
hint of a board of every level is sound."""

import copy

import pytest

from pipeline.sudoku import FAMILY


@pytest.fixture(scope="module")
def board():
    made = FAMILY.generate("sudoku-test:hints:1", "medium")
    hint = FAMILY.hint(made.puzzle, made.solution, made.grade)
    return made.puzzle, made.solution, hint


def _open_cell(puzzle, solution, skip=()):
    for r in range(9):
        for c in range(9):
            if not puzzle["givens"][r][c] and (r, c) not in skip:
                return r, c, solution["grid"][r][c]
    raise AssertionError("no open cell")


def test_the_real_hint_is_sound(board):
    puzzle, solution, hint = board
    assert FAMILY.check_hint(puzzle, solution, hint.reveals) == []


def test_a_wrong_digit_is_refused(board):
    puzzle, solution, hint = board
    r, c, d = _open_cell(puzzle, solution)
    wrong = d % 9 + 1
    problems = FAMILY.check_hint(puzzle, solution, {"digits": [[r, c, wrong]], "eliminated": []})
    assert problems == [f"{wrong} placed at {[r, c]}, but the solution has {d}"]


def test_crossing_out_the_solution_digit_is_refused(board):
    puzzle, solution, hint = board
    r, c, d = _open_cell(puzzle, solution)
    problems = FAMILY.check_hint(puzzle, solution, {"digits": [], "eliminated": [[r, c, d]]})
    assert problems == [f"{d} crossed out of {[r, c]}, which holds {d} in the solution"]


def test_a_given_cell_is_refused_whatever_the_key(board):
    puzzle, solution, hint = board
    r, c = next((r, c) for r in range(9) for c in range(9) if puzzle["givens"][r][c])
    d = puzzle["givens"][r][c]
    for key in ("digits", "eliminated"):
        reveals = {"digits": [], "eliminated": [], key: [[r, c, d if key == "digits" else
                                                          d % 9 + 1]]}
        assert FAMILY.check_hint(puzzle, solution, reveals) == [
            f"reveals.{key}: {[r, c, reveals[key][0][2]]!r} is a given's cell"]


def test_a_planted_wrong_item_among_the_real_ones_is_found(board):
    puzzle, solution, hint = board
    reveals = copy.deepcopy(hint.reveals)
    r, c, d = _open_cell(puzzle, solution,
                         skip={(item[0], item[1]) for item in reveals["digits"]})
    reveals["digits"].append([r, c, d % 9 + 1])
    assert len(FAMILY.check_hint(puzzle, solution, reveals)) == 1


@pytest.mark.parametrize("item", [[9, 0, 1], [0, 0, 0], [0, 0, 10], "A1", [0, 0]])
def test_an_item_off_the_board_or_out_of_range_is_refused(board, item):
    puzzle, solution, _hint = board
    problems = FAMILY.check_hint(puzzle, solution, {"digits": [item], "eliminated": []})
    assert problems and "is not [row, column, digit]" in problems[0]
