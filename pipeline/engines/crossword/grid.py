"""Crossword patterns: which cells are blocks, the slots (words) they leave, and making them.

A pattern is R strings of C characters, "#" a block and anything else a white cell. A slot is
a run of two or more white cells across or down; a pattern is sound when every slot is at
least three cells long, every white cell lies in one connected area, and the blocks are
symmetric under a half turn. American-style patterns also check every letter (each white
cell in an across and a down slot); open European-style ones leave some letters in one word.

Generated patterns take every choice from a keyed stream, so a key gives the same pattern on
every machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from pipeline.errors import InputError
from pipeline.keyed import KeyedStream

BLOCK = "#"
OPEN = "."
SHORTEST = 3
ACROSS, DOWN = "A", "D"
WHITE_RUN = re.compile(r"[^#]{2,}")   # a run of two or more white cells in a row or column


class Slot(NamedTuple):
    """One word of the grid: its first cell, its direction and its cells in order. (A
    tuple, as `Crossing` is: every pattern tried makes its slots anew.)"""

    row: int
    col: int
    direction: str
    cells: tuple[tuple[int, int], ...]

    @property
    def length(self) -> int:
        return len(self.cells)


class Crossing(NamedTuple):
    """Slot `other` crosses this slot: our letter `mine` is its letter `theirs`. (A tuple:
    a layout makes one for each end of every crossing, and a frozen dataclass is slow to
    make.)"""

    mine: int
    other: int
    theirs: int


@dataclass(frozen=True)
class Layout:
    """A pattern's slots and, for each slot, where the others cross it."""

    rows: int
    cols: int
    slots: tuple[Slot, ...]
    crossings: tuple[tuple[Crossing, ...], ...]


# --- slots and crossings -----------------------------------------------------------------------

def runs(pattern) -> list[Slot]:
    """Every run of two or more white cells, across slots first, each in reading order."""
    found = []
    for r, line in enumerate(pattern):
        for run in WHITE_RUN.finditer(line):
            cells = tuple((r, c) for c in range(run.start(), run.end()))
            found.append(Slot(r, run.start(), ACROSS, cells))
    for c, column in enumerate(columns(pattern)):
        for run in WHITE_RUN.finditer(column):
            cells = tuple((r, c) for r in range(run.start(), run.end()))
            found.append(Slot(run.start(), c, DOWN, cells))
    return found


def columns(pattern) -> list[str]:
    """The pattern's columns as strings, top to bottom."""
    return ["".join(column) for column in zip(*pattern)]


def _white(pattern, r: int, c: int) -> bool:
    return pattern[r][c] != BLOCK


def layout(pattern) -> Layout:
    slots = tuple(runs(pattern))
    # a cell is in at most one across and one down slot: each crossing is an across slot's
    # cell found again in a down slot, taken down slot by down slot, so that each slot lists
    # its crossings in the order of its cells
    across_at = {cell: (s, i) for s, slot in enumerate(slots) if slot.direction == ACROSS
                 for i, cell in enumerate(slot.cells)}
    crossings: list[list[Crossing]] = [[] for _ in slots]
    for o, slot in enumerate(slots):
        if slot.direction != DOWN:
            continue
        for j, cell in enumerate(slot.cells):
            found = across_at.get(cell)
            if found is not None:
                s, i = found
                crossings[s].append(Crossing(i, o, j))
                crossings[o].append(Crossing(j, s, i))
    return Layout(len(pattern), len(pattern[0]), slots, tuple(map(tuple, crossings)))


# --- soundness ---------------------------------------------------------------------------------

def problems(pattern, *, checked: bool = False) -> list[str]:
    """What keeps `pattern` from being a sound crossword pattern (empty when it is one)."""
    rows = len(pattern)
    if rows == 0 or any(len(line) != len(pattern[0]) for line in pattern):
        return ["rows differ in length"]
    cols = len(pattern[0])
    found = []
    for r in range(rows):
        for c in range(cols):
            if _white(pattern, r, c) != _white(pattern, rows - 1 - r, cols - 1 - c):
                found.append(f"not symmetric under a half turn at row {r}, column {c}")
                break
        if found:
            break
    short = [s for s in runs(pattern) if s.length < SHORTEST]
    if short:
        found.append(f"a {short[0].length}-letter word at row {short[0].row}, column "
                     f"{short[0].col}")
    if not connected(pattern):
        found.append("the white cells are not one connected area")
    if checked:
        covered: dict[tuple[int, int], int] = {}
        for slot in runs(pattern):
            for cell in slot.cells:
                covered[cell] = covered.get(cell, 0) + 1
        for r in range(rows):
            for c in range(cols):
                if _white(pattern, r, c) and covered.get((r, c), 0) < 2:
                    found.append(f"row {r}, column {c} is in one word only")
                    return found
    return found


def connected(pattern) -> bool:
    """Every white cell reachable from any other through white cells (a flood fill that
    takes cells out of the set of white cells as it reaches them)."""
    left = {(r, c) for r, line in enumerate(pattern) for c, ch in enumerate(line)
            if ch != BLOCK}
    if not left:
        return False
    todo = [left.pop()]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in left:
                left.remove(near)
                todo.append(near)
    return not left


# --- pattern files -----------------------------------------------------------------------------

def read_pattern(path: Path, *, checked: bool = False) -> tuple[str, ...]:
    """A pattern file: one line a row, "#" a block and "." a white cell; "//" lines are notes."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the pattern: {error}", file=str(path)) from None
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("//"):
            continue
        bad = set(line) - {BLOCK, OPEN}
        if bad:
            raise InputError(f"{sorted(bad)[0]!r} is neither '#' nor '.'", file=str(path),
                             line=number, field="pattern")
        if lines and len(line) != len(lines[0][1]):
            raise InputError(f"{len(line)} cells, the first row has {len(lines[0][1])}",
                             file=str(path), line=number, field="pattern")
        lines.append((number, line))
    if not lines:
        raise InputError("no rows", file=str(path), field="pattern")
    pattern = tuple(line for _n, line in lines)
    found = problems(pattern, checked=checked)
    if found:
        raise InputError(found[0], file=str(path), field="pattern")
    return pattern


# --- making patterns ---------------------------------------------------------------------------

def lattice_pattern(stream: KeyedStream, rows: int, cols: int, *, longest: int,
                    extra: int = 0) -> tuple[str, ...] | None:
    """An open European-style pattern: blocks on every cell of odd row and odd column (so
    cells of an even row and an even column are in two words, the others in one), then
    symmetric blocks on the one-word cells until no word is longer than `longest`, and
    `extra` more where they keep every word at least three long. None when the stream's
    choices paint themselves into a corner (the caller tries again)."""
    grid = [[BLOCK if r % 2 and c % 2 else OPEN for c in range(cols)] for r in range(rows)]
    singles = [(r, c) for r in range(rows) for c in range(cols)
               if (r % 2) != (c % 2) and (r, c) <= (rows - 1 - r, cols - 1 - c)]
    stream.shuffle(singles)
    for r, c in singles:
        if _longest_through(grid, r, c) <= longest:
            continue
        _try_block(grid, r, c)
    # Then `extra` tries on any white cell (a crossing cell too), so words of even length
    # appear: the lattice alone makes every word odd.
    cells = [(r, c) for r in range(rows) for c in range(cols)
             if (r, c) < (rows - 1 - r, cols - 1 - c)]
    for _ in range(extra):
        r, c = cells[stream.below(len(cells))]
        _try_block(grid, r, c)
    pattern = tuple("".join(line) for line in grid)
    if max(s.length for s in runs(pattern)) > longest or problems(pattern):
        return None
    return pattern


def american_pattern(stream: KeyedStream, rows: int, cols: int, *, longest: int,
                     tries: int = 400) -> tuple[str, ...] | None:
    """An American-style pattern: symmetric blocks placed where they keep every run of white
    cells at least three long, until no word is longer than `longest` (every letter then in
    two words). None when the stream's choices do not get there."""
    grid = [[OPEN] * cols for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)
             if (r, c) <= (rows - 1 - r, cols - 1 - c)]
    for _ in range(tries):
        long_cells = [(r, c) for r, c in cells if grid[r][c] == OPEN and
                      _longest_through(grid, r, c) > longest]
        if not long_cells:
            break
        r, c = long_cells[stream.below(len(long_cells))]
        _try_block(grid, r, c, all_runs=True)
    pattern = tuple("".join(line) for line in grid)
    if max(s.length for s in runs(pattern)) > longest or problems(pattern, checked=True):
        return None
    return pattern


def _longest_through(grid, r: int, c: int) -> int:
    """The longer of the across and down runs through (r, c)."""
    best = 0
    for dr, dc in ((0, 1), (1, 0)):
        length = 1
        for sign in (1, -1):
            nr, nc = r + sign * dr, c + sign * dc
            while 0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] != BLOCK:
                length += 1
                nr, nc = nr + sign * dr, nc + sign * dc
        best = max(best, length)
    return best


def _try_block(grid, r: int, c: int, *, all_runs: bool = False) -> bool:
    """Block (r, c) and its half-turn partner when every run this leaves is sound: no run of
    two (with `all_runs`, of one or two either) and one connected area; else leave them."""
    rows, cols = len(grid), len(grid[0])
    partner = (rows - 1 - r, cols - 1 - c)
    if grid[r][c] == BLOCK:
        return False
    grid[r][c] = grid[partner[0]][partner[1]] = BLOCK
    pattern = ["".join(line) for line in grid]
    ok = _runs_sound(pattern, all_runs) and connected(pattern)
    if not ok:
        grid[r][c] = grid[partner[0]][partner[1]] = OPEN
    return ok


def _runs_sound(pattern, all_runs: bool) -> bool:
    for line in list(pattern) + ["".join(col) for col in zip(*pattern)]:
        for run in line.split(BLOCK):
            if len(run) == 2 or (all_runs and len(run) == 1):
                return False
    return True
