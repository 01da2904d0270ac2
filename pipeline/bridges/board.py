"""The Bridges board: islands on a lattice, the connections they could take, and its symmetries.

Glossary, in the puzzle's own words:
  island      a lattice point carrying a number 1..8, the bridge ends it must have
  connection  a pair of islands in one row or column with no island between them: the only
              places a bridge can go (holding 0, 1 or 2 bridges)
  crossing    a horizontal and a vertical connection whose bridges would cross
  group       islands joined by bridges already known to exist

Rows and columns count from 0 at the top-left (the export contract); `islands` is kept in
row-major order so a board has one spelling.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

import numpy as np
from numba import njit

from pipeline.errors import InputError
from pipeline.records import require

MAX_SIDE = 40        # a page cannot hold a bigger board; also keeps bad input cheap to reject
MAX_BRIDGES = 2      # per connection


@dataclass(frozen=True)
class Island:
    row: int
    col: int
    number: int


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    islands: tuple[Island, ...]  # row-major order

    @classmethod
    def of(cls, width: int, height: int, islands: Iterable[tuple[int, int, int]]) -> "Board":
        ordered = sorted((Island(r, c, n) for r, c, n in islands), key=lambda i: (i.row, i.col))
        return cls(width, height, tuple(ordered))

    def to_puzzle(self) -> dict:
        return {"width": self.width, "height": self.height,
                "islands": [[i.row, i.col, i.number] for i in self.islands]}

    @classmethod
    def from_puzzle(cls, puzzle: dict) -> "Board":
        """Parse and validate a puzzle record; InputError names the field at fault."""
        if not isinstance(puzzle, dict):
            raise InputError("expected an object", field="puzzle")
        width = require(puzzle, "width", int, "puzzle.")
        height = require(puzzle, "height", int, "puzzle.")
        for name, side in (("width", width), ("height", height)):
            if not 2 <= side <= MAX_SIDE:
                raise InputError(f"must be 2..{MAX_SIDE}, got {side}", field=f"puzzle.{name}")
        raw = require(puzzle, "islands", list, "puzzle.")
        if len(raw) < 2:
            raise InputError("a board needs at least two islands", field="puzzle.islands")
        seen: dict[tuple[int, int], int] = {}
        islands = []
        for index, item in enumerate(raw):
            label = f"puzzle.islands[{index}]"
            if not (isinstance(item, list) and len(item) == 3
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
                raise InputError("expected [row, col, number] of integers", field=label)
            row, col, number = item
            if not (0 <= row < height and 0 <= col < width):
                raise InputError(f"island ({row}, {col}) is off the {width}x{height} grid",
                                 field=label)
            if not 1 <= number <= 8:
                raise InputError(f"island number must be 1..8, got {number}", field=label)
            if (row, col) in seen:
                raise InputError(f"two islands at ({row}, {col})", field=label)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if (row + dr, col + dc) in seen:
                    raise InputError(f"island ({row}, {col}) is side by side with island "
                                     f"({row + dr}, {col + dc})", field=label)
            seen[(row, col)] = index
            islands.append((row, col, number))
        return cls.of(width, height, islands)


@dataclass(frozen=True)
class Connection:
    a: int          # island index (the upper or left one)
    b: int
    horizontal: bool


@dataclass(frozen=True, eq=False)
class Layout:
    """The board as flat integer arrays, the form the solver kernel works on."""

    width: int
    height: int
    rows: np.ndarray        # [islands] in row-major order
    cols: np.ndarray
    across: np.ndarray      # [links] whether each link is horizontal
    number: np.ndarray      # [islands]
    link_a: np.ndarray      # [links]
    link_b: np.ndarray
    capacity: np.ndarray    # [links] most bridges the connection can hold
    touch_start: np.ndarray  # [islands + 1] CSR: the links at each island
    touch: np.ndarray
    cross_start: np.ndarray  # [links + 1] CSR: the links each link crosses
    cross: np.ndarray

    @cached_property
    def board(self) -> Board:
        """The board as a value (built on first use, like `links`)."""
        return Board(self.width, self.height, tuple(
            Island(r, c, n) for r, c, n in
            zip(self.rows.tolist(), self.cols.tolist(), self.number.tolist())))

    @cached_property
    def links(self) -> tuple[Connection, ...]:
        """The links as values (built on first use: the solver needs only the arrays)."""
        return tuple(Connection(a, b, h) for a, b, h in
                     zip(self.link_a.tolist(), self.link_b.tolist(), self.across.tolist()))


# --- compiled kernels ------------------------------------------------------------------------

@njit(cache=True)
def _link_arrays(rows, cols, number, height, width):
    """Links (right before down, by first island), the links at each island and the links
    each link crosses (both as CSR), from islands in row-major order."""
    n = rows.shape[0]
    ident = np.full((height, width), -1, dtype=np.int64)
    for k in range(n):
        ident[rows[k], cols[k]] = k
    link_a = np.zeros(2 * n, dtype=np.int64)
    link_b = np.zeros(2 * n, dtype=np.int64)
    across = np.zeros(2 * n, dtype=np.bool_)
    links = 0
    for k in range(n):
        for dr, dc in ((0, 1), (1, 0)):
            r, c = rows[k] + dr, cols[k] + dc
            while r < height and c < width:
                if ident[r, c] >= 0:
                    link_a[links], link_b[links], across[links] = k, ident[r, c], dc == 1
                    links += 1
                    break
                r, c = r + dr, c + dc
    link_a, link_b, across = link_a[:links], link_b[:links], across[:links]
    capacity = np.zeros(links, dtype=np.int64)
    touch_start = np.zeros(n + 1, dtype=np.int64)
    for e in range(links):
        capacity[e] = min(MAX_BRIDGES, number[link_a[e]], number[link_b[e]])
        touch_start[link_a[e] + 1] += 1
        touch_start[link_b[e] + 1] += 1
    for k in range(n):
        touch_start[k + 1] += touch_start[k]
    touch = np.zeros(2 * links, dtype=np.int64)
    filled = touch_start[:n].copy()
    for e in range(links):
        for x in (link_a[e], link_b[e]):
            touch[filled[x]] = e
            filled[x] += 1
    # A horizontal and a vertical link cross where they pass over the same lattice point.
    down_over = np.full((height, width), -1, dtype=np.int64)
    for e in range(links):
        if not across[e]:
            for r in range(rows[link_a[e]] + 1, rows[link_b[e]]):
                down_over[r, cols[link_a[e]]] = e
    pairs = np.zeros((2 * height * width + 2, 2), dtype=np.int64)  # two per lattice point at most
    crossings = 0
    for e in range(links):
        if across[e]:
            r = rows[link_a[e]]
            for c in range(cols[link_a[e]] + 1, cols[link_b[e]]):
                v = down_over[r, c]
                if v >= 0:
                    pairs[crossings, 0], pairs[crossings, 1] = e, v
                    pairs[crossings + 1, 0], pairs[crossings + 1, 1] = v, e
                    crossings += 2
    cross_start = np.zeros(links + 1, dtype=np.int64)
    for k in range(crossings):
        cross_start[pairs[k, 0] + 1] += 1
    for e in range(links):
        cross_start[e + 1] += cross_start[e]
    cross = np.zeros(crossings, dtype=np.int64)
    filled = cross_start[:links].copy()
    for e in range(links):  # in order of the crossed link, so each row comes out sorted
        for k in range(crossings):
            if pairs[k, 1] == e:
                x = pairs[k, 0]
                cross[filled[x]] = e
                filled[x] += 1
    return link_a, link_b, across, capacity, touch_start, touch, cross_start, cross


# --- links and crossings ---------------------------------------------------------------------

def connections(board: Board) -> tuple[Connection, ...]:
    """Every connection, in order of its first island then right before down."""
    at = {(i.row, i.col): k for k, i in enumerate(board.islands)}
    out = []
    for k, island in enumerate(board.islands):
        for dr, dc, horizontal in ((0, 1, True), (1, 0, False)):
            r, c = island.row + dr, island.col + dc
            while 0 <= r < board.height and 0 <= c < board.width:
                if (r, c) in at:
                    out.append(Connection(k, at[(r, c)], horizontal))
                    break
                r, c = r + dr, c + dc
    return tuple(out)


def crosses(board: Board, h: Connection, v: Connection) -> bool:
    """Whether bridges on horizontal `h` and vertical `v` would cross (strictly inside both)."""
    ha, hb, va, vb = (board.islands[x] for x in (h.a, h.b, v.a, v.b))
    return ha.col < va.col < hb.col and va.row < ha.row < vb.row


def layout(board: Board) -> Layout:
    rows = np.array([i.row for i in board.islands], dtype=np.int64)
    cols = np.array([i.col for i in board.islands], dtype=np.int64)
    number = np.array([i.number for i in board.islands], dtype=np.int64)
    return layout_of(board.width, board.height, rows, cols, number)


def layout_of(width: int, height: int, rows: np.ndarray, cols: np.ndarray,
              number: np.ndarray) -> Layout:
    """The layout of islands given as arrays in row-major order."""
    (link_a, link_b, across, capacity, touch_start, touch, cross_start,
     cross) = _link_arrays(rows, cols, number, height, width)
    return Layout(width, height, rows, cols, across, number, link_a, link_b, capacity,
                  touch_start, touch, cross_start, cross)


# --- records ---------------------------------------------------------------------------------

def solution_record(lay: Layout, bridges) -> dict:
    """The export form of bridge counts per link: [[[r1, c1], [r2, c2], k], ...], k 1 or 2."""
    rows, cols = lay.rows.tolist(), lay.cols.tolist()
    return {"bridges": [[[rows[a], cols[a]], [rows[b], cols[b]], int(k)] for a, b, k in
                        zip(lay.link_a.tolist(), lay.link_b.tolist(), bridges) if k]}


def check_puzzle(puzzle: dict) -> Board:
    """The board of a puzzle record; InputError names the field at fault."""
    return Board.from_puzzle(puzzle)


def check_solution(board: Board, solution: dict) -> None:
    """A solution record checked against the board (`parse_solution`)."""
    parse_solution(board, layout(board).links, solution)


def parse_solution(board: Board, links: tuple[Connection, ...], solution: dict) -> list[int]:
    """Bridge counts per link from a solution record; InputError names the field at fault.

    Checks what a record can get wrong on its own: shape, ends that are not islands in one
    line of sight, counts, the same pair twice, crossings, numbers and one connected piece."""
    if not isinstance(solution, dict):
        raise InputError("expected an object", field="solution")
    raw = require(solution, "bridges", list, "solution.")
    index = {(board.islands[l.a].row, board.islands[l.a].col,
              board.islands[l.b].row, board.islands[l.b].col): e for e, l in enumerate(links)}
    counts = [0] * len(links)
    for k, item in enumerate(raw):
        label = f"solution.bridges[{k}]"
        ok = (isinstance(item, list) and len(item) == 3 and isinstance(item[2], int)
              and not isinstance(item[2], bool)
              and all(isinstance(end, list) and len(end) == 2
                      and all(isinstance(v, int) and not isinstance(v, bool) for v in end)
                      for end in item[:2]))
        if not ok:
            raise InputError("expected [[r1, c1], [r2, c2], k] of integers", field=label)
        (r1, c1), (r2, c2), count = item
        if (r1, c1) > (r2, c2):
            r1, c1, r2, c2 = r2, c2, r1, c1
        if count not in (1, 2):
            raise InputError(f"a connection holds 1 or 2 bridges, got {count}", field=label)
        e = index.get((r1, c1, r2, c2))
        if e is None:
            raise InputError(f"({r1}, {c1})-({r2}, {c2}) does not join two islands in one "
                             "row or column with nothing between", field=label)
        if counts[e]:
            raise InputError(f"({r1}, {c1})-({r2}, {c2}) is listed twice", field=label)
        counts[e] = count
        for f, other in enumerate(links):
            if counts[f] and other.horizontal != links[e].horizontal:
                h, v = (links[e], other) if links[e].horizontal else (other, links[e])
                if crosses(board, h, v):
                    a, b = board.islands[other.a], board.islands[other.b]
                    raise InputError(f"crosses the bridge ({a.row}, {a.col})-({b.row}, {b.col})",
                                     field=label)
    ends = [0] * len(board.islands)
    for link, count in zip(links, counts):
        ends[link.a] += count
        ends[link.b] += count
    for island, have in zip(board.islands, ends):
        if have != island.number:
            raise InputError(f"island ({island.row}, {island.col}) has {have} bridge ends, "
                             f"needs {island.number}", field="solution.bridges")
    reached, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for link, count in zip(links, counts):
            if count and x in (link.a, link.b):
                y = link.b if x == link.a else link.a
                if y not in reached:
                    reached.add(y)
                    todo.append(y)
    if len(reached) != len(board.islands):
        raise InputError("the bridges do not join all islands into one piece",
                         field="solution.bridges")
    return counts


# --- symmetries ------------------------------------------------------------------------------
# The eight maps of the square, applied to a W x H board. The four that swap rows and columns
# also swap width and height, so every board has eight images and a board and its transpose
# count as the same board (a 10x12 board turned on its side is not a new puzzle).

def _image(board: Board, symmetry: int) -> tuple[int, int, list[tuple[int, int, int]]]:
    w, h = board.width, board.height
    out = []
    for i in board.islands:
        r, c = i.row, i.col
        if symmetry & 4:          # transpose first
            r, c = c, r
        rows, cols = (w, h) if symmetry & 4 else (h, w)
        if symmetry & 1:
            c = cols - 1 - c
        if symmetry & 2:
            r = rows - 1 - r
        out.append((r, c, i.number))
    width, height = (h, w) if symmetry & 4 else (w, h)
    return width, height, sorted(out)


def transformed(board: Board, symmetry: int) -> Board:
    width, height, islands = _image(board, symmetry)
    return Board.of(width, height, islands)


def canonical_form(board: Board) -> str:
    """The smallest spelling over the eight symmetries: equal exactly for equivalent boards."""
    spellings = []
    for symmetry in range(8):
        width, height, islands = _image(board, symmetry)
        spellings.append(f"{width}x{height}:" + ";".join(f"{r},{c},{n}" for r, c, n in islands))
    return min(spellings)
