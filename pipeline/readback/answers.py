"""Is any part of a puzzle's answer drawn on its puzzle page? Judged from the marks read back.

The grid geometry comes from the manifest (DESIGN.md section 4: the outer frame's bottom-left
corner, the cell pitch, rows and columns, in page points); the answer comes from the catalog
record. Each family says what an answer would look like on paper:

- Star Battle: something drawn inside a solution cell that is not a printed starting star.
- Bridges: a line along a solution bridge, in the corridor between its two islands.
- Connections: a group's label printed on the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.readback.reader import Glyph, PageContent, PathMark, paints_in
from pipeline.geometry import Box


@dataclass(frozen=True)
class Grid:
    x: float
    y: float
    cell: float
    rows: int
    cols: int

    @classmethod
    def from_manifest(cls, grid: dict) -> "Grid":
        return cls(float(grid["x"]), float(grid["y"]), float(grid["cell"]), int(grid["rows"]),
                   int(grid["cols"]))

    def cell_box(self, row: int, col: int) -> Box:
        x0 = self.x + col * self.cell
        y0 = self.y + (self.rows - 1 - row) * self.cell
        return Box(x0, y0, x0 + self.cell, y0 + self.cell)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        box = self.cell_box(row, col)
        return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2


def describe(mark) -> str:
    if isinstance(mark, Glyph):
        return f"glyph {mark.text!r} ({mark.font.base_font}, {mark.rendered_size:.2f} pt)"
    if isinstance(mark, PathMark):
        parts = []
        if mark.fill is not None:
            parts.append(f"filled {mark.fill.space} {list(mark.fill.values)}")
        if mark.stroke is not None:
            parts.append(f"stroked {mark.line_width:.2f} pt")
        return "path " + ", ".join(parts) + f" at {mark.ink.as_list(1)}"
    return f"image at {mark.ink.as_list(1)}"


def _is_shading(mark, cell: Box) -> bool:
    """A light fill that covers the whole cell (region shading), not a mark in it."""
    if not isinstance(mark, PathMark) or mark.stroke is not None or mark.fill is None:
        return False
    ink = 1 - sum(mark.fill.rgb()) / 3
    return ink <= 0.5 and mark.covers(cell)


def starbattle_leaks(page: PageContent, grid: Grid, puzzle: dict, solution: dict) -> list[str]:
    """Marks inside a solution cell that holds no printed starting star.

    A mark is inside a cell when its ink reaches the cell's core (the middle half of the
    cell): grid lines and region borders sit on the cell edges and never reach it."""
    givens = {tuple(star) for star in puzzle.get("stars", [])}
    marks = page.ink_marks
    leaks = []
    for row, col in (tuple(star) for star in solution["stars"]):
        if (row, col) in givens:
            continue
        cell = grid.cell_box(row, col)
        quarter = grid.cell / 4
        core = cell.inset(quarter, quarter, quarter, quarter)
        for mark in marks:
            if paints_in(mark, core) and not _is_shading(mark, core):
                leaks.append(f"solution cell ({row}, {col}) holds {describe(mark)}")
    return leaks


def bridges_leaks(page: PageContent, grid: Grid, puzzle: dict, solution: dict) -> list[str]:
    """Lines along a solution bridge between its islands.

    The corridor runs between the two islands (from the far edge of one to the far edge of
    the other) and reaches a third of a cell to either side. A mark counts
    as a bridge when it lies within the corridor, clear of both islands' circles, and covers
    at least half of the open gap between them. Island circles and their numbers stay
    within an island's own cell, grid-wide lines reach beyond the corridor: neither counts."""
    marks = [m for m in page.ink_marks if isinstance(m, PathMark)]
    leaks = []
    for (r1, c1), (r2, c2), _count in solution["bridges"]:
        (x1, y1), (x2, y2) = grid.centre(r1, c1), grid.centre(r2, c2)
        half_width = grid.cell / 3
        island = grid.cell * 0.45  # no island circle is wider than its cell
        if r1 == r2:  # across
            lo, hi = sorted((x1, x2))
            corridor = Box(lo - island, y1 - half_width, hi + island, y1 + half_width)
            gap = (lo + island, hi - island)
            along = lambda b: (b.x0, b.x1)  # noqa: E731
        else:  # down
            lo, hi = sorted((y1, y2))
            corridor = Box(x1 - half_width, lo - island, x1 + half_width, hi + island)
            gap = (lo + island, hi - island)
            along = lambda b: (b.y0, b.y1)  # noqa: E731
        open_gap = max(gap[1] - gap[0], grid.cell * 0.05)
        for mark in marks:
            if not corridor.contains(mark.ink, slack=1e-3):
                continue
            start, end = along(mark.ink)
            covered = min(end, gap[1]) - max(start, gap[0])
            if covered >= open_gap / 2:
                leaks.append(f"bridge ({r1}, {c1})-({r2}, {c2}) is drawn: {describe(mark)}")
    return leaks


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def connections_leaks(page: PageContent, grid: Grid, puzzle: dict, solution: dict) -> list[str]:
    """A group label printed on the page: its words in a row, in the page's text outside the
    tiles themselves (compared without case or punctuation; a label may wrap across lines)."""
    tiles = {tuple(_words(t)) for t in puzzle.get("tiles", [])}
    words: list[str] = []
    for line in page.text.split("\n"):
        if tuple(_words(line)) not in tiles:
            words += _words(line)
    leaks = []
    for group in solution["groups"]:
        label = _words(group["label"])
        if label and any(words[i:i + len(label)] == label
                         for i in range(len(words) - len(label) + 1)):
            leaks.append(f"group label {group['label']!r} is printed")
    return leaks


FAMILY_CHECKS = {
    "starbattle": starbattle_leaks,
    "bridges": bridges_leaks,
    "connections": connections_leaks,
}


def answer_leaks(page: PageContent, family: str, grid: dict, puzzle: dict,
                 solution: dict) -> list[str]:
    """What of the answer is drawn on `page` for the puzzle at `grid` (empty when nothing)."""
    check = FAMILY_CHECKS.get(family)
    if check is None:
        return [f"no answer check is defined for family {family!r}"]
    return check(page, Grid.from_manifest(grid), puzzle, solution)
