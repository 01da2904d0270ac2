"""Drawing Star Battle boards onto the Ink protocol, for black-and-white print.

Thin lines for the grid, thick lines on region borders, stars as vector polygons. The puzzle
drawing shows only the starting stars; the solution drawing adds the rest.
"""

from __future__ import annotations

from pipeline.cover_colours import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.geometry import star_points
from pipeline.ink import GridBox, Ink
from pipeline.i18n import N_, Messages

_ = Messages(__name__)
from pipeline.starbattle.board import Board

GRID_LINE = 0.75       # pt: the thinnest line the printers reproduce reliably
GRID_GRAY = 0.45
BORDER_LINE = 2.4      # pt: region borders must read at a glance
STAR_OUTER = 0.36      # star radius as a share of the cell pitch

# The cover's defaults (Family.cover_style): a night sky, one board large.
COVER_STYLE = CoverStyle(
    name="night-sky", art="closeup", ground=cmyk(100, 75, 0, 40), plate=WHITE,
    accents=(cmyk(0, 20, 90, 0), cmyk(60, 0, 20, 0), cmyk(0, 55, 45, 0), cmyk(35, 0, 75, 0),
             cmyk(15, 40, 0, 0)),
    art_dark=cmyk(100, 75, 0, 40), badge=cmyk(0, 75, 85, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")
# What the hints page says a hint's figure shows (Family.hint_figure_note).
HINT_FIGURE_NOTE = N_("Shaded squares are the open squares of the lines the step looks at; "
                      "X marks a square it crosses out.")


def edge_runs(board: Board, box: GridBox, border: bool) -> list[tuple[float, float, float, float]]:
    """The inner cell edges that are region borders (`border`) or not, as segments, with
    consecutive edges along one grid line joined into one segment: the page then carries
    a few long lines instead of one per square, and prints the same."""
    n, regions, pitch = board.size, board.regions, box.cell
    segments = []
    for c in range(n - 1):  # the vertical line right of column c, top to bottom
        x = box.x + (c + 1) * pitch
        start = None
        for r in range(n + 1):
            on = r < n and (regions[r * n + c] != regions[r * n + c + 1]) == border
            if on and start is None:
                start = r
            elif not on and start is not None:
                segments.append((x, box.y + (n - start) * pitch, x, box.y + (n - r) * pitch))
                start = None
    for r in range(n - 1):  # the horizontal line below row r, left to right
        y = box.y + (n - 1 - r) * pitch
        start = None
        for c in range(n + 1):
            on = c < n and (regions[r * n + c] != regions[(r + 1) * n + c]) == border
            if on and start is None:
                start = c
            elif not on and start is not None:
                segments.append((box.x + start * pitch, y, box.x + c * pitch, y))
                start = None
    return segments


def draw_board(ink: Ink, board: Board, box: GridBox, stars) -> None:
    # Thin grid lines between squares of one region, thick region borders over them
    # (square caps close the corners).
    ink.lines(edge_runs(board, box, border=False), width=GRID_LINE, gray=GRID_GRAY)
    ink.lines(edge_runs(board, box, border=True), width=BORDER_LINE, cap="square")
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


# --- how-to lessons ----------------------------------------------------------------------------
MIN_CELL_MM = 6.0      # the smallest square a solver can pencil a star or a dot into
LESSON_FOCUS = 0.86    # light fill on the lines a step reasons on
LESSON_EARLIER = 0.55  # stars and crosses found before the step: gray


def lessons(boards, levels) -> list:
    """One lesson per tier the book's `levels` need: the first step of that tier in the
    easiest-first solve of the first example board that uses it, with the state the solve had
    reached. A board with k stars a line is taught with the k-star tiers."""
    from pipeline.ink import Lesson
    from pipeline.starbattle import solve as solver
    from pipeline.starbattle.grade import BAND_BY_NAME

    max_tier = max(BAND_BY_NAME[level].max_tier for level in levels)

    out = []
    for tier in range(1, max_tier + 1):
        for index, (puzzle, _solution) in enumerate(boards):
            board = Board.from_puzzle(puzzle)
            steps = solver.solve(board, 4).steps if board.stars == 1 \
                else solver.solve_k(board).steps
            if tier > len(solver.tiers(board.stars)):
                continue
            stars, crossed = list(board.givens), []
            for step in steps:
                if step.tier == tier and (step.star is not None or step.crossed):
                    taught = solver.tier(board.stars, tier)
                    name = _(taught.name)   # first letter only: German nouns keep theirs
                    out.append(Lesson(name[:1].upper() + name[1:], _(taught.lesson), index, (
                        tuple(map(tuple, stars)), tuple(crossed), step.lines,
                        step.star, step.crossed)))
                    break
                if step.star is not None:
                    stars.append(step.star)
                crossed.extend(step.crossed)
            else:
                continue
            break
    return out


def _line_squares(n: int, regions, name: str) -> list[tuple[int, int]]:
    """The squares of a line named as the solver names it ("row 3", "column C", "region 2")."""
    kind, label = name.split()
    index = ord(label) - 65 if kind == "column" else int(label) - 1
    if kind == "row":
        return [(index, c) for c in range(n)]
    if kind == "column":
        return [(r, index) for r in range(n)]
    return [(r, c) for r in range(n) for c in range(n) if regions[r * n + c] == index]


def _cross(ink: Ink, box: GridBox, r: int, c: int, gray: float, width: float) -> None:
    cx, cy = box.cell_centre(r, c)
    d = box.cell * 0.18
    ink.line(cx - d, cy - d, cx + d, cy + d, width=width, gray=gray)
    ink.line(cx - d, cy + d, cx + d, cy - d, width=width, gray=gray)


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """The board as the solve had it (earlier stars and crosses in gray), the lines the step
    reasons on lightly shaded, and what the step adds in black."""
    stars, crossed, lines, star, new_crossed = step
    board = Board.from_puzzle(puzzle)
    n = board.size
    focus = {sq for name in lines for sq in _line_squares(n, board.regions, name)}
    for r, c in sorted(focus):
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=LESSON_FOCUS)
    draw_board(ink, board, box, [])
    for r, c in stars:
        cx, cy = box.cell_centre(r, c)
        ink.polygon(star_points(cx, cy, STAR_OUTER * box.cell),
                    fill=0.0 if (r, c) in board.givens else LESSON_EARLIER)
    for r, c in crossed:
        _cross(ink, box, r, c, LESSON_EARLIER, GRID_LINE)
    if star is not None:
        cx, cy = box.cell_centre(*star)
        ink.polygon(star_points(cx, cy, STAR_OUTER * box.cell), fill=0.0)
    for r, c in new_crossed:
        _cross(ink, box, r, c, 0.0, 1.2)


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
