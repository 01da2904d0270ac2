"""Keyed generation, after Simon Tatham's Solo: fill a grid, take givens away in symmetric
pairs while the level's techniques still finish the board, keep the board only when it needs
exactly the level's techniques.

1. A full grid from the key's stream: most-constrained-cell backtracking over an empty grid,
   each cell's digits tried in an order the stream shuffles.
2. The givens come off in classes of the 180-degree turn ((r, c) with (8 - r, 8 - c); the
   centre alone), the classes in an order the stream shuffles, once each. A removal stays
   only while the board keeps one answer (the generator's counter, solve/count.py, a quick filter: no sound
   technique finishes a board of two answers) and the easiest-first solve with the level's
   techniques still finishes it.
3. The board is graded with every technique. It is accepted when its level is exactly the
   one asked for: its hardest step is of that level, so the level below gets stuck. Otherwise
   the stream goes on to a fresh grid, within a budget of attempts per level.
4. The independent checker (pipeline.sudoku.verify, which shares no code with this module or
   the counter thinning uses) proves the answer unique, and its answer must be the grader's;
   a board they disagree on is never handed out.

Killer boards (`killer-*` levels) follow Solo's Killer generator instead: a full grid, then
cages grown over it (each from a random cell, by random neighbours whose digit the cage does
not hold yet), then merged two neighbours at a time, never where the merged cage would hold a
digit twice, while the board is easier than the level; the sums are read off the grid and
no digit is given. The cage set is kept when the level's techniques finish it and the level
below's do not (then graded with every Killer technique, as in 3 above), and proven by the
independent checker as in 4.

All randomness comes from the key's stream (pipeline.keyed), with integer arithmetic in fixed
orders only, so the same key gives the same board on every machine.
"""

from __future__ import annotations

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream
from pipeline.sudoku import verify as checker
from pipeline.sudoku.board import ALL_DIGITS, CELLS, Board, Cage, solution_record
from pipeline.sudoku.grade import (KILLER, KILLER_LEVELS, grade_record, level_of, solve_board,
                                   techniques_of)
from pipeline.sudoku.solve import BIT, POPCOUNT, solve, solves
from pipeline.sudoku.solve.count import count

ATTEMPTS = {"easy": 20, "medium": 400, "hard": 400, "expert": 1500, "extreme": 3000,
            "killer-easy": 200, "killer-medium": 200, "killer-hard": 200}

# Killer: the sizes a cage is grown to (drawn from the stream), the largest a merge may make,
# and how many merges one cage set may take before a fresh grid.
GROW_SIZES = {"killer-easy": (1, 2, 2, 2, 3, 3), "killer-medium": (2, 2, 3, 3, 3, 4),
              "killer-hard": (2, 3, 3, 3, 4, 4)}
MERGED_SIZE = {"killer-easy": 4, "killer-medium": 5, "killer-hard": 6}
MERGES = 40
GROWN_MERGES = 30   # merges tried on a cage set already at its level (kept if it stays there)

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
        if count(givens, 2)[0] != 1 or not solves(givens, techniques):
            for c, d in zip(cls, kept):
                givens[c] = d
    return tuple(givens)


# --- the search ------------------------------------------------------------------------------

def generate(key: str, level: str, version: str) -> Generated:
    if level in KILLER_LEVELS:
        return generate_killer(key, level, version)
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



# --- Killer cages ----------------------------------------------------------------------------

def _neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    return [rr * 9 + cc for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            if 0 <= rr < 9 and 0 <= cc < 9]


def grow_cages(stream: KeyedStream, grid: tuple[int, ...], level: str) -> list[list[int]]:
    """Cages tiling the grid: from each cell not yet caged (in a shuffled order) a cage
    grows to a size drawn from GROW_SIZES, each time by a random neighbouring free cell whose
    digit it does not hold yet, and stops early when none is left."""
    owner = [-1] * CELLS
    cages: list[list[int]] = []
    order = list(range(CELLS))
    stream.shuffle(order)
    sizes = GROW_SIZES[level]
    for start in order:
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        target = sizes[stream.below(len(sizes))]
        while len(cage) < target:
            digits = {grid[c] for c in cage}
            room = sorted({n for c in cage for n in _neighbours(c)
                           if owner[n] < 0 and grid[n] not in digits})
            if not room:
                break
            cell = room[stream.below(len(room))]
            owner[cell] = len(cages)
            cage.append(cell)
        cages.append(cage)
    return cages


def _merges(cages: list[list[int]], grid: tuple[int, ...], largest: int) -> list[tuple[int, int]]:
    """The pairs of neighbouring cages that may merge: no digit in both, not too big."""
    owner = {c: k for k, cage in enumerate(cages) for c in cage}
    pairs = set()
    for k, cage in enumerate(cages):
        digits = {grid[c] for c in cage}
        for c in cage:
            for n in _neighbours(c):
                j = owner[n]
                if j > k and len(cage) + len(cages[j]) <= largest and \
                        not digits & {grid[x] for x in cages[j]}:
                    pairs.add((k, j))
    return sorted(pairs)


def killer_board(grid: tuple[int, ...], cages: list[list[int]]) -> Board:
    """The puzzle of a cage set over a full grid: no givens, each sum read off the grid."""
    return Board((0,) * CELLS, tuple(sorted(
        (Cage(sum(grid[c] for c in cage), tuple(sorted(cage))) for cage in cages),
        key=lambda cage: cage.cells)))


def _merged(cages: list[list[int]], pair: tuple[int, int]) -> list[list[int]]:
    k, j = pair
    return [cage + cages[j] if n == k else cage for n, cage in enumerate(cages) if n != j]


def _cage_set(stream: KeyedStream, grid: tuple[int, ...], level: str) -> Board | None:
    """Grown cages, merged while the board is easier than `level`, then merged further
    while it stays within the level (fewer, larger cages, as in Solo): the cage set the
    level's techniques finish and the level below's do not, or None."""
    allowed = techniques_of(level)
    index = KILLER_LEVELS.index(level)
    below = techniques_of(KILLER_LEVELS[index - 1]) if index else None

    def within(cages) -> bool:
        board = killer_board(grid, cages)
        return solves(board.givens, allowed, board.geometry)

    def beyond_below(cages) -> bool:
        board = killer_board(grid, cages)
        return below is None or not solves(board.givens, below, board.geometry)

    cages = grow_cages(stream, grid, level)
    for merge in range(MERGES + 1):
        if not within(cages):
            return None   # harder than the level already: merging only makes it harder
        if beyond_below(cages):
            break
        pairs = _merges(cages, grid, MERGED_SIZE[level])
        if not pairs or merge == MERGES:
            return None
        cages = _merged(cages, pairs[stream.below(len(pairs))])
    for _try in range(GROWN_MERGES):
        pairs = _merges(cages, grid, MERGED_SIZE[level])
        if not pairs:
            break
        larger = _merged(cages, pairs[stream.below(len(pairs))])
        if within(larger):
            cages = larger
    return killer_board(grid, cages) if beyond_below(cages) else None


def generate_killer(key: str, level: str, version: str) -> Generated:
    stream = KeyedStream(key)
    budget = ATTEMPTS[level]
    for attempt in range(1, budget + 1):
        grid = fill_grid(stream)
        board = _cage_set(stream, grid, level)
        if board is None:
            continue
        result = solve_board(board)
        if level_of(result, KILLER) != level:
            continue
        puzzle = board.to_puzzle()
        solution = solution_record(grid)
        proof = checker.verify(puzzle, solution)
        if not proof["unique"] or tuple(result.grid) != tuple(grid):
            raise CheckersDisagree(f"{key}: the checker and the grader disagree on the board")
        grade = grade_record(result, board.givens, KILLER)
        grade["attempts"] = attempt
        return Generated(puzzle, solution, grade, proof, attempt)
    raise GenerationFailed(f"{key}: no {level} board in {budget} attempts ({version})")
