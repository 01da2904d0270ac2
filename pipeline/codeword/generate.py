"""Making a Codeword board from its key: a fill that uses every letter, a keyed numbering,
and the given letters that put the solve at exactly the level.

The pattern is an open European-style 15 x 15 (pipeline/engines/crossword/grid.py). Before filling,
a few slots are held to words holding the letters a fill rarely reaches (J, Q, X, Z and, for
hard boards, more of K, V, W, Y: RARE; other languages their own), each in a keyed slot, so
every letter of the key alphabet appears; the filler takes answer words of Zipf >=
ANSWER_FLOOR only, spelled in the key alphabet (a Spanish fill takes no word with K or W). Letters get code numbers by a keyed
shuffle. Givens are tried as keyed sets of the level's size; the first set under which the
easiest-first solve (against the large dictionary) finishes at exactly the level is kept, and
the independent checker must then find that key and no other, or the board is refused.
"""

from __future__ import annotations

import functools
from itertools import combinations
from pathlib import Path

from pipeline.codeword import verify
from pipeline.codeword.board import KEY_ALPHABETS, LETTERS, board_from_puzzle
from pipeline.codeword.grade import LEVEL_BY_NAME, grade_record, level_of, rare_cells
from pipeline.codeword.solve import solve_board
from pipeline.engines.crossword import fill as filler
from pipeline.engines.crossword.grid import lattice_pattern, layout
from pipeline.engines.crossword.words import (WordIndex, common_list, dictionary_list,
                                              dictionary_words, fill_index, index_words,
                                              read_own_list)
from pipeline.errors import CheckersDisagree, GenerationFailed, InputError
from pipeline.family import Generated
from pipeline.keyed import KeyedStream

ANSWER_FLOOR = 3.0
ATTEMPTS = 200   # fills tried for one board: a failed key would leave a gap in a book's numbers
# German, French and Spanish boards may try more: French easy boards failed 2 keys of 20 at
# 200 fills (keys 5 and 6) and found both by 600. English keeps 200, so no English key that
# failed before makes a board now and shifts a book's numbers.
ATTEMPTS_OTHER_LANGUAGES = 600
GIVEN_SETS = 10
# A layout's own answer list must hold this many words of each length a level's slots can
# have, and this many in all, to fill its grids. Measured on the most common words of our
# list: 1,000 (33 of 9 letters) fill no easy board in three keys, 3,000 (207 of 9 letters)
# two, 6,000 all three (docs/crossword.md).
OWN_LENGTH_WORDS = 150
OWN_WORDS = 4000


def own_index(path: Path, level: str) -> WordIndex:
    """A layout's own answer list (crossword/words.py, `read_own_list`), its words of Zipf
    ANSWER_FLOOR and above indexed for a fill of `level`. Uniqueness is still proven under the
    large dictionary, so every answer word must be in it; and every letter must be in some
    word of four letters or more (the fill seeds a slot with each rare one). One-line errors
    name the file, and the line of a word the dictionary lacks."""
    spec = LEVEL_BY_NAME[level]
    own = read_own_list(path)
    large = dictionary_words(str(dictionary_list(spec.language)))
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        parts = line.split()
        if parts and not parts[0].startswith("#") and parts[0].upper() not in large:
            raise InputError(f"{parts[0]!r} is not in the large dictionary the puzzle's one "
                             "answer is proven under", file=str(path), line=number,
                             field="word")
    letters = KEY_ALPHABETS[spec.language]
    index = index_words(w for w, z in own.items() if z >= ANSWER_FLOOR and _spelled(w, letters))
    lengths = range(3, spec.longest + 1)
    short = [(n, len(index.of_length(n).words)) for n in lengths
             if len(index.of_length(n).words) < OWN_LENGTH_WORDS]
    total = sum(len(index.of_length(n).words) for n in lengths)
    missing = sorted(set(letters) - {ch for n in lengths if n >= 4
                                     for w in index.of_length(n).words for ch in w})
    if short or total < OWN_WORDS or missing:
        what = ", ".join(f"{count} of {n} letters" for n, count in short) or f"{total} in all"
        if missing:
            what = f"no word of 4 letters or more holds {', '.join(missing)}"
        raise InputError(f"too small to fill grids of level {level}: {what} (of Zipf "
                         f"{ANSWER_FLOOR} or above; it needs {OWN_LENGTH_WORDS} of each length "
                         f"from 3 to {spec.longest} letters, {OWN_WORDS} in all, every letter)",
                         file=str(path), field="words")
    return index


def _spelled(word: str, letters: str) -> bool:
    return letters == LETTERS or all(ch in letters for ch in word)


@functools.lru_cache(maxsize=4)
def language_fill_index(language: str) -> WordIndex:
    """The fill list's words of Zipf ANSWER_FLOOR and above that the language's key alphabet
    spells (for A-Z, the shared fill index itself)."""
    index = fill_index(ANSWER_FLOOR, str(common_list(language)))
    letters = KEY_ALPHABETS[language]
    if letters == LETTERS:
        return index
    return index_words(w for length in index.by_length.values() for w in length.words
                       if _spelled(w, letters))


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


def numbered(stream: KeyedStream, pattern, slots, words, letters: str = LETTERS):
    """The grid's letters, and the code number of each letter of the key alphabet `letters`
    (a keyed one-to-one map)."""
    grid = [list(line) for line in pattern]
    for slot, word in zip(slots.slots, words):
        for (r, c), letter in zip(slot.cells, word):
            grid[r][c] = letter
    order = list(letters)
    stream.shuffle(order)
    code = {letter: k + 1 for k, letter in enumerate(order)}
    return grid, code


def given_sets(stream: KeyedStream, code: dict, counts) -> list[dict]:
    numbers = sorted(code.values())
    out = []
    for count in counts:
        for _ in range(GIVEN_SETS):
            chosen = sorted(numbers[stream.below(len(numbers))] for _ in range(count))
            if len(set(chosen)) == count:
                out.append(chosen)
    return out


def generate(key: str, level: str, version: str, index: WordIndex | None = None) -> Generated:
    """A board of exactly `level` from the key's stream, its answer filled from `index`
    (None: the fill list's words of Zipf ANSWER_FLOOR and above; else a layout's own,
    `own_index`), its uniqueness proven under the large dictionary either way."""
    spec = LEVEL_BY_NAME[level]
    letters = KEY_ALPHABETS[spec.language]
    stream = KeyedStream(key)
    if index is None:
        index = language_fill_index(spec.language)
    attempts = ATTEMPTS if spec.language == "en" else ATTEMPTS_OTHER_LANGUAGES
    for attempt in range(1, attempts + 1):
        pattern = lattice_pattern(stream, spec.size, spec.size, longest=spec.longest,
                                  extra=spec.size // 2)
        if pattern is None:
            continue
        slots = layout(pattern)
        allowed = seeded_slots(stream, slots, index, spec.seeded)
        made = filler.fill(slots, index, stream, allowed=allowed)
        if made is None:
            continue
        grid, code = numbered(stream, pattern, slots, made.words, letters)
        if len({ch for line in grid for ch in line if ch != "#"}) < len(letters):
            continue
        if rare_cells(grid) < spec.rare_cells:
            continue
        letter_of = {n: letter for letter, n in code.items()}
        cells = [[0 if ch == "#" else code[ch] for ch in line] for line in grid]
        for chosen in given_sets(stream, code, spec.givens):
            puzzle = {"rows": spec.size, "cols": spec.size, "cells": cells,
                      "given": {str(n): letter_of[n] for n in chosen},
                      # a board in another language says which (an English one is as it was)
                      **({} if spec.language == "en" else {"language": spec.language})}
            result = solve_board(board_from_puzzle(puzzle))
            if level_of(result, len(chosen), spec.language) != level:
                continue
            solution = {"key": {str(n): letter_of[n] for n in range(1, len(letters) + 1)},
                        "grid": ["".join(line) for line in grid]}
            proof = verify.verify(puzzle, solution)
            if not proof["unique"]:
                raise CheckersDisagree(f"{key}: the solve and the key search disagree")
            return Generated(puzzle, solution,
                             grade_record(result, len(chosen), grid, spec.language), proof,
                             attempt)
    raise GenerationFailed(f"{key}: no {level} board in {attempts} fills")
