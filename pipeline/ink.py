"""The drawing protocol families draw onto, never onto reportlab directly.

A handful of verbs in PDF points, origin bottom-left, grays from 0 (black) to 1 (white).
The book layer implements it over a PDF canvas; `RecordingInk` records the calls so a test
can see what a family draws before any PDF exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from pipeline.geometry import Box

PANEL_GAP = 4.0   # pt between a board's frame and the panel under it (the grid's padding)


@dataclass(frozen=True)
class GridBox:
    """Where a board goes: bottom-left corner of its outer frame, cell pitch, rows and columns."""

    x: float
    y: float
    cell: float
    rows: int
    cols: int

    @property
    def width(self) -> float:
        return self.cell * self.cols

    @property
    def height(self) -> float:
        return self.cell * self.rows

    def cell_origin(self, row: int, col: int) -> tuple[float, float]:
        """Bottom-left corner of cell (row, col); row 0 is the top row."""
        return self.x + col * self.cell, self.y + (self.rows - 1 - row) * self.cell

    def cell_centre(self, row: int, col: int) -> tuple[float, float]:
        x, y = self.cell_origin(row, col)
        return x + self.cell / 2, y + self.cell / 2


def panel_box(grid: GridBox, panel_rows: float) -> Box:
    """The box under `grid` that a family's panel fills (`Family.draw_panel`): as wide as the
    grid, `panel_rows` pitches tall less the gap that keeps it off the frame. The book layer
    and a family's `print_problem` both measure the panel with this."""
    top = grid.y - PANEL_GAP
    return Box(grid.x, grid.y - panel_rows * grid.cell, grid.x + grid.width, top)


def fill_runs(ink: "Ink", rows, box: GridBox, mark: str = "#") -> None:
    """One filled black rectangle per run of `mark` along each row of `rows` (strings, one
    per grid row): a crossword's blocks, a solved picture's filled cells."""
    for r, line in enumerate(rows):
        c = 0
        while c < len(line):
            if line[c] != mark:
                c += 1
                continue
            start = c
            while c < len(line) and line[c] == mark:
                c += 1
            x, y = box.cell_origin(r, start)
            ink.rect(x, y, box.cell * (c - start), box.cell, fill=0.0)


class Ink(Protocol):
    def line(self, x1: float, y1: float, x2: float, y2: float, *, width: float,
             gray: float = 0.0, cap: str = "butt") -> None: ...

    def lines(self, segments: Sequence[tuple[float, float, float, float]], *, width: float,
              gray: float = 0.0, cap: str = "butt",
              dash: tuple[float, float] | None = None) -> None:
        """Several segments (x1, y1, x2, y2) of one style, stroked as one path: a board's
        grid is a few paths, not one per square. `dash` (on, off in points): each segment is
        dashed from its own start."""

    def rect(self, x: float, y: float, width: float, height: float, *,
             stroke: float | None = None, fill: float | None = None) -> None:
        """`stroke` is a line width (None: no outline); `fill` a gray (None: no fill)."""

    def circle(self, cx: float, cy: float, radius: float, *, stroke: float | None = None,
               fill: float | None = None) -> None: ...

    def polygon(self, points: Sequence[tuple[float, float]], *, stroke: float | None = None,
                fill: float | None = None) -> None: ...

    def band(self, x1: float, y1: float, x2: float, y2: float, *, radius: float,
             stroke: float, gray: float = 0.0) -> None:
        """A rounded band (a stadium) round the straight run from (x1, y1) to (x2, y2): two
        parallel sides `radius` off the run, joined by half circles of `radius` round each
        end point; stroked `stroke` wide, never filled (what it rings stays readable). An
        answer key rings a found word's letters with it."""

    def text(self, x: float, y: float, text: str, *, size: float, bold: bool = False,
             anchor: str = "start", gray: float = 0.0) -> None:
        """`anchor`: start, middle or end of the baseline at (x, y); `gray` for light type
        (labels), within the printer's lightest allowed tint."""

    def texts(self, items: Sequence[tuple[float, float, str, str]], *, size: float,
              bold: bool = False, gray: float = 0.0) -> None:
        """Several short texts (x, y, text, anchor) of one size, weight and gray, each as
        `text` would draw it, in one text object: a board's digits are one, not 81."""

    def text_width(self, text: str, *, size: float, bold: bool = False) -> float:
        """Shaped (kerned) advance width of `text` in points, from the font it would use."""


@dataclass(frozen=True)
class InkCall:
    verb: str
    args: tuple
    options: tuple


class RecordingInk:
    """An Ink that records every call, for tests of what a family draws."""

    def __init__(self) -> None:
        self.calls: list[InkCall] = []

    def _record(self, verb: str, args: tuple, options: dict) -> None:
        self.calls.append(InkCall(verb, args, tuple(sorted(options.items()))))

    def line(self, x1, y1, x2, y2, **options):
        self._record("line", (x1, y1, x2, y2), options)

    def lines(self, segments, **options):
        for x1, y1, x2, y2 in segments:
            self._record("line", (x1, y1, x2, y2), options)

    def rect(self, x, y, width, height, **options):
        self._record("rect", (x, y, width, height), options)

    def circle(self, cx, cy, radius, **options):
        self._record("circle", (cx, cy, radius), options)

    def polygon(self, points, **options):
        self._record("polygon", (tuple(points),), options)

    def band(self, x1, y1, x2, y2, **options):
        self._record("band", (x1, y1, x2, y2), options)

    def text(self, x, y, text, **options):
        self._record("text", (x, y, text), options)

    def texts(self, items, *, size, bold=False, gray=0.0):
        for x, y, text, anchor in items:   # recorded as the `text` calls they stand for
            self._record("text", (x, y, text), {"size": size, "bold": bold, "anchor": anchor,
                                                 **({"gray": gray} if gray else {})})

    def text_width(self, text, *, size, bold=False):
        # Recorded drawings have no font; a fixed average advance keeps layouts testable.
        return 0.55 * size * len(text)


@dataclass(frozen=True)
class Lesson:
    """One step of a how-to page: a technique on a real board, drawn small.

    `board` indexes the example boards the book layer handed the family; `step` is the
    family's own description of the state before the step and what the step adds (drawn by
    its `draw_lesson`); `name` and `text` are the caption: the technique, and one sentence
    saying why it works."""

    name: str
    text: str
    board: int
    step: tuple
    shape: tuple[int, int] | None = None   # rows, cols of the diagram when not the board's
