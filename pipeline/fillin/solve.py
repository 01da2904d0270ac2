"""Solving a Fill-In the way a reader does, easiest step first, and counting its solutions.

A step places one listed word into one slot, or (a what-if) rules one word out of one slot.
Techniques, easiest first (their tier sets the level, grade.py):

1. Only Word of Its Length: one listed word of a slot's length is left;
   One Crossing Letter: one letter already in the slot leaves one word of its length;
2. Two Crossing Letters: only one word fits all the letters in the slot, and no single
   letter decides it; Only Slot for the Word: a listed word fits one open slot only;
3. What-If: placing a word in a slot and following steps 1-2 leaves a slot with no word or a
   word with no slot, so the word is not there.

The state is the letters in the grid and the words used. Counting solutions is a search over
the same candidates (a slot with the fewest words first), for `count_solutions`; the
independent proof is verify.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.engines.crossword.families import trace
from pipeline.fillin.board import Board, board_from_puzzle
from pipeline.i18n import N_

ONLY_LENGTH = N_("Only Word of Its Length")
ONE_LETTER = N_("One Crossing Letter")
TWO_LETTERS = N_("Two Crossing Letters")
ONLY_SLOT = N_("Only Slot for the Word")
WHAT_IF = N_("What-If")
TIERS = {ONLY_LENGTH: 1, ONE_LETTER: 1, TWO_LETTERS: 2, ONLY_SLOT: 2, WHAT_IF: 3}
WHAT_IF_STEPS = 200  # steps a what-if may follow before it is given up as inconclusive


@dataclass(frozen=True)
class Step:
    """One step: `word` placed in slot `slot` (or, for a what-if, ruled out of it); `length`
    is how many steps the what-if followed to its contradiction; `letters` the cells whose
    letters decided the step."""

    technique: str
    slot: int
    word: str
    placed: bool = True
    length: int = 0
    letters: tuple[tuple[int, int], ...] = ()

    @property
    def tier(self) -> int:
        return TIERS[self.technique]


@dataclass(frozen=True)
class Table:
    """One board's listed words as bit sets (bit k: the k-th listed word), so a slot's
    candidates are a few ANDs of integers rather than a letter-by-letter test of every word;
    iterating a set's bits from the lowest keeps the list's order."""

    board: Board
    bit: dict[str, int]
    of_length: dict[int, int]
    at: dict[tuple[int, str], int]   # (position, letter) -> the words with it there
    cells: tuple[tuple[tuple[int, int], ...], ...]
    lengths: tuple[int, ...]


def table_of(board: Board) -> Table:
    bit, of_length, at = {}, {}, {}
    for k, word in enumerate(board.words):
        bit[word] = 1 << k
        of_length[len(word)] = of_length.get(len(word), 0) | 1 << k
        for i, letter in enumerate(word):
            at[i, letter] = at.get((i, letter), 0) | 1 << k
    slots = board.slots.slots
    return Table(board, bit, of_length, at, tuple(slot.cells for slot in slots),
                 tuple(slot.length for slot in slots))


def words_in(table: Table, mask: int) -> list[str]:
    """The words of bit set `mask`, in the list's order."""
    words = table.board.words
    found = []
    while mask:
        low = mask & -mask
        found.append(words[low.bit_length() - 1])
        mask ^= low
    return found


@dataclass
class State:
    """Letters in the grid, the words placed (slot -> word), the ruled-out pairs, and as bit
    sets the words not yet placed and, by slot, the words ruled out of it."""

    letters: dict[tuple[int, int], str]
    unused: int
    placed: dict[int, str] = field(default_factory=dict)
    ruled_out: set[tuple[int, str]] = field(default_factory=set)
    ruled: dict[int, int] = field(default_factory=dict)

    def copy(self) -> "State":
        return State(dict(self.letters), self.unused, dict(self.placed), set(self.ruled_out),
                     dict(self.ruled))


def start(table: Table) -> State:
    return State(dict(table.board.givens), (1 << len(table.board.words)) - 1)


@dataclass(frozen=True)
class Solve:
    steps: tuple[Step, ...]
    solved: bool
    grid: tuple[str, ...]


# --- candidates --------------------------------------------------------------------------------

def fitting(table: Table, state: State, s: int) -> int:
    """The unused words that fit slot s: its length, every letter already in it, and not
    ruled out of it."""
    mask = state.unused & table.of_length.get(table.lengths[s], 0) & ~state.ruled.get(s, 0)
    letters, at = state.letters, table.at
    for i, cell in enumerate(table.cells[s]):
        letter = letters.get(cell)
        if letter is not None:
            mask &= at.get((i, letter), 0)
            if not mask:
                break
    return mask


def open_slots(table: Table, state: State) -> list[int]:
    return [s for s in range(len(table.lengths)) if s not in state.placed]


def fitting_all(table: Table, state: State) -> dict[int, int]:
    """Every open slot's candidates, slots in order."""
    return {s: fitting(table, state, s) for s in open_slots(table, state)}


def place(table: Table, state: State, s: int, word: str) -> None:
    state.placed[s] = word
    state.unused &= ~table.bit[word]
    for cell, letter in zip(table.cells[s], word):
        state.letters[cell] = letter


def contradiction(table: Table, state: State, fits: dict[int, int]) -> bool:
    """A slot no word fits, or a word no slot takes: the state cannot lead to a solution
    (`fits`: fitting_all of this state)."""
    taken = 0
    for mask in fits.values():
        if not mask:
            return True
        taken |= mask
    # A placed word always agrees with the letters crossing it: every word placed is one of
    # its slot's candidates, which agree with every letter already there.
    return bool(state.unused & ~taken)


# --- the steps ---------------------------------------------------------------------------------

def _one(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def find_step(table: Table, state: State, top_tier: int, fits: dict[int, int]) -> Step | None:
    """The easiest step of tier `top_tier` or lower, in reading order within a technique
    (`fits`: fitting_all of this state)."""
    for s, fit in fits.items():
        same = state.unused & table.of_length.get(table.lengths[s], 0) & ~state.ruled.get(s, 0)
        if _one(same) and same & fit:
            return Step(ONLY_LENGTH, s, words_in(table, same)[0])
    for s, fit in fits.items():
        same = state.unused & table.of_length.get(table.lengths[s], 0) & ~state.ruled.get(s, 0)
        for i, cell in enumerate(table.cells[s]):
            letter = state.letters.get(cell)
            if letter is None:
                continue
            one = same & table.at.get((i, letter), 0)
            if _one(one) and one & fit:
                return Step(ONE_LETTER, s, words_in(table, one)[0], letters=(cell,))
    if top_tier < 2:
        return None
    for s, fit in fits.items():
        if _one(fit):
            cells = tuple(c for c in table.cells[s] if c in state.letters)
            return Step(TWO_LETTERS, s, words_in(table, fit)[0], letters=cells)
    once = twice = 0
    for fit in fits.values():
        twice |= once & fit
        once |= fit
    single = state.unused & once & ~twice
    if single:
        low = single & -single
        home = next(s for s, fit in fits.items() if fit & low)
        return Step(ONLY_SLOT, home, words_in(table, low)[0])
    if top_tier < 3:
        return None
    return what_if(table, state, fits)


def what_if(table: Table, state: State, fits: dict[int, int]) -> Step | None:
    """The shortest contradiction over every (slot, word) pair, fewest-candidates slots
    first; None when no pair leads to one."""
    best = None
    ordered = sorted(fits, key=lambda s: (fits[s].bit_count(), s))
    for s in ordered:
        for w in words_in(table, fits[s]):
            trial = state.copy()
            place(table, trial, s, w)
            length = follow(table, trial, best.length if best else WHAT_IF_STEPS)
            if length is not None and (best is None or length < best.length):
                best = Step(WHAT_IF, s, w, placed=False, length=length)
                if length <= 1:
                    return best
        if best is not None:
            return best
    return best


def follow(table: Table, state: State, limit: int) -> int | None:
    """Steps of tiers 1-2 from `state` until a contradiction: how many it took (None: none
    within `limit` steps, or the board is finished without one)."""
    for length in range(1, limit + 1):
        fits = fitting_all(table, state)
        if contradiction(table, state, fits):
            return length
        step = find_step(table, state, 2, fits)
        if step is None:
            return None
        place(table, state, step.slot, step.word)
    return None


def apply(table: Table, state: State, step: Step) -> None:
    if step.placed:
        place(table, state, step.slot, step.word)
    else:
        state.ruled_out.add((step.slot, step.word))
        state.ruled[step.slot] = state.ruled.get(step.slot, 0) | table.bit[step.word]


def solve_board(board: Board, top_tier: int = 3) -> Solve:
    table = table_of(board)
    state = start(table)
    steps = []
    while len(state.placed) < len(table.lengths):
        fits = fitting_all(table, state)
        if contradiction(table, state, fits):
            break
        step = find_step(table, state, top_tier, fits)
        if step is None:
            break
        steps.append(step)
        apply(table, state, step)
    solved = (len(state.placed) == len(table.lengths)
              and not contradiction(table, state, fitting_all(table, state)))
    return Solve(tuple(steps), solved, grid_of(board, state))


def solve(puzzle: dict, top_tier: int = 3) -> Solve:
    return solve_board(board_from_puzzle(puzzle), top_tier)


def grid_of(board: Board, state: State) -> tuple[str, ...]:
    return tuple("".join("#" if ch == "#" else state.letters.get((r, c), ".")
                         for c, ch in enumerate(line)) for r, line in enumerate(board.grid))


# --- counting ----------------------------------------------------------------------------------

def count_board(board: Board, limit: int) -> int:
    table = table_of(board)
    found = [0]

    def search(state: State) -> None:
        while True:
            fits = fitting_all(table, state)
            if contradiction(table, state, fits):
                return
            step = find_step(table, state, 2, fits)
            if step is None:
                break
            place(table, state, step.slot, step.word)
        if not fits:
            found[0] += 1
            return
        s = min(fits, key=lambda s: (fits[s].bit_count(), s))
        for w in words_in(table, fits[s]):
            if found[0] >= limit:
                return
            trial = state.copy()
            place(table, trial, s, w)
            search(trial)

    search(start(table))
    return min(found[0], limit)


def count_solutions(puzzle: dict, limit: int) -> int:
    return count_board(board_from_puzzle(puzzle), limit)


def key_step(board: Board, steps) -> Step | None:
    """The first step of the solve's hardest tier: the placement a what-if opens (the step
    right after its first what-if), or the first step of the top tier."""
    if not steps:
        return None
    top = max(step.tier for step in steps)
    for k, step in enumerate(steps):
        if step.tier == top:
            if step.placed:
                return step
            return next((later for later in steps[k + 1:] if later.placed), None)
    return None


# --- the trace of one solve --------------------------------------------------------------------

def describe(board: Board, step: Step) -> str:
    slot = board.slots.slots[step.slot]
    where = f"{slot.length}-letter {'across' if slot.direction == 'A' else 'down'} at " \
            f"row {slot.row + 1}, column {slot.col + 1}"
    if not step.placed:
        return f"{step.technique}: {step.word} in the {where} leads to a dead end after " \
               f"{step.length} steps, so it goes elsewhere"
    return f"{step.technique}: {step.word} goes in the {where}"


def explain(puzzle: dict) -> list[str]:
    board = board_from_puzzle(puzzle)
    return trace(board, solve_board(board), describe)
