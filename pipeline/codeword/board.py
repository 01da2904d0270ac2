"""A Codeword board as a value: the numbered grid, the given letters, the slots (each a run of
code numbers); reading and validating records; the dedupe form.

Record puzzle: {"rows": R, "cols": C, "cells": [R rows of C numbers: 0 a block, 1-N a code
number], "given": {"<number>": "<letter>", ...}}, and "language" when it is not English.
Solution: {"key": {"1": "<letter>", ..., "N": "<letter>"}, "grid": [R strings of capital
letters and "#"]}. N is the size of the language's key alphabet (KEY_ALPHABETS): 26, or 24 in
Spanish.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from pipeline.engines.crossword.grid import BLOCK, OPEN, layout
from pipeline.engines.crossword.words import LANGUAGES
from pipeline.errors import InputError

LETTERS = string.ascii_uppercase
# The letters a key of each language maps its numbers to, every one of them in the grid.
# Spanish leaves out K and W: Spanish words hold them almost only in loanwords (5 words of
# four letters or more with K at Zipf >= 3.0 in the fill list, none with W), so a grid of
# common words cannot use them all, and a Spanish key numbers 24 letters (docs/crossword.md).
KEY_ALPHABETS = {"en": LETTERS, "de": LETTERS, "fr": LETTERS,
                 "es": LETTERS.replace("K", "").replace("W", "")}
LARGEST = 25


def _alphabet_name(letters: str) -> str:
    """"A-Z", or "A-Z without K, W": a key alphabet as an error message names it."""
    left_out = [ch for ch in LETTERS if ch not in letters]
    return "A-Z" + (f" without {', '.join(left_out)}" if left_out else "")


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    cells: tuple[tuple[int, ...], ...]
    given: dict[int, str]
    slots: tuple[tuple[int, ...], ...]          # each slot's code numbers in order
    slot_cells: tuple[tuple[tuple[int, int], ...], ...]
    language: str = "en"   # the language of its words: which large dictionary holds them

    @property
    def letters(self) -> str:
        """The key alphabet: the letters the code numbers stand for, each used."""
        return KEY_ALPHABETS[self.language]

    @property
    def codes(self) -> range:
        return range(1, len(self.letters) + 1)

    @property
    def pattern(self) -> tuple[str, ...]:
        return tuple("".join(BLOCK if n == 0 else OPEN for n in row) for row in self.cells)


def _size(puzzle: dict, name: str) -> int:
    value = puzzle.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= LARGEST:
        raise InputError(f"must be a whole number from 3 to {LARGEST}", field=f"puzzle.{name}")
    return value


# --- records -----------------------------------------------------------------------------------

def board_from_puzzle(puzzle: dict) -> Board:
    if not isinstance(puzzle, dict):
        raise InputError("must be an object", field="puzzle")
    rows, cols = _size(puzzle, "rows"), _size(puzzle, "cols")
    language = puzzle.get("language", "en")
    if language not in LANGUAGES or language not in KEY_ALPHABETS:
        raise InputError(f"{language!r} is not a language of the word lists "
                         f"({', '.join(LANGUAGES)})", field="puzzle.language")
    letters = KEY_ALPHABETS[language]
    size = len(letters)
    cells = puzzle.get("cells")
    if not isinstance(cells, list) or len(cells) != rows:
        raise InputError(f"must be a list of {rows} rows", field="puzzle.cells")
    for r, row in enumerate(cells):
        if not isinstance(row, list) or len(row) != cols or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= size for n in row):
            raise InputError(f"must be {cols} numbers from 0 to {size}",
                             field=f"puzzle.cells[{r}]")
    present = {n for row in cells for n in row if n}
    missing = [n for n in range(1, size + 1) if n not in present]
    if missing:
        raise InputError(f"code number {missing[0]} is not in the grid (all {size} letters "
                         "must appear)", field="puzzle.cells")
    given = puzzle.get("given")
    if not isinstance(given, dict):
        raise InputError("must be an object of code number: letter", field="puzzle.given")
    read: dict[int, str] = {}
    for key, letter in given.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= size):
            raise InputError(f"{key!r} is not a code number 1-{size}", field="puzzle.given")
        if not (isinstance(letter, str) and len(letter) == 1 and letter in letters):
            raise InputError(f"{letter!r} is not a capital letter"
                             f"{'' if letters == LETTERS else ' of ' + _alphabet_name(letters)}",
                             field=f"puzzle.given.{key}")
        if letter in read.values():
            raise InputError(f"{letter} is given twice", field=f"puzzle.given.{key}")
        read[int(key)] = letter
    pattern = tuple("".join(BLOCK if n == 0 else OPEN for n in row) for row in cells)
    found = layout(pattern)
    short = [s for s in found.slots if s.length < 3]
    if short:
        raise InputError(f"a {short[0].length}-letter word at row {short[0].row}, column "
                         f"{short[0].col}", field="puzzle.cells")
    slots = tuple(tuple(cells[r][c] for r, c in s.cells) for s in found.slots)
    return Board(rows, cols, tuple(tuple(row) for row in cells), read, slots,
                 tuple(s.cells for s in found.slots), language)


def read_solution(board: Board, solution: dict) -> dict[int, str]:
    if not isinstance(solution, dict):
        raise InputError("must be an object", field="solution")
    key = solution.get("key")
    size = len(board.letters)
    if not isinstance(key, dict) or sorted(key) != sorted(str(n) for n in board.codes):
        raise InputError(f"must map each code number 1-{size} to a letter",
                         field="solution.key")
    letters = {int(k): v for k, v in key.items()}
    if sorted(letters.values()) != list(board.letters):
        raise InputError(f"is not one-to-one: every letter {_alphabet_name(board.letters)} "
                         "exactly once", field="solution.key")
    for n, letter in board.given.items():
        if letters[n] != letter:
            raise InputError(f"gives {letters[n]} for {n}, the puzzle gives {letter}",
                             field=f"solution.key.{n}")
    grid = solution.get("grid")
    expected = ["".join(letters[n] if n else BLOCK for n in row) for row in board.cells]
    if grid != expected:
        raise InputError("does not spell the grid under the key", field="solution.grid")
    return letters


# Family.check_record, served: a record's puzzle read into its board, and its solution
# checked against that board.
check_puzzle, check_solution = board_from_puzzle, read_solution


# --- symmetries --------------------------------------------------------------------------------

def dedupe_form(board: Board) -> str:
    """The grid's words with the code numbers renamed in order of first appearance, the
    smallest spelling under the eight turns and reflections: the same puzzle renumbered or
    turned is the same board."""
    forms = []
    grid = [list(row) for row in board.cells]
    for _ in range(4):
        grid = [list(col) for col in zip(*grid[::-1])]
        for g in (grid, [row[::-1] for row in grid]):
            names: dict[int, int] = {}
            spelled = [[names.setdefault(n, len(names) + 1) if n else 0 for n in row]
                       for row in g]
            forms.append("/".join(",".join(map(str, row)) for row in spelled))
    return min(forms)
