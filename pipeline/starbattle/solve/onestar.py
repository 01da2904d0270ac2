"""The one-star engine: the easiest-first deduction of boards with one star a line.

Tiers 1 to 4 of the Sprig notes (tiers.py names them): the last square of a line, squares that
clash with a whole line, then every arrangement of two (three) lines at once. `clash[cell, r]`
is every square that cannot hold a star once `cell` does (its row, column, region and eight
neighbours). After every step the deduction goes back to tier 1, as a reader would.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.starbattle.board import Board
from pipeline.starbattle.solve.masks import (CONTRADICTION, SOLVED, STATUS_NAMES, STUCK,
                                             line_masks, mask_squares, popcount, squares_of)
from pipeline.starbattle.solve.steps import Solve, Step, line_name

# --- compiled kernels ------------------------------------------------------------------------

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
def place_star(n, cand, lines, region, cell):
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
            place_star(n, cand, lines, region, r * n + c)
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
            squares_of(n, cand, lines[line], opts[0])
            cell = opts[0, 0]
            r, c = cell // n, cell % n
            for rr in range(n):
                crossed[rr] = cand[rr] & clash[cell, rr]
            place_star(n, cand, lines, region, cell)
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
            m = squares_of(n, cand, lines[line], opts[0])
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
    counts[0] = squares_of(n, cand, lines[la], opts[0])
    counts[1] = squares_of(n, cand, lines[lb], opts[1])
    three = lc >= 0
    counts[2] = squares_of(n, cand, lines[lc], opts[2]) if three else 1
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


# --- the solve as the rest of the engine sees it ---------------------------------------------

def run_deduction(board: Board, max_tier: int):
    """The deduction kernel on a board: (status, steps, star column per row) and its step
    arrays (tier, lines, star, crossed per row), as `deduce` fills them."""
    n = board.size
    capacity = n * n + n
    step_tier = np.zeros(capacity, dtype=np.int64)
    step_lines = np.full((capacity, 3), -1, dtype=np.int64)
    step_star = np.full(capacity, -1, dtype=np.int64)
    step_crossed = np.zeros((capacity, n), dtype=np.int64)
    status, steps, stars = deduce(n, board.region_array(), board.givens_array(), max_tier,
                                          step_tier, step_lines, step_star, step_crossed)
    return int(status), int(steps), stars, step_tier, step_lines, step_star, step_crossed


def solve(board: Board, max_tier: int = 4) -> Solve:
    """The easiest-first solve with its full trace."""
    n = board.size
    status, steps, stars, step_tier, step_lines, step_star, step_crossed = \
        run_deduction(board, max_tier)
    trace = []
    for k in range(steps):
        lines = tuple(line_name(n, int(line)) for line in step_lines[k] if line >= 0)
        star = None if step_star[k] < 0 else divmod(int(step_star[k]), n)
        trace.append(Step(int(step_tier[k]), lines, star, mask_squares(n, step_crossed[k])))
    return Solve(STATUS_NAMES[status], tuple(trace), tuple(int(c) for c in stars))
