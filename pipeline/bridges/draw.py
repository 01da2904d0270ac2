"""Drawing Bridges boards onto the Ink protocol, for black-and-white print: islands as
numbered circles, bridges as one or two straight lines between island centres.
"""

from __future__ import annotations

from pipeline.ink import GridBox, Ink

LINE_WIDTH = 0.9        # pt: bridges and island outlines (printers want at least 0.75)
DOUBLE_GAP = 0.16       # of a cell: the distance between the two lines of a double bridge
ISLAND_RADIUS = 0.40    # of a cell
MIN_TEXT = 7.0          # pt


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
    for r, c, number in puzzle["islands"]:
        x, y = box.cell_centre(r, c)
        ink.circle(x, y, radius, stroke=LINE_WIDTH, fill=1.0)
        # Digits sit on the baseline; about a third of the size down centres them.
        ink.text(x, y - 0.35 * size, str(number), size=size, anchor="middle")
