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

from pipeline.fillin.board import Board, board_from_puzzle

ONLY_LENGTH = "Only Word of Its Length"
ONE_LETTER = "One Crossing Letter"
TWO_LETTERS = "Two Crossing Letters"
ONLY_SLOT = "Only Slot for the Word"
WHAT_IF = "What-If"
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


@dataclass
class State:
    """Letters in the grid, the words placed (slot -> word), and the ruled-out pairs."""

    letters: dict[tuple[int, int], str]
    placed: dict[int, str] = field(default_factory=dict)
    ruled_out: set[tuple[int, str]] = field(default_factory=set)

    def copy(self) -> "State":
        return State(dict(self.letters), dict(self.placed), set(self.ruled_out))


@dataclass(frozen=True)
class Solve:
    steps: tuple[Step, ...]
    solved: bool
    grid: tuple[str, ...]


# --- candidates --------------------------------------------------------------------------------

def fits(board: Board, state: State, s: int, word: str, cells=None) -> bool:
    slot = board.slots.slots[s]
    if len(word) != slot.length or (s, word) in state.ruled_out:
        return False
    for i, cell in enumerate(slot.cells):
        if cells is not None and cell not in cells:
            continue
        letter = state.letters.get(cell)
        if letter is not None and letter != word[i]:
            return False
    return True


def open_slots(board: Board, state: State) -> list[int]:
    return [s for s in range(len(board.slots.slots)) if s not in state.placed]


def unused(board: Board, state: State) -> list[str]:
    used = set(state.placed.values())
    return [w for w in board.words if w not in used]


def candidates(board: Board, state: State, s: int, words=None) -> list[str]:
    return [w for w in (words if words is not None else unused(board, state))
            if fits(board, state, s, w)]


def place(board: Board, state: State, s: int, word: str) -> None:
    state.placed[s] = word
    for cell, letter in zip(board.slots.slots[s].cells, word):
        state.letters[cell] = letter


def contradiction(board: Board, state: State) -> bool:
    """A slot no word fits, or a word no slot takes: the state cannot lead to a solution."""
    words = unused(board, state)
    spaces = open_slots(board, state)
    fitting = {s: candidates(board, state, s, words) for s in spaces}
    if any(not ws for ws in fitting.values()):
        return True
    taken = {w for ws in fitting.values() for w in ws}
    if any(w not in taken for w in words):
        return True
    # every placed word must agree with the letters crossing it
    for s, word in state.placed.items():
        if "".join(state.letters[c] for c in board.slots.slots[s].cells) != word:
            return True
    return False


# --- the steps ---------------------------------------------------------------------------------

def find_step(board: Board, state: State, top_tier: int) -> Step | None:
    """The easiest step of tier `top_tier` or lower, in reading order within a technique."""
    words = unused(board, state)
    spaces = open_slots(board, state)
    for s in spaces:
        slot = board.slots.slots[s]
        same = [w for w in words if len(w) == slot.length and (s, w) not in state.ruled_out]
        if len(same) == 1 and fits(board, state, s, same[0]):
            return Step(ONLY_LENGTH, s, same[0])
    for s in spaces:
        slot = board.slots.slots[s]
        for cell in slot.cells:
            if cell not in state.letters:
                continue
            one = [w for w in words if fits(board, state, s, w, cells={cell})]
            if len(one) == 1 and fits(board, state, s, one[0]):
                return Step(ONE_LETTER, s, one[0], letters=(cell,))
    if top_tier < 2:
        return None
    for s in spaces:
        fitting = candidates(board, state, s, words)
        if len(fitting) == 1:
            cells = tuple(c for c in board.slots.slots[s].cells if c in state.letters)
            return Step(TWO_LETTERS, s, fitting[0], letters=cells)
    for w in words:
        homes = [s for s in spaces if fits(board, state, s, w)]
        if len(homes) == 1:
            return Step(ONLY_SLOT, homes[0], w)
    if top_tier < 3:
        return None
    return what_if(board, state, spaces, words)


def what_if(board: Board, state: State, spaces, words) -> Step | None:
    """The shortest contradiction over every (slot, word) pair, fewest-candidates slots
    first; None when no pair leads to one."""
    best = None
    ordered = sorted(spaces, key=lambda s: (len(candidates(board, state, s, words)), s))
    for s in ordered:
        for w in candidates(board, state, s, words):
            trial = state.copy()
            place(board, trial, s, w)
            length = follow(board, trial, best.length if best else WHAT_IF_STEPS)
            if length is not None and (best is None or length < best.length):
                best = Step(WHAT_IF, s, w, placed=False, length=length)
                if length <= 1:
                    return best
        if best is not None:
            return best
    return best


def follow(board: Board, state: State, limit: int) -> int | None:
    """Steps of tiers 1-2 from `state` until a contradiction: how many it took (None: none
    within `limit` steps, or the board is finished without one)."""
    for length in range(1, limit + 1):
        if contradiction(board, state):
            return length
        step = find_step(board, state, 2)
        if step is None:
            return None
        place(board, state, step.slot, step.word)
    return None


def apply(board: Board, state: State, step: Step) -> None:
    if step.placed:
        place(board, state, step.slot, step.word)
    else:
        state.ruled_out.add((step.slot, step.word))


def solve_board(board: Board, top_tier: int = 3) -> Solve:
    state = State(dict(board.givens))
    steps = []
    while len(state.placed) < len(board.slots.slots):
        if contradiction(board, state):
            break
        step = find_step(board, state, top_tier)
        if step is None:
            break
        steps.append(step)
        apply(board, state, step)
    solved = len(state.placed) == len(board.slots.slots) and not contradiction(board, state)
    return Solve(tuple(steps), solved, grid_of(board, state))


def solve(puzzle: dict, top_tier: int = 3) -> Solve:
    return solve_board(board_from_puzzle(puzzle), top_tier)


def grid_of(board: Board, state: State) -> tuple[str, ...]:
    return tuple("".join("#" if ch == "#" else state.letters.get((r, c), ".")
                         for c, ch in enumerate(line)) for r, line in enumerate(board.grid))


# --- counting ----------------------------------------------------------------------------------

def count_board(board: Board, limit: int) -> int:
    found = [0]

    def search(state: State) -> None:
        while True:
            if contradiction(board, state):
                return
            step = find_step(board, state, 2)
            if step is None:
                break
            place(board, state, step.slot, step.word)
        spaces = open_slots(board, state)
        if not spaces:
            found[0] += 1
            return
        words = unused(board, state)
        s = min(spaces, key=lambda s: (len(candidates(board, state, s, words)), s))
        for w in candidates(board, state, s, words):
            if found[0] >= limit:
                return
            trial = state.copy()
            place(board, trial, s, w)
            search(trial)

    search(State(dict(board.givens)))
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
    result = solve_board(board)
    lines = [describe(board, step) for step in result.steps]
    if not result.solved:
        lines.append("no further step: the techniques do not finish this board")
    return lines
