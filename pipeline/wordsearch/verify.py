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
  one appears only inside one listed word's own letters (POT in POTATO), never in filler and
  never across the letters of several words (POT read down three words side by side); on a
  hidden-message board one that takes a letter of the message (NIGHT holds NIG; the
  message's letters are where they must be) is no fault but a warning the proof lists;
- with a message, the letters no word uses spell exactly the message, in reading order.
"""

from __future__ import annotations

import functools
import operator

import numpy as np

from pipeline.engines.lexicon import grid_spelling, offensive_words
from pipeline.wordsearch.board import (LETTERS, STEPS, message_letters, read_placements,
                                       scan_bytes)

SHORT_OFFENSIVE = 3   # list words this long are allowed inside a listed word


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


LONG_HEAD = SHORT_OFFENSIVE + 1   # longer list words are looked up by their first four letters


@functools.lru_cache(maxsize=None)
def _offensive_tables(language: str) -> tuple[np.ndarray, np.ndarray, dict[int, tuple]]:
    """The offensive words of `language`'s grids as tables by the number a run of letters
    makes (letters as 0-26 in base `board.LETTERS`, Ñ after Z): which numbers are a
    three-letter word, which start a longer one with their four letters, and each such
    head's words as (length, the words of that length) pairs."""
    short = np.zeros(LETTERS ** SHORT_OFFENSIVE + 1, dtype=bool)
    heads: dict[int, dict[int, set[str]]] = {}
    for word in offensive_words(language):
        if len(word) == SHORT_OFFENSIVE:
            short[_number(word)] = True
        elif len(word) > SHORT_OFFENSIVE:
            heads.setdefault(_number(word[:LONG_HEAD]), {}).setdefault(len(word), set()).add(word)
    long = np.zeros(LETTERS ** LONG_HEAD + 1, dtype=bool)
    long[list(heads)] = True
    return short, long, {head: tuple((length, frozenset(words)) for length, words
                                     in sorted(by_length.items()))
                         for head, by_length in heads.items()}


def _number(text: str) -> int:
    return sum((code - 65) * LETTERS ** (len(text) - 1 - k)
               for k, code in enumerate(scan_bytes(text)))


def _numbers(text: str, size: int) -> np.ndarray:
    """The number of the `size` characters from every position of the scanned text; a
    position whose characters cross a line's end gets LETTERS**size (no word reads there)."""
    values = np.frombuffer(scan_bytes(text), dtype=np.uint8).astype(np.int64) - 65
    edge = values < 0
    n = len(values) - size + 1
    numbers = np.zeros(n, dtype=np.int64)
    crosses = np.zeros(n, dtype=bool)
    for k in range(size):
        numbers = numbers * LETTERS + values[k:k + n]
        crosses |= edge[k:k + n]
    numbers[crosses] = LETTERS ** size
    return numbers


def _reads_once_in(text: str, word: str) -> bool:
    """Whether `word` reads exactly once in `text` (found again from the next character, so
    a word overlapping itself is seen twice)."""
    first = text.find(word)
    return first >= 0 and text.find(word, first + 1) < 0


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
        dr, dc = STEPS[placement.direction]
        step = dr * cols + dc
        first = placement.row * cols + placement.col
        run = range(first, first + step * len(spelling), step)
        if "".join(map(grid.__getitem__, run)) != spelling:
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
    listed = "#".join(words)
    for word in words:
        backwards = word[::-1]
        # the word reads in the list only as itself (and, a palindrome, backwards as
        # itself): then it is part of no other; else the other words are looked through
        if (_reads_once_in(listed, word)
                and (backwards == word or listed.find(backwards) < 0)):
            continue
        for other in words:
            if word != other and (word in other or backwards in other):
                problems.append(f"{word} is part of {other}")

    message = "message" in puzzle
    warnings: list[str] = []
    short, long, heads = _offensive_tables(language)
    for index in np.flatnonzero(long[_numbers(text, LONG_HEAD)]).tolist():
        for length, words_of_length in heads[int(_number(text[index:index + LONG_HEAD]))]:
            bad = text[index:index + length]
            if bad in words_of_length:
                problems.append(f"the offensive word {bad} reads from cell "
                                f"{divmod(cells[index], cols)}")
    for index in np.flatnonzero(short[_numbers(text, SHORT_OFFENSIVE)]).tolist():
        bad = text[index:index + SHORT_OFFENSIVE]
        run = frozenset(cells[index:index + SHORT_OFFENSIVE])
        where = f"the offensive word {bad} reads from cell {divmod(cells[index], cols)}"
        if any(run <= own for own in own_cells):
            continue                             # a listed word's own letters
        if message and not run <= used:
            warnings.append(where + ", across the message's letters")
        else:
            problems.append(where)

    if "message" in puzzle:
        leftover = "".join(grid[i] for i in range(rows * cols) if i not in used)
        if leftover != message_letters(puzzle["message"], language):
            problems.append(f"the unused letters spell {leftover!r}, not the message")
    return {"checker": "wordsearch-plain-scan/2", "unique": not problems,
            "problems": sorted(set(problems))[:20], "warnings": sorted(set(warnings))[:20]}
