"""A clued crossword as a value: its grid of blocks and white cells, its words (slots)
numbered in reading order, and the clue printed for each; reading and validating records;
the dedupe form.

Record puzzle: {"rows": R, "cols": C, "language": "en", "grid": [R strings: "#" a block, "."
a white cell], "clues": {"across": [{"number": n, "cell": [r, c], "length": k, "text": "..."}],
"down": [...]}}, each list in number order. Solution: {"grid": [R strings of capital letters
and "#"]}.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engines import lexicon
from pipeline.engines.crossword.grid import ACROSS, runs
from pipeline.errors import InputError

BLOCK, OPEN = "#", "."
SMALLEST, LARGEST = 5, 25
DIRECTIONS = ("across", "down")


@dataclass(frozen=True)
class Entry:
    """One numbered word of the grid: its clue number, direction, cells and printed clue."""

    number: int
    direction: str
    cells: tuple[tuple[int, int], ...]
    text: str

    @property
    def length(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    language: str
    grid: tuple[str, ...]
    entries: tuple[Entry, ...]   # across in number order, then down


# --- records -----------------------------------------------------------------------------------

def numbered_slots(grid, slots=None) -> list[tuple[int, str, tuple[tuple[int, int], ...]]]:
    """(number, direction, cells) of every word of two or more cells, numbered as print
    numbers them: in reading order, one number for each cell that starts a word across, down
    or both; across words first, then down, each in number order. `slots`: the grid's runs
    (grid.runs), when the caller has them."""
    words = {"across": [], "down": []}
    for slot in runs(grid) if slots is None else slots:
        words["across" if slot.direction == ACROSS else "down"].append(slot.cells)
    number = {cell: n for n, cell in enumerate(sorted({cells[0] for found in words.values()
                                                      for cells in found}), 1)}
    return [(number[cells[0]], direction, cells) for direction in DIRECTIONS
            for cells in sorted(words[direction])]


def _size(puzzle: dict, name: str) -> int:
    value = puzzle.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not SMALLEST <= value <= LARGEST:
        raise InputError(f"must be a whole number from {SMALLEST} to {LARGEST}",
                         field=f"puzzle.{name}")
    return value


def _grid(value, rows: int, cols: int, where: str, allowed) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != rows:
        raise InputError(f"must be a list of {rows} strings", field=where)
    for r, line in enumerate(value):
        if not isinstance(line, str) or len(line) != cols:
            raise InputError(f"must be a string of {cols} characters", field=f"{where}[{r}]")
        bad = [ch for ch in line if not allowed(ch)]
        if bad:
            raise InputError(f"{bad[0]!r} is not allowed here", field=f"{where}[{r}]")
    return tuple(value)


def _clue(value, where: str) -> tuple[int, tuple[int, int], int, str]:
    if not isinstance(value, dict):
        raise InputError("must be an object", field=where)
    number, cell, length, text = (value.get(k) for k in ("number", "cell", "length", "text"))
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise InputError("must be a whole number from 1", field=f"{where}.number")
    if not (isinstance(cell, list) and len(cell) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
        raise InputError("must be [row, column]", field=f"{where}.cell")
    if not isinstance(length, int) or isinstance(length, bool):
        raise InputError("must be a whole number", field=f"{where}.length")
    if not isinstance(text, str) or not text.strip():
        raise InputError("must be the clue's text", field=f"{where}.text")
    return number, (cell[0], cell[1]), length, text


def board_from_puzzle(puzzle: dict) -> Board:
    if not isinstance(puzzle, dict):
        raise InputError("must be an object", field="puzzle")
    rows, cols = _size(puzzle, "rows"), _size(puzzle, "cols")
    language = puzzle.get("language")
    try:
        lexicon.alphabet(language)
    except (InputError, TypeError):
        raise InputError(f"{language!r} is not a language of the clue tables",
                         field="puzzle.language") from None
    grid = _grid(puzzle.get("grid"), rows, cols, "puzzle.grid", lambda ch: ch in (BLOCK, OPEN))
    listed = puzzle.get("clues")
    if not isinstance(listed, dict) or set(listed) != set(DIRECTIONS):
        raise InputError("must be an object of two lists, across and down", field="puzzle.clues")
    slots = numbered_slots(grid)
    short = [cells for _n, _d, cells in slots if len(cells) < 3]
    if short:
        raise InputError(f"a {len(short[0])}-letter word at row {short[0][0][0]}, column "
                         f"{short[0][0][1]}: every word has three letters or more",
                         field="puzzle.grid")
    entries, texts = [], set()
    for direction in DIRECTIONS:
        expected = [(n, cells) for n, d, cells in slots if d == direction]
        given = listed[direction]
        where = f"puzzle.clues.{direction}"
        if not isinstance(given, list) or len(given) != len(expected):
            raise InputError(f"must list {len(expected)} clues, one for each {direction} word "
                             "of the grid", field=where)
        for k, ((number, cells), value) in enumerate(zip(expected, given)):
            n, cell, length, text = _clue(value, f"{where}[{k}]")
            if (n, cell, length) != (number, cells[0], len(cells)):
                raise InputError(f"is numbered {n} at {list(cell)}, {length} long; the grid "
                                 f"numbers it {number} at {list(cells[0])}, {len(cells)} long",
                                 field=f"{where}[{k}]")
            if text in texts:
                raise InputError(f"the clue {text!r} is printed twice", field=f"{where}[{k}].text")
            texts.add(text)
            entries.append(Entry(number, direction, cells, text))
    return Board(rows, cols, language, grid, tuple(entries))


def solution_grid(board: Board, solution: dict) -> tuple[str, ...]:
    """The solution's grid: capitals of the language's grid alphabet where the puzzle's white
    cells are, its blocks where the puzzle's are, no answer twice."""
    if not isinstance(solution, dict):
        raise InputError("must be an object", field="solution")
    letters = set(lexicon.alphabet(board.language))
    grid = _grid(solution.get("grid"), board.rows, board.cols, "solution.grid",
                 lambda ch: ch == BLOCK or ch in letters)
    for r, (mine, theirs) in enumerate(zip(board.grid, grid)):
        for c, (a, b) in enumerate(zip(mine, theirs)):
            if (a == BLOCK) != (b == BLOCK):
                raise InputError(f"disagrees with the puzzle's blocks at row {r}, column {c}",
                                 field=f"solution.grid[{r}]")
    answers = [answer_in(grid, entry) for entry in board.entries]
    twice = sorted({a for a in answers if answers.count(a) > 1})
    if twice:
        raise InputError(f"{twice[0]} is an answer twice", field="solution.grid")
    return grid


def answer_in(grid, entry: Entry) -> str:
    return "".join(grid[r][c] for r, c in entry.cells)


# Family.check_record, served: a record's puzzle read into its board, and its solution
# checked against that board.
check_puzzle, check_solution = board_from_puzzle, solution_grid


# --- symmetries --------------------------------------------------------------------------------

def dedupe_form(board: Board) -> str:
    """The pattern under the eight turns and reflections of the square, and the clues as a
    set: a turned grid with the same clues is the same puzzle."""
    grids = []
    grid = list(board.grid)
    for _ in range(4):
        grid = ["".join(col) for col in zip(*grid[::-1])]
        grids.append("/".join(grid))
        grids.append("/".join(line[::-1] for line in grid))
    return min(grids) + "|" + "|".join(sorted(e.text for e in board.entries))
