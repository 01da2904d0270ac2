"""Finding the words: every place a word reads in the grid, in all eight directions, and the
easiest-first solve a reader can follow.

The grid's lines in the four forward directions (E, S, SE, NE) are joined into one text,
`#` between lines; a word found in it reads forward, its reversal found in it reads the word
backwards (W, N, NW, SW) from the reversal's last cell. One joined text and `str.find`
answer a whole board in a few tens of microseconds, which is what lets the generator test
every candidate board against the whole contract (docs/wordsearch.md, "Speed").
"""

from __future__ import annotations

import functools
import operator

from pipeline.engines.lexicon import grid_spelling
from pipeline.wordsearch.board import DIRECTION_WORDS, STEPS

OPPOSITE = {"E": "W", "S": "N", "SE": "NW", "NE": "SW"}
SEPARATOR = "#"


# --- the lines of a grid ---------------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def _picker(rows: int, cols: int):
    """Picks the joined text's characters out of the padded cells in one C call."""
    return operator.itemgetter(*line_order(rows, cols)[0])


@functools.lru_cache(maxsize=64)
def line_order(rows: int, cols: int) -> tuple[tuple[int, ...], tuple[tuple[int, str], ...]]:
    """For a rows x cols grid: the cell index (row * cols + col, or rows * cols for the
    separator) of each character of the joined text, and for each character the (cell,
    forward direction) it stands for."""
    order: list[int] = []
    where: list[tuple[int, str]] = []
    sep = rows * cols

    def run(cells, direction):
        for cell in cells:
            order.append(cell)
            where.append((cell, direction))
        order.append(sep)
        where.append((-1, ""))

    for r in range(rows):
        run([r * cols + c for c in range(cols)], "E")
    for c in range(cols):
        run([r * cols + c for r in range(rows)], "S")
    for start in range(-(cols - 1), rows):            # SE diagonals: row - col = start
        run([r * cols + (r - start) for r in range(max(0, start), rows)
             if 0 <= r - start < cols], "SE")
    for total in range(rows + cols - 1):               # NE diagonals: row + col = total,
        run([r * cols + (total - r) for r in range(min(rows - 1, total), -1, -1)  # bottom up
             if 0 <= total - r < cols], "NE")
    return tuple(order), tuple(where)


def joined_text(cells: list[str], rows: int, cols: int) -> str:
    """The grid's forward lines as one text (`cells` in reading order)."""
    return "".join(_picker(rows, cols)(cells + [SEPARATOR]))


def occurrences(text: str, where, spelling: str, cols: int) -> set[tuple[int, int, str]]:
    """Every (row, col, direction) a spelling starts at, forward or backward; a palindrome
    read both ways over the same cells is one placement (its forward reading)."""
    found = set()
    length = len(spelling)
    for target, backwards in ((spelling, False), (spelling[::-1], True)):
        if backwards and target == spelling:
            break
        start = text.find(target)
        while start >= 0:
            if backwards:
                cell, direction = where[start + length - 1]
                direction = OPPOSITE[direction]
            else:
                cell, direction = where[start]
            found.add((cell // cols, cell % cols, direction))
            start = text.find(target, start + 1)
    return found


def find_words(letters: list[str], spellings: list[str]) -> list[set[tuple[int, int, str]]]:
    """For each spelling, every placement of it in the grid (rows of letters)."""
    rows, cols = len(letters), len(letters[0])
    text = joined_text(list("".join(letters)), rows, cols)
    _order, where = line_order(rows, cols)
    return [occurrences(text, where, spelling, cols) for spelling in spellings]


def count_solutions(puzzle: dict, limit: int) -> int:
    """The ways to mark every listed word once: the product of each word's placements."""
    spellings = [grid_spelling(w, puzzle["language"]) for w in puzzle["words"]]
    total = 1
    for found in find_words(list(puzzle["letters"]), spellings):
        total *= len(found)
        if total == 0 or total >= limit:
            return min(total, limit)
    return total


def solution_of(puzzle: dict) -> dict | None:
    """The one solution's placements, or None when some word is missing or repeated."""
    spellings = [grid_spelling(w, puzzle["language"]) for w in puzzle["words"]]
    placements = []
    for word, found in zip(puzzle["words"], find_words(list(puzzle["letters"]), spellings)):
        if len(found) != 1:
            return None
        row, col, direction = next(iter(found))
        placements.append({"word": word, "row": row, "col": col, "direction": direction})
    return {"placements": placements}


# --- the trace of one solve ------------------------------------------------------------------
def explain(puzzle: dict) -> list[str]:
    """The words in the order a solver finds them most easily (longest first: a long word has
    the fewest false starts), each with where it starts and which way it reads."""
    spellings = [grid_spelling(w, puzzle["language"]) for w in puzzle["words"]]
    found = find_words(list(puzzle["letters"]), spellings)
    order = sorted(range(len(spellings)), key=lambda i: (-len(spellings[i]), spellings[i]))
    lines = []
    for i in order:
        word = puzzle["words"][i]
        if len(found[i]) != 1:
            lines.append(f"{word}: found {len(found[i])} times, so the board has no one answer")
            continue
        row, col, direction = next(iter(found[i]))
        lines.append(f"{word}: row {row + 1}, column {col + 1}, reading "
                     f"{DIRECTION_WORDS[direction]} ({direction})")
    return lines


assert set(OPPOSITE) | set(OPPOSITE.values()) == set(STEPS)
