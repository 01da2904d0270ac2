"""Drawing Kakuro boards onto the drawing protocol, in black and white.

A block is shaded and, when it carries a sum, split by a diagonal from its top-left to its
bottom-right corner: the down sum sits in the lower-left triangle, the across sum in the
upper-right one, each at least 7 pt and clear of the diagonal and the cell lines (the
read-back's clue check finds every sum once in its cell, touching no line). White cells stay
empty on a puzzle page; the solution prints their digits.
"""

from __future__ import annotations

from pipeline.i18n import N_, Messages, texts
from pipeline.ink import GridBox, Ink, Lesson

_ = Messages(__name__)

CELL_LINE = 0.75     # pt: the thinnest line the printers reproduce reliably
FRAME_LINE = 1.5     # pt: the board's outer frame
BLOCK_SHADE = 0.8    # gray of a block (20 % ink): dark enough to read as a block, light
#                      enough for black sums on it
MIN_CELL_MM = 8.0    # a white cell a solver can write a digit and candidates into
MIN_SUM_PT = 7.0     # never print a sum smaller
SUM_SIZE = 0.3       # of the cell: a sum's type size
DIGIT_SIZE = 0.55    # of the cell: a solution digit
MIN_SUMS_CELL = 20.0  # pt: a smaller cell (a hint's figure, a lesson) has no room for two
#                      7 pt sums beside a diagonal: its blocks are drawn shaded, without sums
FOCUS_SHADE = 0.85   # gray of the white cells a step reasons on (15 % ink: clear of the 10 % floor)
HINT_FIGURE_NOTE = N_("Shaded white cells are the cells the step reasons on.")
EARLIER_GRAY = 0.45  # digits the easier steps placed before a lesson's step
# The how-to page's rules of play (Family.rules), a paragraph each.
RULES = (
    N_("Fill every white cell with a digit from 1 to 9."),
    N_("A run is a line of white cells across or down. The digits of a run add up to the sum "
       "printed in the shaded cell before it: the sum below the diagonal is for the run going "
       "down, the sum above it for the run going across."),
    N_("No digit appears twice in a run. Every puzzle has exactly one solution, and it can be "
       "found by reasoning alone, without guessing."),
)
# Each technique's lesson: one sentence saying why it works (texts.toml's `lessons`).
TECHNIQUE_LESSONS = {row["technique"]: row["lesson"]
                     for row in texts("pipeline.kakuro")["lessons"]}


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
    room = box.cell >= MIN_SUMS_CELL
    for r, row in enumerate(cells):
        for c, entry in enumerate(row):
            if entry == 0:
                continue
            x, y = box.cell_origin(r, c)
            ink.rect(x, y, box.cell, box.cell, fill=BLOCK_SHADE)
            down, across = entry if room else (0, 0)
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


# --- lessons ---------------------------------------------------------------------------------

def lessons(boards, levels) -> list:
    """One lesson for each level the book prints: the first step of that level's own
    techniques in the easiest-first solve of the first board that uses one, with the digits
    the solve had placed by then."""
    from pipeline.kakuro.board import Board
    from pipeline.kakuro.grade import LEVELS, TECHNIQUES
    from pipeline.kakuro.solve import Layout, solve, step_record

    out = []
    for level in levels:
        index = LEVELS.index(level)
        own = {t.name for t in TECHNIQUES[level]} - (
            {t.name for t in TECHNIQUES[LEVELS[index - 1]]} if index else set())
        found = None
        for number, (puzzle, _solution) in enumerate(boards):
            lay = Layout.of(Board.from_puzzle(puzzle))
            earlier = []
            for step in solve(lay, TECHNIQUES[level]).steps:
                if step.technique in own:
                    record = step_record(lay, step)
                    found = Lesson(_(step.technique), _(TECHNIQUE_LESSONS[step.technique]),
                                   number, (tuple(map(tuple, record["cells"])),
                                            tuple(map(tuple, record["places"])),
                                            tuple(map(tuple, earlier))))
                    break
                earlier += step_record(lay, step)["places"]
            if found:
                break
        if found:
            out.append(found)
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """The board with the step's cells shaded, the digits placed before it in gray and the
    step's own digits in black."""
    cells, places, earlier = step
    draw_board(ink, puzzle, box, focus=cells)
    size = DIGIT_SIZE * box.cell
    for items, gray in ((earlier, EARLIER_GRAY), (places, 0.0)):
        texts = []
        for r, c, d in items:
            x, y = box.cell_centre(r, c)
            texts.append((x, y - 0.35 * size, str(d), "middle"))
        if texts:
            ink.texts(texts, size=size, bold=not gray, gray=gray)
