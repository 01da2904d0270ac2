"""Breaking a Codeword's key the way a reader does, and counting the keys that fit.

Each code number keeps the letters it may still stand for (a bit for each of A-Z, only the key
alphabet's set at the start: a Spanish key has no K or W, so the words holding them drop out
at the first step), each slot its candidate
words from the large dictionary (a bit set over the words of its length: crossword/words.py),
starting from the words with the slot's pattern of repeats (the same number the same letter,
different numbers different letters). Steps, easiest first:

- Pattern: a number's occurrences in the slots leave it one letter (only the words that fit
  a slot's known letters and repeats remain, and they agree on it); or a letter is left to
  one number only (every letter is in the grid, and the key is one-to-one);
- What-If: supposing a letter for a number and following pattern steps leaves a slot with no
  word or a number with no letter, so the number is not that letter.

The solve's record is how many letters fell to pattern steps, and each what-if's length (the
letters it followed before its dead end). Counting keys is a search over the same state (the
number with the fewest letters first), for `count_solutions`; the independent proof is
verify.py's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pipeline.codeword.board import LETTERS, Board, board_from_puzzle
from pipeline.i18n import N_
from pipeline.engines.crossword.families import trace
from pipeline.engines.crossword.words import (LengthIndex, WordIndex, dictionary_index,
                                              dictionary_list)

ALL = (1 << 26) - 1   # every letter A-Z: what a key alphabet's letters are taken from
PATTERN = N_("Pattern")
ONLY_NUMBER = N_("Only Number for the Letter")
WHAT_IF = N_("What-If")


@dataclass(frozen=True)
class Step:
    """`letter` found for `number` (or, for a what-if, ruled out of it); `slot` the slot whose
    words decided it (None for a letter left to one number); `length` the letters a what-if
    followed to its dead end."""

    technique: str
    number: int
    letter: str
    slot: int | None = None
    placed: bool = True
    length: int = 0


@dataclass(frozen=True)
class Solve:
    steps: tuple[Step, ...]
    solved: bool
    key: dict[int, str]


class Contradiction(Exception):
    pass


def _bits(domain: int) -> list[int]:
    return [k for k in range(26) if domain >> k & 1]


def alphabet_mask(letters: str) -> int:
    """The bits of a key alphabet's letters."""
    return sum(1 << LETTERS.index(ch) for ch in letters)


def _codes(domains) -> range:
    """The code numbers of a state (domains[0] is unused: numbers start at 1)."""
    return range(1, len(domains))


@functools.lru_cache(maxsize=64)
def _shape_masks(index: LengthIndex) -> dict[tuple[int, ...], int]:
    """Bit sets of the words of one length by their pattern of repeats (position i gets the
    first position holding the same letter)."""
    if not index.words:
        return {}
    n = len(index.words[0])
    letters = np.frombuffer("".join(index.words).encode("ascii"), np.uint8).reshape(-1, n)
    first = np.tile(np.arange(n), (len(letters), 1))
    for i in range(n):
        for j in range(i - 1, -1, -1):
            same = letters[:, j] == letters[:, i]
            first[same, i] = j
    shapes, inverse = np.unique(first, axis=0, return_inverse=True)
    out = {}
    for k, shape in enumerate(shapes):
        flags = inverse.reshape(-1) == k
        out[tuple(int(v) for v in shape)] = int.from_bytes(
            np.packbits(flags, bitorder="little").tobytes(), "little")
    return out


def slot_shape(numbers: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(numbers.index(n) for n in numbers)


class Engine:
    """The slots of one board under one dictionary, and the narrowing of a state."""

    def __init__(self, board: Board, index: WordIndex):
        self.board = board
        self.tables = [index.of_length(len(slot)) for slot in board.slots]
        self.codes = board.codes
        self.alphabet = alphabet_mask(board.letters)
        self.letter_bits = [LETTERS.index(ch) for ch in board.letters]
        self.where: dict[int, list[tuple[int, int]]] = {n: [] for n in self.codes}
        for s, slot in enumerate(board.slots):
            seen = set()
            for i, n in enumerate(slot):
                if n not in seen:
                    seen.add(n)
                    self.where[n].append((s, i))
        self.first_of = [[(i, n) for i, n in enumerate(slot) if slot.index(n) == i]
                         for slot in board.slots]

    def start(self) -> tuple[list[int], list[int]]:
        domains = [0] + [self.alphabet] * len(self.codes)
        for n, letter in self.board.given.items():
            domains[n] = 1 << LETTERS.index(letter)
        candidates = []
        for s, slot in enumerate(self.board.slots):
            mask = _shape_masks(self.tables[s]).get(slot_shape(slot), 0)
            candidates.append(mask)
        return domains, candidates

    def narrow_number(self, candidates: list[int], n: int, removed: int) -> list[int]:
        """Drop from the slots of number n the words with a removed letter where n is."""
        touched = []
        for s, i in self.where[n]:
            at = self.tables[s].at[i]
            cut = 0
            for k in _bits(removed):
                cut |= at[LETTERS[k]]
            if candidates[s] & cut:
                candidates[s] &= ~cut
                if not candidates[s]:
                    raise Contradiction
                touched.append(s)
        return touched

    def propagate(self, domains, candidates, dirty_numbers, dirty_slots, steps) -> None:
        """Pattern steps to a fixed point; appends the numbers fixed to `steps`. Raises
        Contradiction on a slot with no word, a number with no letter or a letter with no
        number."""
        removed = {n: ALL & ~domains[n] for n in dirty_numbers}
        slots = set(dirty_slots)
        while removed or slots:
            for n, gone in removed.items():
                slots.update(self.narrow_number(candidates, n, gone))
            removed = {}
            changed: dict[int, tuple[int, int]] = {}
            for s in sorted(slots):
                mask = candidates[s]
                at = self.tables[s].at
                for i, n in self.first_of[s]:
                    allowed = 0
                    for k in _bits(domains[n]):
                        if mask & at[i][LETTERS[k]]:
                            allowed |= 1 << k
                    if allowed != domains[n]:
                        if not allowed:
                            raise Contradiction
                        gone = domains[n] & ~allowed
                        domains[n] = allowed
                        prev = changed.get(n, (0, s))
                        changed[n] = (prev[0] | gone, prev[1])
                        if allowed & (allowed - 1) == 0:
                            steps.append(Step(PATTERN, n, LETTERS[allowed.bit_length() - 1], s))
            slots = set()
            for n, (gone, _s) in changed.items():
                removed[n] = removed.get(n, 0) | gone
            self._one_to_one(domains, removed, steps)

    def _one_to_one(self, domains, removed, steps) -> None:
        """A number's one letter leaves every other number; a letter left to one number is
        that number's."""
        again = True
        while again:
            again = False
            fixed = 0
            for n in self.codes:
                d = domains[n]
                if d & (d - 1) == 0:
                    if fixed & d:
                        raise Contradiction
                    fixed |= d
            for n in self.codes:
                d = domains[n]
                if d & (d - 1) and d & fixed:
                    domains[n] = d & ~fixed
                    removed[n] = removed.get(n, 0) | (d & fixed)
                    if not domains[n]:
                        raise Contradiction
                    if domains[n] & (domains[n] - 1) == 0:
                        steps.append(Step(PATTERN, n, LETTERS[domains[n].bit_length() - 1]))
                    again = True
            for k in self.letter_bits:
                bit = 1 << k
                holders = [n for n in self.codes if domains[n] & bit]
                if not holders:
                    raise Contradiction
                if len(holders) == 1 and domains[holders[0]] != bit:
                    n = holders[0]
                    removed[n] = removed.get(n, 0) | (domains[n] & ~bit)
                    domains[n] = bit
                    steps.append(Step(ONLY_NUMBER, n, LETTERS[k]))
                    again = True


def solved(domains) -> bool:
    return all(domains[n] & (domains[n] - 1) == 0 for n in _codes(domains))


def key_of(domains) -> dict[int, str]:
    return {n: LETTERS[domains[n].bit_length() - 1] for n in _codes(domains)
            if domains[n] and domains[n] & (domains[n] - 1) == 0}


def solve_board(board: Board, index: WordIndex | None = None, *, what_ifs: bool = True,
                limit: int = 60) -> Solve:
    engine = Engine(board, index or dictionary_index(str(dictionary_list(board.language))))
    domains, candidates = engine.start()
    steps: list[Step] = []
    try:
        engine.propagate(domains, candidates, [n for n in engine.codes if domains[n] != ALL],
                         range(len(candidates)), steps)
    except Contradiction:
        return Solve(tuple(steps), False, {})
    while not solved(domains) and what_ifs and limit:
        limit -= 1
        step = what_if(engine, domains, candidates)
        if step is None:
            break
        steps.append(step)
        bit = 1 << LETTERS.index(step.letter)
        domains[step.number] &= ~bit
        try:
            engine.propagate(domains, candidates, [step.number], (), steps)
        except Contradiction:
            return Solve(tuple(steps), False, {})
    return Solve(tuple(steps), solved(domains), key_of(domains))


def what_if(engine: Engine, domains, candidates) -> Step | None:
    """The first supposition (numbers with the fewest letters first, in number order) whose
    pattern steps run into a dead end."""
    open_numbers = sorted((bin(domains[n]).count("1"), n) for n in engine.codes
                          if domains[n] & (domains[n] - 1))
    for _count, n in open_numbers:
        for k in _bits(domains[n]):
            trial_d, trial_c = list(domains), list(candidates)
            trial_d[n] = 1 << k
            followed: list[Step] = []
            try:
                engine.propagate(trial_d, trial_c, [n], (), followed)
            except Contradiction:
                return Step(WHAT_IF, n, LETTERS[k], placed=False, length=len(followed) + 1)
    return None


def solve(puzzle: dict, **options) -> Solve:
    return solve_board(board_from_puzzle(puzzle), **options)


# --- counting ----------------------------------------------------------------------------------

def count_board(board: Board, limit: int, index: WordIndex | None = None) -> int:
    engine = Engine(board, index or dictionary_index(str(dictionary_list(board.language))))
    domains, candidates = engine.start()
    found = [0]

    def search(domains, candidates, dirty) -> None:
        try:
            engine.propagate(domains, candidates, dirty, range(len(candidates))
                             if dirty is None else (), [])
        except Contradiction:
            return
        if solved(domains):
            found[0] += 1
            return
        _count, n = min((bin(domains[n]).count("1"), n) for n in engine.codes
                        if domains[n] & (domains[n] - 1))
        for k in _bits(domains[n]):
            if found[0] >= limit:
                return
            trial = list(domains)
            trial[n] = 1 << k
            search(trial, list(candidates), [n])

    initial = [n for n in engine.codes if domains[n] != ALL]
    try:
        engine.propagate(domains, candidates, initial, range(len(candidates)), [])
    except Contradiction:
        return 0
    search(domains, candidates, [])
    return min(found[0], limit)


def count_solutions(puzzle: dict, limit: int) -> int:
    return count_board(board_from_puzzle(puzzle), limit)


# --- the trace of one solve --------------------------------------------------------------------

def describe(board: Board, step: Step) -> str:
    if not step.placed:
        return (f"{WHAT_IF}: {step.number} as {step.letter} leaves a word with no fit after "
                f"{step.length} letters, so {step.number} is not {step.letter}")
    if step.slot is None:
        return f"{step.technique}: {step.letter} can only be {step.number}"
    r, c = board.slot_cells[step.slot][0]
    return (f"{step.technique}: the word from row {r + 1}, column {c + 1} leaves "
            f"{step.number} only {step.letter}")


def explain(puzzle: dict) -> list[str]:
    board = board_from_puzzle(puzzle)
    return trace(board, solve_board(board), describe)
