"""Drawing Bridges boards onto the Ink protocol, for black-and-white print: islands as
numbered circles, bridges as one or two straight lines between island centres.
"""

from __future__ import annotations

import re

from pipeline.cover_colours import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.bridges.grade import LEVEL_RULES
from pipeline.bridges.solve import (CONNECTIVITY, COUNTING, CROSSINGS, SATURATION, WHATIF,
                                    explain)
from pipeline.i18n import N_, Messages, texts
from pipeline.ink import GridBox, Ink, Lesson

_ = Messages(__name__)

LINE_WIDTH = 0.9        # pt: bridges and island outlines (printers want at least 0.75)
DOUBLE_GAP = 0.16       # of a cell: the distance between the two lines of a double bridge
ISLAND_RADIUS = 0.40    # of a cell
MIN_TEXT = 7.0          # pt
MIN_CELL_MM = 6.0       # island spacing a solver can pencil a double bridge into
LESSON_EARLIER = 0.55   # bridges found before a lesson's step: gray

# The cover's defaults (Family.cover_style): a harbour of many boards.
COVER_STYLE = CoverStyle(
    name="harbour", art="mosaic", ground=cmyk(75, 10, 0, 0), plate=WHITE,
    accents=(cmyk(0, 10, 45, 0), cmyk(30, 0, 10, 0), cmyk(0, 30, 50, 0)),
    art_dark=cmyk(90, 40, 0, 30), badge=cmyk(0, 35, 95, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="bottom")
# What the hints page says a hint's figure shows (Family.hint_figure_note).
HINT_FIGURE_NOTE = N_("The figure shows only the islands the step looks at; the gray band is "
                      "the span it decides, and gray islands are the group it speaks of.")


# The how-to page's rules of play (Family.rules), a paragraph each.
RULES = (
    N_("Each circle is an island. Join the islands with bridges so that every island has as "
       "many bridges as its number says."),
    N_("Bridges run straight across or down between two islands. They never cross each other "
       "and never pass over an island."),
    N_("Two islands may be joined by one bridge or by two, never more."),
    N_("When you are done, you can walk from any island to every other one over the "
       "bridges."),
)
def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_islands(ink, puzzle, box)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    # Bridges first, so the island discs (filled white) cover their ends.
    for (r1, c1), (r2, c2), count in solution["bridges"]:
        x1, y1 = box.cell_centre(r1, c1)
        x2, y2 = box.cell_centre(r2, c2)
        if count == 1:
            ink.line(x1, y1, x2, y2, width=LINE_WIDTH)
            continue
        gap = DOUBLE_GAP * box.cell / 2
        dx, dy = (0.0, gap) if r1 == r2 else (gap, 0.0)
        for sign in (-1, 1):
            ink.line(x1 + sign * dx, y1 + sign * dy, x2 + sign * dx, y2 + sign * dy,
                     width=LINE_WIDTH)
    draw_islands(ink, puzzle, box)


def draw_islands(ink: Ink, puzzle: dict, box: GridBox) -> None:
    radius = ISLAND_RADIUS * box.cell
    size = max(MIN_TEXT, 0.5 * box.cell)
    numbers = []
    for r, c, number in puzzle["islands"]:
        x, y = box.cell_centre(r, c)
        ink.circle(x, y, radius, stroke=LINE_WIDTH, fill=1.0)
        # Digits sit on the baseline; about a third of the size down centres them.
        numbers.append((x, y - 0.35 * size, str(number), "middle"))
    # After every disc (discs never overlap, so each number still lies on its own), as one
    # text object.
    ink.texts(numbers, size=size)


# --- how-to lessons ------------------------------------------------------------------------------
# (rule, name, lesson) of each technique, in the order taught (texts.toml's `techniques`).
TECHNIQUES = tuple((rule, technique["name"], technique["lesson"]) for rule, technique
                   in texts("pipeline.bridges")["techniques"].items())
_SPAN = r"\((\d+),(\d+)\)-\((\d+),(\d+)\)"


def _rules_of(level: str) -> set[str]:
    bits = LEVEL_RULES[level]
    names = {"crossings": CROSSINGS, "saturation": SATURATION, "counting": COUNTING,
             "connectivity": CONNECTIVITY, "what-if": WHATIF}
    return {name for name, bit in names.items() if bits & bit}


def _parse_step(line: str):
    """(rule, span, new_lo, new_hi) from a line of the solver's explanation, or None."""
    m = re.match(r"^(crossings|saturation|counting|connectivity): " + _SPAN + r" has (.*)$", line)
    if m is None:
        m = re.match(r"^what-if \d+: if " + _SPAN + r" had \d bridge\(s\) the rules reach a "
                     r"contradiction, so it has (.*)$", line)
        if m is None:
            return None
        rule, numbers, rest = "what-if", m.groups()[:4], m.groups()[4]
    else:
        rule, numbers, rest = m.group(1), m.groups()[1:5], m.group(6)
    span = ((int(numbers[0]), int(numbers[1])), (int(numbers[2]), int(numbers[3])))
    found = re.match(r"^(\d) to (\d) bridges", rest)
    if found:
        return rule, span, int(found.group(1)), int(found.group(2))
    found = re.match(r"^at least (\d)", rest)
    if found:
        return rule, span, int(found.group(1)), None
    found = re.match(r"^at most (\d)", rest)
    if found:
        return rule, span, None, int(found.group(1))
    found = re.match(r"^(\d) bridge", rest)
    return (rule, span, int(found.group(1)), int(found.group(1))) if found else None


def lessons(boards, levels) -> list:
    """One lesson per technique the book's levels use: the first step of it, with a visible
    effect (a bridge placed or a span closed), in the explained solve of the first example
    board that uses it."""
    wanted = set().union(*(_rules_of(level) for level in levels))
    out = []
    solves = [explain(puzzle) for puzzle, _solution in boards]
    for rule, name, text in TECHNIQUES:
        if rule not in wanted:
            continue
        for index, lines in enumerate(solves):
            low: dict = {}
            high: dict = {}
            for line in lines:
                parsed = _parse_step(line)
                if parsed is None:
                    continue
                kind, span, lo, hi = parsed
                visible = (lo is not None and lo > low.get(span, 0)) or \
                    (hi == 0 and high.get(span, 2) > 0)
                if kind == rule and visible:
                    before = tuple(sorted((s, low.get(s, 0), high.get(s, 2))
                                          for s in set(low) | set(high)))
                    out.append(Lesson(_(name), _(text), index, (before, span, lo, hi)))
                    break
                if lo is not None:
                    low[span] = max(lo, low.get(span, 0))
                if hi is not None:
                    high[span] = min(hi, high.get(span, 2))
            else:
                continue
            break
    return out


def _bridge(ink: Ink, box: GridBox, a, b, count: int, gray: float) -> None:
    x1, y1 = box.cell_centre(*a)
    x2, y2 = box.cell_centre(*b)
    if count == 1:
        ink.line(x1, y1, x2, y2, width=LINE_WIDTH, gray=gray)
        return
    gap = DOUBLE_GAP * box.cell / 2
    dx, dy = (0.0, gap) if a[0] == b[0] else (gap, 0.0)
    for sign in (-1, 1):
        ink.line(x1 + sign * dx, y1 + sign * dy, x2 + sign * dx, y2 + sign * dy,
                 width=LINE_WIDTH, gray=gray)


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """Bridges the solve had found before the step in gray; the step's bridges in black, or a
    black cross on a span it closes; the two islands of the span outlined heavily."""
    before, span, lo, hi = step
    for s, low, _high in before:
        if low:
            _bridge(ink, box, s[0], s[1], low, LESSON_EARLIER)
    a, b = span
    if lo:
        _bridge(ink, box, a, b, lo, 0.0)
    draw_islands(ink, puzzle, box)
    for r, c in span:
        x, y = box.cell_centre(r, c)
        ink.circle(x, y, ISLAND_RADIUS * box.cell + 1.2, stroke=1.4)
    if not lo:
        (x1, y1), (x2, y2) = box.cell_centre(*a), box.cell_centre(*b)
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        d = box.cell * 0.2
        ink.line(cx - d, cy - d, cx + d, cy + d, width=1.2)
        ink.line(cx - d, cy + d, cx + d, cy - d, width=1.2)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The part of the board the step reasons on (the figure's window: `box` has its rows and
    columns) with only its islands: the span it decides as a wide gray band, the group it
    speaks of (connectivity) filled gray."""
    figure = hint.figure
    r0, _rows, c0, _cols = figure["window"]

    def centre(r: int, c: int) -> tuple[float, float]:
        return box.cell_centre(r - r0, c - c0)

    ink.rect(box.x, box.y, box.width, box.height, stroke=LINE_WIDTH)
    (x1, y1), (x2, y2) = (centre(*end) for end in figure["span"])
    ink.line(x1, y1, x2, y2, width=max(LINE_WIDTH, 0.35 * box.cell), gray=0.75)
    group = {tuple(square) for square in figure["group"]}
    radius = ISLAND_RADIUS * box.cell
    size = max(MIN_TEXT, 0.5 * box.cell)
    for r, c, number in figure["islands"]:
        x, y = centre(r, c)
        ink.circle(x, y, radius, stroke=LINE_WIDTH, fill=0.8 if (r, c) in group else 1.0)
        ink.text(x, y - 0.35 * size, str(number), size=size, anchor="middle")
