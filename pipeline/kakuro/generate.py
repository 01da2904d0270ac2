"""Solution-first generation, climbing towards the level: a pattern of blocks, a fill of
digits, then single digits changed one at a time until the level's techniques finish the
board and the level below's do not.

1. The pattern: the top row and the left column are blocks; inside, blocks fall at random
   in pairs symmetric about the centre (as printed Kakuro are), then every run of one cell is
   closed and every run longer than the level allows is cut, until the white cells are one
   connected area.
2. The fill: digits from the stream, cell by cell in reading order, never twice in a run
   (backtracking on the rare dead end).
3. The climb: the sums are read off the fill and the level's techniques are run (the level
   below's first). A change is one digit of a cell they left open (or of a cell in its
   runs), swapped for another its runs do not hold; it is kept when the level below still
   does not finish the board and the level's techniques get at least as far as before
   (cells placed, candidates crossed out), and now and then when they get less far (a climb
   stuck on a ledge moves on). A board the level finishes is unique, since every step is
   sound; the traced easiest-first solve must confirm its level, and the independent
   checker must agree.

All randomness comes from the keyed stream of the board's key.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.kakuro import verify
from pipeline.kakuro.board import Board, puzzle_of, solution_of
from pipeline.kakuro.grade import LEVELS, SIDES, accepts, grade_record
from pipeline.kakuro.solve import TECHNIQUES, Layout, closure
from pipeline.keyed import KeyedStream
from pipeline.engines.sums import POPCOUNT


@dataclass(frozen=True)
class Recipe:
    """How one level's boards are made."""

    side: int            # rows and columns, the clue row and column included
    block_percent: int   # chance an inner cell starts as a block (with its mirror)
    longest_run: int     # runs longer than this are cut
    climb: int           # digit changes tried on one pattern
    patterns: int        # patterns tried before the key gives up


RECIPES = {
    "easy": Recipe(SIDES["easy"][0], 10, 5, 1500, 30),
    "medium": Recipe(SIDES["medium"][0], 10, 6, 1500, 30),
    "hard": Recipe(SIDES["hard"][0], 10, 7, 2000, 30),
    "expert": Recipe(SIDES["expert"][0], 10, 8, 2000, 30),
}


# --- the pattern ---------------------------------------------------------------------------------

def _runs_through(white, r, c, dr, dc) -> int:
    """The length of the run through (r, c) along (dr, dc)."""
    n = 1
    for sign in (1, -1):
        rr, cc = r + sign * dr, c + sign * dc
        while white[rr][cc] if 0 <= rr < len(white) and 0 <= cc < len(white[0]) else False:
            n += 1
            rr, cc = rr + sign * dr, cc + sign * dc
    return n


def _long_runs(white, longest: int) -> list[list[tuple[int, int]]]:
    """The runs (cells in order) longer than `longest`, across runs first."""
    n_rows, n_cols = len(white), len(white[0])
    out = []
    for lines, at in (((n_rows, n_cols), lambda a, b: (a, b)), ((n_cols, n_rows),
                                                               lambda a, b: (b, a))):
        for a in range(lines[0]):
            run: list[tuple[int, int]] = []
            for b in range(lines[1] + 1):
                cell = at(a, b)
                if b < lines[1] and white[cell[0]][cell[1]]:
                    run.append(cell)
                    continue
                if len(run) > longest:
                    out.append(run)
                run = []
    return out


def _connected(white) -> bool:
    cells = [(r, c) for r, row in enumerate(white) for c, w in enumerate(row) if w]
    if not cells:
        return False
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if (rr, cc) not in seen and 0 <= rr < len(white) and 0 <= cc < len(white[0]) \
                    and white[rr][cc]:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return len(seen) == len(cells)


PATTERN_DRAWS = 400  # draws of blocks before a pattern attempt gives up


def pattern(stream: KeyedStream, recipe: Recipe) -> list[list[bool]] | None:
    """A block pattern (True: white): the first good one of up to PATTERN_DRAWS draws."""
    for _ in range(PATTERN_DRAWS):
        white = _draw_pattern(stream, recipe)
        if white is not None:
            return white
    return None


def _draw_pattern(stream: KeyedStream, recipe: Recipe) -> list[list[bool]] | None:
    """One draw of blocks, mended; None when it does not make a good pattern."""
    n = recipe.side
    white = [[r > 0 and c > 0 for c in range(n)] for r in range(n)]

    def block(r, c):
        white[r][c] = False
        white[n - r][n - c] = False      # the mirror about the inner square's centre

    for r in range(1, n):
        for c in range(1, n):
            if white[r][c] and stream.chance(recipe.block_percent, 100):
                block(r, c)
    changed = True
    while changed:
        changed = False
        for r in range(1, n):
            for c in range(1, n):
                if white[r][c] and (_runs_through(white, r, c, 0, 1) == 1
                                    or _runs_through(white, r, c, 1, 0) == 1):
                    block(r, c)
                    changed = True
        for run in _long_runs(white, recipe.longest_run):
            # cut where both parts keep two cells at least, at a place the stream draws
            r, c = run[2 + stream.below(len(run) - 4)]
            if white[r][c]:
                block(r, c)
                changed = True
    whites = sum(map(sum, white))
    if whites < (n - 1) * (n - 1) // 2 or not _connected(white):
        return None
    return white


# --- the fill ------------------------------------------------------------------------------------

def fill(stream: KeyedStream, white) -> list[list[int]] | None:
    """Digits for every white cell, none twice in a run."""
    n_rows, n_cols = len(white), len(white[0])
    cells = [(r, c) for r in range(n_rows) for c in range(n_cols) if white[r][c]]
    digits = [[0] * n_cols for _ in range(n_rows)]
    order = []
    for _ in cells:
        ds = list(range(1, 10))
        stream.shuffle(ds)
        order.append(ds)

    def seen(r, c) -> set[int]:
        out = set()
        for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while 0 <= rr < n_rows and 0 <= cc < n_cols and white[rr][cc]:
                out.add(digits[rr][cc])
                rr, cc = rr + dr, cc + dc
        return out

    budget = [20000]

    def go(k: int) -> bool:
        if k == len(cells):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        r, c = cells[k]
        used = seen(r, c)
        for d in order[k]:
            if d not in used:
                digits[r][c] = d
                if go(k + 1):
                    return True
        digits[r][c] = 0
        return False

    return digits if go(0) else None


# --- the climb -----------------------------------------------------------------------------------

def _progress(grid) -> int:
    """How far a solve got: nine a cell placed, one a candidate crossed out (so a climb
    towards the first placement has a slope to follow)."""
    return sum(9 if v else 9 - POPCOUNT[m] for v, m in zip(grid.value, grid.cand))


def _score(lay: Layout, digits, level: str) -> tuple[int, bool, object]:
    """How good the pattern `lay` with the sums of `digits` is for `level`: 0 when the level
    below finishes it, else the board's size (in candidates) and how far the level's
    techniques get; whether the board is exactly of the level; and the layout and the grid
    the level's techniques reach."""
    lay = lay.with_sums(lay.arrays.run_sums(digits))
    full = 9 * len(lay.whites)
    index = LEVELS.index(level)
    start = None
    if index:
        # the level below first: the climb keeps it short of the end, and the level's own
        # techniques go on from where it stopped (the same grid as from scratch)
        start = closure(lay, TECHNIQUES[LEVELS[index - 1]])
        if start.solved:
            return 0, False, (lay, start)
    reached = start
    if start is None or sum(1 for v in start.value if not v) <= NEAR_CELLS.get(level, 10 ** 6):
        reached = closure(lay, TECHNIQUES[level], start)
    if not reached.solved or reached.contradiction():
        return full + _progress(reached), False, (lay, reached)
    return 2 * full + 1, True, (lay, reached)


def _changeable(lay: Layout, reached) -> list[tuple[int, int]]:
    """The cells a change may touch: those the techniques left open and the cells of their
    runs (a sum that pins an open cell may need a digit elsewhere in its run)."""
    open_cells = [i for i, v in enumerate(reached.value) if not v]
    pool = sorted(set(open_cells).union(*(lay.peers[i] for i in open_cells)))
    return [lay.whites[i] for i in pool] or list(lay.whites)


WORSE_CHANCE = 20    # one change in this many is kept even when it loses ground (not when
#                      the level below finishes the board): a climb stuck on a ledge moves on
# A level whose own techniques cost much more than the level below's (expert's what-ifs) is
# tried only once the level below leaves at most this many cells open: until then the climb
# follows the level below's progress.
NEAR_CELLS: dict[str, int] = {"expert": 30}
STALL = 300          # changes without a better board before the pattern is given up


def climb(stream: KeyedStream, white, digits, level: str, steps: int):
    """Digits changed one at a time towards the level: (digits, the level's traced solve) of
    a board exactly of `level`, or None when `steps` changes do not get there."""
    pattern_layout = Layout.of(Board.from_puzzle(puzzle_of(white, digits)))
    score, exact, (lay, reached) = _score(pattern_layout, digits, level)
    best, since = score, 0
    for _ in range(steps):
        if exact or since > STALL:
            break
        cells = _changeable(lay, reached)
        r, c = cells[stream.below(len(cells))]
        used = _run_digits(white, digits, r, c)
        options = [d for d in range(1, 10) if d not in used]
        if not options:
            continue
        trial = [list(row) for row in digits]
        trial[r][c] = options[stream.below(len(options))]
        new_score, new_exact, new_solve = _score(pattern_layout, trial, level)
        if new_score >= score or (new_score and stream.chance(1, WORSE_CHANCE)):
            digits, score, exact, (lay, reached) = trial, new_score, new_exact, new_solve
        best, since = (score, 0) if score > best else (best, since + 1)
    if not exact:
        return None
    done = accepts(Layout.of(Board.from_puzzle(puzzle_of(white, digits))), level)
    return (digits, done) if done is not None else None


def _run_digits(white, digits, r, c) -> set[int]:
    """The digits of the cell's two runs, its own included."""
    out = {digits[r][c]}
    for dr, dc in ((0, -1), (-1, 0), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < len(white) and 0 <= cc < len(white[0]) and white[rr][cc]:
            out.add(digits[rr][cc])
            rr, cc = rr + dr, cc + dc
    return out


# --- the board from its key ----------------------------------------------------------------------

def generate(key: str, level: str, version: str, recipe: Recipe | None = None) -> Generated:
    recipe = recipe or RECIPES[level]
    stream = KeyedStream(f"{version}|{key}|{level}")
    for attempt in range(1, recipe.patterns + 1):
        white = pattern(stream, recipe)
        if white is None:
            continue
        digits = fill(stream, white)
        if digits is None:
            continue
        climbed = climb(stream, white, digits, level, recipe.climb)
        if climbed is None:
            continue
        digits, done = climbed
        puzzle, solution = puzzle_of(white, digits), solution_of(white, digits)
        proof = verify.verify(puzzle, solution)
        if not proof["unique"]:
            raise CheckersDisagree(f"{key}: the grader finished a board the checker finds "
                                   f"{proof['solutions_seen']} solutions of")
        return Generated(puzzle, solution, grade_record(level, done), proof, attempt)
    raise GenerationFailed(f"{key}: no {level} board in {recipe.patterns} patterns")
