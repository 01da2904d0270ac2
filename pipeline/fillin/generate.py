"""Making a Fill-In board from its key: a pattern, a fill, then the printed letters that put
the easiest-first solve at exactly the level.

The pattern is an open European-style one of the level's size (pipeline/crossword/grid.py),
filled from the common-word list (Zipf >= FILL_FLOOR) by the crossword engine's filler. The
starter is chosen by trying the slots in a keyed order: easy and medium boards print one whole
word (the first slot whose letters make the solve's hardest tier exactly the level's); hard
boards print no letter, or failing that one letter. The independent checker (verify.py) must
then find this placement and no other, or the board is refused (CheckersDisagree).
"""

from __future__ import annotations

from pipeline.crossword import fill as filler
from pipeline.crossword.grid import lattice_pattern, layout
from pipeline.crossword.words import fill_index
from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.fillin import verify
from pipeline.fillin.board import board_from_puzzle
from pipeline.fillin.grade import LEVEL_BY_NAME, grade_record, level_of
from pipeline.fillin.solve import solve_board
from pipeline.keyed import KeyedStream

FILL_FLOOR = 3.0      # common words only
ATTEMPTS = 200        # patterns tried for one board: a failed key leaves a gap in the numbers
STARTERS = 12         # starter words tried on one fill
LETTER_STARTERS = 12  # single letters tried on a hard fill that needs one


def filled_grid(stream: KeyedStream, size: int, longest: int):
    """A pattern and its fill: (pattern, slots, words) or None."""
    pattern = lattice_pattern(stream, size, size, longest=longest, extra=size)
    if pattern is None:
        return None
    slots = layout(pattern)
    result = filler.fill(slots, fill_index(FILL_FLOOR), stream)
    if result is None:
        return None
    return pattern, slots, result.words


def puzzle_with(pattern, slots, words, shown: dict) -> dict:
    grid = [list(line) for line in pattern]
    for (r, c), letter in shown.items():
        grid[r][c] = letter
    ordered = sorted(words, key=lambda w: (len(w), w))
    return {"rows": len(pattern), "cols": len(pattern[0]),
            "grid": ["".join(line) for line in grid], "words": ordered}


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


def generate(key: str, level: str, version: str) -> Generated:
    spec = LEVEL_BY_NAME[level]
    stream = KeyedStream(key)
    for attempt in range(1, ATTEMPTS + 1):
        made = filled_grid(stream, spec.size, spec.longest)
        if made is None:
            continue
        pattern, slots, words = made
        for shown in starters(stream, slots, words, spec.starter):
            puzzle = puzzle_with(pattern, slots, words, shown)
            board = board_from_puzzle(puzzle)
            result = solve_board(board, spec.tier)
            # The solve is easiest first: one that finishes within the level's tier never
            # reaches a harder one, so this is the board's grade.
            if not result.solved or level_of(result) != level:
                continue
            solution = solution_of(pattern, slots, words)
            proof = verify.verify(puzzle, solution)
            if not proof["unique"] or result.grid != tuple(solution["grid"]):
                raise CheckersDisagree(f"{key}: the solve and the placement search disagree")
            return Generated(puzzle, solution, grade_record(result), proof, attempt)
    raise GenerationFailed(f"{key}: no {level} board in {ATTEMPTS} patterns")
