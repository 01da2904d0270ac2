"""The Star Battle solver: solution counting and the easiest-first deduction engine.

Thin wrappers that turn a `Board` into the compiled kernels' arrays and their results into
values. The deduction trace reads as the rules do: "tier 2, column 3: crossed out ...".

The hot loops are compiled with numba (cached on disk next to this file), so the first call
in a fresh checkout pays the compilation once; `warm_up()` does that up front. A board state
is one column bitmask per row (`cand[r]`: the squares of row r that may still hold a star).
Lines are numbered 0..3n-1: rows, then columns, then regions, and `line_mask[line, r]` is the
part of a line in row r. `clash[cell, r]` is every square that cannot hold a star once `cell`
does (its row, column, region and eight neighbours).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.starbattle.board import Board

# --- compiled kernels ------------------------------------------------------------------------

# Deduction results.
SOLVED, STUCK, CONTRADICTION = 0, 1, 2


@njit(cache=True)
def popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def lowest_bit_index(x):
    index = 0
    while not (x >> index) & 1:
        index += 1
    return index


@njit(cache=True)
def line_masks(n, region):
    """line_mask[line, r] for rows, columns and regions."""
    full = (1 << n) - 1
    mask = np.zeros((3 * n, n), dtype=np.int64)
    for r in range(n):
        mask[r, r] = full
        for c in range(n):
            mask[n + c, r] |= 1 << c
            mask[2 * n + region[r * n + c], r] |= 1 << c
    return mask


@njit(cache=True)
def clash_masks(n, region):
    """clash[cell, r]: squares that cannot hold a star when `cell` does."""
    full = (1 << n) - 1
    clash = np.zeros((n * n, n), dtype=np.int64)
    for cell in range(n * n):
        r0, c0 = cell // n, cell % n
        g = region[cell]
        for r in range(n):
            bits = 1 << c0                      # the column
            if r == r0:
                bits = full                     # the row
            if r == r0 - 1 or r == r0 + 1:
                bits |= (7 << c0) >> 1          # neighbours above and below
            for c in range(n):
                if region[r * n + c] == g:
                    bits |= 1 << c              # the region
            clash[cell, r] = bits & full
        clash[cell, r0] &= ~(1 << c0)
    return clash


@njit(cache=True)
def _place_star(n, cand, lines, region, cell):
    """Put a star on `cell`: its row, column, region and neighbours can hold no other."""
    r, c = cell // n, cell % n
    ruled_out = lines[2 * n + region[cell]]
    for rr in range(n):
        cand[rr] &= ~(ruled_out[rr] | (1 << c))
    cand[r] = 0
    near = (7 << c) >> 1
    if r > 0:
        cand[r - 1] &= ~near
    if r < n - 1:
        cand[r + 1] &= ~near


@njit(cache=True)
def count_solutions(n, region, givens, limit, solutions):
    """Count solutions up to `limit` by depth-first search on the most constrained line.

    `givens[r]` is the column of a starting star in row r, or -1. The first solutions found
    are written to `solutions[k, r]` (column of the star in row r) while there is room.
    Returns (solutions found, search nodes visited).
    """
    lines = line_masks(n, region)
    full = (1 << n) - 1
    cand = np.empty((n + 1, n), dtype=np.int64)
    done = np.zeros((n + 1, 3 * n), dtype=np.bool_)
    stars = np.full((n + 1, n), -1, dtype=np.int64)
    for r in range(n):
        cand[0, r] = full
    depth0 = 0
    for r in range(n):
        c = givens[r]
        if c < 0:
            continue
        if not (cand[0, r] >> c) & 1:
            return 0, 0
        _place_star(n, cand[0], lines, region, r * n + c)
        stars[0, r] = c
        done[0, r] = True
        done[0, n + c] = True
        done[0, 2 * n + region[r * n + c]] = True
        depth0 += 1
    # Per depth: the cells of the chosen line still to try.
    options = np.empty((n + 1, n), dtype=np.int64)
    option_count = np.zeros(n + 1, dtype=np.int64)
    next_option = np.zeros(n + 1, dtype=np.int64)
    found = 0
    nodes = 0
    depth = 0
    stars_placed = np.zeros(n + 1, dtype=np.int64)
    stars_placed[0] = depth0
    entering = True
    while depth >= 0:
        if entering:
            entering = False
            nodes += 1
            if stars_placed[depth] == n:
                if found < solutions.shape[0]:
                    for r in range(n):
                        solutions[found, r] = stars[depth, r]
                found += 1
                if found >= limit:
                    return found, nodes
                depth -= 1
                continue
            # Most constrained open line; an open line with no square left is a dead end.
            best_line, best_count = -1, n + 1
            for line in range(3 * n):
                if done[depth, line]:
                    continue
                k = 0
                for r in range(n):
                    k += popcount(cand[depth, r] & lines[line, r])
                if k < best_count:
                    best_line, best_count = line, k
                    if k <= 1:
                        break
            if best_count == 0:
                depth -= 1
                continue
            m = 0
            for r in range(n):
                bits = cand[depth, r] & lines[best_line, r]
                while bits:
                    low = bits & -bits
                    options[depth, m] = r * n + lowest_bit_index(low)
                    m += 1
                    bits ^= low
            option_count[depth] = m
            next_option[depth] = 0
        if next_option[depth] >= option_count[depth]:
            depth -= 1
            continue
        cell = options[depth, next_option[depth]]
        next_option[depth] += 1
        r, c = cell // n, cell % n
        child = depth + 1
        for rr in range(n):
            cand[child, rr] = cand[depth, rr]
            stars[child, rr] = stars[depth, rr]
        for line in range(3 * n):
            done[child, line] = done[depth, line]
        _place_star(n, cand[child], lines, region, cell)
        stars[child, r] = c
        done[child, r] = True
        done[child, n + c] = True
        done[child, 2 * n + region[cell]] = True
        stars_placed[child] = stars_placed[depth] + 1
        depth = child
        entering = True
    return found, nodes


@njit(cache=True)
def _line_options(n, cand, lines, line, out):
    m = 0
    for r in range(n):
        bits = cand[r] & lines[line, r]
        while bits:
            low = bits & -bits
            out[m] = r * n + lowest_bit_index(low)
            m += 1
            bits ^= low
    return m


@njit(cache=True)
def deduce(n, region, givens, max_tier, step_tier, step_lines, step_star, step_crossed):
    """The easiest-first deduction engine (tiers 1 to 4 of the Sprig notes).

    After every step it goes back to tier 1. Each step is recorded: `step_tier[k]`,
    `step_lines[k, :]` (up to three line numbers, -1 for unused), `step_star[k]` (the square a
    tier-1 step places, else -1) and `step_crossed[k, r]` (squares crossed out, per row).
    Returns (status, steps, final star column per row).
    """
    lines = line_masks(n, region)
    clash = clash_masks(n, region)
    full = (1 << n) - 1
    cand = np.full(n, full, dtype=np.int64)
    done = np.zeros(3 * n, dtype=np.bool_)
    stars = np.full(n, -1, dtype=np.int64)
    placed = 0
    for r in range(n):
        c = givens[r]
        if c >= 0:
            if not (cand[r] >> c) & 1:
                return CONTRADICTION, 0, stars
            _place_star(n, cand, lines, region, r * n + c)
            stars[r] = c
            done[r] = True
            done[n + c] = True
            done[2 * n + region[r * n + c]] = True
            placed += 1
    steps = 0
    opts = np.empty((3, n * n), dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)
    crossed = np.empty(n, dtype=np.int64)
    rule = np.empty(n, dtype=np.int64)
    used = np.empty(n, dtype=np.int64)
    group = np.full(3, -1, dtype=np.int64)
    while placed < n:
        # Every open line needs a square; count them once per round.
        progress = False
        open_count = np.zeros(3 * n, dtype=np.int64)
        for line in range(3 * n):
            if done[line]:
                continue
            k = 0
            for r in range(n):
                k += popcount(cand[r] & lines[line, r])
            if k == 0:
                return CONTRADICTION, steps, stars
            open_count[line] = k

        # Tier 1: a line with one square left gets its star.
        for line in range(3 * n):
            if done[line] or open_count[line] != 1:
                continue
            _line_options(n, cand, lines, line, opts[0])
            cell = opts[0, 0]
            r, c = cell // n, cell % n
            for rr in range(n):
                crossed[rr] = cand[rr] & clash[cell, rr]
            _place_star(n, cand, lines, region, cell)
            stars[r] = c
            done[r] = True
            done[n + c] = True
            done[2 * n + region[cell]] = True
            placed += 1
            step_tier[steps] = 1
            step_lines[steps, 0] = line
            step_lines[steps, 1] = -1
            step_lines[steps, 2] = -1
            step_star[steps] = cell
            for rr in range(n):
                step_crossed[steps, rr] = crossed[rr]
            steps += 1
            progress = True
            break
        if progress:
            continue
        if max_tier < 2:
            return STUCK, steps, stars

        # Tier 2: squares that clash with every remaining square of one line are crossed out.
        for line in range(3 * n):
            if done[line]:
                continue
            m = _line_options(n, cand, lines, line, opts[0])
            for rr in range(n):
                rule[rr] = full
            for i in range(m):
                for rr in range(n):
                    rule[rr] &= clash[opts[0, i], rr]
            any_crossed = False
            for rr in range(n):
                crossed[rr] = rule[rr] & cand[rr]
                if crossed[rr]:
                    any_crossed = True
            if any_crossed:
                for rr in range(n):
                    cand[rr] &= ~crossed[rr]
                    step_crossed[steps, rr] = crossed[rr]
                step_tier[steps] = 2
                step_lines[steps, 0] = line
                step_lines[steps, 1] = -1
                step_lines[steps, 2] = -1
                step_star[steps] = -1
                steps += 1
                progress = True
                break
        if progress:
            continue

        # Tiers 3 and 4: two (three) lines of one kind, each with at most seven squares left.
        for tier in range(3, 5):
            if tier > max_tier:
                return STUCK, steps, stars
            outcome = _scan_groups(n, tier, cand, lines, clash, full, done, open_count, opts,
                                   counts, rule, used, crossed, group)
            if outcome < 0:
                return CONTRADICTION, steps, stars
            if outcome > 0:
                for r in range(n):
                    cand[r] &= ~crossed[r]
                    step_crossed[steps, r] = crossed[r]
                step_tier[steps] = tier
                for i in range(3):
                    step_lines[steps, i] = group[i]
                step_star[steps] = -1
                steps += 1
                progress = True
                break
        if not progress:
            return STUCK, steps, stars
    return SOLVED, steps, stars


@njit(cache=True)
def _combine(n, cand, lines, clash, full, la, lb, lc, opts, counts, rule, used, crossed):
    """List every compatible way to place the stars of two or three lines.

    Leaves in `crossed` the squares every arrangement rules out plus the squares of those
    lines that no arrangement uses. Returns True when there is no arrangement at all.
    """
    counts[0] = _line_options(n, cand, lines, la, opts[0])
    counts[1] = _line_options(n, cand, lines, lb, opts[1])
    three = lc >= 0
    counts[2] = _line_options(n, cand, lines, lc, opts[2]) if three else 1
    for r in range(n):
        rule[r] = full
        used[r] = 0
    arrangements = 0
    for i in range(counts[0]):
        a = opts[0, i]
        for j in range(counts[1]):
            b = opts[1, j]
            if (clash[a, b // n] >> (b % n)) & 1:
                continue
            for k in range(counts[2]):
                if three:
                    c = opts[2, k]
                    if (clash[a, c // n] >> (c % n)) & 1 or (clash[b, c // n] >> (c % n)) & 1:
                        continue
                arrangements += 1
                for r in range(n):
                    bits = clash[a, r] | clash[b, r]
                    if three:
                        bits |= clash[opts[2, k], r]
                    rule[r] &= bits
                used[a // n] |= 1 << (a % n)
                used[b // n] |= 1 << (b % n)
                if three:
                    used[opts[2, k] // n] |= 1 << (opts[2, k] % n)
    if arrangements == 0:
        return True
    for r in range(n):
        in_lines = lines[la, r] | lines[lb, r]
        if three:
            in_lines |= lines[lc, r]
        crossed[r] = cand[r] & (rule[r] | (in_lines & ~used[r]))
    return False


@njit(cache=True)
def _scan_groups(n, tier, cand, lines, clash, full, done, open_count, opts, counts, rule, used,
                 crossed, group):
    """Find the first group of (tier - 1) lines of one kind (rows, columns or regions; each open
    with at most seven squares) whose arrangements cross something out.

    Returns 1 with the squares in `crossed` and the group's lines in `group` (-1 unused),
    0 when no group crosses anything, -1 when a group has no arrangement (a contradiction).
    """
    width = tier - 1
    group[2] = -1
    for kind in range(3):
        base = kind * n
        for a in range(n):
            if done[base + a] or open_count[base + a] > 7:
                continue
            for b in range(a + 1, n):
                if done[base + b] or open_count[base + b] > 7:
                    continue
                last = n if width == 3 else b + 2   # a pair runs this loop once
                for c in range(b + 1, last):
                    if width == 3:
                        if done[base + c] or open_count[base + c] > 7:
                            continue
                        group[2] = base + c
                    group[0] = base + a
                    group[1] = base + b
                    if _combine(n, cand, lines, clash, full, group[0], group[1], group[2],
                                opts, counts, rule, used, crossed):
                        return -1
                    for r in range(n):
                        if crossed[r]:
                            return 1
    return 0


# --- the solver as the rest of the engine sees it -------------------------------------------

STATUS_NAMES = {SOLVED: "solved", STUCK: "stuck",
                CONTRADICTION: "contradiction"}
TIERS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Count:
    solutions: int                            # counted up to the limit
    nodes: int                                # search nodes visited
    listed: tuple[tuple[int, ...], ...]       # the first solutions, star column per row


_NO_LISTING = np.zeros((0, 1), dtype=np.int64)


def count_puzzle(puzzle: dict, limit: int) -> int:
    """Solutions of an exported puzzle object, counted up to `limit` (the lean path for
    counting many boards: no Board value, no listing)."""
    n = puzzle["size"]
    givens = np.full(n, -1, dtype=np.int64)
    for r, c in puzzle.get("stars", ()):
        givens[r] = c
    regions = np.array(puzzle["regions"], dtype=np.int64).reshape(n * n)
    return int(count_solutions(n, regions, givens, limit, _NO_LISTING)[0])


def count(board: Board, limit: int, listed: int = 0) -> Count:
    out = np.full((max(listed, 0), board.size), -1, dtype=np.int64)
    found, nodes = count_solutions(board.size, board.region_array(), board.givens_array(),
                                           limit, out)
    rows = tuple(map(tuple, out[:min(found, listed)].tolist()))
    return Count(int(found), int(nodes), rows)


@dataclass(frozen=True)
class Step:
    tier: int
    lines: tuple[str, ...]                    # the row, column or region names it reasoned on
    star: tuple[int, int] | None              # the square a tier-1 step places
    crossed: tuple[tuple[int, int], ...]      # squares crossed out

    def describe(self) -> str:
        on = " + ".join(self.lines)
        parts = []
        if self.star is not None:
            parts.append(f"star at r{self.star[0] + 1}c{self.star[1] + 1}")
        if self.crossed:
            parts.append("crossed out " + " ".join(f"r{r + 1}c{c + 1}" for r, c in self.crossed))
        return f"tier {self.tier}, {on}: " + "; ".join(parts)


@dataclass(frozen=True)
class Solve:
    status: str                               # solved, stuck or contradiction
    steps: tuple[Step, ...]
    stars: tuple[int, ...]                    # star column per row, -1 where none was placed

    def tier_counts(self) -> dict[int, int]:
        counts = {tier: 0 for tier in TIERS}
        for step in self.steps:
            counts[step.tier] += 1
        return counts

    @property
    def solved(self) -> bool:
        return self.status == "solved"


@dataclass(frozen=True)
class Grade:
    """The measures of an easiest-first solve, without the trace (the generator's fast path)."""

    status: str
    tier_counts: tuple[int, int, int, int]    # steps of tiers 1..4
    steps: int

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def _run(board: Board, max_tier: int):
    n = board.size
    capacity = n * n + n
    step_tier = np.zeros(capacity, dtype=np.int64)
    step_lines = np.full((capacity, 3), -1, dtype=np.int64)
    step_star = np.full(capacity, -1, dtype=np.int64)
    step_crossed = np.zeros((capacity, n), dtype=np.int64)
    status, steps, stars = deduce(n, board.region_array(), board.givens_array(), max_tier,
                                          step_tier, step_lines, step_star, step_crossed)
    return int(status), int(steps), stars, step_tier, step_lines, step_star, step_crossed


def grade(board: Board, max_tier: int = 4) -> Grade:
    status, steps, _, step_tier, *_ = _run(board, max_tier)
    counts = np.bincount(step_tier[:steps], minlength=5)
    return Grade(STATUS_NAMES[status], tuple(int(counts[t]) for t in TIERS), steps)


def solve(board: Board, max_tier: int = 4) -> Solve:
    """The easiest-first solve with its full trace."""
    n = board.size
    status, steps, stars, step_tier, step_lines, step_star, step_crossed = _run(board, max_tier)
    trace = []
    for k in range(steps):
        lines = tuple(line_name(n, int(line)) for line in step_lines[k] if line >= 0)
        star = None if step_star[k] < 0 else divmod(int(step_star[k]), n)
        crossed = tuple((r, c) for r in range(n) for c in range(n) if (int(step_crossed[k, r]) >> c) & 1)
        trace.append(Step(int(step_tier[k]), lines, star, crossed))
    return Solve(STATUS_NAMES[status], tuple(trace), tuple(int(c) for c in stars))


def line_name(n: int, line: int) -> str:
    kind, index = divmod(line, n)
    return f"{('row', 'column', 'region')[kind]} {index + 1}"


def warm_up() -> None:
    """Load (or compile) the kernels once, outside any timing."""
    board = Board.from_rows([[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 3]])
    count(board, 2, listed=1)
    grade(board)


# --- the hint: the board's key step -------------------------------------------------------------

TECHNIQUES = {
    1: "last square of a line",
    2: "squares that see a whole line",
    3: "two lines together",
    4: "three lines together",
}


def _clashes(board: Board, star: tuple[int, int]) -> set[tuple[int, int]]:
    """Squares a star at `star` rules out: its row, column, region and eight neighbours."""
    n, (r, c) = board.size, star
    region = board.regions[r * n + c]
    return {(rr, cc) for rr in range(n) for cc in range(n) if (rr, cc) != star and (
        rr == r or cc == c or board.regions[rr * n + cc] == region
        or (abs(rr - r) <= 1 and abs(cc - c) <= 1))}


def line_squares(board: Board, line: int) -> list[tuple[int, int]]:
    n = board.size
    kind, index = divmod(line, n)
    if kind == 0:
        return [(index, c) for c in range(n)]
    if kind == 1:
        return [(r, index) for r in range(n)]
    return [divmod(cell, n) for cell in range(n * n) if board.regions[cell] == index]


def line_label(board: Board, line: int) -> str:
    """A row, column or region as a reader finds it on the printed board."""
    from pipeline.family import column_letter, square_name

    kind, index = divmod(line, board.size)
    if kind == 0:
        return f"row {index + 1}"
    if kind == 1:
        return f"column {column_letter(index)}"
    return f"the region holding {square_name(*line_squares(board, line)[0])}"


def key_step(board: Board) -> tuple[int, int, list[int], set, set]:
    """(tier, step index, line numbers, open squares before the step, stars before it) of the
    first step of the highest tier the easiest-first solve uses."""
    status, steps, _, step_tier, step_lines, step_star, step_crossed = _run(board, 4)
    if status != SOLVED or steps == 0:
        raise ValueError("the easiest-first solve does not finish this board")
    n = board.size
    top = int(step_tier[:steps].max())
    index = next(k for k in range(steps) if step_tier[k] == top)
    open_squares = {(r, c) for r in range(n) for c in range(n)}
    stars: set = set()
    for star in board.givens:
        stars.add(star)
        open_squares -= _clashes(board, star) | {star}
    for k in range(index):   # replay the easier steps to the board just before the key step
        crossed = {(r, c) for r in range(n) for c in range(n) if (int(step_crossed[k, r]) >> c) & 1}
        open_squares -= crossed
        if step_star[k] >= 0:
            star = divmod(int(step_star[k]), n)
            stars.add(star)
            open_squares -= _clashes(board, star) | {star}
    lines = [int(line) for line in step_lines[index] if line >= 0]
    return top, index, lines, open_squares, stars


def hint(puzzle: dict, solution: dict | None = None, grade: dict | None = None):
    """The first step of the board's top tier, in words, with what it establishes."""
    from pipeline.family import Hint, square_list

    board = Board.from_puzzle(puzzle)
    n = board.size
    tier, index, lines, open_squares, _ = key_step(board)
    step = solve(board).steps[index]
    crossed = list(step.crossed)
    names = [line_label(board, line) for line in lines]
    squares = {line: sorted(sq for sq in line_squares(board, line) if sq in open_squares)
               for line in lines}
    opening = "After the easier steps" if index else "From the start"
    # The figure shades the open squares of the step's lines, so the words need not list them.
    if tier == 1:
        star = step.star
        text = (f"{opening}, {names[0]} has one open square left: {square_list([star])} gets "
                f"its star")
        text += (f"; cross out the squares it touches or lines up with: "
                 f"{square_list(crossed)}." if crossed else ".")
        stars = [list(star)]
    elif tier == 2:
        line = lines[0]
        either = square_list(crossed).replace(" and ", " or ")
        text = (f"{opening}, {names[0]} can hold its star only in "
                f"{square_list(squares[line])}. A star on {either} would touch or "
                f"line up with all of them and leave {names[0]} no star: cross "
                f"{'it' if len(crossed) == 1 else 'them'} out.")
        stars = []
    else:
        inside = {sq for line in lines for sq in line_squares(board, line)}
        unused = [sq for sq in crossed if sq in inside]
        ruled = [sq for sq in crossed if sq not in inside]
        together = " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 2 \
            else " and ".join(names)
        count = "both" if tier == 3 else "all three"
        text = (f"{opening}, try every way to place the stars of {together} on their open "
                f"squares (shaded), {count} at once.")
        them = "it" if len(crossed) == 1 else "them"
        if ruled and unused:
            text += (f" Every way rules out {square_list(ruled)}, and no way uses "
                     f"{square_list(unused)}: cross {them} all out.")
        elif ruled:
            text += f" Every way rules out {square_list(ruled)}: cross {them} out."
        else:
            text += f" No way uses {square_list(unused)}: cross {them} out."
        stars = []
    reveals = {"stars": stars, "crossed": [list(sq) for sq in crossed]}
    figure = {"lines": [[list(sq) for sq in squares[line]] for line in lines],
              "size": n}
    return Hint(TECHNIQUES[tier], text, reveals, figure)


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a placed star not in it, a crossed
    square that holds a star in it, a square off the board."""
    n = puzzle["size"]
    answer = {tuple(star) for star in solution["stars"]}
    problems = []
    for key in ("stars", "crossed"):
        if not isinstance(reveals.get(key), list):
            problems.append(f"reveals.{key} is missing")
            continue
        for square in reveals[key]:
            if not (isinstance(square, list) and len(square) == 2
                    and all(isinstance(v, int) and 0 <= v < n for v in square)):
                problems.append(f"reveals.{key}: {square!r} is not a square of the board")
            elif key == "stars" and tuple(square) not in answer:
                problems.append(f"a star at {square} is not in the solution")
            elif key == "crossed" and tuple(square) in answer:
                problems.append(f"{square} is crossed out but holds a star in the solution")
    if not reveals.get("stars") and not reveals.get("crossed"):
        problems.append("the hint establishes nothing")
    return problems
