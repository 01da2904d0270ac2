"""Drawing Sudoku boards onto the Ink protocol, for black-and-white print.

Thin cell lines, box lines three times as thick, digits half a cell high and centred. The
puzzle drawing shows the givens only; the solution drawing shows every digit, the givens in
bold and the digits the solver filled in regular type, so the two read apart.
"""

from __future__ import annotations

from pipeline.book.cover_style import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.ink import GridBox, Ink, Lesson

CELL_LINE = 0.75       # pt: the thinnest line the printers reproduce reliably
BOX_LINE = 2.25        # pt: three times the cell lines
DIGIT_SIZE = 0.5       # of the cell pitch
BASELINE_DROP = 0.35   # of the type size: digits sit on the baseline, this centres them
MIN_CELL_MM = 9.0      # a cell a solver can pencil candidates into
FOCUS_SHADE = 0.85     # gray of the cells a step reasons on (15 % ink: clear of the 10 % floor)
EARLIER_GRAY = 0.45    # digits the easier steps placed before a lesson's step
CANDIDATE_SIZE = 0.27  # of the cell: a candidate digit, in its place of a 3 x 3 within the cell
MIN_TEXT = 7.0         # pt: never print smaller; a cell too small for candidates gets an X

# The cover's defaults (Family.cover_style): a mosaic of boards on a deep green.
COVER_STYLE = CoverStyle(
    name="nine-boxes", art="mosaic", ground=cmyk(85, 20, 60, 20), plate=WHITE,
    accents=(cmyk(0, 15, 80, 0), cmyk(10, 0, 30, 0), cmyk(0, 40, 60, 0), cmyk(35, 0, 10, 0)),
    art_dark=cmyk(85, 20, 60, 45), badge=cmyk(0, 70, 90, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")
# What the hints page says a hint's figure shows (Family.hint_figure_note).
HINT_FIGURE_NOTE = ("Shaded cells are the cells the step reasons on; a large digit is one it "
                    "places, a small ringed digit (or, in a small figure, an X) a "
                    "candidate it crosses out.")
# What each technique's lesson says, after its name.
TECHNIQUE_LESSONS = {
    "Full House": "a row, column or box with one empty cell left takes the one digit missing.",
    "Hidden Single": "a digit with one place left in a row, column or box goes there.",
    "Naked Single": "a cell that every other digit is seen from can only be the one left.",
    "Locked Candidates Type 1 (Pointing)": "when a digit's places in a box all lie on one "
    "line, the rest of that line cannot hold it.",
    "Locked Candidates Type 2 (Claiming)": "when a digit's places on a line all lie in one "
    "box, the rest of that box cannot hold it.",
    "Naked Pair": "two cells of a house holding only the same two digits take both, so the "
    "house's other cells lose them.",
    "Hidden Pair": "two digits with only the same two places in a house fill them, so those "
    "cells lose every other candidate.",
    "Naked Triple": "three cells of a house with three digits among them take all three.",
    "Hidden Triple": "three digits with only three places in a house fill them.",
    "Naked Quad": "four cells of a house with four digits among them take all four.",
    "Hidden Quad": "four digits with only four places in a house fill them.",
    "X-Wing": "a digit with two places in each of two rows, in the same two columns, holds "
    "those columns: the rest of them lose it.",
    "XY-Wing": "a two-digit pivot sees two pincers; whichever digit the pivot takes, one "
    "pincer holds their shared digit, so cells seeing both lose it.",
    "XYZ-Wing": "a three-digit pivot and two pincers: one of the three holds the shared "
    "digit, so cells seeing all three lose it.",
    "Swordfish": "the X-Wing over three rows and three columns.",
    "Simple Colouring": "a digit's two-place links, coloured in turn: one colour is true, so "
    "a cell seeing both colours loses the digit.",
    "Jellyfish": "the X-Wing over four rows and four columns.",
    "X-Chain": "a chain of one digit's strong and weak links: one end is true, so a cell "
    "seeing both ends loses it.",
    "XY-Chain": "a chain of two-digit cells: one end holds the digit, so cells seeing both "
    "ends lose it.",
    "AIC": "strong and weak links in turn, across digits and cells: one end is true.",
    "Nishio": "suppose a candidate, follow the singles: a contradiction removes it.",
    "Cell Forcing Chain": "every candidate of one cell, followed by singles, agrees on a "
    "result: it holds.",
    "Unit Forcing Chain": "every place of a digit in a house, followed by singles, agrees on a "
    "result: it holds.",
}


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


# --- hints and lessons -------------------------------------------------------------------------

def draw_candidate(ink: Ink, box: GridBox, row: int, col: int, digit: int, ringed: bool) -> None:
    """A small candidate digit in its place of the cell's 3 x 3 (1 top left, 9 bottom right),
    ringed when the step crosses it out."""
    x0, y0 = box.cell_origin(row, col)
    third = box.cell / 3
    cx = x0 + ((digit - 1) % 3 + 0.5) * third
    cy = y0 + box.cell - ((digit - 1) // 3 + 0.5) * third
    size = CANDIDATE_SIZE * box.cell
    ink.text(cx, cy - BASELINE_DROP * size, str(digit), size=size, anchor="middle")
    if ringed:
        # Ringed, not struck through: a line across a digit would make it hard to read and
        # is what the read-back refuses on a page (text crossed by a line).
        ink.circle(cx, cy, third * 0.47, stroke=CELL_LINE)


def draw_step(ink: Ink, puzzle: dict, box: GridBox, cells, places, eliminates,
              earlier=()) -> None:
    """A board at one step: the cells it reasons on shaded, the givens, the digits placed
    before it in gray (`earlier`, [r, c, d]), the digits it places and the candidates it
    crosses out (ringed small digits, or an X in each such cell where a candidate digit would
    print under the minimum type size)."""
    for r, c in cells:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_grid(ink, box)
    for r, row in enumerate(puzzle["givens"]):
        for c, d in enumerate(row):
            if d:
                draw_digit(ink, box, r, c, d, bold=True)
    for r, c, d in earlier:
        size = DIGIT_SIZE * box.cell
        x, y = box.cell_centre(r, c)
        ink.text(x, y - BASELINE_DROP * size, str(d), size=size, anchor="middle",
                 gray=EARLIER_GRAY)
    for r, c, d in places:
        draw_digit(ink, box, r, c, d, bold=False)
    if CANDIDATE_SIZE * box.cell >= MIN_TEXT:
        for r, c, d in eliminates:
            draw_candidate(ink, box, r, c, d, ringed=True)
        return
    arm = box.cell * 0.22
    for r, c in sorted({(r, c) for r, c, _d in eliminates}):
        cx, cy = box.cell_centre(r, c)
        ink.line(cx - arm, cy - arm, cx + arm, cy + arm, width=CELL_LINE)
        ink.line(cx - arm, cy + arm, cx + arm, cy - arm, width=CELL_LINE)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The givens, the cells the step reasons on, and only what the step establishes."""
    draw_step(ink, puzzle, box, hint.figure["cells"], hint.reveals["digits"],
              hint.reveals["eliminated"])


def lessons(boards, levels) -> list:
    """One lesson for each level the book prints: the first step of that level's own tier of
    techniques in the easiest-first solve of the first board that uses it, with the digits
    the solve had placed by then."""
    from pipeline.sudoku.board import Board
    from pipeline.sudoku.grade import TIER_OF
    from pipeline.sudoku.solve import solve

    out = []
    for level in levels:
        for index, (puzzle, _solution) in enumerate(boards):
            earlier = []
            solved = solve(Board.from_puzzle(puzzle).givens, measure=False)
            for step in (s.record() for s in solved.steps):
                if TIER_OF[step["technique"]] == level:
                    out.append(Lesson(step["technique"], TECHNIQUE_LESSONS[step["technique"]],
                                      index, (tuple(map(tuple, step["cells"])),
                                              tuple(map(tuple, step["places"])),
                                              tuple(map(tuple, step["eliminates"])),
                                              tuple(map(tuple, earlier)))))
                    break
                earlier.extend(step["places"])
            else:
                continue
            break
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    cells, places, eliminates, earlier = step
    draw_step(ink, puzzle, box, cells, places, eliminates, earlier)
