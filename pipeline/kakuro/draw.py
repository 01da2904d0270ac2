"""Drawing Kakuro boards onto the drawing protocol, in black and white.

A block is shaded and, when it carries a sum, split by a diagonal from its top-left to its
bottom-right corner: the down sum sits in the lower-left triangle, the across sum in the
upper-right one, each at least 7 pt and clear of the diagonal and the cell lines (the
read-back's clue check finds every sum once in its cell, touching no line). White cells stay
empty on a puzzle page; the solution prints their digits.
"""

from __future__ import annotations

from pipeline.ink import GridBox, Ink

CELL_LINE = 0.75     # pt: the thinnest line the printers reproduce reliably
FRAME_LINE = 1.5     # pt: the board's outer frame
BLOCK_SHADE = 0.8    # gray of a block (20 % ink): dark enough to read as a block, light
#                      enough for black sums on it
MIN_CELL_MM = 8.0    # a white cell a solver can write a digit and candidates into
MIN_SUM_PT = 7.0     # never print a sum smaller
SUM_SIZE = 0.3       # of the cell: a sum's type size
DIGIT_SIZE = 0.55    # of the cell: a solution digit
FOCUS_SHADE = 0.9    # gray of the white cells a hint's step reasons on
HINT_FIGURE_NOTE = ("Shaded white cells are the cells the step reasons on.")


def sum_size(box: GridBox) -> float:
    return max(MIN_SUM_PT, SUM_SIZE * box.cell)


def sum_places(box: GridBox, r: int, c: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a block's down sum and across sum are printed (the middle of each baseline):
    the down sum low in the lower-left triangle, the across sum high in the upper-right one,
    each far enough in from the diagonal for two digits."""
    x0, y0 = box.cell_origin(r, c)
    s = box.cell
    return (x0 + 0.28 * s, y0 + 0.1 * s), (x0 + 0.72 * s, y0 + 0.62 * s)


def draw_board(ink: Ink, puzzle: dict, box: GridBox, focus=()) -> None:
    """Blocks, diagonals, sums and lines; the cells of `focus` lightly shaded."""
    cells = puzzle["cells"]
    for r, c in focus:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    diagonals, texts = [], []
    for r, row in enumerate(cells):
        for c, entry in enumerate(row):
            if entry == 0:
                continue
            x, y = box.cell_origin(r, c)
            ink.rect(x, y, box.cell, box.cell, fill=BLOCK_SHADE)
            down, across = entry
            if down or across:
                diagonals.append((x, y + box.cell, x + box.cell, y))
            (dx, dy), (ax, ay) = sum_places(box, r, c)
            if down:
                texts.append((dx, dy, str(down), "middle"))
            if across:
                texts.append((ax, ay, str(across), "middle"))
    grid = [(box.x, box.y + k * box.cell, box.x + box.width, box.y + k * box.cell)
            for k in range(1, box.rows)]
    grid += [(box.x + k * box.cell, box.y, box.x + k * box.cell, box.y + box.height)
             for k in range(1, box.cols)]
    ink.lines(grid + diagonals, width=CELL_LINE)
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_LINE)
    if texts:
        ink.texts(texts, size=sum_size(box))


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_board(ink, puzzle, box)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_board(ink, puzzle, box)
    size = DIGIT_SIZE * box.cell
    items = []
    for r, row in enumerate(solution["digits"]):
        for c, d in enumerate(row):
            if puzzle["cells"][r][c] == 0:
                x, y = box.cell_centre(r, c)
                items.append((x, y - 0.35 * size, str(d), "middle"))
    ink.texts(items, size=size, bold=True)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The board with the white cells the step reasons on shaded; no digit of the answer."""
    focus = [tuple(cell) for cell in (hint.figure or {}).get("cells", [])]
    draw_board(ink, puzzle, box, focus=focus)
