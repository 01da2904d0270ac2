"""Drawing Codeword boards onto the Ink protocol, for black-and-white print.

The puzzle: the crossword grid (pipeline/engines/crossword/drawing.py), each white cell's code number
small in its top-left corner (NUMBER_SIZE of the cell, never under MIN_TEXT pt), and the given
letters in every cell of their number. Under it, in the panel: the key table (1 to N in two
rows of N/2 boxes, the given letters filled in) and the key alphabet, to cross letters off.
The solution: the grid with every letter, the numbers kept in their corners, and under it
the whole key (1 to N in two rows of N/2, each number over its letter; the given letters
bold, as in the grid). N is the key alphabet's size (board.KEY_ALPHABETS): 26 in two rows of
thirteen, 24 in Spanish (no K or W) in two rows of twelve.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.codeword.board import KEY_ALPHABETS
from pipeline.engines.crossword.drawing import CELL_LINE, draw_grid, draw_letters
from pipeline.geometry import Box
from pipeline.i18n import N_, Messages
from pipeline.ink import GridBox, Ink

_ = Messages(__name__)

MIN_CELL_MM = 7.5       # a 7 pt number in the corner and a written capital below it
MIN_TEXT = 7.0          # pt: the code numbers and the panel's type, never smaller
NUMBER_SIZE = 0.3       # of the cell pitch
LETTER_SIZE = 0.5       # of the cell pitch: letters sit a little low, clear of the number
CAP_HEIGHT = 0.75       # of the type size: a bold capital's height, with room (the font: 0.70)
PANEL_ROWS = 4.0        # cell pitches under the grid: the key's two rows and the alphabet
SOLUTION_PANEL_ROWS = 3.2   # cell pitches under a solution's grid: the key's two rows
KEY_COLUMNS = 13        # a 26-letter key's; a key of N letters has N/2 (`key_columns`)
FOCUS_SHADE = 0.85
HINT_FIGURE_NOTE = N_("Shaded cells are the word the step reads its letter from.")
# The how-to page's rules of play (Family.rules), a paragraph each.
RULES = (
    N_("Every white square holds a letter, and every letter has its own number from 1 to "
       "{count}: the same number is always the same letter, and every letter of the alphabet "
       "is used."),
    N_("A few letters are given. Write them in wherever their numbers appear, then work out "
       "the rest from the words taking shape; the key table and the alphabet under the grid "
       "keep track of what you have found. Every puzzle has exactly one solution."),
)


def key_letters(puzzle: dict) -> str:
    """The puzzle's key alphabet, the letters its numbers stand for (its language's)."""
    return KEY_ALPHABETS[puzzle.get("language", "en")]


def key_columns(letters: str) -> int:
    """Boxes in each of the key's two rows: thirteen for 26 letters, twelve for 24."""
    return -(-len(letters) // 2)


def _pattern(puzzle: dict) -> list[str]:
    return ["".join("#" if n == 0 else "." for n in row) for row in puzzle["cells"]]


def number_size(cell: float) -> float:
    return max(MIN_TEXT, NUMBER_SIZE * cell)


def number_place(box: GridBox, r: int, c: int) -> tuple[float, float]:
    x, y = box.cell_origin(r, c)
    size = number_size(box.cell)
    return x + 0.09 * box.cell, y + box.cell - 0.08 * box.cell - 0.75 * size


def draw_numbers(ink: Ink, puzzle: dict, box: GridBox) -> None:
    size = number_size(box.cell)
    items = []
    for r, row in enumerate(puzzle["cells"]):
        for c, n in enumerate(row):
            if n:
                x, y = number_place(box, r, c)
                items.append((x, y, str(n), "start"))
    ink.texts(items, size=size)


def letter_fit(cell: float) -> tuple[float, float]:
    """The letters' type size and baseline height above the cell's bottom: as large as
    LETTER_SIZE allows while the capital's top stays two points clear of the corner number's
    baseline (a small cell takes a smaller letter rather than one that touches the number)."""
    number_baseline = cell - 0.08 * cell - 0.75 * number_size(cell)
    base = 0.1 * cell
    size = min(LETTER_SIZE * cell, (number_baseline - 2.0 - base) / CAP_HEIGHT)
    return size, base


def draw_cell_letters(ink: Ink, box: GridBox, letters, *, bold: bool) -> None:
    size, base = letter_fit(box.cell)
    items = []
    for r, c, letter in letters:
        x, y = box.cell_origin(r, c)
        items.append((x + box.cell / 2, y + base, letter, "middle"))
    if items:
        ink.texts(items, size=size, bold=bold)


def _letters(puzzle: dict, key: dict) -> list[tuple[int, int, str]]:
    return [(r, c, key[str(n)]) for r, row in enumerate(puzzle["cells"])
            for c, n in enumerate(row) if n and str(n) in key]


def roomy(cell: float) -> bool:
    """Whether a cell holds a code number and a letter under it, both at MIN_TEXT or more
    (a how-to's small example may not: it then shows the one that matters there)."""
    return letter_fit(cell)[0] >= MIN_TEXT


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_grid(ink, _pattern(puzzle), box)
    draw_numbers(ink, puzzle, box)
    if roomy(box.cell):   # else the given letters show in the key table only
        draw_cell_letters(ink, box, _letters(puzzle, puzzle["given"]), bold=True)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_grid(ink, _pattern(puzzle), box)
    given = puzzle["given"]
    letters = _letters(puzzle, solution["key"])
    if not roomy(box.cell):   # the letters alone, centred: the answer is the letters
        size = max(MIN_TEXT, LETTER_SIZE * box.cell)
        draw_letters(ink, box, letters, size=size)
        return
    draw_numbers(ink, puzzle, box)
    draw_cell_letters(ink, box, [x for x in letters
                                 if str(puzzle["cells"][x[0]][x[1]]) in given], bold=True)
    draw_cell_letters(ink, box, [x for x in letters
                                 if str(puzzle["cells"][x[0]][x[1]]) not in given], bold=False)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    for r, c in hint.figure["cells"]:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_puzzle(ink, puzzle, box)


# --- the key table and the alphabet ------------------------------------------------------------

def key_cell(box: Box, columns: int = KEY_COLUMNS) -> float:
    """The key table's box pitch in `box`: `columns` across, two rows and the alphabet
    below."""
    return min(box.width / columns, box.height / 3.6)


def draw_panel(ink: Ink, puzzle: dict, box: Box) -> None:
    alphabet = key_letters(puzzle)
    columns = key_columns(alphabet)
    pitch = key_cell(box, columns)
    left = box.x0 + (box.width - columns * pitch) / 2
    top = box.y1 - 0.4 * pitch
    number = number_size(pitch)     # a key box reads as a grid cell: number, then letter
    letter, base = letter_fit(pitch)
    # A box too small for both (a how-to's small example) shows a given letter alone.
    alone = not roomy(pitch)
    if alone:
        letter, base = max(MIN_TEXT, 0.5 * pitch), 0.3 * pitch
    segments = []
    numbers, letters = [], []
    for k in range(len(alphabet)):
        row, col = divmod(k, columns)
        x = left + col * pitch
        y = top - (row + 1) * pitch
        segments.append((x, y, x + pitch, y))
        segments.append((x, y + pitch, x + pitch, y + pitch))
        segments.append((x, y, x, y + pitch))
        segments.append((x + pitch, y, x + pitch, y + pitch))
        given = puzzle["given"].get(str(k + 1))
        if not (alone and given):
            numbers.append((x + 0.09 * pitch, y + pitch - 0.08 * pitch - 0.75 * number,
                            str(k + 1), "start"))
        if given:
            letters.append((x + pitch / 2, y + base, given, "middle"))
    ink.lines(sorted(set(segments)), width=CELL_LINE)
    ink.texts(numbers, size=number)
    if letters:
        ink.texts(letters, size=letter, bold=True)
    alphabet_size = max(MIN_TEXT + 2, 0.45 * pitch)
    y = top - 2 * pitch - 0.5 * pitch - 0.7 * alphabet_size
    step = columns * pitch / len(alphabet)
    ink.texts([(left + (k + 0.5) * step, y, ch, "middle") for k, ch in enumerate(alphabet)],
              size=max(MIN_TEXT, min(alphabet_size, 1.26 * step)), bold=False)


# --- the solution's key -------------------------------------------------------------------------

@dataclass(frozen=True)
class KeyType:
    """Where the solution's key sets its type in its box: `key_columns` columns, two rows,
    each a number (baseline `number_base` under the row's top) over its letter."""

    column: float
    row: float
    number: float
    letter: float
    number_base: float
    letter_base: float


def key_type(box: Box, columns: int = KEY_COLUMNS) -> KeyType:
    column, row = box.width / columns, box.height / 2
    number = max(MIN_TEXT, 0.36 * row)
    letter = max(MIN_TEXT + 1, 0.46 * row)
    number_base = CAP_HEIGHT * number
    return KeyType(column, row, number, letter, number_base,
                   number_base + 0.3 * number + 1.0 + CAP_HEIGHT * letter)


def draw_solution_key(ink: Ink, puzzle: dict, solution: dict, box: Box) -> None:
    alphabet = key_letters(puzzle)
    columns = key_columns(alphabet)
    kind = key_type(box, columns)
    given = puzzle["given"]
    numbers, plain, bold, rules = [], [], [], []
    for k in range(len(alphabet)):
        row, col = divmod(k, columns)
        x = box.x0 + (col + 0.5) * kind.column
        top = box.y1 - row * kind.row
        numbers.append((x, top - kind.number_base, str(k + 1), "middle"))
        letter = solution["key"][str(k + 1)]
        (bold if str(k + 1) in given else plain).append(
            (x, top - kind.letter_base, letter, "middle"))
    # a hairline under each row of letters reads the pairs as a table of two rows
    for row in range(2):
        y = box.y1 - row * kind.row - kind.letter_base - 0.25 * kind.letter
        rules.append((box.x0, y, box.x1, y))
    ink.lines(rules, width=CELL_LINE, gray=0.55)
    ink.texts(numbers, size=kind.number)
    ink.texts(plain, size=kind.letter)
    ink.texts(bold, size=kind.letter, bold=True)


def solution_key_problem(measure, box: Box) -> str | None:
    """Why the key cannot print under a solution at this pitch: a number and its letter
    wider than a column, or taller than a row, at the smallest type (measured on a 26-letter
    key's thirteen columns, the narrowest)."""
    kind = key_type(box)
    if measure.text_width("26", size=kind.number, bold=False) + 1.0 > kind.column or \
            measure.text_width("W", size=kind.letter, bold=True) + 1.0 > kind.column:
        return "the solution's key is wider than the grid at its smallest type"
    if kind.letter_base + 1.0 > kind.row:
        return "the solution's key is taller than its room under the grid"
    return None


def panel_problem(puzzle_cell: float, box: Box) -> str | None:
    """Why the panel cannot print at this pitch: a key box too small for its 7 pt number and
    a written letter, or a code number too big for its cell's corner."""
    if letter_fit(key_cell(box))[0] < MIN_TEXT + 2:
        return "the key table's boxes leave no room for a letter under their numbers"
    if letter_fit(puzzle_cell)[0] < MIN_TEXT + 2:
        return f"a {MIN_TEXT:g} pt code number leaves no room for a letter under it"
    return None


# --- lessons -----------------------------------------------------------------------------------

TECHNIQUE_LESSONS = {
    "Pattern": N_("the letters known in a word, and where its numbers repeat, leave only a few "
                  "dictionary words; where they all agree, a number is found."),
    "Only Number for the Letter": N_("every letter is used once: when all numbers but one are "
                                     "ruled out for a letter, it is that number's."),
    "What-If": N_("suppose a letter for a number and follow the words: if one is left with no "
                  "fit, the number is not that letter."),
}


def lessons(boards, levels) -> list:
    """One lesson for each technique the first boards' solves use, on the first board that
    uses it: the step's word shaded, the letters known before it."""
    from pipeline.codeword.board import board_from_puzzle
    from pipeline.codeword.solve import solve_board
    from pipeline.ink import Lesson

    out = []
    for name in TECHNIQUE_LESSONS:
        for index, (puzzle, _solution) in enumerate(boards):
            board = board_from_puzzle(puzzle)
            known = dict(board.given)
            found = None
            for step in solve_board(board).steps:
                if step.technique == name and step.slot is not None or (
                        step.technique == name and name != "Pattern"):
                    cells = board.slot_cells[step.slot] if step.slot is not None else ()
                    found = Lesson(_(name), _(TECHNIQUE_LESSONS[name]), index,
                                   (tuple(cells), step.number, step.letter,
                                    tuple(sorted(known.items()))))
                    break
                if step.placed:
                    known[step.number] = step.letter
            if found:
                out.append(found)
                break
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """The grid's numbers, the step's word shaded, and the letters known before it."""
    cells, _number, _letter, known = step
    for r, c in cells:
        x, y = box.cell_origin(r, c)
        ink.rect(x, y, box.cell, box.cell, fill=FOCUS_SHADE)
    draw_grid(ink, _pattern(puzzle), box)
    draw_numbers(ink, puzzle, box)
    if roomy(box.cell):
        key = {str(n): letter for n, letter in known}
        draw_cell_letters(ink, box, _letters(puzzle, key), bold=False)
