"""The k-star engine: the easiest-first deduction of boards with k stars a line (k >= 2).

The state is `open_[r]` (squares of row r that may still take a star) and `stars[r]` (stars
placed), as row bitmasks. A line (row, column or region) "needs" k minus the stars it holds.
Its tiers are its own, easiest first (tiers.py names them): quota, neighbours, counting,
blocks, pigeonhole, what-if. After every step the deduction goes back to tier 1.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.starbattle.board import Board
from pipeline.starbattle.solve.masks import (CONTRADICTION, SOLVED, STATUS_NAMES, STOPPED,
                                             STUCK, line_masks, lowest_bit_index, mask_squares,
                                             popcount)
from pipeline.starbattle.solve.steps import Solve, Step, line_name
from pipeline.starbattle.solve.tiers import tier as tier_named

K_QUOTA, K_NEIGHBOURS, K_COUNTING, K_BLOCKS, K_PIGEONHOLE, K_WHAT_IF = 1, 2, 3, 4, 5, 6
WHAT_IF_STEPS = 20       # forced steps a what-if follows before giving up on a square
EVERY_OTHER = 0x55555555  # one bit per 2-column block

# --- compiled kernels ------------------------------------------------------------------------


@njit(cache=True)
def _spread(bits):
    """Most squares of a one-line mask that can hold stars with none side by side."""
    count = 0
    while bits:
        low = bits & -bits
        count += 1
        bits &= ~(low | (low << 1))
    return count


@njit(cache=True)
def near_masks(n):
    """near[cell, r]: the square and its eight neighbours, per row."""
    near = np.zeros((n * n, n), dtype=np.int64)
    for cell in range(n * n):
        r, c = cell // n, cell % n
        for rr in range(max(0, r - 1), min(n, r + 2)):
            near[cell, rr] = ((7 << c) >> 1) & ((1 << n) - 1)
    return near


@njit(cache=True)
def line_need(n, k, stars, lines, line):
    held = 0
    for r in range(n):
        held += popcount(stars[r] & lines[line, r])
    return k - held


@njit(cache=True)
def line_room(n, k, open_, lines, line, skip):
    """Most non-touching stars the open squares of `line` (less the squares `skip[r]`) can
    hold, from above: along a row or column, every other square of each run; in a region, the
    fewest 2x2 blocks covering its squares over the four ways of tiling the board (a block
    never holds two stars), and no more than k a row."""
    if line < n:
        return _spread(open_[line] & ~skip[line])
    if line < 2 * n:
        c = line - n
        bits = 0
        for r in range(n):
            if ((open_[r] & ~skip[r]) >> c) & 1:
                bits |= 1 << r
        return _spread(bits)
    best = 0
    rows = np.zeros(n + 2, dtype=np.int64)   # rows[r + 1]: row r; padded with empty rows
    for r in range(n):
        rows[r + 1] = open_[r] & ~skip[r] & lines[line, r]
        if rows[r + 1]:
            best += min(k, _spread(rows[r + 1]))
    for dr in range(2):
        for dc in range(2):
            blocks = 0
            for i in range(-dr, n, 2):
                m = rows[i + 1] | rows[i + 2]
                if m:
                    blocks += popcount(((m << dc) | ((m << dc) >> 1)) & EVERY_OTHER)
            best = min(best, blocks)
    return best


@njit(cache=True)
def place_star_k(n, k, open_, stars, lines, near, region, cell):
    """A star on `cell`: its neighbours are crossed out, and so is the rest of every line that
    now holds its k stars."""
    r, c = cell // n, cell % n
    stars[r] |= 1 << c
    for rr in range(n):
        open_[rr] &= ~near[cell, rr]
    for line in (r, n + c, 2 * n + region[cell]):
        if line_need(n, k, stars, lines, line) == 0:
            for rr in range(n):
                open_[rr] &= ~lines[line, rr]


@njit(cache=True)
def broken_line(n, k, open_, stars, lines, none):
    """A line that can no longer get its stars (too many, or too little room), or -1."""
    for line in range(3 * n):
        need = line_need(n, k, stars, lines, line)
        if need < 0 or (need > 0 and line_room(n, k, open_, lines, line, none) < need):
            return line
    return -1


@njit(cache=True)
def quota_step(n, k, open_, stars, lines, near, region, out_lines):
    """A line whose open squares are exactly the stars it needs: its first gets a star.
    Returns the square, or -1."""
    for line in range(3 * n):
        need = line_need(n, k, stars, lines, line)
        if need <= 0:
            continue
        count = 0
        first = -1
        for r in range(n):
            bits = open_[r] & lines[line, r]
            if bits and first < 0:
                first = r * n + lowest_bit_index(bits & -bits)
            count += popcount(bits)
        if count == need:
            out_lines[0] = line
            place_star_k(n, k, open_, stars, lines, near, region, first)
            return first
    return -1


@njit(cache=True)
def neighbours_step(n, k, open_, stars, lines, near, crossed, out_lines):
    """Squares whose star would leave one line too little room for its stars are crossed
    out. Returns True with them in `crossed`."""
    zone = np.zeros(n, dtype=np.int64)
    for line in range(3 * n):
        need = line_need(n, k, stars, lines, line)
        if need <= 0:
            continue
        for r in range(n):
            zone[r] = 0
        for r in range(n):
            bits = open_[r] & lines[line, r]
            while bits:
                low = bits & -bits
                cell = r * n + lowest_bit_index(low)
                for rr in range(max(0, r - 1), min(n, r + 2)):
                    zone[rr] |= near[cell, rr]
                bits ^= low
        found = False
        for r in range(n):
            crossed[r] = 0
            bits = zone[r] & open_[r]
            while bits:
                low = bits & -bits
                cell = r * n + lowest_bit_index(low)
                own = 1 if (lines[line, r] & low) else 0
                if need - own > 0 and line_room(n, k, open_, lines, line, near[cell]) < need - own:
                    crossed[r] |= low
                    found = True
                bits ^= low
        if found:
            for r in range(n):
                open_[r] &= ~crossed[r]
            out_lines[0] = line
            return True
    return False


@njit(cache=True)
def _confine(n, k, open_, stars, lines, first, width, crossed, out_lines):
    """A band of `width` rows (first < n) or columns against the regions. When the regions
    whose open squares all lie inside the band need exactly the band's stars, nothing else in
    the band can hold one; when the band's open squares all lie in regions needing exactly the
    band's stars, nothing else in those regions can. Returns the lines reasoned on (in
    `out_lines`) as a count, 0 when nothing is crossed."""
    band = np.zeros(n, dtype=np.int64)
    band_need = 0
    for i in range(width):
        line = first + i
        band_need += line_need(n, k, stars, lines, line)
        for r in range(n):
            band[r] |= lines[line, r]
    if band_need <= 0:
        return 0
    inside_need, touched_need = 0, 0
    inside = np.zeros(n, dtype=np.bool_)
    touched = np.zeros(n, dtype=np.bool_)
    for g in range(n):
        line = 2 * n + g
        need = line_need(n, k, stars, lines, line)
        if need <= 0:
            continue
        meets, outside = False, False
        for r in range(n):
            squares = open_[r] & lines[line, r]
            if squares & band[r]:
                meets = True
            if squares & ~band[r]:
                outside = True
        if meets:
            touched[g] = True
            touched_need += need
            if not outside:
                inside[g] = True
                inside_need += need
    for direction in range(2):
        chosen = inside if direction == 0 else touched
        total = inside_need if direction == 0 else touched_need
        if total != band_need:
            continue
        any_ = False
        for r in range(n):
            cover = 0
            for g in range(n):
                if chosen[g]:
                    cover |= lines[2 * n + g, r]
            if direction == 0:
                crossed[r] = open_[r] & band[r] & ~cover
            else:
                crossed[r] = open_[r] & cover & ~band[r]
            if crossed[r]:
                any_ = True
        if any_:
            m = 0
            for i in range(width):
                out_lines[m] = first + i
                m += 1
            for g in range(n):
                if chosen[g]:
                    out_lines[m] = 2 * n + g
                    m += 1
            for r in range(n):
                open_[r] &= ~crossed[r]
            return m
    return 0


@njit(cache=True)
def bands_step(n, k, open_, stars, lines, low_width, high_width, crossed, out_lines):
    """Bands of rows, then of columns, narrow first, against the regions (see _confine)."""
    for width in range(low_width, high_width + 1):
        for base in (0, n):
            for start in range(n - width + 1):
                m = _confine(n, k, open_, stars, lines, base + start, width, crossed, out_lines)
                if m:
                    return m
    return 0


@njit(cache=True)
def _read_block(n, open_, stars, base, first, start, block):
    """The block of the band from line `first` (rows when `base` is 0, else columns) that
    starts at `start` across it, cut to the board at an edge: its open squares into `block`
    (a mask per row), and (whether it holds a star, how many squares are open, the last open
    square). Counting the usable blocks and then working on them read a block the same way."""
    for r in range(n):
        block[r] = 0
    has_star, count, only = False, 0, -1
    for a in range(first, first + 2):
        for b in range(start, start + 2):
            if 0 <= b < n:
                r, c = (a, b) if base == 0 else (b, a)
                if (stars[r] >> c) & 1:
                    has_star = True
                if (open_[r] >> c) & 1:
                    block[r] |= 1 << c
                    count += 1
                    only = r * n + c
    return has_star, count, only


@njit(cache=True)
def _blocks(n, k, open_, stars, lines, near, region, crossed, out_lines):
    """A band of two rows (or columns) tiled with 2x2 blocks (a 2x1 piece at an edge), each
    holding one star at most. When the blocks that can still take a star are exactly as many as
    the stars the band still needs, each holds one: a block with one open square gets its star
    (returned as the square, >= 0), and squares touching every open square of a block are
    crossed out (returns -2). Returns -1 when no band gives anything."""
    block = np.zeros(n, dtype=np.int64)
    common = np.zeros(n, dtype=np.int64)
    for base in (0, n):
        for first in range(n - 1):
            need = line_need(n, k, stars, lines, base + first) + \
                line_need(n, k, stars, lines, base + first + 1)
            if need <= 0:
                continue
            for offset in range(2):
                usable = 0
                for start in range(-offset, n, 2):
                    has_star, count, _only = _read_block(n, open_, stars, base, first, start,
                                                         block)
                    if count and not has_star:
                        usable += 1
                if usable != need:
                    continue
                out_lines[0] = base + first
                out_lines[1] = base + first + 1
                for r in range(n):
                    crossed[r] = 0
                for start in range(-offset, n, 2):
                    has_star, count, only = _read_block(n, open_, stars, base, first, start,
                                                        block)
                    if has_star or count == 0:
                        continue
                    if count == 1:
                        place_star_k(n, k, open_, stars, lines, near, region, only)
                        return only
                    for r in range(n):
                        common[r] = open_[r] & ~block[r]
                    for r in range(n):
                        bits = block[r]
                        while bits:
                            low = bits & -bits
                            cell = r * n + lowest_bit_index(low)
                            for rr in range(n):
                                common[rr] &= near[cell, rr]
                            bits ^= low
                    for r in range(n):
                        crossed[r] |= common[r]
                found = False
                for r in range(n):
                    if crossed[r]:
                        found = True
                        open_[r] &= ~crossed[r]
                if found:
                    return -2
    return -1


@njit(cache=True)
def _forced_contradiction(n, k, open_, stars, lines, near, region, cell, none):
    """Suppose a star on `cell`; follow the quota, neighbours and counting steps it forces.
    Returns the line left without room for its stars, or -1."""
    trial_open = open_.copy()
    trial_stars = stars.copy()
    crossed = np.zeros(n, dtype=np.int64)
    out_lines = np.zeros(3 * n, dtype=np.int64)
    place_star_k(n, k, trial_open, trial_stars, lines, near, region, cell)
    for _ in range(WHAT_IF_STEPS):
        broken = broken_line(n, k, trial_open, trial_stars, lines, none)
        if broken >= 0:
            return broken
        if quota_step(n, k, trial_open, trial_stars, lines, near, region, out_lines) >= 0:
            continue
        if neighbours_step(n, k, trial_open, trial_stars, lines, near, crossed, out_lines):
            continue
        if bands_step(n, k, trial_open, trial_stars, lines, 1, 1, crossed, out_lines):
            continue
        return -1
    return -1


@njit(cache=True)
def deduce_k(n, k, region, given_rows, max_tier, step_tier, step_lines, step_star,
             step_crossed, stop_tier):
    """The easiest-first deduction for k stars a line (tiers in tiers.py); with `stop_tier`
    above 0 it stops (STOPPED) after the first step of that tier (a hint needs no more).

    After every step it goes back to tier 1. Each step is recorded like deduce's:
    `step_tier[s]`, `step_lines[s, :]` (line numbers, -1 for unused), `step_star[s]` (the
    square placed, else -1) and `step_crossed[s, r]` (squares crossed out, per row).
    Returns (status, steps, star mask per row).
    """
    lines = line_masks(n, region)
    near = near_masks(n)
    full = (1 << n) - 1
    open_ = np.full(n, full, dtype=np.int64)
    stars = np.zeros(n, dtype=np.int64)
    none = np.zeros(n, dtype=np.int64)
    for r in range(n):
        bits = given_rows[r]
        while bits:
            low = bits & -bits
            if not open_[r] & low:
                return CONTRADICTION, 0, stars
            place_star_k(n, k, open_, stars, lines, near, region, r * n + lowest_bit_index(low))
            bits ^= low
    before = np.empty(n, dtype=np.int64)
    crossed = np.zeros(n, dtype=np.int64)
    out_lines = np.full(3 * n, -1, dtype=np.int64)
    steps = 0
    total = n * k
    while True:
        placed = 0
        for r in range(n):
            placed += popcount(stars[r])
        if broken_line(n, k, open_, stars, lines, none) >= 0:
            return CONTRADICTION, steps, stars
        if placed == total:
            return SOLVED, steps, stars
        for r in range(n):
            before[r] = open_[r]
        for i in range(3 * n):
            out_lines[i] = -1
        tier, star = 0, -1
        star = quota_step(n, k, open_, stars, lines, near, region, out_lines)
        if star >= 0:
            tier = K_QUOTA
        elif max_tier >= K_NEIGHBOURS and neighbours_step(n, k, open_, stars, lines, near,
                                                           crossed, out_lines):
            tier = K_NEIGHBOURS
        elif max_tier >= K_COUNTING and bands_step(n, k, open_, stars, lines, 1, 1, crossed,
                                               out_lines):
            tier = K_COUNTING
        elif max_tier >= K_BLOCKS:
            found = _blocks(n, k, open_, stars, lines, near, region, crossed, out_lines)
            if found != -1:
                tier = K_BLOCKS
                star = found if found >= 0 else -1
        if tier == 0 and max_tier >= K_PIGEONHOLE and bands_step(n, k, open_, stars, lines, 2,
                                                             n - 1, crossed, out_lines):
            tier = K_PIGEONHOLE
        if tier == 0 and max_tier >= K_WHAT_IF:
            for r in range(n):
                bits = open_[r]
                while bits and tier == 0:
                    low = bits & -bits
                    cell = r * n + lowest_bit_index(low)
                    line = _forced_contradiction(n, k, open_, stars, lines, near, region, cell,
                                                 none)
                    if line >= 0:
                        open_[r] &= ~low
                        # Only the line that ran out: a blocks band tried before may have
                        # left its two lines here.
                        for i in range(3 * n):
                            out_lines[i] = -1
                        out_lines[0] = line
                        tier = K_WHAT_IF
                    bits ^= low
                if tier:
                    break
        if tier == 0:
            return STUCK, steps, stars
        step_tier[steps] = tier
        step_star[steps] = star
        for i in range(min(3 * n, step_lines.shape[1])):
            step_lines[steps, i] = out_lines[i]
        for r in range(n):
            step_crossed[steps, r] = before[r] & ~open_[r]
            if star >= 0 and r == star // n:
                step_crossed[steps, r] &= ~(1 << (star % n))
        steps += 1
        if tier == stop_tier:
            return STOPPED, steps, stars


# --- the solve as the rest of the engine sees it ---------------------------------------------

def run_deduction_k(board: Board, max_tier: int, stop_tier: int = 0):
    """The deduction kernel on a board: (status, steps, star mask per row) and its step arrays
    (tier, lines, star, crossed per row), as `deduce_k` fills them."""
    n = board.size
    capacity = n * n + n
    step_tier = np.zeros(capacity, dtype=np.int64)
    step_lines = np.full((capacity, 3 * n), -1, dtype=np.int64)
    step_star = np.full(capacity, -1, dtype=np.int64)
    step_crossed = np.zeros((capacity, n), dtype=np.int64)
    status, steps, stars = deduce_k(n, board.stars, board.region_array(), board.given_rows(),
                                    max_tier, step_tier, step_lines, step_star, step_crossed,
                                    stop_tier)
    return int(status), int(steps), stars, step_tier, step_lines, step_star, step_crossed


def solve_k(board: Board, max_tier: int = 6) -> Solve:
    """The k-star easiest-first solve with its full trace; `stars` are the squares placed."""
    n, k = board.size, board.stars
    status, steps, stars, step_tier, step_lines, step_star, step_crossed = \
        run_deduction_k(board, max_tier)
    trace = []
    for s in range(steps):
        tier = int(step_tier[s])
        lines = tuple(line_name(n, int(line)) for line in step_lines[s] if line >= 0)
        star = None if step_star[s] < 0 else divmod(int(step_star[s]), n)
        trace.append(Step(tier, lines, star, mask_squares(n, step_crossed[s]),
                          tier_named(k, tier).name))
    return Solve(STATUS_NAMES[status], tuple(trace), mask_squares(n, stars))
