"""Drawing nonograms onto the drawing protocol, in black and white.

A puzzle is one block of square cells: the picture's grid at the bottom right, the column
clues stacked above it (the last run next to the grid), the row clues to its left (the last
run next to the grid), each clue number in a cell of its own. The grid's lines run on
through the clue cells, a heavier rule every fifth line (the convention: solvers count cells
by them), and a frame round the whole block. The puzzle page shows no picture and no name.

A solution is the picture alone, scaled to fill the block, its filled cells black, with the
picture's name printed under it (the solution panel) in the book's language.
"""

from __future__ import annotations

from pipeline.geometry import Box
from pipeline.i18n import N_, Messages
from pipeline.ink import GridBox, Ink, fill_runs
from pipeline.nonogram.board import NAMES
from pipeline.nonogram.grade import CLUE_SLOTS

_ = Messages(__name__)

CELL_LINE = 0.75     # pt: the cell lines (the thinnest the printers reproduce reliably)
RULE_LINE = 1.5      # pt: every fifth line, and the line between clues and grid
FRAME_LINE = 2.0     # pt: the block's frame
MIN_CELL_MM = 5.0    # a cell a solver can fill or dot with a pencil
CLUE_SIZE = 0.6      # of the cell: a clue number's type size
MIN_CLUE_PT = 8.0    # never print a clue smaller
LARGE_CLUE_PT = 12.0  # the large-print floor
SOLUTION_PANEL_ROWS = 2.0   # room under a solution for its picture's name, in solution pitches
NAME_PT = 8.0
RULE_EVERY = 5
RULES = (
    N_("The numbers beside each row and above each column are the lengths of the runs of "
       "filled cells in that line, in order, with at least one empty cell between two runs."),
    N_("Fill in the cells so that every row and every column matches its numbers; a dot in a "
       "cell you know is empty helps. Every puzzle has exactly one solution, found by "
       "reasoning alone, without guessing, and it is a picture: its name is printed with the "
       "solution."),
)


def clue_slots(puzzle: dict) -> int:
    """Clue cells beside the grid: the level's, or as many as the board's longest clue."""
    longest = max(len(clue) for clue in puzzle["row_clues"] + puzzle["col_clues"])
    return max(CLUE_SLOTS.get(max(puzzle["rows"], puzzle["cols"]), 0), longest, 1)


def block_shape(puzzle: dict) -> tuple[int, int]:
    slots = clue_slots(puzzle)
    return puzzle["rows"] + slots, puzzle["cols"] + slots


def clue_size(box: GridBox) -> float:
    return max(MIN_CLUE_PT, CLUE_SIZE * box.cell)


def _rules(box: GridBox, slots: int, rows: int, cols: int):
    """(thin, heavy) segments: every cell line of the block, heavier every fifth line of the
    grid and between the clues and the grid."""
    thin, heavy = [], []
    top, right = box.y + box.height, box.x + box.width
    for k in range(1, box.rows):          # horizontal lines, counted from the top
        y = top - k * box.cell
        inside = k - slots
        segment = (box.x, y, right, y)
        (heavy if inside >= 0 and inside % RULE_EVERY == 0 else thin).append(
            segment if k >= slots else (box.x + slots * box.cell, y, right, y))
    for k in range(1, box.cols):
        x = box.x + k * box.cell
        inside = k - slots
        segment = (x, box.y, x, top)
        (heavy if inside >= 0 and inside % RULE_EVERY == 0 else thin).append(
            segment if k >= slots else (x, box.y, x, box.y + rows * box.cell))
    return thin, heavy


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    rows, cols = puzzle["rows"], puzzle["cols"]
    slots = box.rows - rows
    thin, heavy = _rules(box, slots, rows, cols)
    ink.lines(thin, width=CELL_LINE)
    ink.lines(heavy, width=RULE_LINE)
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_LINE)
    size = clue_size(box)
    items = []
    for r, clue in enumerate(puzzle["row_clues"]):
        for i, run in enumerate(clue or [0]):
            x, y = box.cell_centre(slots + r, slots - len(clue or [0]) + i)
            items.append((x, y - 0.35 * size, str(run), "middle"))
    for c, clue in enumerate(puzzle["col_clues"]):
        for i, run in enumerate(clue or [0]):
            x, y = box.cell_centre(slots - len(clue or [0]) + i, slots + c)
            items.append((x, y - 0.35 * size, str(run), "middle"))
    ink.texts(items, size=size)


def picture_box(puzzle: dict, box: GridBox) -> GridBox:
    """The picture scaled to fill the block, centred in it."""
    rows, cols = puzzle["rows"], puzzle["cols"]
    cell = min(box.width / cols, box.height / rows)
    return GridBox(box.x + (box.width - cell * cols) / 2, box.y + (box.height - cell * rows) / 2,
                   cell, rows, cols)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    pic = picture_box(puzzle, box)
    fill_runs(ink, solution["grid"], pic)
    ink.rect(pic.x, pic.y, pic.width, pic.height, stroke=CELL_LINE)


def picture_name(puzzle: dict) -> str:
    """The picture's name in the book's language (a picture from outside: its source)."""
    icon = puzzle.get("picture", "").rpartition(":")[2]
    return _(NAMES[icon]) if icon in NAMES else ""


def draw_solution_name(ink: Ink, puzzle: dict, solution: dict, panel: Box) -> None:
    name = picture_name(puzzle)
    if name:
        ink.text((panel.x0 + panel.x1) / 2, panel.y1 - NAME_PT, name, size=NAME_PT, bold=True,
                 anchor="middle")


def print_problem(measure, puzzle: dict, puzzle_cell: float, solution_cell: float,
                  large_print: bool = False) -> str | None:
    floor = LARGE_CLUE_PT if large_print else MIN_CLUE_PT
    if CLUE_SIZE * puzzle_cell < floor and puzzle_cell < measure.text_width("25", size=floor) \
            * 1.2:
        return f"a {puzzle_cell:.1f} pt cell has no room for {floor:g} pt clues"
    name = picture_name(puzzle)
    width = min(GridBox(0, 0, solution_cell, *block_shape(puzzle)).width, 10_000)
    if name and measure.text_width(name, size=NAME_PT, bold=True) > width:
        return f"the picture's name {name!r} is wider than its solution"
    return None


# --- what a hint or a lesson would show (the family declares neither: kept in their home) -------
def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The puzzle with the cells the hint settles marked: a dot for empty, a small square
    for filled."""
    draw_puzzle(ink, puzzle, box)
    slots = box.rows - puzzle["rows"]
    for r, c, v in hint.reveals["cells"]:
        x, y = box.cell_centre(slots + r, slots + c)
        side = box.cell * (0.5 if v else 0.15)
        ink.rect(x - side / 2, y - side / 2, side, side, fill=0.0)


def lessons(boards, levels) -> list:
    """No lessons: the how-to's worked example and its solution teach the rules (`teaches` is
    False)."""
    return []


def draw_lesson(ink: Ink, puzzle: dict, step, box: GridBox) -> None:
    """A lesson's diagram: the puzzle (never asked: `lessons` gives none)."""
    draw_puzzle(ink, puzzle, box)
