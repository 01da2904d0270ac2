"""The Sudoku board: 81 cells in rows, columns and 3x3 boxes, and its symmetries.

Glossary, in the puzzle's own words:
  cell       one of the 81 squares, numbered 0..80 in reading order (row * 9 + col)
  given      a digit printed on the puzzle; 0 in a record is an empty cell
  house      a row, a column or a box: nine cells holding each digit 1..9 exactly once
  group      any set of cells whose digits must all differ; the 27 houses are the groups of
             classic Sudoku, and a variant (Killer's cages) adds more (`Geometry`)
  peers      the cells sharing a group with a cell
  cage       (Killer) a group of 1..9 orthogonally connected cells with a printed sum: its
             digits add up to the sum and never repeat; the cages tile the grid

Rows and columns count from 0 at the top-left (the export contract). On paper a cell is
named column letter then row number (pipeline.family.square_name: "D4" is row 3, col 3);
houses are "row 1".."row 9", "column A".."column I" and "box 1".."box 9" in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
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
    return f"cage {house - len(HOUSES) + 1}"


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
    sums: tuple[int, ...] = ()   # Killer: the sum of each group after the houses (its cages)

    @classmethod
    def of(cls, extra: Sequence[Sequence[int]] = (), sums: Sequence[int] = ()) -> "Geometry":
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
                   tuple(tuple(g) for g in groups_of), tuple(sums))

    @property
    def cages(self) -> range:
        """The indexes of the cages among the groups (empty for classic Sudoku)."""
        return range(self.houses, self.houses + len(self.sums))

    def cage_sum(self, group: int) -> int:
        return self.sums[group - self.houses]


CLASSIC = Geometry.of()


@dataclass(frozen=True)
class Cage:
    """A Killer cage: its cells (reading order) hold distinct digits adding up to `total`."""

    total: int
    cells: tuple[int, ...]

    def to_record(self) -> dict:
        return {"sum": self.total, "cells": [[c // 9, c % 9] for c in self.cells]}


def sum_range(size: int) -> tuple[int, int]:
    """The least and the greatest sum of `size` distinct digits."""
    return size * (size + 1) // 2, size * (19 - size) // 2


@dataclass(frozen=True)
class Board:
    """A classic 9x9 puzzle: the givens in reading order, 0 for an empty cell."""

    givens: tuple[int, ...]
    cages: tuple[Cage, ...] = ()   # Killer only; classic boards have none

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
        puzzle = {"size": SIZE, "box": list(BOX),
                  "givens": [list(self.givens[r * 9:(r + 1) * 9]) for r in range(9)]}
        if self.cages:
            puzzle["cages"] = [cage.to_record() for cage in self.cages]
        return puzzle

    @property
    def clues(self) -> int:
        return sum(1 for d in self.givens if d)

    @property
    def killer(self) -> bool:
        return bool(self.cages)

    @property
    def geometry(self) -> Geometry:
        if not self.cages:
            return CLASSIC
        return Geometry.of([cage.cells for cage in self.cages],
                           [cage.total for cage in self.cages])

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
        cages = _cages(puzzle["cages"]) if "cages" in puzzle else ()
        board = cls(tuple(givens), cages)
        clash = _repeat(board.givens, cages)
        if clash is not None:
            cell, other, house = clash
            raise InputError(f"{board.givens[cell]} twice in {house_name(house)} (also at "
                             f"{cell_name(other)})", field=_field("puzzle.givens", cell))
        for index, cage in enumerate(cages):
            _check_cage_givens(board.givens, cage, index)
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


def _repeat(digits: Sequence[int], cages: Sequence[Cage] = ()) -> tuple[int, int, int] | None:
    """(cell, earlier cell, group) of the first digit that repeats in a house (or a cage,
    numbered after the houses), or None."""
    for house, cells in enumerate(HOUSES + tuple(cage.cells for cage in cages)):
        seen: dict[int, int] = {}
        for cell in cells:
            d = digits[cell]
            if d:
                if d in seen:
                    return cell, seen[d], house
                seen[d] = cell
    return None


def check_puzzle(puzzle: dict) -> Board:
    """The board of a puzzle record; InputError names the field at fault."""
    return Board.from_puzzle(puzzle)


def check_solution(board: Board, solution: dict) -> None:
    """A solution record checked against the board and its rules (`parse_solution`)."""
    parse_solution(board, solution)


def parse_solution(board: Board, solution: dict) -> tuple[int, ...]:
    """The solution grid in reading order, checked against the rules and the givens."""
    if not isinstance(solution, dict):
        raise InputError("expected an object", field="solution")
    grid = tuple(_digit_grid(require(solution, "grid", list, "solution."), "solution.grid", 1))
    clash = _repeat(grid, board.cages)
    if clash is not None:
        cell, other, house = clash
        raise InputError(f"{grid[cell]} twice in {house_name(house)} (also at "
                         f"{cell_name(other)})", field=_field("solution.grid", cell))
    for index, cage in enumerate(board.cages):
        total = sum(grid[c] for c in cage.cells)
        if total != cage.total:
            raise InputError(f"cage {index + 1} ({cell_name(cage.cells[0])}) adds up to "
                             f"{total}, its sum is {cage.total}",
                             field=_field("solution.grid", cage.cells[0]))
    for cell, given in enumerate(board.givens):
        if given and grid[cell] != given:
            raise InputError(f"{cell_name(cell)} is given as {given}, the solution has "
                             f"{grid[cell]}", field=_field("solution.grid", cell))
    return grid


def _cages(records) -> tuple[Cage, ...]:
    """Cages read and checked: each an object of a sum and 1..9 cells, orthogonally
    connected, the sum one that many distinct digits can make; together they tile the grid
    and their sums add up to a full grid's 405."""
    if not isinstance(records, list) or not records:
        raise InputError("expected a list of cages", field="puzzle.cages")
    owner: dict[int, int] = {}
    cages = []
    for index, item in enumerate(records):
        label = f"puzzle.cages[{index}]"
        if not isinstance(item, dict):
            raise InputError("expected an object with sum and cells", field=label)
        total = require(item, "sum", int, label + ".")
        cells_record = require(item, "cells", list, label + ".")
        if not 1 <= len(cells_record) <= SIZE:
            raise InputError(f"expected 1 to 9 cells, got {len(cells_record)}",
                             field=label + ".cells")
        cells = []
        for k, pair in enumerate(cells_record):
            here = f"{label}.cells[{k}]"
            if not isinstance(pair, list) or len(pair) != 2 or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SIZE
                    for v in pair):
                raise InputError(f"expected [row, col] with both 0..8, got {pair!r}", field=here)
            cell = pair[0] * 9 + pair[1]
            if cell in owner:
                where = "this cage" if owner[cell] == index else f"cage {owner[cell] + 1}"
                raise InputError(f"{cell_name(cell)} is already in {where}", field=here)
            owner[cell] = index
            cells.append(cell)
        if not _connected(cells):
            raise InputError("the cells are not orthogonally connected", field=label + ".cells")
        least, most = sum_range(len(cells))
        if not isinstance(total, int) or isinstance(total, bool) or not least <= total <= most:
            raise InputError(f"{len(cells)} distinct digits add up to {least}..{most}, not "
                             f"{total!r}", field=label + ".sum")
        cages.append(Cage(total, tuple(sorted(cells))))
    missing = [c for c in range(CELLS) if c not in owner]
    if missing:
        raise InputError(f"{cell_name(missing[0])} is in no cage ({len(missing)} cells are not "
                         f"covered)", field="puzzle.cages")
    total = sum(cage.total for cage in cages)
    if total != 45 * SIZE:
        raise InputError(f"the sums add up to {total}, a full grid to 405", field="puzzle.cages")
    return tuple(cages)


def _connected(cells: Sequence[int]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        r, c = divmod(todo.pop(), 9)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = rr * 9 + cc
            if 0 <= rr < 9 and 0 <= cc < 9 and other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def _check_cage_givens(givens: Sequence[int], cage: Cage, index: int) -> None:
    """A cage whose givens leave a sum the open cells cannot make is impossible."""
    placed = [givens[c] for c in cage.cells if givens[c]]
    open_cells = len(cage.cells) - len(placed)
    rest = cage.total - sum(placed)
    left = sorted(set(range(1, 10)) - set(placed))
    if not any(sum(digits) == rest for digits in combinations(left, open_cells)):
        raise InputError(f"the givens leave {rest} for {open_cells} open cells, which they "
                         f"cannot make", field=f"puzzle.cages[{index}].sum")


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
    new_of = {old: new for new, old in enumerate(TRANSFORMS[symmetry])}
    return Board(tuple(board.givens[old] for old in TRANSFORMS[symmetry]),
                 tuple(Cage(cage.total, tuple(sorted(new_of[c] for c in cage.cells)))
                       for cage in board.cages))


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
    """Equal exactly for boards equal under rotation, reflection and renaming of digits.
    A Killer board's sums fix its digits' names, so only the eight maps apply to it: the
    form spells its givens and its cages (sum, then cells) in the order of their cells."""
    if board.cages:
        return "killer:" + min(_killer_spelling(transformed(board, s)) for s in range(8))
    return min(relabelled([board.givens[old] for old in mapping]) for mapping in TRANSFORMS)


def _killer_spelling(board: Board) -> str:
    cages = sorted(board.cages, key=lambda cage: cage.cells)
    return "".join(map(str, board.givens)) + ";" + ";".join(
        f"{cage.total}:" + ",".join(map(str, cage.cells)) for cage in cages)
