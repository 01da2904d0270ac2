"""Making a Fill-In board from its key: a pattern, a fill, then the printed letters that put
the easiest-first solve at exactly the level.

The pattern is an open European-style one of the level's size (pipeline/engines/crossword/grid.py),
filled from the common-word list (Zipf >= FILL_FLOOR) by the crossword engine's filler. The
starter is chosen by trying the slots in a keyed order: easy and medium boards print one whole
word (the first slot whose letters make the solve's hardest tier exactly the level's); hard
boards print no letter, or failing that one letter. The independent checker (verify.py) must
then find this placement and no other, or the board is refused (CheckersDisagree).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.engines.crossword import fill as filler
from pipeline.engines.crossword.grid import lattice_pattern, layout
from pipeline.engines.crossword.words import (WordIndex, common_list, fill_index, index_words,
                                              read_own_list)
from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.fillin import verify
from pipeline.fillin.board import Board
from pipeline.fillin.grade import LEVEL_BY_NAME, grade_record, level_of
from pipeline.fillin.solve import solve_board
from pipeline.keyed import KeyedStream

FILL_FLOOR = 3.0      # common words only
ATTEMPTS = 200        # patterns tried for one board: a failed key leaves a gap in the numbers
STARTERS = 12         # starter words tried on one fill
LETTER_STARTERS = 12  # single letters tried on a hard fill that needs one
# A layout's own list must hold this many words of each length a level's slots can have, and
# this many in all, to fill its grids. Measured on the most common words of our list: 300
# fill easy grids (20 of 7 letters) and not medium ones (7 of 8, 5 of 9 letters); 600 fill
# medium (15 of 9 letters) at a second a board (docs/crossword.md).
OWN_LENGTH_WORDS = 20
OWN_WORDS = 300


def filled_grid(stream: KeyedStream, size: int, longest: int, index=None,
                language: str = "en"):
    """A pattern and its fill from `index` (None: the common words of the language's fill
    list): (pattern, slots, words) or None."""
    pattern = lattice_pattern(stream, size, size, longest=longest, extra=size)
    if pattern is None:
        return None
    slots = layout(pattern)
    if index is None:
        index = fill_index(FILL_FLOOR, str(common_list(language)))
    result = filler.fill(slots, index, stream)
    if result is None:
        return None
    return pattern, slots, result.words


def puzzle_with(pattern, slots, words, shown: dict, language: str = "en") -> dict:
    """The puzzle record; a board in another language than English says which (an English
    record is as it always was)."""
    grid = [list(line) for line in pattern]
    for (r, c), letter in shown.items():
        grid[r][c] = letter
    ordered = sorted(words, key=lambda w: (len(w), w))
    return {"rows": len(pattern), "cols": len(pattern[0]),
            "grid": ["".join(line) for line in grid], "words": ordered,
            **({} if language == "en" else {"language": language})}


def solution_of(pattern, slots, words) -> dict:
    grid = [list(line) for line in pattern]
    for slot, word in zip(slots.slots, words):
        for (r, c), letter in zip(slot.cells, word):
            grid[r][c] = letter
    return {"grid": ["".join(line) for line in grid]}


def starters(stream: KeyedStream, slots, words, kind: str) -> list[dict]:
    """The printed letters to try, in keyed order."""
    if kind == "word":
        order = list(range(len(slots.slots)))
        stream.shuffle(order)
        # Shortest first: a short starter tells least, so the solve needs its level's tier
        # more often (a long one gives an easy board away at medium).
        order = sorted(order[:STARTERS], key=lambda s: slots.slots[s].length)
        return [dict(zip(slots.slots[s].cells, words[s])) for s in order]
    cells = sorted({(cell, word[i]) for slot, word in zip(slots.slots, words)
                    for i, cell in enumerate(slot.cells)})
    stream.shuffle(cells)
    return [{}] + [{cell: letter} for cell, letter in cells[:LETTER_STARTERS]]


def own_index(path: Path, level: str) -> WordIndex:
    """A layout's own word list (crossword/words.py, `read_own_list`), its words of Zipf
    FILL_FLOOR and above indexed for a fill of `level`; a one-line error when it is too small
    to fill the level's grids: fewer than OWN_LENGTH_WORDS words of some length from 3 to the
    level's longest, or fewer than OWN_WORDS in all."""
    spec = LEVEL_BY_NAME[level]
    own = read_own_list(path)
    index = index_words(w for w, z in own.items() if z >= FILL_FLOOR)
    short = [(n, len(index.of_length(n).words)) for n in range(3, spec.longest + 1)
             if len(index.of_length(n).words) < OWN_LENGTH_WORDS]
    total = sum(len(index.of_length(n).words) for n in range(3, spec.longest + 1))
    if short or total < OWN_WORDS:
        what = ", ".join(f"{count} of {n} letters" for n, count in short) or f"{total} in all"
        raise InputError(f"too small to fill grids of level {level}: {what} (of Zipf "
                         f"{FILL_FLOOR} or above; it needs {OWN_LENGTH_WORDS} of each length "
                         f"from 3 to {spec.longest} letters and {OWN_WORDS} in all)",
                         file=str(path), field="words")
    return index


def generate(key: str, level: str, version: str, index: WordIndex | None = None) -> Generated:
    """A board of exactly `level` from the key's stream, filled from `index` (None: the fill
    list's common words; else a layout's own, `own_index`)."""
    spec = LEVEL_BY_NAME[level]
    stream = KeyedStream(key)
    for attempt in range(1, ATTEMPTS + 1):
        made = filled_grid(stream, spec.size, spec.longest, index, spec.language)
        if made is None:
            continue
        pattern, slots, words = made
        for shown in starters(stream, slots, words, spec.starter):
            puzzle = puzzle_with(pattern, slots, words, shown, spec.language)
            # The record is sound by construction and its slots are the pattern's: the board
            # is made from them rather than read back (board_from_puzzle) for every starter.
            board = Board(puzzle["rows"], puzzle["cols"], tuple(puzzle["grid"]),
                          tuple(puzzle["words"]), slots)
            result = solve_board(board, spec.tier)
            # The solve is easiest first: one that finishes within the level's tier never
            # reaches a harder one, so this is the board's grade.
            if not result.solved or level_of(result, spec.language) != level:
                continue
            solution = solution_of(pattern, slots, words)
            proof = verify.verify(puzzle, solution)
            if not proof["unique"] or result.grid != tuple(solution["grid"]):
                raise CheckersDisagree(f"{key}: the solve and the placement search disagree")
            return Generated(puzzle, solution, grade_record(result, spec.language), proof,
                             attempt)
    raise GenerationFailed(f"{key}: no {level} board in {ATTEMPTS} patterns")
