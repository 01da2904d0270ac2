"""A Fill-In board as a value: its grid (blocks, white cells, given letters), its word list,
and the slots the grid leaves; reading and validating records; the dedupe form.

Record puzzle: {"rows": R, "cols": C, "grid": [R strings: "#" a block, "." a white cell, a
capital letter where the puzzle gives it], "words": [every word of the grid, once]}. Solution:
{"grid": [R strings of capital letters and "#"]}.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from pipeline.engines.crossword.grid import BLOCK, OPEN, Layout, layout
from pipeline.engines.crossword.words import LANGUAGES
from pipeline.errors import InputError

LETTERS = frozenset(string.ascii_uppercase)
LARGEST = 25


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    grid: tuple[str, ...]
    words: tuple[str, ...]
    slots: Layout

    @property
    def givens(self) -> dict[tuple[int, int], str]:
        return {(r, c): ch for r, line in enumerate(self.grid) for c, ch in enumerate(line)
                if ch in LETTERS}

    @property
    def pattern(self) -> tuple[str, ...]:
        return tuple("".join(BLOCK if ch == BLOCK else OPEN for ch in line)
                     for line in self.grid)


# --- records -----------------------------------------------------------------------------------

def _size(puzzle: dict, name: str) -> int:
    value = puzzle.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= LARGEST:
        raise InputError(f"must be a whole number from 3 to {LARGEST}", field=f"puzzle.{name}")
    return value


def _grid(value, rows: int, cols: int, where: str, allowed: frozenset) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != rows:
        raise InputError(f"must be a list of {rows} strings", field=where)
    for r, line in enumerate(value):
        if not isinstance(line, str) or len(line) != cols:
            raise InputError(f"must be a string of {cols} characters", field=f"{where}[{r}]")
        bad = set(line) - allowed
        if bad:
            raise InputError(f"{sorted(bad)[0]!r} is not allowed here", field=f"{where}[{r}]")
    return tuple(value)


def board_from_puzzle(puzzle: dict) -> Board:
    if not isinstance(puzzle, dict):
        raise InputError("must be an object", field="puzzle")
    rows, cols = _size(puzzle, "rows"), _size(puzzle, "cols")
    grid = _grid(puzzle.get("grid"), rows, cols, "puzzle.grid", LETTERS | {BLOCK, OPEN})
    words = puzzle.get("words")
    if not isinstance(words, list) or not words:
        raise InputError("must be a non-empty list of words", field="puzzle.words")
    for k, word in enumerate(words):
        if not isinstance(word, str) or not (3 <= len(word) <= LARGEST) or set(word) - LETTERS:
            raise InputError("must be a word of capital letters, 3 or more",
                             field=f"puzzle.words[{k}]")
    if len(set(words)) != len(words):
        twice = next(w for w in words if words.count(w) > 1)
        raise InputError(f"{twice} is listed twice", field="puzzle.words")
    slots = layout(tuple("".join(BLOCK if ch == BLOCK else OPEN for ch in line)
                         for line in grid))
    if sorted(s.length for s in slots.slots) != sorted(len(w) for w in words):
        raise InputError(f"{len(words)} words do not match the grid's {len(slots.slots)} "
                         "slots length for length", field="puzzle.words")
    short = [s for s in slots.slots if s.length < 3]
    if short:
        raise InputError(f"a {short[0].length}-letter slot at row {short[0].row}, column "
                         f"{short[0].col}", field="puzzle.grid")
    if puzzle.get("language", "en") not in LANGUAGES:   # a board's language, when not English
        raise InputError(f"{puzzle['language']!r} is not a language of the word lists "
                         f"({', '.join(LANGUAGES)})", field="puzzle.language")
    return Board(rows, cols, grid, tuple(words), slots)


def solution_grid(board: Board, solution: dict) -> tuple[str, ...]:
    """The solution's grid, its blocks where the puzzle's are and the given letters kept."""
    if not isinstance(solution, dict):
        raise InputError("must be an object", field="solution")
    grid = _grid(solution.get("grid"), board.rows, board.cols, "solution.grid",
                 LETTERS | {BLOCK})
    for r, (mine, theirs) in enumerate(zip(board.grid, grid)):
        for c, (a, b) in enumerate(zip(mine, theirs)):
            if (a == BLOCK) != (b == BLOCK) or (a in LETTERS and a != b):
                raise InputError(f"disagrees with the puzzle at row {r}, column {c}",
                                 field=f"solution.grid[{r}]")
    return grid


# Family.check_record, served: a record's puzzle read into its board, and its solution
# checked against that board.
check_puzzle, check_solution = board_from_puzzle, solution_grid


# --- symmetries --------------------------------------------------------------------------------

def dedupe_form(board: Board) -> str:
    """The words in order and the smallest spelling of the pattern under the eight turns and
    reflections of the square (a turned grid holds the same words)."""
    grids = []
    grid = [line for line in board.pattern]
    for _ in range(4):
        grid = ["".join(col) for col in zip(*grid[::-1])]
        grids.append("/".join(grid))
        grids.append("/".join(line[::-1] for line in grid))
    return min(grids) + "|" + ",".join(sorted(board.words))
