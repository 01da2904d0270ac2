"""Drawing Sudoku boards onto the Ink protocol, for black-and-white print.

Thin cell lines, box lines three times as thick, digits half a cell high and centred. The
puzzle drawing shows the givens only; the solution drawing shows every digit, the givens in
bold and the digits the solver filled in regular type, so the two read apart.
"""

from __future__ import annotations

from pipeline.ink import GridBox, Ink

CELL_LINE = 0.75       # pt: the thinnest line the printers reproduce reliably
BOX_LINE = 2.25        # pt: three times the cell lines
DIGIT_SIZE = 0.5       # of the cell pitch
BASELINE_DROP = 0.35   # of the type size: digits sit on the baseline, this centres them
MIN_CELL_MM = 9.0      # a cell a solver can pencil candidates into


def grid_lines(box: GridBox, boxed: bool) -> list[tuple[float, float, float, float]]:
    """The inner lines between cells (boxed=False) or between boxes (boxed=True)."""
    segments = []
    for k in range(1, 9):
        if (k % 3 == 0) != boxed:
            continue
        x = box.x + k * box.cell
        y = box.y + k * box.cell
        segments.append((x, box.y, x, box.y + box.height))
        segments.append((box.x, y, box.x + box.width, y))
    return segments


def draw_grid(ink: Ink, box: GridBox) -> None:
    ink.lines(grid_lines(box, boxed=False), width=CELL_LINE)
    ink.lines(grid_lines(box, boxed=True), width=BOX_LINE, cap="square")
    ink.rect(box.x, box.y, box.width, box.height, stroke=BOX_LINE)


def draw_digit(ink: Ink, box: GridBox, row: int, col: int, digit: int, bold: bool) -> None:
    size = DIGIT_SIZE * box.cell
    x, y = box.cell_centre(row, col)
    ink.text(x, y - BASELINE_DROP * size, str(digit), size=size, bold=bold, anchor="middle")


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_grid(ink, box)
    for r, row in enumerate(puzzle["givens"]):
        for c, d in enumerate(row):
            if d:
                draw_digit(ink, box, r, c, d, bold=True)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_grid(ink, box)
    givens = puzzle["givens"]
    for r, row in enumerate(solution["grid"]):
        for c, d in enumerate(row):
            draw_digit(ink, box, r, c, d, bold=bool(givens[r][c]))
