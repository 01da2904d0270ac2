"""The Kakuro board: white cells to fill, blocks carrying the sums of the runs beside them.

Glossary, in the puzzle's own words:
  white cell  a cell to fill with a digit 1..9
  block       a shaded cell; a clue block carries the sum of the run below it (down) and of
              the run to its right (across), 0 where there is none
  run         the white cells in one row (across) or one column (down) between two blocks or
              a block and the edge: 2 to 9 cells, no digit twice, adding up to its clue
  entry       a record's cell: 0 for a white cell, [down, across] for a block

Rows and columns count from 0 at the top-left (the export contract). Every white cell lies in
exactly one across run and one down run, so the top row and the left column are all blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

from pipeline.errors import InputError
from pipeline.records import require

MIN_SIDE, MAX_SIDE = 3, 30  # a page cannot hold more; also keeps bad input cheap to reject
MIN_RUN, MAX_RUN = 2, 9


def run_bounds(length: int) -> tuple[int, int]:
    """The least and the greatest `length` distinct digits add up to."""
    return length * (length + 1) // 2, length * (19 - length) // 2


@dataclass(frozen=True)
class Run:
    """A run of white cells and its clue: `cells` in order from the clue block."""

    total: int
    cells: tuple[tuple[int, int], ...]
    across: bool
    clue: tuple[int, int]     # the block that carries the sum

    @property
    def word(self) -> str:
        return "across" if self.across else "down"


@dataclass(frozen=True)
class Board:
    """A Kakuro puzzle: `cells[r][c]` is None for a white cell, (down, across) for a block."""

    rows: int
    cols: int
    cells: tuple[tuple[tuple[int, int] | None, ...], ...]

    def is_white(self, r: int, c: int) -> bool:
        return self.cells[r][c] is None

    @cached_property
    def whites(self) -> tuple[tuple[int, int], ...]:
        """The white cells in reading order."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols)
                     if self.cells[r][c] is None)

    @cached_property
    def runs(self) -> tuple[Run, ...]:
        """Every run: across runs in reading order of their clues, then down runs."""
        out = []
        for across in (True, False):
            for r in range(self.rows):
                for c in range(self.cols):
                    entry = self.cells[r][c]
                    if entry is None:
                        continue
                    cells = []
                    dr, dc = (0, 1) if across else (1, 0)
                    rr, cc = r + dr, c + dc
                    while rr < self.rows and cc < self.cols and self.cells[rr][cc] is None:
                        cells.append((rr, cc))
                        rr, cc = rr + dr, cc + dc
                    if cells:
                        out.append(Run(entry[1] if across else entry[0], tuple(cells), across,
                                       (r, c)))
        return tuple(out)

    def to_puzzle(self) -> dict:
        return {"rows": self.rows, "cols": self.cols,
                "cells": [[0 if e is None else [e[0], e[1]] for e in row] for row in self.cells]}

    @classmethod
    def from_puzzle(cls, puzzle: dict) -> "Board":
        """Parse and validate a puzzle record; InputError names the field at fault."""
        if not isinstance(puzzle, dict):
            raise InputError("expected an object", field="puzzle")
        rows = require(puzzle, "rows", int, "puzzle.")
        cols = require(puzzle, "cols", int, "puzzle.")
        for name, side in (("rows", rows), ("cols", cols)):
            if isinstance(side, bool) or not MIN_SIDE <= side <= MAX_SIDE:
                raise InputError(f"{side!r} is not {MIN_SIDE}..{MAX_SIDE}",
                                 field=f"puzzle.{name}")
        grid = require(puzzle, "cells", list, "puzzle.")
        if len(grid) != rows:
            raise InputError(f"{len(grid)} rows, the puzzle says {rows}", field="puzzle.cells")
        cells = []
        for r, row in enumerate(grid):
            if not isinstance(row, list) or len(row) != cols:
                raise InputError(f"expected a list of {cols} entries", field=f"puzzle.cells[{r}]")
            cells.append(tuple(_entry(e, f"puzzle.cells[{r}][{c}]") for c, e in enumerate(row)))
        board = cls(rows, cols, tuple(cells))
        _check_runs(board)
        return board


def _entry(entry, where: str) -> tuple[int, int] | None:
    if entry == 0 and not isinstance(entry, bool):
        return None
    if (isinstance(entry, list) and len(entry) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 45
                    for v in entry)):
        return entry[0], entry[1]
    raise InputError(f"{entry!r} is neither 0 (a white cell) nor [down, across] sums 0..45",
                     field=where)


def _check_runs(board: Board) -> None:
    """Every white cell in one across and one down run; every run 2..9 cells with a sum its
    length allows; a clue exactly where a run follows."""
    for r, c in board.whites:
        if r == 0 or c == 0:
            raise InputError("a white cell on the top row or the left column has no clue",
                             field=f"puzzle.cells[{r}][{c}]")
    for run in board.runs:
        r, c = run.clue
        where = f"puzzle.cells[{r}][{c}][{0 if not run.across else 1}]"
        if not MIN_RUN <= len(run.cells) <= MAX_RUN:
            raise InputError(f"the {run.word} run has {len(run.cells)} cells, not "
                             f"{MIN_RUN}..{MAX_RUN}", field=where)
        low, high = run_bounds(len(run.cells))
        if not low <= run.total <= high:
            raise InputError(f"{run.total} is out of reach of {len(run.cells)} distinct digits "
                             f"({low}..{high})", field=where)
    for r in range(board.rows):
        for c in range(board.cols):
            entry = board.cells[r][c]
            if entry is None:
                continue
            below = r + 1 < board.rows and board.cells[r + 1][c] is None
            right = c + 1 < board.cols and board.cells[r][c + 1] is None
            for k, (sum_, follows, word) in enumerate(((entry[0], below, "down"),
                                                       (entry[1], right, "across"))):
                if sum_ and not follows:
                    raise InputError(f"a {word} sum with no run to fill",
                                     field=f"puzzle.cells[{r}][{c}][{k}]")


def parse_solution(board: Board, solution: dict) -> list[list[int]]:
    """The solution's digits, checked against the board: a digit 1..9 in every white cell,
    0 on blocks, every run adding up to its sum without a digit twice."""
    if not isinstance(solution, dict):
        raise InputError("expected an object", field="solution")
    digits = require(solution, "digits", list, "solution.")
    if len(digits) != board.rows or not all(isinstance(row, list) and len(row) == board.cols
                                            for row in digits):
        raise InputError(f"expected {board.rows} rows of {board.cols} digits",
                         field="solution.digits")
    for r, row in enumerate(digits):
        for c, d in enumerate(row):
            white = board.is_white(r, c)
            if not isinstance(d, int) or isinstance(d, bool) or not (
                    1 <= d <= 9 if white else d == 0):
                raise InputError(f"{d!r} is not {'a digit 1..9' if white else '0 (a block)'}",
                                 field=f"solution.digits[{r}][{c}]")
    for run in board.runs:
        values = [digits[r][c] for r, c in run.cells]
        r, c = run.cells[0]
        if len(set(values)) != len(values):
            raise InputError(f"the {run.word} run from the clue at {run.clue} repeats a digit",
                             field=f"solution.digits[{r}][{c}]")
        if sum(values) != run.total:
            raise InputError(f"the {run.word} run adds up to {sum(values)}, its clue says "
                             f"{run.total}", field=f"solution.digits[{r}][{c}]")
    return digits


# --- records ----------------------------------------------------------------------------------

def check_puzzle(puzzle: dict) -> Board:
    """The board of a record's puzzle; InputError names the field at fault."""
    return Board.from_puzzle(puzzle)


def check_solution(board: Board, solution: dict) -> None:
    parse_solution(board, solution)


def puzzle_of(pattern: Sequence[Sequence[bool]], digits: Sequence[Sequence[int]]) -> dict:
    """The puzzle record of a pattern (True for a white cell) filled with `digits`: each
    block's down and across sums read off the runs beside it."""
    rows, cols = len(pattern), len(pattern[0])
    cells = []
    for r in range(rows):
        row = []
        for c in range(cols):
            if pattern[r][c]:
                row.append(0)
                continue
            down = across = 0
            rr = r + 1
            while rr < rows and pattern[rr][c]:
                down += digits[rr][c]
                rr += 1
            cc = c + 1
            while cc < cols and pattern[r][cc]:
                across += digits[r][cc]
                cc += 1
            row.append([down, across])
        cells.append(row)
    return {"rows": rows, "cols": cols, "cells": cells}


def solution_of(pattern, digits) -> dict:
    return {"digits": [[d if white else 0 for d, white in zip(drow, prow)]
                       for drow, prow in zip(digits, pattern)]}


# --- symmetries -------------------------------------------------------------------------------
# A clue stands above and left of its runs, so of the square's eight maps only the
# transposition (the main diagonal) keeps a board a Kakuro board: it turns down into across.

def transposed(puzzle: dict) -> dict:
    cells = puzzle["cells"]
    return {"rows": puzzle["cols"], "cols": puzzle["rows"],
            "cells": [[0 if cells[r][c] == 0 else [cells[r][c][1], cells[r][c][0]]
                       for r in range(puzzle["rows"])] for c in range(puzzle["cols"])]}


def spelling(puzzle: dict) -> str:
    return f"{puzzle['rows']}x{puzzle['cols']}:" + ";".join(
        ",".join("." if e == 0 else f"{e[0]}/{e[1]}" for e in row) for row in puzzle["cells"])


def canonical_form(puzzle: dict) -> str:
    """The smaller spelling of the board and its transpose."""
    return min(spelling(puzzle), spelling(transposed(puzzle)))
