"""The Sudoku board: 81 cells in rows, columns and 3x3 boxes, and its symmetries.

Glossary, in the puzzle's own words:
  cell       one of the 81 squares, numbered 0..80 in reading order (row * 9 + col)
  given      a digit printed on the puzzle; 0 in a record is an empty cell
  house      a row, a column or a box: nine cells holding each digit 1..9 exactly once
  group      any set of cells whose digits must all differ; the 27 houses are the groups of
             classic Sudoku, and a variant (Killer's cages) adds more (`Geometry`)
  peers      the cells sharing a group with a cell

Rows and columns count from 0 at the top-left (the export contract). On paper a cell is
named column letter then row number (pipeline.family.square_name: "D4" is row 3, col 3);
houses are "row 1".."row 9", "column A".."column I" and "box 1".."box 9" in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from pipeline.errors import InputError
from pipeline.family import column_letter, square_name
from pipeline.records import require

SIZE = 9
BOX = (3, 3)
CELLS = SIZE * SIZE
ALL_DIGITS = (1 << SIZE) - 1   # candidate masks: bit d-1 stands for digit d


def _houses() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(r * 9 + c for c in range(9)) for r in range(9)]
    cols = [tuple(r * 9 + c for r in range(9)) for c in range(9)]
    boxes = [tuple((3 * (b // 3) + i // 3) * 9 + 3 * (b % 3) + i % 3 for i in range(9))
             for b in range(9)]
    return tuple(rows + cols + boxes)


HOUSES = _houses()   # 0..8 rows, 9..17 columns, 18..26 boxes
ROW, COL, BOX_HOUSE = 0, 9, 18


def house_name(house: int) -> str:
    """"row 3", "column C", "box 5", as printed around a board."""
    if house < COL:
        return f"row {house + 1}"
    if house < BOX_HOUSE:
        return f"column {column_letter(house - COL)}"
    if house < 27:
        return f"box {house - BOX_HOUSE + 1}"
    return f"cage {house - 27 + 1}"


def cell_name(cell: int) -> str:
    return square_name(cell // 9, cell % 9)


def box_of(cell: int) -> int:
    return (cell // 27) * 3 + (cell % 9) // 3


@dataclass(frozen=True)
class Geometry:
    """Which cells must differ: the houses, then any extra groups a variant adds.

    Solving techniques that rest on "each digit once in a house" use `houses` only; those
    that rest on "two cells in one group differ" use `peers`, which counts every group."""

    groups: tuple[tuple[int, ...], ...]
    houses: int                                  # the first `houses` groups are full houses
    peers: tuple[tuple[int, ...], ...] = field(repr=False)
    groups_of: tuple[tuple[int, ...], ...] = field(repr=False)   # per cell, its groups

    @classmethod
    def of(cls, extra: Sequence[Sequence[int]] = ()) -> "Geometry":
        groups = HOUSES + tuple(tuple(sorted(g)) for g in extra)
        groups_of = [[] for _ in range(CELLS)]
        peers = [set() for _ in range(CELLS)]
        for index, group in enumerate(groups):
            for cell in group:
                groups_of[cell].append(index)
                peers[cell].update(group)
        for cell in range(CELLS):
            peers[cell].discard(cell)
        return cls(groups, len(HOUSES), tuple(tuple(sorted(p)) for p in peers),
                   tuple(tuple(g) for g in groups_of))


CLASSIC = Geometry.of()


@dataclass(frozen=True)
class Board:
    """A classic 9x9 puzzle: the givens in reading order, 0 for an empty cell."""

    givens: tuple[int, ...]

    @classmethod
    def from_string(cls, text: str) -> "Board":
        """81 characters in reading order, digits 1-9 and 0 or '.' for empty cells."""
        text = text.strip()
        if len(text) != CELLS:
            raise InputError(f"expected 81 characters, got {len(text)}", field="puzzle")
        return cls(tuple(0 if ch in ".0" else int(ch) for ch in text))

    def to_string(self) -> str:
        return "".join(str(d) for d in self.givens)

    def to_puzzle(self) -> dict:
        return {"size": SIZE, "box": list(BOX),
                "givens": [list(self.givens[r * 9:(r + 1) * 9]) for r in range(9)]}

    @property
    def clues(self) -> int:
        return sum(1 for d in self.givens if d)

    @property
    def geometry(self) -> Geometry:
        return CLASSIC

    @classmethod
    def from_puzzle(cls, puzzle: dict) -> "Board":
        """Parse and validate a puzzle record; InputError names the field at fault."""
        if not isinstance(puzzle, dict):
            raise InputError("expected an object", field="puzzle")
        size = require(puzzle, "size", int, "puzzle.")
        if size != SIZE:
            raise InputError(f"only 9x9 boards are made, got size {size}", field="puzzle.size")
        box = require(puzzle, "box", list, "puzzle.")
        if box != list(BOX):
            raise InputError(f"expected [3, 3], got {box!r}", field="puzzle.box")
        givens = _digit_grid(require(puzzle, "givens", list, "puzzle."), "puzzle.givens", 0)
        board = cls(tuple(givens))
        clash = _repeat(board.givens)
        if clash is not None:
            cell, other, house = clash
            raise InputError(f"{board.givens[cell]} twice in {house_name(house)} (also at "
                             f"{cell_name(other)})", field=_field("puzzle.givens", cell))
        return board


# --- records ---------------------------------------------------------------------------------

def _field(prefix: str, cell: int) -> str:
    return f"{prefix}[{cell // 9}][{cell % 9}]"


def _digit_grid(rows: list, label: str, least: int) -> list[int]:
    """Nine rows of nine integers least..9, flattened; errors name the row or the cell."""
    if len(rows) != SIZE:
        raise InputError(f"expected 9 rows, got {len(rows)}", field=label)
    out = []
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != SIZE:
            raise InputError("expected a list of 9 digits", field=f"{label}[{r}]")
        for c, value in enumerate(row):
            if not isinstance(value, int) or isinstance(value, bool) or \
                    not least <= value <= SIZE:
                raise InputError(f"expected a digit {least}..9, got {value!r}",
                                 field=f"{label}[{r}][{c}]")
            out.append(value)
    return out


def _repeat(digits: Sequence[int]) -> tuple[int, int, int] | None:
    """(cell, earlier cell, house) of the first digit that repeats in a house, or None."""
    for house, cells in enumerate(HOUSES):
        seen: dict[int, int] = {}
        for cell in cells:
            d = digits[cell]
            if d:
                if d in seen:
                    return cell, seen[d], house
                seen[d] = cell
    return None


def parse_solution(board: Board, solution: dict) -> tuple[int, ...]:
    """The solution grid in reading order, checked against the rules and the givens."""
    if not isinstance(solution, dict):
        raise InputError("expected an object", field="solution")
    grid = tuple(_digit_grid(require(solution, "grid", list, "solution."), "solution.grid", 1))
    clash = _repeat(grid)
    if clash is not None:
        cell, other, house = clash
        raise InputError(f"{grid[cell]} twice in {house_name(house)} (also at "
                         f"{cell_name(other)})", field=_field("solution.grid", cell))
    for cell, given in enumerate(board.givens):
        if given and grid[cell] != given:
            raise InputError(f"{cell_name(cell)} is given as {given}, the solution has "
                             f"{grid[cell]}", field=_field("solution.grid", cell))
    return grid


def solution_record(grid: Sequence[int]) -> dict:
    return {"grid": [list(grid[r * 9:(r + 1) * 9]) for r in range(9)]}


# --- symmetries ------------------------------------------------------------------------------
# The eight maps of the square (rotations and reflections), and relabelling of the digits: a
# puzzle with its digits renamed is the same puzzle. The dedupe form spells each of the eight
# images with its digits renamed in order of first appearance (reading order), and takes the
# smallest spelling.

def _transforms() -> tuple[tuple[int, ...], ...]:
    """For each symmetry, the old cell that lands on each new cell."""
    out = []
    for symmetry in range(8):
        mapping = []
        for r in range(9):
            for c in range(9):
                rr, cc = (c, r) if symmetry & 4 else (r, c)
                if symmetry & 1:
                    cc = 8 - cc
                if symmetry & 2:
                    rr = 8 - rr
                mapping.append(rr * 9 + cc)
        out.append(tuple(mapping))
    return tuple(out)


TRANSFORMS = _transforms()


def transformed(board: Board, symmetry: int) -> Board:
    return Board(tuple(board.givens[old] for old in TRANSFORMS[symmetry]))


def relabelled(digits: Sequence[int]) -> str:
    """Digits renamed 1, 2, 3, ... in order of first appearance; 0 stays 0."""
    names: dict[int, int] = {}
    out = []
    for d in digits:
        if d and d not in names:
            names[d] = len(names) + 1
        out.append(names[d] if d else 0)
    return "".join(map(str, out))


def canonical_form(board: Board) -> str:
    """Equal exactly for boards equal under rotation, reflection and renaming of digits."""
    return min(relabelled([board.givens[old] for old in mapping]) for mapping in TRANSFORMS)
