"""Keyed generation, after Simon Tatham's Solo: fill a grid, take givens away in symmetric
pairs while the level's techniques still finish the board, keep the board only when it needs
exactly the level's techniques.

1. A full grid from the key's stream: most-constrained-cell backtracking over an empty grid,
   each cell's digits tried in an order the stream shuffles.
2. The givens come off in classes of the 180-degree turn ((r, c) with (8 - r, 8 - c); the
   centre alone), the classes in an order the stream shuffles, once each. A removal stays
   only while the board keeps one answer (the checker's count, a quick filter: no sound
   technique finishes a board of two answers) and the easiest-first solve with the level's
   techniques still finishes it.
3. The board is graded with every technique. It is accepted when its level is exactly the
   one asked for: its hardest step is of that level, so the level below gets stuck. Otherwise
   the stream goes on to a fresh grid, within a budget of attempts per level.
4. The checker proves the answer unique, and its answer must be the grader's; a board they
   disagree on is never handed out.

All randomness comes from the key's stream (pipeline.keyed), with integer arithmetic in fixed
orders only, so the same key gives the same board on every machine.
"""

from __future__ import annotations

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream
from pipeline.sudoku import verify as checker
from pipeline.sudoku.board import ALL_DIGITS, CELLS, Board, solution_record
from pipeline.sudoku.grade import grade_record, level_of, techniques_of
from pipeline.sudoku.solve import BIT, POPCOUNT, solve, solves

ATTEMPTS = {"easy": 20, "medium": 400, "hard": 400, "expert": 1500, "extreme": 3000}

CLASSES = tuple(sorted({tuple(sorted((cell, CELLS - 1 - cell))) for cell in range(CELLS)}))


# --- the full grid ---------------------------------------------------------------------------

def fill_grid(stream: KeyedStream) -> tuple[int, ...]:
    """A random complete grid: the empty cell with the fewest digits left (reading order
    among ties) takes each of them in a shuffled order until the grid fills."""
    value = [0] * CELLS
    used_row, used_col, used_box = [0] * 9, [0] * 9, [0] * 9

    def fill() -> bool:
        best, fewest, options = -1, 10, 0
        for cell in range(CELLS):
            if not value[cell]:
                r, c = divmod(cell, 9)
                left = ALL_DIGITS & ~(used_row[r] | used_col[c] | used_box[(r // 3) * 3 + c // 3])
                if POPCOUNT[left] < fewest:
                    best, fewest, options = cell, POPCOUNT[left], left
                    if fewest <= 1:
                        break
        if best < 0:
            return True
        digits = [d for d in range(1, 10) if options & BIT[d]]
        stream.shuffle(digits)
        r, c = divmod(best, 9)
        b = (r // 3) * 3 + c // 3
        for d in digits:
            bit = BIT[d]
            value[best] = d
            used_row[r] |= bit
            used_col[c] |= bit
            used_box[b] |= bit
            if fill():
                return True
            used_row[r] &= ~bit
            used_col[c] &= ~bit
            used_box[b] &= ~bit
        value[best] = 0
        return False

    fill()
    return tuple(value)


# --- taking givens away ----------------------------------------------------------------------

def thin(stream: KeyedStream, grid: tuple[int, ...], level: str) -> tuple[int, ...]:
    """The grid with symmetric classes of givens removed while the board keeps one answer
    and the level's techniques still finish it."""
    techniques = techniques_of(level)
    givens = list(grid)
    order = list(CLASSES)
    stream.shuffle(order)
    for cls in order:
        kept = [givens[c] for c in cls]
        for c in cls:
            givens[c] = 0
        if checker.count(givens, 2)[0] != 1 or not solves(givens, techniques):
            for c, d in zip(cls, kept):
                givens[c] = d
    return tuple(givens)


# --- the search ------------------------------------------------------------------------------

def generate(key: str, level: str, version: str) -> Generated:
    stream = KeyedStream(key)
    budget = ATTEMPTS[level]
    for attempt in range(1, budget + 1):
        grid = fill_grid(stream)
        givens = thin(stream, grid, level)
        result = solve(givens)
        if level_of(result) != level:
            continue
        return _finish(key, level, givens, grid, result, attempt)
    raise GenerationFailed(f"{key}: no {level} board in {budget} attempts ({version})")


def _finish(key: str, level: str, givens, grid, result, attempt: int) -> Generated:
    puzzle = Board(givens).to_puzzle()
    solution = solution_record(grid)
    proof = checker.verify(puzzle, solution)
    if not proof["unique"] or tuple(result.grid) != tuple(grid):
        # Never ship a board the grader and the checker disagree on.
        raise CheckersDisagree(f"{key}: the checker and the grader disagree on the board")
    grade = grade_record(result, givens)
    grade["attempts"] = attempt
    return Generated(puzzle, solution, grade, proof, attempt)

