"""Drawing clued crosswords onto the Ink protocol, for black-and-white print.

The puzzle: the crossword grid (pipeline/engines/crossword/drawing.py) with each word's number
small in the top-left corner of its first cell (NUMBER_SIZE of the cell, never under
MIN_NUMBER pt), and under it, in the panel, the clue lists side by side: across on the left,
down on the right, each clue after its number, with its enumeration where the level prints
one, set as large as the panel allows from LARGEST_CLUE down to MIN_CLUE pt, wrapped between
words and, where a word is wider than the column, hyphenated by the language's pyphen
dictionary. A board whose lists do not fit at MIN_CLUE is not printed (`print_problem`).
The solution: the grid with every letter, no numbers (several solutions share a page).
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.engines.crossword.drawing import draw_grid, draw_letters
from pipeline.geometry import Box
from pipeline.i18n import N_, hyphenator, messages
from pipeline.ink import GridBox, Ink

MIN_CELL_MM = 7.5       # a 7 pt number in the corner and a written capital below it
MIN_NUMBER = 7.0        # pt: the clue numbers in the cells, never smaller (KDP's minimum)
NUMBER_SIZE = 0.3       # of the cell pitch
MIN_CLUE = 9.0          # pt: the clue lists, never smaller (a large-print level's: 12)
LARGEST_CLUE = 16.0     # pt: the clue lists, never larger (a sparse grid's lists stay sober)
LEADING = 1.18          # of the type size
COLUMN_GAP = 0.06       # of the panel's width, between the two lists
CLUE_GAP = 0.2          # of the type size, between two clues
# Panel rows (cell pitches) under a grid of each size: room for the two lists at 9 pt and
# more on the trims the books use (measured: docs/clued.md).
PANEL_ROWS = {7: 5.0, 11: 9.0, 13: 9.5, 15: 10.5}
ENUMERATED = frozenset({"en"})   # languages whose clues print the answer's length
HEADINGS = {"across": N_("Across"), "down": N_("Down")}
RULES = (
    N_("Write the answer to each clue into the grid, one letter a square, starting in the "
       "square that carries the clue's number: across clues read left to right, down clues "
       "top to bottom. A number in brackets after a clue gives the answer's length."),
    N_("Words cross, so every answer you find gives letters of others. Every puzzle has "
       "exactly one solution."),
)
_ = messages(__name__)


def number_size(cell: float) -> float:
    return max(MIN_NUMBER, NUMBER_SIZE * cell)


def numbers_of(puzzle: dict) -> list[tuple[int, int, int]]:
    seen = {}
    for direction in ("across", "down"):
        for clue in puzzle["clues"][direction]:
            seen[tuple(clue["cell"])] = clue["number"]
    return [(r, c, n) for (r, c), n in sorted(seen.items())]


def draw_numbers(ink: Ink, puzzle: dict, box: GridBox) -> None:
    size = number_size(box.cell)
    items = []
    for r, c, n in numbers_of(puzzle):
        x, y = box.cell_origin(r, c)
        items.append((x + 0.08 * box.cell, y + box.cell - 0.08 * box.cell - 0.75 * size,
                      str(n), "start"))
    ink.texts(items, size=size)


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    draw_grid(ink, puzzle["grid"], box)
    draw_numbers(ink, puzzle, box)


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    draw_grid(ink, puzzle["grid"], box)
    draw_letters(ink, box, [(r, c, ch) for r, line in enumerate(solution["grid"])
                            for c, ch in enumerate(line) if ch != "#"])


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The puzzle with the hint's answer written in."""
    draw_puzzle(ink, puzzle, box)
    draw_letters(ink, box, [tuple(cell) for cell in hint.reveals["cells"]])


def lessons(boards, levels) -> list:
    """No lessons: the how-to's worked example and its solution teach the rules (`teaches` is
    False)."""
    return []


def draw_lesson(ink: Ink, puzzle: dict, step, box: GridBox) -> None:
    """A lesson's diagram: the puzzle (never asked: `lessons` gives none)."""
    draw_puzzle(ink, puzzle, box)


# --- the clue lists ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    x: float
    y: float          # baseline
    text: str
    bold: bool
    anchor: str = "start"


def clue_text(clue: dict, language: str) -> str:
    """The clue as its list prints it: with its enumeration, "(5)", where the language's papers
    print one (British and American); a Kreuzworträtsel's grid shows each word's length."""
    return f"{clue['text']} ({clue['length']})" if language in ENUMERATED else clue["text"]


def wrap(measure, text: str, size: float, width: float, language: str) -> list[str] | None:
    """`text` in lines no wider than `width`: broken between words, a word wider than a line
    hyphenated where the language's dictionary allows; None when a piece cannot fit."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if measure.text_width(trial, size=size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
            line = ""
        while measure.text_width(word, size=size) > width:
            heads = [head for head, _tail in hyphenator(language).iterate(word)
                     if measure.text_width(head + "-", size=size) <= width]
            if not heads:
                return None
            head = max(heads, key=len)
            lines.append(head + "-")
            word = word[len(head):]
        line = word
    return lines + ([line] if line else [])


def list_lines(measure, puzzle: dict, direction: str, box: Box,
               size: float) -> list[Line] | None:
    """One list (its heading, then each clue after its number) set top down in `box`; None
    when it does not fit."""
    leading = LEADING * size
    number_width = measure.text_width("00", size=size, bold=True) + 0.4 * size
    lines = [Line(box.x0, box.y1 - size, _(HEADINGS[direction]), True)]
    y = box.y1 - size - leading - CLUE_GAP * size
    for clue in puzzle["clues"][direction]:
        wrapped = wrap(measure, clue_text(clue, puzzle["language"]), size,
                       box.width - number_width, puzzle["language"])
        if wrapped is None:
            return None
        lines.append(Line(box.x0 + number_width - 0.4 * size, y, str(clue["number"]), True,
                          "end"))
        for text in wrapped:
            if y - 0.25 * size < box.y0:
                return None
            lines.append(Line(box.x0 + number_width, y, text, False))
            y -= leading
        y -= CLUE_GAP * size
    return lines


def panel_lines(measure, puzzle: dict, box: Box, smallest: float) -> tuple[float, list[Line]] | None:
    """Both lists at the largest size from LARGEST_CLUE down to `smallest` (half points) at
    which they fit `box`, and that size; None when they fit at none."""
    gap = COLUMN_GAP * box.width
    half = (box.width - gap) / 2
    columns = {"across": Box(box.x0, box.y0, box.x0 + half, box.y1),
               "down": Box(box.x1 - half, box.y0, box.x1, box.y1)}
    size = LARGEST_CLUE
    while size >= smallest:
        made = [list_lines(measure, puzzle, d, columns[d], size)
                for d in ("across", "down")]
        if all(m is not None for m in made):
            return size, made[0] + made[1]
        size -= 0.5
    return None


def draw_panel(ink: Ink, puzzle: dict, box: Box) -> None:
    """The lists as large as they fit: on a puzzle page 9 pt or more (`print_problem` keeps
    out a board whose lists need less); on the how-to page's smaller worked example down to
    the 7 pt print minimum."""
    made = panel_lines(ink, puzzle, box, MIN_NUMBER)
    if made is None:
        raise ValueError(f"the clue lists do not fit {box} at {MIN_NUMBER:g} pt")
    size, lines = made
    for bold in (True, False):
        items = [(line.x, line.y, line.text, line.anchor) for line in lines if line.bold == bold]
        if items:
            ink.texts(items, size=size, bold=bold)


def panel_problem(measure, puzzle: dict, box: Box, smallest: float = MIN_CLUE) -> str | None:
    if panel_lines(measure, puzzle, box, smallest) is None:
        return f"the clue lists do not fit under the grid at {smallest:g} pt"
    return None
