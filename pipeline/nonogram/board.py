"""A nonogram as a value: the picture's grid, the clues read from it, and the two forms a board
comes in from outside (the JSON record and the plain `.non` text).

Record puzzle: {"rows": R, "cols": C, "row_clues": [[runs], ...], "col_clues": [[runs], ...],
"picture": "<source>:<icon name>"}. A line with no filled cell has the clue [] (the `.non`
text writes it 0). Solution: {"grid": [R strings of "#" filled and "." empty]}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.errors import InputError
from pipeline.i18n import texts

FILLED, EMPTY = "#", "."
LARGEST = 40          # the widest board this family reads (and the checker is meant for)
SOURCE = "fontawesome-free-6.6.0-solid"    # the icon set a generated board's picture names
# Every picture's name (texts.toml's [pictures]: icon name = the name the solution prints)
NAMES: dict[str, str] = dict(texts("pipeline.nonogram")["pictures"])


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    row_clues: tuple[tuple[int, ...], ...]
    col_clues: tuple[tuple[int, ...], ...]

    def lines(self) -> list[tuple[int, ...]]:
        """Every line's clue: the rows top to bottom, then the columns left to right."""
        return list(self.row_clues) + list(self.col_clues)


def runs(line) -> tuple[int, ...]:
    """The clue of one line of cells (truthy: filled): its runs of filled cells in order."""
    out, length = [], 0
    for cell in line:
        if cell:
            length += 1
        elif length:
            out.append(length)
            length = 0
    if length:
        out.append(length)
    return tuple(out)


def clues_of(grid) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(row clues, column clues) of a grid of truthy/falsy cells or "#"/"." strings."""
    cells = [[c in (True, 1, FILLED) for c in row] for row in grid]
    return (tuple(runs(row) for row in cells), tuple(runs(col) for col in zip(*cells)))


def puzzle_of(grid, picture: str) -> dict:
    rows, cols = clues_of(grid)
    return {"rows": len(rows), "cols": len(cols), "row_clues": [list(c) for c in rows],
            "col_clues": [list(c) for c in cols], "picture": picture}


def solution_of(grid) -> dict:
    return {"grid": ["".join(FILLED if c in (True, 1, FILLED) else EMPTY for c in row)
                     for row in grid]}


# --- records -----------------------------------------------------------------------------------
def _size(puzzle: dict, name: str) -> int:
    value = puzzle.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LARGEST:
        raise InputError(f"must be a whole number from 1 to {LARGEST}", field=f"puzzle.{name}")
    return value


def _clues(puzzle: dict, name: str, count: int, across: int) -> tuple[tuple[int, ...], ...]:
    clues = puzzle.get(name)
    if not isinstance(clues, list) or len(clues) != count:
        raise InputError(f"must be a list of {count} clues", field=f"puzzle.{name}")
    out = []
    for i, clue in enumerate(clues):
        if not isinstance(clue, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in clue):
            raise InputError("must be a list of run lengths, each at least 1",
                             field=f"puzzle.{name}[{i}]")
        if sum(clue) + len(clue) - 1 > across:
            raise InputError(f"needs {sum(clue) + len(clue) - 1} cells, the line has {across}",
                             field=f"puzzle.{name}[{i}]")
        out.append(tuple(clue))
    return tuple(out)


def check_puzzle(puzzle: dict) -> Board:
    if not isinstance(puzzle, dict):
        raise InputError("must be an object", field="puzzle")
    rows, cols = _size(puzzle, "rows"), _size(puzzle, "cols")
    board = Board(rows, cols, _clues(puzzle, "row_clues", rows, cols),
                  _clues(puzzle, "col_clues", cols, rows))
    if sum(map(sum, board.row_clues)) != sum(map(sum, board.col_clues)):
        raise InputError(f"the rows fill {sum(map(sum, board.row_clues))} cells, the columns "
                         f"{sum(map(sum, board.col_clues))}", field="puzzle.col_clues")
    if "picture" in puzzle and not isinstance(puzzle["picture"], str):
        raise InputError("must be a string", field="puzzle.picture")
    return board


def check_solution(board: Board, solution: dict) -> tuple[str, ...]:
    if not isinstance(solution, dict):
        raise InputError("must be an object", field="solution")
    grid = solution.get("grid")
    if not isinstance(grid, list) or len(grid) != board.rows or not all(
            isinstance(row, str) and len(row) == board.cols and set(row) <= {FILLED, EMPTY}
            for row in grid):
        raise InputError(f'must be {board.rows} strings of {board.cols} "#" and "."',
                         field="solution.grid")
    rows, cols = clues_of(grid)
    for name, got, want in (("row", rows, board.row_clues), ("column", cols, board.col_clues)):
        for i, (a, b) in enumerate(zip(got, want)):
            if a != b:
                raise InputError(f"{name} {i + 1} reads {list(a)}, its clue is {list(b)}",
                                 field="solution.grid")
    return tuple(grid)


def board_of(puzzle: dict) -> Board:
    """The board of a record already checked (no messages needed)."""
    return Board(puzzle["rows"], puzzle["cols"], tuple(map(tuple, puzzle["row_clues"])),
                 tuple(map(tuple, puzzle["col_clues"])))


# --- the plain .non text -----------------------------------------------------------------------
def read_non(text: str, name: str) -> dict:
    """A puzzle from Steve Simpson's `.non` text: `width W`, `height H`, then `rows` and
    `columns`, each followed by one clue a line (runs split by commas, 0 for an empty line).
    Other keywords (title, author, catalogue, goal, ...) are read over. Every problem is an
    InputError naming the file, the line and the keyword."""
    sizes: dict[str, int] = {}
    clues: dict[str, list[tuple[list[int], int]]] = {}
    reading = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            reading = None if not line and reading and clues[reading] else reading
            continue
        word, _, rest = line.partition(" ")
        if reading and not word[0].isalpha():
            if not CLUE_LINE.fullmatch(line):
                raise InputError(f"{line!r} is not a list of run lengths", file=name,
                                 line=number, field=reading)
            clues[reading].append(([int(n) for n in re.split(r"[,\s]+", line) if int(n)],
                                   number))
            continue
        reading = None
        if word in ("width", "height"):
            if not rest.strip().isdigit() or not 1 <= int(rest) <= LARGEST:
                raise InputError(f"{rest.strip()!r} is not a whole number from 1 to {LARGEST}",
                                 file=name, line=number, field=word)
            sizes[word] = int(rest)
        elif word in ("rows", "columns") and not rest.strip():
            if word in clues:
                raise InputError("given twice", file=name, line=number, field=word)
            clues[word], reading = [], word
    for word in ("width", "height", "rows", "columns"):
        if word not in sizes and word not in clues:
            raise InputError("missing", file=name, field=word)
    width, height = sizes["width"], sizes["height"]
    for word, count, across in (("rows", height, width), ("columns", width, height)):
        got = clues[word]
        if len(got) != count:
            raise InputError(f"{len(got)} clues, the board has {count}", file=name,
                             line=got[-1][1] if got else None, field=word)
        for clue, at in got:
            if sum(clue) + len(clue) - 1 > across:
                raise InputError(f"{clue} needs {sum(clue) + len(clue) - 1} cells, the line "
                                 f"has {across}", file=name, line=at, field=word)
    puzzle = {"rows": height, "cols": width, "row_clues": [c for c, _ in clues["rows"]],
              "col_clues": [c for c, _ in clues["columns"]], "picture": f"file:{name}"}
    try:
        check_puzzle(puzzle)
    except InputError as error:
        raise InputError(error.message, file=name, field="columns") from None
    return puzzle


CLUE_LINE = re.compile(r"\d+(?:\s*[,\s]\s*\d+)*")
