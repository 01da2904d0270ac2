"""Drawing Star Battle boards onto the Ink protocol, for black-and-white print.

Thin lines for the grid, thick lines on region borders, stars as vector polygons. The puzzle
drawing shows only the starting stars; the solution drawing adds the rest.
"""

from __future__ import annotations

import math

from pipeline.ink import GridBox, Ink
from pipeline.starbattle.board import Board

GRID_LINE = 0.75       # pt: the thinnest line the printers reproduce reliably
GRID_GRAY = 0.45
BORDER_LINE = 2.4      # pt: region borders must read at a glance
STAR_OUTER = 0.36      # star radius as a share of the cell pitch
STAR_INNER = 0.4       # inner radius as a share of the outer


def star_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star, point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * STAR_INNER
        angle = math.pi / 2 + i * math.pi / 5
        points.append((round(cx + r * math.cos(angle), 3), round(cy + r * math.sin(angle), 3)))
    return points


def draw_board(ink: Ink, board: Board, box: GridBox, stars) -> None:
    n = board.size
    regions = board.regions
    # Thin grid lines between squares of one region.
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            x, y = box.cell_origin(r, c)
            if c + 1 < n and regions[cell] == regions[cell + 1]:
                ink.line(x + box.cell, y, x + box.cell, y + box.cell, width=GRID_LINE, gray=GRID_GRAY)
            if r + 1 < n and regions[cell] == regions[cell + n]:
                ink.line(x, y, x + box.cell, y, width=GRID_LINE, gray=GRID_GRAY)
    # Thick region borders (square caps close the corners).
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            x, y = box.cell_origin(r, c)
            if c + 1 < n and regions[cell] != regions[cell + 1]:
                ink.line(x + box.cell, y, x + box.cell, y + box.cell, width=BORDER_LINE, cap="square")
            if r + 1 < n and regions[cell] != regions[cell + n]:
                ink.line(x, y, x + box.cell, y, width=BORDER_LINE, cap="square")
    ink.rect(box.x, box.y, box.width, box.height, stroke=BORDER_LINE)
    for r, c in stars:
        cx, cy = box.cell_centre(r, c)
        ink.polygon(star_points(cx, cy, STAR_OUTER * box.cell), fill=0.0)


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    board = Board.from_puzzle(puzzle)
    draw_board(ink, board, box, board.givens)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    board = Board.from_puzzle(puzzle)
    draw_board(ink, board, box, [tuple(star) for star in solution["stars"]])


HINT_SHADE = 0.8       # gray of the squares a hint reasons on (20 % ink: clear of the 10 % floor)
CROSS_LINE = 1.0       # pt


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The board with the open squares of the lines the step reasons on shaded, the squares it
    crosses out marked X and the star it places drawn: nothing the step does not establish."""
    board = Board.from_puzzle(puzzle)
    for line in hint.figure["lines"]:
        for r, c in line:
            x, y = box.cell_origin(r, c)
            ink.rect(x, y, box.cell, box.cell, fill=HINT_SHADE)
    draw_board(ink, board, box, board.givens)
    arm = box.cell * 0.28
    for r, c in hint.reveals["crossed"]:
        cx, cy = box.cell_centre(r, c)
        ink.line(cx - arm, cy - arm, cx + arm, cy + arm, width=CROSS_LINE)
        ink.line(cx - arm, cy + arm, cx + arm, cy - arm, width=CROSS_LINE)
    for r, c in hint.reveals["stars"]:
        cx, cy = box.cell_centre(r, c)
        ink.polygon(star_points(cx, cy, STAR_OUTER * box.cell), fill=0.0)
