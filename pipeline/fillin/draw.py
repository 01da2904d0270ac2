"""Drawing Fill-In boards onto the Ink protocol, for black-and-white print.

The puzzle: the crossword grid (pipeline/engines/crossword/drawing.py) with the starter's letters;
under it, in the panel, the word list grouped by length, each group alphabetical under a
heading ("5 letters"), set in columns at PANEL_TEXT pt or more. The solution: every letter,
the printed ones in bold so the two read apart.
"""

from __future__ import annotations

from pipeline.engines.crossword.drawing import LETTER_SIZE, draw_grid, draw_letters
from pipeline.geometry import Box
from pipeline.i18n import N_, NN_, Messages
from pipeline.ink import GridBox, Ink

_ = Messages(__name__)

MIN_CELL_MM = 7.0     # a cell a letter can be written into
PANEL_TEXT = 9.0      # pt: the word list's type, never smaller
PANEL_LARGEST = 16.0  # pt: the largest it is set at, when the panel has the room
LEADING = 1.25        # of the type size
COLUMN_GAP = 1.2      # of the type size, between columns of words
# Room under the grid for the word list, in cell pitches (Family.panel_rows): enough for the
# level's words in four columns at PANEL_TEXT pt on a 6 x 9 page (where the width sets the pitch).
PANEL_ROWS = {"easy": 6.0, "medium": 7.0, "hard": 8.0}
FOCUS_SHADE = 0.85    # gray of the cells a hint's step reasons on
HINT_FIGURE_NOTE = N_("Shaded cells are the slot the step fills; the letters shown are the "
                      "ones that decide it.")


# The how-to page's rules of play (Family.rules), a paragraph each.
RULES = (
    N_("Fit every listed word into the grid, one letter a white square, across from left to "
       "right and down from top to bottom. Every word is used exactly once."),
    N_("The words are listed by length. The printed letters stay as they are. Every puzzle "
       "has exactly one solution, and it can be found by reasoning alone."),
)
def _size(box: GridBox) -> float:
    return max(PANEL_TEXT - 2, LETTER_SIZE * box.cell)   # never under 7 pt


def _pattern(puzzle: dict) -> list[str]:
    return ["".join("#" if ch == "#" else "." for ch in line) for line in puzzle["grid"]]


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_grid(ink, _pattern(puzzle), box)
    draw_letters(ink, box, [(r, c, ch) for r, line in enumerate(puzzle["grid"])
                            for c, ch in enumerate(line) if ch not in "#."], size=_size(box))


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_grid(ink, _pattern(puzzle), box)
    given = {(r, c) for r, line in enumerate(puzzle["grid"]) for c, ch in enumerate(line)
             if ch not in "#."}
    letters = [(r, c, ch) for r, line in enumerate(solution["grid"]) for c, ch in enumerate(line)
               if ch != "#"]
    draw_letters(ink, box, [x for x in letters if (x[0], x[1]) in given], bold=True,
                 size=_size(box))
    draw_letters(ink, box, [x for x in letters if (x[0], x[1]) not in given], size=_size(box))


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The grid, the slot the step fills shaded, and the letters that decide it."""
    for r, c in hint.figure["cells"]:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_grid(ink, _pattern(puzzle), box)
    draw_letters(ink, box, [tuple(x) for x in hint.figure["letters"]], size=_size(box))


# --- the word list -----------------------------------------------------------------------------

LETTERS_HEADING = NN_("{count} letter", "{count} letters")


def word_groups(puzzle: dict) -> list[tuple[str, list[str]]]:
    """("3 letters", [words...]) for each length, shortest first, words alphabetical."""
    lengths = sorted({len(w) for w in puzzle["words"]})
    return [(_.n(LETTERS_HEADING, n), sorted(w for w in puzzle["words"] if len(w) == n))
            for n in lengths]


def panel_lines(puzzle: dict) -> list[tuple[str, bool]]:
    """The panel's lines in reading order: (text, is a heading)."""
    lines = []
    for heading, words in word_groups(puzzle):
        lines.append((heading, True))
        lines.extend((w, False) for w in words)
    return lines


def panel_layout(measure, puzzle: dict, box: Box, size: float = PANEL_TEXT):
    """Columns of the panel's lines at `size` pt in `box`, as even as they go: a list of
    (x, y, text, bold), or None when they do not fit. A heading never ends a column."""
    lines = panel_lines(puzzle)
    widest = max(measure.text_width(t, size=size, bold=b) for t, b in lines)
    pitch = LEADING * size
    most = int((box.height + pitch - size) // pitch)
    columns = int((box.width + COLUMN_GAP * size) // (widest + COLUMN_GAP * size))
    if most < 2 or columns < 1:
        return None
    for per_column in range(-(-len(lines) // columns), most + 1):
        placed = _in_columns(lines, per_column, columns, box, widest, size, pitch)
        if placed is not None:
            return placed
    return None


def _in_columns(lines, per_column, columns, box, widest, size, pitch):
    placed = []
    column, row = 0, 0
    for text, heading in lines:
        if row >= per_column or (heading and row == per_column - 1):
            column, row = column + 1, 0
        if column >= columns:
            return None
        placed.append((box.x0 + column * (widest + COLUMN_GAP * size),
                       box.y1 - size - row * pitch, text, heading))
        row += 1
    return placed


def panel_size(measure, puzzle: dict, box: Box) -> float | None:
    """The largest type size (half points, PANEL_TEXT to PANEL_LARGEST) at which the word
    list fits `box`; None when it does not fit even at PANEL_TEXT."""
    size = PANEL_LARGEST
    while size >= PANEL_TEXT:
        if panel_layout(measure, puzzle, box, size) is not None:
            return size
        size -= 0.5
    return None


def draw_panel(ink: Ink, puzzle: dict, box: Box) -> None:
    size = panel_size(ink, puzzle, box) or PANEL_TEXT  # print_problem refuses what won't fit
    placed = panel_layout(ink, puzzle, box, size) or []
    for bold in (True, False):
        items = [(x, y, text, "start") for x, y, text, heading in placed if heading == bold]
        if items:
            ink.texts(items, size=size, bold=bold)


def panel_problem(measure, puzzle: dict, box: Box) -> str | None:
    if panel_layout(measure, puzzle, box) is None:
        return f"the word list does not fit under the grid at {PANEL_TEXT} pt"
    return None


# --- lessons -----------------------------------------------------------------------------------

# What each technique's lesson says, after its name.
TECHNIQUE_LESSONS = {
    "Only Word of Its Length": N_("when one listed word of a length is left, it goes in the "
                                  "one open slot of that length."),
    "One Crossing Letter": N_("a letter already in a slot, from a word crossing it, can leave "
                              "only one listed word of that length with that letter there."),
    "Two Crossing Letters": N_("when no single letter decides, all the letters in the slot "
                               "together leave only one word."),
    "Only Slot for the Word": N_("a listed word that fits only one open slot goes there."),
    "What-If": N_("put a word in a slot and follow the easy steps: if a slot is left with no "
                  "word, that word goes elsewhere."),
}


def lessons(boards, levels) -> list:
    """One lesson for each technique of the book's levels, on the first board whose solve
    uses it: its first step of that technique, with the letters placed before it."""
    from pipeline.fillin.board import board_from_puzzle
    from pipeline.fillin.grade import LEVEL_BY_NAME
    from pipeline.fillin.solve import TIERS, solve_board
    from pipeline.ink import Lesson

    top = max((LEVEL_BY_NAME[level].tier for level in levels if level in LEVEL_BY_NAME),
              default=1)
    wanted = [name for name, tier in TIERS.items() if tier <= top]
    out = []
    for name in wanted:
        for index, (puzzle, _solution) in enumerate(boards):
            board = board_from_puzzle(puzzle)
            placed: list = []
            for step in solve_board(board).steps:
                slot = board.slots.slots[step.slot]
                if step.technique == name:
                    out.append(Lesson(_(name), _(TECHNIQUE_LESSONS[name]), index,
                                      (tuple(slot.cells), step.word, step.placed,
                                       tuple(placed))))
                    break
                if step.placed:
                    placed.extend((r, c, ch) for (r, c), ch in zip(slot.cells, step.word))
            else:
                continue
            break
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """The letters placed before the step in gray, the step's slot shaded, and its word in
    black (a what-if's word is the one ruled out: drawn in gray as a supposition)."""
    cells, word, placed, before = step
    for r, c in cells:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_grid(ink, _pattern(puzzle), box)
    in_slot = set(map(tuple, cells))
    earlier = {(r, c): ch for r, c, ch in before if (r, c) not in in_slot}  # once a cell
    draw_letters(ink, box, [(r, c, ch) for (r, c), ch in sorted(earlier.items())],
                 size=_size(box), gray=0.45)
    draw_letters(ink, box, [(r, c, ch) for (r, c), ch in zip(cells, word)], size=_size(box),
                 bold=placed, gray=0.0 if placed else 0.45)
