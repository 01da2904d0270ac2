"""The independent checker: a plain scan of every line of the grid in all eight directions.

It shares no code with generate.py or solve.py (which read four forward directions and search
reversals): here every direction's lines are written out as they read, from their first cell,
and every word, offensive word and leftover letter is judged on those texts. Its verdict is
the board's proof (`Family.verify`). The contract it holds a board to:

- every listed word appears exactly once, counted over all eight directions, whatever the
  level allows (a palindrome read both ways over the same cells is one appearance), where the
  solution places it, in one of the puzzle's directions; no listed word is part of another
  listed word (forwards or backwards);
- no word of the offensive list with four letters or more appears anywhere; a three-letter
  one appears only in letters nobody chose freely: a listed word's own (POT in POTATO, or
  across two words that cross) or a hidden message's (NIGHT holds NIG), never in filler;
- with a message, the letters no word uses spell exactly the message, in reading order.
"""

from __future__ import annotations

import functools
import operator

import numpy as np

from pipeline.lexicon import grid_spelling, offensive_words
from pipeline.wordsearch.board import STEPS, message_letters, read_placements

SHORT_OFFENSIVE = 3   # list words this long are allowed in letters nobody chose freely


@functools.lru_cache(maxsize=32)
def _lines(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every line of a rows x cols grid in each of the eight directions, as cell indices from
    its first cell: a line starts where the step back leaves the grid."""
    lines = []
    for dr, dc in STEPS.values():
        for r in range(rows):
            for c in range(cols):
                if 0 <= r - dr < rows and 0 <= c - dc < cols:
                    continue
                line = []
                rr, cc = r, c
                while 0 <= rr < rows and 0 <= cc < cols:
                    line.append(rr * cols + cc)
                    rr, cc = rr + dr, cc + dc
                lines.append(tuple(line))
    return tuple(lines)


@functools.lru_cache(maxsize=32)
def _layout(rows: int, cols: int):
    """The cell of each character of the scanned text (-1 between lines), and what picks the
    grid's letters in that order to write it."""
    cells: list[int] = []
    for line in _lines(rows, cols):
        cells.extend(line)
        cells.append(-1)
    return tuple(cells), operator.itemgetter(*(c if c >= 0 else rows * cols for c in cells))


@functools.lru_cache(maxsize=None)
def _offensive_by_head(language: str) -> tuple[np.ndarray, dict[int, tuple[str, ...]]]:
    """The offensive words of `language`'s grids by the number their first three letters
    make (letters as 0-25 in base 26), and a table of which numbers start one."""
    heads: dict[int, list[str]] = {}
    for word in sorted(offensive_words(language)):
        if len(word) >= SHORT_OFFENSIVE:
            heads.setdefault(_head_number(word), []).append(word)
    starts = np.zeros(26 ** SHORT_OFFENSIVE + 1, dtype=bool)
    starts[list(heads)] = True
    return starts, {head: tuple(words) for head, words in heads.items()}


def _head_number(text: str) -> int:
    return sum((ord(ch) - 65) * 26 ** (SHORT_OFFENSIVE - 1 - k)
               for k, ch in enumerate(text[:SHORT_OFFENSIVE]))


def _head_numbers(text: str) -> np.ndarray:
    """The head number at every position of the scanned text; a position whose three
    characters cross a line's end gets 26**3 (no word starts there)."""
    values = np.frombuffer(text.encode("ascii"), dtype=np.uint8).astype(np.int64) - 65
    edge = values < 0
    n = len(values) - SHORT_OFFENSIVE + 1
    numbers = np.zeros(n, dtype=np.int64)
    crosses = np.zeros(n, dtype=bool)
    for k in range(SHORT_OFFENSIVE):
        numbers = numbers * 26 + values[k:k + n]
        crosses |= edge[k:k + n]
    numbers[crosses] = 26 ** SHORT_OFFENSIVE
    return numbers


# --- the checker -------------------------------------------------------------------------------
def verify(puzzle: dict, solution: dict) -> dict:
    """The proof of a board against the contract above; "unique" is True only when every
    clause holds and the solution is the board's one answer."""
    rows, cols, language = puzzle["rows"], puzzle["cols"], puzzle["language"]
    grid = "".join(puzzle["letters"])
    cells, pick = _layout(rows, cols)
    text = "".join(pick(grid + "#"))
    placements = read_placements(puzzle, solution)
    spellings = {p.word: grid_spelling(p.word, language) for p in placements}
    problems: list[str] = []

    used: set[int] = set()
    own_cells: list[frozenset[int]] = []
    for placement in placements:
        spelling = spellings[placement.word]
        run = [r * cols + c for r, c in placement.cells(len(spelling))]
        if "".join(grid[i] for i in run) != spelling:
            problems.append(f"{placement.word} does not read where the solution puts it")
        if placement.direction not in puzzle["directions"]:
            problems.append(f"{placement.word} reads {placement.direction}, a direction the "
                            "puzzle does not allow")
        own_cells.append(frozenset(run))
        used.update(run)

    for placement, own in zip(placements, own_cells):
        spelling = spellings[placement.word]
        seen = set()
        start = text.find(spelling)
        while start >= 0:
            seen.add(frozenset(cells[start:start + len(spelling)]))
            start = text.find(spelling, start + 1)
        if len(seen) != 1:
            problems.append(f"{placement.word} appears {len(seen)} times")
        elif own not in seen:
            problems.append(f"{placement.word} appears elsewhere than the solution says")

    words = sorted(set(spellings.values()))
    for word in words:
        for other in words:
            if word != other and (word in other or word[::-1] in other):
                problems.append(f"{word} is part of {other}")

    message = "message" in puzzle
    starts, heads = _offensive_by_head(language)
    numbers = _head_numbers(text)
    for index in np.flatnonzero(starts[numbers]).tolist():
        for bad in heads[int(numbers[index])]:
            if not text.startswith(bad, index):
                continue
            run = frozenset(cells[index:index + len(bad)])
            if len(bad) > SHORT_OFFENSIVE or not (message or run <= used):
                problems.append(f"the offensive word {bad} reads from cell "
                                f"{divmod(cells[index], cols)}")

    if "message" in puzzle:
        leftover = "".join(grid[i] for i in range(rows * cols) if i not in used)
        if leftover != message_letters(puzzle["message"], language):
            problems.append(f"the unused letters spell {leftover!r}, not the message")
    return {"checker": "wordsearch-plain-scan/1", "unique": not problems,
            "problems": sorted(set(problems))[:20]}
