"""The board on paper: the letter grid and, under it, the theme and the word list (the panel);
on the solution, every word ringed by a rounded band.

Letters are centred in their cells at LETTER_SHARE of the pitch; the word list is set in
alphabetical order in columns, down each column first, at LIST_SHARE of the pitch, so the
type grows with the grid a layout prints: a large-print book's pitch gives letters of 18 pt
and more, its word list 16 pt and more (docs/wordsearch.md measures both). The puzzle page
draws no band, ring or line through a word: the answers guard reads the page back to hold
it to that (`AnswerSigns.runs`).
"""

from __future__ import annotations

import math

from pipeline.cover_colours import WHITE, CoverStyle, cmyk_percent as cmyk
from pipeline.geometry import Box
from pipeline.i18n import N_, Messages, alphabetical
from pipeline.ink import GridBox, Ink, Lesson, panel_box
from pipeline.engines.lexicon import grid_spelling
from pipeline.wordsearch.board import read_placements

_ = Messages(__name__)

LETTER_SHARE = 0.66      # of the cell pitch: a grid letter's size
LIST_SHARE = 0.58        # of the puzzle's cell pitch: the word list's size
LINE_GAP = 1.3           # baseline to baseline, in list sizes
TITLE_GAP = 1.6          # the theme line and the gap under it, in list sizes
COLUMN_GAP = 0.8         # between list columns, in list sizes
FRAME_PT = 1.5
BAND_PT = 0.8            # the answer key's bands
BAND_RADIUS = 0.35       # of the cell: half a band's width
SOLUTION_SHARE = 0.5     # of the cell: a letter's size on a solution, small enough that a
#                          diagonal band clears the letters beside it (docs/wordsearch.md)
MESSAGE_GRAY = 0.0       # the message's letters on a solution: black and bold
PLAIN_GRAY = 0.35        # every other letter on a solution: a dark gray the bands stand out on
SMALLEST_TYPE = 7.0      # pt: no letter or listed word smaller, whatever the printer allows
MIN_CELL_MM = 4.5        # the smallest cell a letter can be found in, and ringed on a solution

COVER_STYLE = CoverStyle(
    name="letter-grid", art="closeup", ground=cmyk(45, 0, 10, 0), plate=WHITE,
    accents=(cmyk(0, 40, 90, 0), cmyk(60, 0, 40, 0), cmyk(10, 60, 0, 0)),
    art_dark=cmyk(0, 0, 0, 100), badge=cmyk(0, 55, 90, 0), title_pt=None, subtitle_pt=17,
    blurb_pt=10.5, title_place="top")


def list_columns(words: list[str], rows_of_list: int, language: str) -> list[list[str]]:
    """The words in the language's alphabetical order, down each column first,
    `rows_of_list` a column."""
    ordered = alphabetical(words, language)
    return [ordered[i:i + rows_of_list] for i in range(0, len(ordered), rows_of_list)]


def panel_rows_for(most_words: int, columns: int) -> float:
    """The pitches a panel needs for the theme line and `most_words` in `columns` columns."""
    lines = math.ceil(most_words / columns)
    return round(LIST_SHARE * (TITLE_GAP + LINE_GAP * lines) + 0.3, 2)


def _grid_letters(ink: Ink, letters: list[str], box: GridBox, size: float, *, bold=False,
                  gray: float = 0.0, only=None) -> None:
    """The letters centred in their cells (a capital's middle at the cell's middle)."""
    items = []
    lift = size * 0.35
    for r, line in enumerate(letters):
        for c, letter in enumerate(line):
            if only is not None and (r, c) not in only:
                continue
            x, y = box.cell_centre(r, c)
            items.append((x, y - lift, letter, "middle"))
    if items:
        ink.texts(items, size=size, bold=bold, gray=gray)


def draw_puzzle(ink: Ink, puzzle: dict, box: GridBox) -> None:
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_PT)
    _grid_letters(ink, list(puzzle["letters"]), box, box.cell * LETTER_SHARE)


def panel_layout(ink, puzzle: dict, box: Box, size: float) -> tuple[int, float] | None:
    """(words a column, column width) for the word list in `box` at `size`: the most columns
    its widest word allows, if the lines they need fit the box; None when it does not fit."""
    words = list(puzzle["words"])
    widest = max(ink.text_width(word, size=size) for word in words)
    title = ink.text_width(puzzle.get("theme", ""), size=size, bold=True)
    lines_room = int((box.height - size * TITLE_GAP) // (size * LINE_GAP))
    gap = size * COLUMN_GAP
    columns = int((box.width + gap) // (widest + gap))
    if columns < 1 or title > box.width:
        return None
    per_column = math.ceil(len(words) / min(columns, len(words)))
    if per_column > lines_room:
        return None
    return per_column, (box.width - gap * (columns - 1)) / columns


def draw_panel(ink: Ink, puzzle: dict, box: Box) -> None:
    """The theme in bold, then the word list in columns, under the board (`box` is as wide
    as the grid: its width over the columns is the puzzle's pitch)."""
    size = box.width / puzzle["cols"] * LIST_SHARE
    layout = panel_layout(ink, puzzle, box, size)
    if layout is None:
        raise ValueError("the word list does not fit under the board (print_problem says so)")
    per_column, width = layout
    top = box.y1 - size
    ink.text(box.x0, top, puzzle.get("theme", ""), size=size, bold=True)
    items = []
    columns = list_columns(list(puzzle["words"]), per_column, puzzle["language"])
    for index, column in enumerate(columns):
        x = box.x0 + index * (width + size * COLUMN_GAP)
        for line, word in enumerate(column):
            items.append((x, top - size * TITLE_GAP - line * size * LINE_GAP, word, "start"))
    ink.texts(items, size=size)


def print_problem(measure, puzzle: dict, puzzle_cell: float, solution_cell: float,
                  panel_rows: float) -> str | None:
    """Why the board cannot print at these pitches: letters under SMALLEST_TYPE on the puzzle
    or the solution, or a word list that does not fit its panel at its size."""
    if puzzle_cell * LETTER_SHARE < SMALLEST_TYPE:
        return f"grid letters of {puzzle_cell * LETTER_SHARE:.1f} pt, under {SMALLEST_TYPE} pt"
    if solution_cell * SOLUTION_SHARE < SMALLEST_TYPE:
        return (f"solution letters of {solution_cell * SOLUTION_SHARE:.1f} pt, under "
                f"{SMALLEST_TYPE} pt")
    size = puzzle_cell * LIST_SHARE
    if size < SMALLEST_TYPE:
        return f"a word list of {size:.1f} pt, under {SMALLEST_TYPE} pt"
    grid = GridBox(0.0, 1000.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
    if panel_layout(measure, puzzle, panel_box(grid, panel_rows), size) is None:
        return f"the word list does not fit under the board at {size:.1f} pt"
    return None


def draw_solution(ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
    """Every word in a rounded band; the message's letters (the ones no word uses) in bold."""
    letters = list(puzzle["letters"])
    size = box.cell * SOLUTION_SHARE
    placements = read_placements(puzzle, solution)
    used = set()
    bands = []
    for placement in placements:
        length = len(grid_spelling(placement.word, puzzle["language"]))
        cells = placement.cells(length)
        used.update(cells)
        bands.append((box.cell_centre(*cells[0]), box.cell_centre(*cells[-1])))
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_PT)
    every = {(r, c) for r in range(len(letters)) for c in range(len(letters[0]))}
    if "message" in puzzle:
        _grid_letters(ink, letters, box, size, only=used, gray=PLAIN_GRAY)
        _grid_letters(ink, letters, box, size, only=every - used, bold=True)
    else:
        _grid_letters(ink, letters, box, size, gray=PLAIN_GRAY)
    for (x1, y1), (x2, y2) in bands:
        ink.band(x1, y1, x2, y2, radius=box.cell * BAND_RADIUS, stroke=BAND_PT)


def draw_hint(ink: Ink, puzzle: dict, hint, box: GridBox) -> None:
    """The board with the hinted word's first letter ringed (the family gives no hints in
    books; kept so the hint of hints.py can be seen)."""
    draw_puzzle(ink, puzzle, box)
    row, col = hint.reveals["start"]
    x, y = box.cell_centre(row, col)
    ink.circle(x, y, box.cell * BAND_RADIUS, stroke=BAND_PT)



# --- the how-to's step by step ---------------------------------------------------------------
LESSON_WAYS = (
    (N_("Across and down"), ("E", "S"),
     N_("scan each row for the word's first letter, then read on to the right or down.")),
    (N_("Diagonally"), ("SE", "NE"),
     N_("from the first letter, try the corners too: a word may run down or up to the "
        "right.")),
    (N_("Backwards"), ("W", "N", "NW", "SW"),
     N_("on the harder levels a word may read right to left, upwards, or diagonally back.")),
)


def lessons(boards, levels=()) -> list:
    """One lesson per way of reading the book's levels allow, each on the first board (in
    the order given) with a word reading that way: a window round the word, the word banded."""
    from pipeline.wordsearch.grade import LEVEL_BY_NAME

    allowed = {d for level in levels for d in LEVEL_BY_NAME[level].directions} or {"E", "S"}
    out = []
    for name, ways, text in LESSON_WAYS:
        if not allowed & set(ways):
            continue
        for index, (puzzle, solution) in enumerate(boards):
            found = [p for p in read_placements(puzzle, solution) if p.direction in ways]
            if not found:
                continue
            placement = min(found, key=lambda p: (len(p.word), p.word))
            length = len(grid_spelling(placement.word, puzzle["language"]))
            cells = placement.cells(length)
            r0 = max(0, min(r for r, _ in cells) - 1)
            c0 = max(0, min(c for _, c in cells) - 1)
            r1 = min(puzzle["rows"] - 1, max(r for r, _ in cells) + 1)
            c1 = min(puzzle["cols"] - 1, max(c for _, c in cells) + 1)
            # the word stands in brackets after the way it reads ("Across and down (MAIS)"):
            # the caption's own colon follows, never a second one
            way = _("{way} ({word})", way=_(name), word=placement.word)
            out.append(Lesson(way, _(text), index,
                              (r0, c0, cells[0], cells[-1]), (r1 - r0 + 1, c1 - c0 + 1)))
            break
    return out


def draw_lesson(ink: Ink, puzzle: dict, step: tuple, box: GridBox) -> None:
    """A window of the board round one word, the word in its band."""
    r0, c0, first, last = step
    window = [line[c0:c0 + box.cols] for line in puzzle["letters"][r0:r0 + box.rows]]
    ink.rect(box.x, box.y, box.width, box.height, stroke=FRAME_PT)
    _grid_letters(ink, window, box, box.cell * SOLUTION_SHARE)
    (x1, y1) = box.cell_centre(first[0] - r0, first[1] - c0)
    (x2, y2) = box.cell_centre(last[0] - r0, last[1] - c0)
    ink.band(x1, y1, x2, y2, radius=box.cell * BAND_RADIUS, stroke=BAND_PT)
