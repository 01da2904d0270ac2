"""Making a Codeword board from its key: a fill that uses every letter, a keyed numbering,
and the given letters that put the solve at exactly the level.

The pattern is an open European-style 15 x 15 (pipeline/crossword/grid.py). Before filling,
a few slots are held to words holding the letters a fill rarely reaches (J, Q, X, Z and, for
hard boards, more of K, V, W, Y: RARE), each in a keyed slot, so all 26 letters appear; the
filler takes answer words of Zipf >= ANSWER_FLOOR only. Letters get code numbers by a keyed
shuffle. Givens are tried as keyed sets of the level's size; the first set under which the
easiest-first solve (against the large dictionary) finishes at exactly the level is kept, and
the independent checker must then find that key and no other, or the board is refused.
"""

from __future__ import annotations

from itertools import combinations

from pipeline.codeword import verify
from pipeline.codeword.board import LETTERS, board_from_puzzle
from pipeline.codeword.grade import LEVEL_BY_NAME, grade_record, level_of, rare_cells
from pipeline.codeword.solve import solve_board
from pipeline.crossword import fill as filler
from pipeline.crossword.grid import lattice_pattern, layout
from pipeline.crossword.words import fill_index
from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream

ANSWER_FLOOR = 3.0
ATTEMPTS = 200   # fills tried for one board: a failed key would leave a gap in a book's numbers
GIVEN_SETS = 10


def seeded_slots(stream: KeyedStream, slots, index, letters: str) -> dict[int, int]:
    """For each letter, a keyed slot (4 letters or more) held to words holding it."""
    allowed: dict[int, int] = {}
    choices = [s for s, slot in enumerate(slots.slots) if slot.length >= 4]
    for letter in letters:
        if not choices:
            break
        s = choices.pop(stream.below(len(choices)))
        table = index.of_length(slots.slots[s].length)
        mask = 0
        for at in table.at:
            mask |= at[letter]
        allowed[s] = mask
    return allowed


def numbered(stream: KeyedStream, pattern, slots, words):
    """The grid's letters, and the code number of each letter (a keyed one-to-one map)."""
    grid = [list(line) for line in pattern]
    for slot, word in zip(slots.slots, words):
        for (r, c), letter in zip(slot.cells, word):
            grid[r][c] = letter
    order = list(LETTERS)
    stream.shuffle(order)
    code = {letter: k + 1 for k, letter in enumerate(order)}
    return grid, code


def given_sets(stream: KeyedStream, code: dict, counts) -> list[dict]:
    numbers = sorted(code.values())
    out = []
    for count in counts:
        for _ in range(GIVEN_SETS):
            chosen = sorted(numbers[stream.below(26)] for _ in range(count))
            if len(set(chosen)) == count:
                out.append(chosen)
    return out


def generate(key: str, level: str, version: str) -> Generated:
    spec = LEVEL_BY_NAME[level]
    stream = KeyedStream(key)
    index = fill_index(ANSWER_FLOOR)
    for attempt in range(1, ATTEMPTS + 1):
        pattern = lattice_pattern(stream, spec.size, spec.size, longest=spec.longest,
                                  extra=spec.size // 2)
        if pattern is None:
            continue
        slots = layout(pattern)
        allowed = seeded_slots(stream, slots, index, spec.seeded)
        made = filler.fill(slots, index, stream, allowed=allowed)
        if made is None:
            continue
        grid, code = numbered(stream, pattern, slots, made.words)
        if len({ch for line in grid for ch in line if ch != "#"}) < 26:
            continue
        if rare_cells(grid) < spec.rare_cells:
            continue
        letter_of = {n: letter for letter, n in code.items()}
        cells = [[0 if ch == "#" else code[ch] for ch in line] for line in grid]
        for chosen in given_sets(stream, code, spec.givens):
            puzzle = {"rows": spec.size, "cols": spec.size, "cells": cells,
                      "given": {str(n): letter_of[n] for n in chosen}}
            result = solve_board(board_from_puzzle(puzzle))
            if level_of(result, len(chosen)) != level:
                continue
            solution = {"key": {str(n): letter_of[n] for n in range(1, 27)},
                        "grid": ["".join(line) for line in grid]}
            proof = verify.verify(puzzle, solution)
            if not proof["unique"]:
                raise CheckersDisagree(f"{key}: the solve and the key search disagree")
            return Generated(puzzle, solution, grade_record(result, len(chosen), grid), proof,
                             attempt)
    raise GenerationFailed(f"{key}: no {level} board in {ATTEMPTS} fills")
