"""Is any part of a puzzle's answer drawn on its puzzle page? Judged from the marks read back.

The grid geometry comes from the manifest (docs/readback.md: the outer frame's bottom-left
corner, the cell pitch, rows and columns, in page points); the answer comes from the catalog
record; each family says, through `Family.answer_signs`, what its board looks like on paper
and where its answer would show (pipeline/family.py). Before looking for an answer the guard
finds the board itself where the manifest puts it: a grid frame, island circles, tiles. A
manifest that disagrees with the page would otherwise have it look at empty paper and pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter

import numpy as np

from pipeline.family import AnswerSigns
from pipeline.geometry import Box
from pipeline.readback.findings import describe
from pipeline.readback.reader import PageContent, PathMark

# How far a drawn outline may sit from where the grid puts it: the frame's corners within
# this many points (PDFs store coordinates to a few decimals; a drawing mistake moves a
# board by far more), circles and tiles within this share of a cell.
FRAME_SLACK_PT = 0.5
CELL_SLACK = 0.1


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

    @property
    def frame(self) -> Box:
        return Box(self.x, self.y, self.x + self.cols * self.cell, self.y + self.rows * self.cell)

    def cell_box(self, row: int, col: int) -> Box:
        x0 = self.x + col * self.cell
        y0 = self.y + (self.rows - 1 - row) * self.cell
        return Box(x0, y0, x0 + self.cell, y0 + self.cell)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        box = self.cell_box(row, col)
        return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2


# ---------------------------------------------------------------------------------------------
# The board's outline, where the manifest puts it


def _strokes(page: PageContent) -> list[PathMark]:
    return list(_stroke_view(page)[0])


def _stroke_view(page: PageContent) -> tuple[list[PathMark], np.ndarray]:
    """The page's stroked paths among its ink marks, in order, and their outlines as rows
    (x0, y0, x1, y1): made once a page (a page may hold several boards)."""
    def make():
        strokes = [m for m in page.ink_marks if isinstance(m, PathMark) and m.stroke is not None]
        return strokes, np.array([m.outline.as_tuple() for m in strokes],
                                 dtype=float).reshape(-1, 4)
    return page.view("answers strokes", make)


def _near(a: float, b: float, slack: float) -> bool:
    return abs(a - b) <= slack


def _is_frame(mark: PathMark, grid: Grid) -> bool:
    f, o = grid.frame, mark.outline
    return all(_near(p, q, FRAME_SLACK_PT) for p, q in zip((o.x0, o.y0, o.x1, o.y1),
                                                           (f.x0, f.y0, f.x1, f.y1)))


def _frames(outlines: np.ndarray, grid: Grid) -> np.ndarray:
    """`_is_frame` of each path whose outline is a row of `outlines`, all at once."""
    f = grid.frame
    return (np.abs(outlines - (f.x0, f.y0, f.x1, f.y1)) <= FRAME_SLACK_PT).all(axis=1)


def _is_circle(mark: PathMark, grid: Grid, row: int, col: int) -> bool:
    """A round outline centred in the cell, at least half a cell and at most a cell across."""
    o = mark.outline
    cx, cy = grid.centre(row, col)
    slack = CELL_SLACK * grid.cell
    return (_near((o.x0 + o.x1) / 2, cx, slack) and _near((o.y0 + o.y1) / 2, cy, slack)
            and _near(o.width, o.height, slack)
            and 0.5 * grid.cell <= o.width <= grid.cell + slack
            and any(s[0] == "C" for s in mark.segments))


def _is_tile(mark: PathMark, grid: Grid, row: int, col: int) -> bool:
    """A box inside the cell filling most of it."""
    o = mark.outline
    return (grid.cell_box(row, col).contains(o, slack=CELL_SLACK * grid.cell)
            and o.width >= 0.6 * grid.cell and o.height >= 0.6 * grid.cell)


def _by_cell(strokes: list[PathMark], grid: Grid) -> dict:
    """Strokes by the cell holding their outline's centre. A circle or tile that passes its
    test for a cell is centred within a tenth of a cell of that cell's centre, so looking
    only at the strokes centred in the cell finds all of them."""
    cells: dict = {}
    for mark in strokes:
        o = mark.outline
        col = int(((o.x0 + o.x1) / 2 - grid.x) // grid.cell)
        row = grid.rows - 1 - int(((o.y0 + o.y1) / 2 - grid.y) // grid.cell)
        cells.setdefault((row, col), []).append(mark)
    return cells


def missing_outline(page: PageContent, grid: Grid, signs: AnswerSigns) -> str | None:
    """None when the board is drawn at `grid`; otherwise what is missing there."""
    strokes, outlines = _stroke_view(page)
    if signs.outline == "frame":
        if _frames(outlines, grid).any():
            return None
        return f"no grid frame at {grid.frame.as_list(1)}"
    test = {"circles": _is_circle, "tiles": _is_tile}.get(signs.outline)
    if test is None:
        return f"unknown board outline {signs.outline!r}"
    by_cell = _by_cell(strokes, grid)
    missing = [cell for cell in signs.outline_cells
               if not any(test(m, grid, *cell) for m in by_cell.get(tuple(cell), ()))]
    if not signs.outline_cells or missing:
        return (f"{len(missing)} of {len(signs.outline_cells)} {signs.outline} missing at the "
                f"grid {grid.frame.as_list(1)}" + (f", first in cell {missing[0]}" if missing
                                                    else ""))
    return None


# ---------------------------------------------------------------------------------------------
# The answer


def _is_shading(mark, cell: Box) -> bool:
    """A light fill that covers the whole cell (region shading), not a mark in it."""
    if not isinstance(mark, PathMark) or mark.stroke is not None or mark.fill is None:
        return False
    ink = 1 - sum(mark.fill.rgb()) / 3
    return ink <= 0.5 and mark.covers(cell)


def text_runs(page: PageContent) -> list[tuple[str, Box, tuple]]:
    """Each show operation's text, the bounds of its ink and its glyphs (made once a page:
    the answers and clue checks ask for them board by board)."""
    return list(page_runs(page)[0])


def page_runs(page: PageContent) -> tuple[list, dict]:
    """`text_runs` of the page, and the same runs by their text (each text's in order)."""
    def make():
        runs = _text_runs(page)
        by_text: dict = {}
        for run in runs:
            by_text.setdefault(run[0], []).append(run)
        return runs, by_text
    return page.view("text runs", make)


_RUN, _TEXT = attrgetter("run"), attrgetter("text")


def _text_runs(page: PageContent) -> list[tuple[str, Box, tuple]]:
    """`plain_text_runs`, the same runs: when the glyphs come run after run, as a page
    paints them, each run's bounds are taken from the page's ink boxes at once."""
    glyphs = [g for g in page.glyphs if g.ink is not None]
    runs = np.fromiter(map(_RUN, glyphs), dtype=np.int64, count=len(glyphs))
    if not len(runs) or np.any(np.diff(runs) < 0):
        return plain_text_runs(page)
    starts = np.flatnonzero(np.diff(runs, prepend=runs[0] - 1))
    rows = np.fromiter(chain.from_iterable(map(_CORNERS, map(_INK, glyphs))), dtype=float,
                       count=4 * len(glyphs)).reshape(-1, 4)
    bounds = np.column_stack((np.minimum.reduceat(rows[:, 0], starts),
                              np.minimum.reduceat(rows[:, 1], starts),
                              np.maximum.reduceat(rows[:, 2], starts),
                              np.maximum.reduceat(rows[:, 3], starts))).tolist()
    ends = [*starts[1:].tolist(), len(glyphs)]
    return [("".join(map(_TEXT, glyphs[a:b])), Box(*box), tuple(glyphs[a:b]))
            for a, b, box in zip(starts.tolist(), ends, bounds)]


_INK, _CORNERS = attrgetter("ink"), attrgetter("x0", "y0", "x1", "y1")


def plain_text_runs(page: PageContent) -> list[tuple[str, Box, tuple]]:
    """Each show operation's text, the bounds of its ink and its glyphs, glyph by glyph."""
    runs: dict[int, list] = {}
    for glyph in page.glyphs:
        if glyph.ink is not None:
            runs.setdefault(glyph.run, []).append(glyph)
    return [("".join(g.text for g in glyphs), Box(
        min(g.ink.x0 for g in glyphs), min(g.ink.y0 for g in glyphs),
        max(g.ink.x1 for g in glyphs), max(g.ink.y1 for g in glyphs)), tuple(glyphs))
        for glyphs in runs.values()]


def clue_runs(runs, grid: Grid, clue) -> list[tuple[str, Box, tuple]]:
    """The runs that print `clue` ((row, col), text): its text, centred in its cell. `runs`:
    the page's runs by their text (`page_runs`)."""
    (row, col), text = clue
    cell = grid.cell_box(row, col)
    return [run for run in runs.get(text, ())
            if cell.x0 <= (run[1].x0 + run[1].x1) / 2 <= cell.x1
            and cell.y0 <= (run[1].y0 + run[1].y1) / 2 <= cell.y1]


def _core(grid: Grid, row: int, col: int) -> Box:
    """The middle half of a cell."""
    quarter = grid.cell / 4
    return grid.cell_box(row, col).inset(quarter, quarter, quarter, quarter)


@lru_cache(maxsize=256)
def _core_table(grid: Grid) -> dict:
    """(row, col) -> `_core` of the cells of `grid` asked so far: a book's boards sit on a
    few grids, so each cell's core is worked out once, not once a board."""
    return {}


def cell_leaks(page: PageContent, grid: Grid, cells, clues=()) -> list[str]:
    """Marks inside a cell that must stay empty.

    A mark is inside a cell when its ink reaches the cell's core (the middle half of the
    cell): grid lines and region borders sit on the cell edges and never reach it. The
    glyphs of a clue the puzzle prints in a cell's corner (`AnswerSigns.clues`) are puzzle
    print, not answers, however far a two-digit sum reaches."""
    runs = page_runs(page)[1] if clues else {}
    printed = {id(g) for clue in clues for run in clue_runs(runs, grid, clue) for g in run[2]}
    leaks = []
    cells = list(cells)
    table = _core_table(grid)
    cores = [table[(row, col)] if (row, col) in table else table.setdefault(
        (row, col), _core(grid, row, col)) for row, col in cells]
    for (row, col), core, marks in zip(cells, cores, page.marks_in_each(cores)):
        for mark in marks:
            if id(mark) not in printed and not _is_shading(mark, core):
                leaks.append(f"solution cell ({row}, {col}) holds {describe(mark)}")
    return leaks


def link_leaks(page: PageContent, grid: Grid, links) -> list[str]:
    """Lines along a link between two cells (`AnswerSigns.links`).

    The corridor runs between the two cells' centres (from the far edge of one to the far
    edge of the other) and reaches a third of a cell to either side. A mark counts as a link
    when it lies within the corridor, clear of both ends' circles, and covers at least half of
    the open gap between them. Island circles and their numbers stay within an island's own
    cell, grid-wide lines reach beyond the corridor: neither counts."""
    if not links:
        return []
    marks = [m for m in page.ink_marks if isinstance(m, PathMark)]
    if not marks:
        return []
    corridors = []   # per link: the corridor's x0, y0, x1, y1; across; the gap's ends; open gap
    for (r1, c1), (r2, c2) in links:
        (x1, y1), (x2, y2) = grid.centre(r1, c1), grid.centre(r2, c2)
        half_width = grid.cell / 3
        island = grid.cell * 0.45  # no island circle is wider than its cell
        if r1 == r2:  # across
            lo, hi = sorted((x1, x2))
            corridor = (lo - island, y1 - half_width, hi + island, y1 + half_width)
        else:  # down
            lo, hi = sorted((y1, y2))
            corridor = (x1 - half_width, lo - island, x1 + half_width, hi + island)
        gap = (lo + island, hi - island)
        corridors.append((*corridor, r1 == r2, *gap, max(gap[1] - gap[0], grid.cell * 0.05)))
    c = np.array(corridors, dtype=float)[:, :, None]   # a link a row, a mark a column
    ink = np.array([m.ink.as_tuple() for m in marks], dtype=float).T[None]
    # The mark lies within the corridor (Box.contains, slack 1e-3) ...
    within = ((ink[:, 0] >= c[:, 0] - 1e-3) & (ink[:, 1] >= c[:, 1] - 1e-3)
              & (ink[:, 2] <= c[:, 2] + 1e-3) & (ink[:, 3] <= c[:, 3] + 1e-3))
    # ... and covers at least half of the open gap, measured along the link.
    across = c[:, 4] != 0
    start = np.where(across, ink[:, 0], ink[:, 1])
    end = np.where(across, ink[:, 2], ink[:, 3])
    covered = np.minimum(end, c[:, 6]) - np.maximum(start, c[:, 5])
    leaks = []
    for n, k in zip(*(a.tolist() for a in np.nonzero(within & (covered >= c[:, 7] / 2)))):
        (r1, c1), (r2, c2) = links[n]
        leaks.append(f"bridge ({r1}, {c1})-({r2}, {c2}) is drawn: {describe(marks[k])}")
    return leaks


def run_leaks(page: PageContent, grid: Grid, runs) -> list[str]:
    """A band or ring drawn round a run of letters (`AnswerSigns.runs`).

    A path counts as marking the run when its outline holds both end cells' centres and
    stays within the run's cells grown by three quarters of a cell all round: a band round
    the word, a loop, a line struck through it. The board's frame is the board, not a mark
    (it can hold a corner-to-corner run); the letters are text, never paths."""
    if not runs:
        return []
    marks = [m for m in page.ink_marks if isinstance(m, PathMark) and not _is_frame(m, grid)]
    if not marks:
        return []
    reach = 0.75 * grid.cell
    leaks = []
    for start, end in runs:
        (xa, ya), (xb, yb) = grid.centre(*start), grid.centre(*end)
        ends = Box(min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        room = Box(ends.x0 - grid.cell / 2 - reach, ends.y0 - grid.cell / 2 - reach,
                   ends.x1 + grid.cell / 2 + reach, ends.y1 + grid.cell / 2 + reach)
        for mark in marks:
            if mark.outline.contains(ends, slack=1e-3) and room.contains(mark.outline,
                                                                          slack=1e-3):
                leaks.append(f"the run {tuple(start)}-{tuple(end)} is ringed: "
                             f"{describe(mark)}")
                break
    return leaks


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def word_leaks(page: PageContent, phrases, printed) -> list[str]:
    """A phrase printed on the page: its words in a row, in the page's text outside the lines
    the puzzle prints itself (compared without case or punctuation; a phrase may wrap across
    lines)."""
    if not phrases:
        return []
    own = {tuple(_words(t)) for t in printed}
    words: list[str] = []
    for line in page.text.split("\n"):
        if tuple(_words(line)) not in own:
            words += _words(line)
    leaks = []
    for phrase in phrases:
        wanted = _words(phrase)
        if wanted and any(words[i:i + len(wanted)] == wanted
                          for i in range(len(words) - len(wanted) + 1)):
            leaks.append(f"group label {phrase!r} is printed")
    return leaks


def answer_leaks(page: PageContent, signs: AnswerSigns, grid: dict) -> list[str]:
    """What of the answer is drawn on `page` for the board at `grid` (empty when nothing)."""
    g = Grid.from_manifest(grid)
    return (cell_leaks(page, g, signs.cells, signs.clues) + link_leaks(page, g, signs.links)
            + run_leaks(page, g, signs.runs) + word_leaks(page, signs.words, signs.printed))
