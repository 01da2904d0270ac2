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

from pipeline.family import HintNames, column_letter, square_name, unknown_reveals
from pipeline.starbattle.board import Board

REVEALS = ("stars", "crossed")  # what a hint reveals: squares that hold a star, squares crossed out

# --- compiled kernels ------------------------------------------------------------------------

# Deduction results.
SOLVED, STUCK, CONTRADICTION = 0, 1, 2
STOPPED = 3   # the k-star solve stopped after the first step of the tier it was asked for


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
def _squares_of(n, open_rows, line_rows, out):
    """The open squares of a line (both as star masks per row) into `out`, in reading order;
    how many. A counter's branches at one depth."""
    m = 0
    for r in range(n):
        bits = open_rows[r] & line_rows[r]
        while bits:
            low = bits & -bits
            out[m] = r * n + lowest_bit_index(low)
            m += 1
            bits ^= low
    return m


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
            option_count[depth] = _squares_of(n, cand[depth], lines[best_line], options[depth])
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


# --- k stars a line: the row-pattern counter ------------------------------------------------
# With k stars in every row, a row's stars form one of the row's "patterns": k columns, no two
# adjacent. The counter fills rows top to bottom with patterns that keep clear of the row above
# (a star's three neighbours below it), keep every column and region at k at most, and after
# each row checks that every column and region can still reach k in the rows left.


@njit(cache=True)
def row_patterns(n, k):
    """Every mask of n columns with k stars, no two side by side, ascending."""
    count = 0
    for m in range(1 << n):
        if popcount(m) == k and (m & (m >> 1)) == 0:
            count += 1
    out = np.empty(count, dtype=np.int64)
    i = 0
    for m in range(1 << n):
        if popcount(m) == k and (m & (m >> 1)) == 0:
            out[i] = m
            i += 1
    return out


@njit(cache=True)
def spread_capacity(n, k):
    """capacity[m]: most stars the squares of row mask m can hold without two side by side,
    capped at k (a row never holds more)."""
    cap = np.zeros(1 << n, dtype=np.int64)
    for m in range(1, 1 << n):
        # Greedy from the lowest square: take it, skip its neighbour.
        count, bits = 0, m
        while bits:
            low = bits & -bits
            count += 1
            bits &= ~(low | (low << 1))
        cap[m] = min(count, k)
    return cap


@njit(cache=True)
def _fits_ahead(n, k, row, region_rows, col_count, reg_count, last, full_cols, cap, avail):
    """After rows 0..row-1 are filled (`last` the pattern of row-1): can every row, column and
    region still reach k stars in rows row..n-1? A square is still available when its column
    and region are short of k stars and it does not touch row-1's stars. Rows and columns: the
    most non-touching stars their available squares hold; regions: at most that, row by row."""
    full = (1 << n) - 1
    near = (last | (last << 1) | (last >> 1)) & full
    for r in range(row, n):
        avail[r] = full & ~full_cols
    avail[row] &= ~near
    for g in range(n):
        if reg_count[g] >= k:
            for r in range(row, n):
                avail[r] &= ~region_rows[g, r]
    for r in range(row, n):
        if cap[avail[r]] < k:
            return False
    for c in range(n):
        need = k - col_count[c]
        if need == 0:
            continue
        count, previous = 0, False
        for r in range(row, n):
            here = (avail[r] >> c) & 1 == 1
            if here and not previous:
                count += 1
                previous = True
            else:
                previous = False
        if count < need:
            return False
    for g in range(n):
        need = k - reg_count[g]
        if need == 0:
            continue
        room = 0
        for r in range(row, n):
            room += cap[region_rows[g, r] & avail[r]]
            if room >= need:
                break
        if room < need:
            return False
    return True


@njit(cache=True)
def count_solutions_k(n, k, region, given_rows, limit, solutions):
    """Count the solutions of a k-star board up to `limit`, row by row over row patterns.

    `given_rows[r]` is the column mask of row r's starting stars. The first solutions found are
    written to `solutions[s, r]` (row r's star mask) while there is room.
    Returns (solutions found, search nodes visited).
    """
    patterns = row_patterns(n, k)
    cap = spread_capacity(n, k)
    region_rows = np.zeros((n, n), dtype=np.int64)
    for cell in range(n * n):
        region_rows[region[cell], cell // n] |= 1 << (cell % n)
    full = (1 << n) - 1
    col_count = np.zeros((n + 1, n), dtype=np.int64)
    reg_count = np.zeros((n + 1, n), dtype=np.int64)
    chosen = np.zeros(n + 1, dtype=np.int64)     # pattern mask of each filled row
    next_pattern = np.zeros(n + 1, dtype=np.int64)
    found = 0
    nodes = 1
    avail = np.empty(n, dtype=np.int64)
    if not _fits_ahead(n, k, 0, region_rows, col_count[0], reg_count[0], 0, 0, cap, avail):
        return 0, nodes
    row = 0
    while row >= 0:
        if row == n:
            if found < solutions.shape[0]:
                for r in range(n):
                    solutions[found, r] = chosen[r]
            found += 1
            if found >= limit:
                return found, nodes
            row -= 1
            continue
        last = chosen[row - 1] if row > 0 else 0
        blocked = (last | (last << 1) | (last >> 1)) & full
        full_cols = 0
        for c in range(n):
            if col_count[row, c] >= k:
                full_cols |= 1 << c
        blocked |= full_cols
        advanced = False
        while next_pattern[row] < patterns.shape[0]:
            p = patterns[next_pattern[row]]
            next_pattern[row] += 1
            if p & blocked or (p & given_rows[row]) != given_rows[row]:
                continue
            ok = True
            for c in range(n):
                reg_count[row + 1, c] = reg_count[row, c]
                col_count[row + 1, c] = col_count[row, c]
            bits = p
            while bits:
                low = bits & -bits
                c = lowest_bit_index(low)
                g = region[row * n + c]
                reg_count[row + 1, g] += 1
                col_count[row + 1, c] += 1
                if reg_count[row + 1, g] > k:
                    ok = False
                bits ^= low
            if not ok:
                continue
            nodes += 1
            new_full = 0
            for c in range(n):
                if col_count[row + 1, c] >= k:
                    new_full |= 1 << c
            if not _fits_ahead(n, k, row + 1, region_rows, col_count[row + 1],
                               reg_count[row + 1], p, new_full, cap, avail):
                continue
            chosen[row] = p
            row += 1
            if row < n:
                next_pattern[row] = 0
            advanced = True
            break
        if not advanced:
            row -= 1
    return found, nodes


# --- k stars a line: the deduction kernel ------------------------------------------------------
# The state is `open[r]` (squares of row r that may still take a star) and `stars[r]` (stars
# placed). A line "needs" k minus the stars it holds. Tiers, easiest first, in STAR_TIERS.

K_QUOTA, K_NEIGHBOURS, K_COUNTING, K_BLOCKS, K_PIGEONHOLE, K_WHAT_IF = 1, 2, 3, 4, 5, 6
WHAT_IF_STEPS = 20       # forced steps a what-if follows before giving up on a square
EVERY_OTHER = 0x55555555  # one bit per 2-column block


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
def _need(n, k, stars, lines, line):
    held = 0
    for r in range(n):
        held += popcount(stars[r] & lines[line, r])
    return k - held


@njit(cache=True)
def _room(n, k, open_, lines, line, skip):
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
def _place_k(n, k, open_, stars, lines, near, region, cell):
    """A star on `cell`: its neighbours are crossed out, and so is the rest of every line that
    now holds its k stars."""
    r, c = cell // n, cell % n
    stars[r] |= 1 << c
    for rr in range(n):
        open_[rr] &= ~near[cell, rr]
    for line in (r, n + c, 2 * n + region[cell]):
        if _need(n, k, stars, lines, line) == 0:
            for rr in range(n):
                open_[rr] &= ~lines[line, rr]


@njit(cache=True)
def _broken(n, k, open_, stars, lines, none):
    """A line that can no longer get its stars (too many, or too little room), or -1."""
    for line in range(3 * n):
        need = _need(n, k, stars, lines, line)
        if need < 0 or (need > 0 and _room(n, k, open_, lines, line, none) < need):
            return line
    return -1


@njit(cache=True)
def _quota(n, k, open_, stars, lines, near, region, out_lines):
    """A line whose open squares are exactly the stars it needs: its first gets a star.
    Returns the square, or -1."""
    for line in range(3 * n):
        need = _need(n, k, stars, lines, line)
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
            _place_k(n, k, open_, stars, lines, near, region, first)
            return first
    return -1


@njit(cache=True)
def _neighbours_step(n, k, open_, stars, lines, near, crossed, out_lines):
    """Squares whose star would leave one line too little room for its stars are crossed
    out. Returns True with them in `crossed`."""
    zone = np.zeros(n, dtype=np.int64)
    for line in range(3 * n):
        need = _need(n, k, stars, lines, line)
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
                if need - own > 0 and _room(n, k, open_, lines, line, near[cell]) < need - own:
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
        band_need += _need(n, k, stars, lines, line)
        for r in range(n):
            band[r] |= lines[line, r]
    if band_need <= 0:
        return 0
    inside_need, touched_need = 0, 0
    inside = np.zeros(n, dtype=np.bool_)
    touched = np.zeros(n, dtype=np.bool_)
    for g in range(n):
        line = 2 * n + g
        need = _need(n, k, stars, lines, line)
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
def _bands(n, k, open_, stars, lines, low_width, high_width, crossed, out_lines):
    """Bands of rows, then of columns, narrow first, against the regions (see _confine)."""
    for width in range(low_width, high_width + 1):
        for base in (0, n):
            for start in range(n - width + 1):
                m = _confine(n, k, open_, stars, lines, base + start, width, crossed, out_lines)
                if m:
                    return m
    return 0


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
            need = _need(n, k, stars, lines, base + first) + \
                _need(n, k, stars, lines, base + first + 1)
            if need <= 0:
                continue
            for offset in range(2):
                usable = 0
                for start in range(-offset, n, 2):
                    has_star, has_open = False, False
                    for a in range(first, first + 2):
                        for b in range(start, start + 2):
                            if 0 <= b < n:
                                r, c = (a, b) if base == 0 else (b, a)
                                if (stars[r] >> c) & 1:
                                    has_star = True
                                if (open_[r] >> c) & 1:
                                    has_open = True
                    if has_open and not has_star:
                        usable += 1
                if usable != need:
                    continue
                out_lines[0] = base + first
                out_lines[1] = base + first + 1
                for r in range(n):
                    crossed[r] = 0
                for start in range(-offset, n, 2):
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
                    if has_star or count == 0:
                        continue
                    if count == 1:
                        _place_k(n, k, open_, stars, lines, near, region, only)
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
    _place_k(n, k, trial_open, trial_stars, lines, near, region, cell)
    for _ in range(WHAT_IF_STEPS):
        broken = _broken(n, k, trial_open, trial_stars, lines, none)
        if broken >= 0:
            return broken
        if _quota(n, k, trial_open, trial_stars, lines, near, region, out_lines) >= 0:
            continue
        if _neighbours_step(n, k, trial_open, trial_stars, lines, near, crossed, out_lines):
            continue
        if _bands(n, k, trial_open, trial_stars, lines, 1, 1, crossed, out_lines):
            continue
        return -1
    return -1


@njit(cache=True)
def deduce_k(n, k, region, given_rows, max_tier, step_tier, step_lines, step_star,
             step_crossed, stop_tier):
    """The easiest-first deduction for k stars a line (tiers in STAR_TIERS); with `stop_tier`
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
            _place_k(n, k, open_, stars, lines, near, region, r * n + lowest_bit_index(low))
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
        if _broken(n, k, open_, stars, lines, none) >= 0:
            return CONTRADICTION, steps, stars
        if placed == total:
            return SOLVED, steps, stars
        for r in range(n):
            before[r] = open_[r]
        for i in range(3 * n):
            out_lines[i] = -1
        tier, star = 0, -1
        star = _quota(n, k, open_, stars, lines, near, region, out_lines)
        if star >= 0:
            tier = K_QUOTA
        elif max_tier >= K_NEIGHBOURS and _neighbours_step(n, k, open_, stars, lines, near,
                                                           crossed, out_lines):
            tier = K_NEIGHBOURS
        elif max_tier >= K_COUNTING and _bands(n, k, open_, stars, lines, 1, 1, crossed,
                                               out_lines):
            tier = K_COUNTING
        elif max_tier >= K_BLOCKS:
            found = _blocks(n, k, open_, stars, lines, near, region, crossed, out_lines)
            if found != -1:
                tier = K_BLOCKS
                star = found if found >= 0 else -1
        if tier == 0 and max_tier >= K_PIGEONHOLE and _bands(n, k, open_, stars, lines, 2,
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


@njit(cache=True)
def count_solutions_lines(n, k, region, given_rows, limit, solutions):
    """Count the solutions of a k-star board up to `limit`, branching on the line with the
    fewest ways to take its next star: the branches are "its first open square is the lowest
    new star", then the second (the first crossed out), and so on, so no solution is met twice.
    After each star its neighbours, and the rest of every line it fills, are crossed out; a
    node dies when some line has too little room left for its stars (see _room).

    `given_rows[r]` is the column mask of row r's starting stars. The first solutions found are
    written to `solutions[s, r]` (row r's star mask) while there is room.
    Returns (solutions found, search nodes visited).
    """
    lines = line_masks(n, region)
    near = near_masks(n)
    full = (1 << n) - 1
    depth_max = n * k + 1
    open_ = np.zeros((depth_max, n), dtype=np.int64)
    stars = np.zeros((depth_max, n), dtype=np.int64)
    options = np.zeros((depth_max, n * n), dtype=np.int64)
    option_count = np.zeros(depth_max, dtype=np.int64)
    next_option = np.zeros(depth_max, dtype=np.int64)
    none = np.zeros(n, dtype=np.int64)
    for r in range(n):
        open_[0, r] = full
    for r in range(n):
        bits = given_rows[r]
        while bits:
            low = bits & -bits
            if not open_[0, r] & low:
                return 0, 1
            _place_k(n, k, open_[0], stars[0], lines, near, region, r * n + lowest_bit_index(low))
            bits ^= low
    found = 0
    nodes = 0
    depth = 0
    entering = True
    while depth >= 0:
        if entering:
            entering = False
            nodes += 1
            best_line, best_ways, dead = -1, n * n + 1, False
            for line in range(3 * n):
                need = _need(n, k, stars[depth], lines, line)
                if need == 0:
                    continue
                count = 0
                for r in range(n):
                    count += popcount(open_[depth, r] & lines[line, r])
                if count < need or _room(n, k, open_[depth], lines, line, none) < need:
                    dead = True
                    break
                ways = count - need + 1
                if ways < best_ways:
                    best_line, best_ways = line, ways
            if dead:
                depth -= 1
                continue
            if best_line < 0:          # every line holds its k stars
                if found < solutions.shape[0]:
                    for r in range(n):
                        solutions[found, r] = stars[depth, r]
                found += 1
                if found >= limit:
                    return found, nodes
                depth -= 1
                continue
            option_count[depth] = min(_squares_of(n, open_[depth], lines[best_line],
                                                  options[depth]), best_ways)
            next_option[depth] = 0
        if next_option[depth] >= option_count[depth]:
            depth -= 1
            continue
        i = next_option[depth]
        next_option[depth] += 1
        child = depth + 1
        for r in range(n):
            open_[child, r] = open_[depth, r]
            stars[child, r] = stars[depth, r]
        for j in range(i):             # the earlier squares of the line hold no star here
            cell = options[depth, j]
            open_[child, cell // n] &= ~(1 << (cell % n))
        _place_k(n, k, open_[child], stars[child], lines, near, region, options[depth, i])
        depth = child
        entering = True
    return found, nodes


# --- generation: plant, grow, repair, mutate ---------------------------------------------------
# These advance the keyed stream (`state`, see pipeline.keyed.KeyedStream.state) with its
# compiled twins, so a key gives the same board as it would step by step in Python.


# --- the solver as the rest of the engine sees it -------------------------------------------

STATUS_NAMES = {SOLVED: "solved", STUCK: "stuck", STOPPED: "stopped",
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
    k = puzzle.get("stars_per_unit", 1)
    regions = np.array(puzzle["regions"], dtype=np.int64).reshape(n * n)
    if k != 1:
        given_rows = np.zeros(n, dtype=np.int64)
        for r, c in puzzle.get("stars", ()):
            given_rows[r] |= 1 << c
        return int(count_solutions_k(n, k, regions, given_rows, limit, _NO_LISTING)[0])
    givens = np.full(n, -1, dtype=np.int64)
    for r, c in puzzle.get("stars", ()):
        givens[r] = c
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
    star: tuple[int, int] | None              # the square a star-placing step places
    crossed: tuple[tuple[int, int], ...]      # squares crossed out
    technique: str = ""                       # the tier's name, where the tiers have names

    def describe(self) -> str:
        on = " + ".join(self.lines)
        parts = []
        if self.star is not None:
            parts.append(f"star at {square_name(*self.star)}")
        if self.crossed:
            parts.append("crossed out " + " ".join(square_name(r, c) for r, c in self.crossed))
        name = f" ({self.technique})" if self.technique else ""
        return f"tier {self.tier}{name}, {on}: " + "; ".join(parts)


@dataclass(frozen=True)
class Solve:
    status: str                               # solved, stuck or contradiction
    steps: tuple[Step, ...]
    stars: tuple                              # one star: star column per row, -1 where none
                                              # was placed; k stars: the star squares placed

    def tier_counts(self) -> dict[int, int]:
        top = max([step.tier for step in self.steps] + [len(TIERS)])
        counts = {tier: 0 for tier in range(1, top + 1)}
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
    tier_counts: tuple[int, ...]              # steps of tiers 1..4 (one star), 1..6 (k stars)
    steps: int
    progress: int = 0                         # k stars: squares settled (starred or crossed)

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
    """Rows by number and columns by letter, as printed beside the board; regions by number."""
    kind, index = divmod(line, n)
    if kind == 1:
        return f"column {column_letter(index)}"
    return f"{('row', 'column', 'region')[kind]} {index + 1}"


def warm_up() -> None:
    """Load (or compile) the kernels once, outside any timing."""
    board = Board.from_rows([[0, 0, 1, 1], [0, 2, 2, 1], [3, 2, 2, 1], [3, 3, 3, 3]])
    count(board, 2, listed=1)
    grade(board)
    two = Board(8, tuple(r // 2 * 2 + (c >= 4) for r in range(8) for c in range(8)), (), 2)
    count_k(two, 2, listed=1)
    grade_k(two)


# --- k stars a line: counting and the easiest-first deduction ---------------------------------
# The k-star deduction works on whole-board bitmasks (Python integers, bit `r * n + c`): `open`
# holds the squares that may still take a star, `stars` the stars placed. A line (row, column
# or region) "needs" k minus the stars it holds. Its tiers are its own, easiest first.

STAR_TIERS = {
    1: "quota",          # a line whose open squares are exactly the stars it needs
    2: "neighbours",     # a star here would leave some line without room for its stars
    3: "counting",       # a region inside one row or column (or the reverse) fills its quota
    4: "blocks",         # 2x2 blocks tiling a band of two rows or columns, one star each at most
    5: "pigeonhole",     # j regions inside a band of j rows or columns (or the reverse)
    6: "what-if",        # a star here forces, step by step, a line without room
}
ONE_STAR_TIERS = {1: "last square", 2: "clash", 3: "two lines", 4: "three lines"}
K_TIERS = tuple(STAR_TIERS)


def tier_names(stars: int) -> dict[int, str]:
    return dict(ONE_STAR_TIERS if stars == 1 else STAR_TIERS)


def count_k(board: Board, limit: int, listed: int = 0) -> Count:
    """Solutions of a k-star board up to `limit`; listed solutions are star masks per row."""
    out = np.zeros((max(listed, 0), board.size), dtype=np.int64)
    found, nodes = count_solutions_k(board.size, board.stars, board.region_array(),
                                     board.given_rows(), limit, out)
    rows = tuple(map(tuple, out[:min(found, listed)].tolist()))
    return Count(int(found), int(nodes), rows)


def mask_squares(n: int, rows) -> tuple[tuple[int, int], ...]:
    """Row masks as (row, column) squares in reading order."""
    return tuple((r, c) for r in range(n) for c in range(n) if (int(rows[r]) >> c) & 1)


def _run_k(board: Board, max_tier: int, stop_tier: int = 0):
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
    n = board.size
    status, steps, stars, step_tier, step_lines, step_star, step_crossed = _run_k(board, max_tier)
    trace = []
    for s in range(steps):
        tier = int(step_tier[s])
        lines = tuple(line_name(n, int(line)) for line in step_lines[s] if line >= 0)
        star = None if step_star[s] < 0 else divmod(int(step_star[s]), n)
        trace.append(Step(tier, lines, star, mask_squares(n, step_crossed[s]), STAR_TIERS[tier]))
    return Solve(STATUS_NAMES[status], tuple(trace), mask_squares(n, stars))


def grade_k(board: Board, max_tier: int = 6) -> Grade:
    status, steps, stars, step_tier, _, _, step_crossed = _run_k(board, max_tier)
    counts = np.bincount(step_tier[:steps], minlength=len(K_TIERS) + 1)
    settled = sum(int(x).bit_count() for x in stars) + \
        sum(int(x).bit_count() for x in step_crossed[:steps].ravel())
    return Grade(STATUS_NAMES[status], tuple(int(counts[t]) for t in K_TIERS), steps, settled)


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
    if board.stars > 1:   # the grade names the top tier, so the solve stops at its first step
        return hint_k(board, grade.get("max_tier") if grade else None)
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
    problems = unknown_reveals(reveals, REVEALS)
    for key in REVEALS:
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


def hint_names(reveals: dict) -> HintNames:
    """Every square a hint places a star on or crosses out is named in its words."""
    return HintNames(squares=frozenset(
        tuple(square) for key in REVEALS for square in reveals.get(key, [])
        if isinstance(square, list) and len(square) == 2))


# --- the hint of a k-star board: the first step of its top k-star tier ---------------------------
# The same step data the k-star lessons teach with (`solve_k`'s trace, tiers in STAR_TIERS),
# told in the board's own terms: which lines, how many stars they still need, and why.

HINT_SQUARES = 12     # most squares a hint's words list (the rest of a long step is left out)
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten")


def _stars_word(count: int) -> str:
    word = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    return f"{word} star" if count == 1 else f"{word} stars"


def _k_state_before(board: Board, trace: tuple, index: int) -> tuple[set, set]:
    """(open squares, stars) as the k-star solve had them just before step `index`: a step's
    crossed squares already hold the neighbours of its star and the rest of the lines it fills."""
    n, k = board.size, board.stars
    open_squares = {(r, c) for r in range(n) for c in range(n)}
    stars: set = set()
    for star in board.givens:   # placed as the kernel places them, before any step
        stars.add(star)
        r, c = star
        open_squares -= {(rr, cc) for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)}
        for line in (r, n + c, 2 * n + board.regions[r * n + c]):
            squares = line_squares(board, line)
            if sum(sq in stars for sq in squares) == k:
                open_squares -= set(squares)
    for step in trace[:index]:
        open_squares -= set(step.crossed)
        if step.star is not None:
            stars.add(step.star)
            open_squares.discard(step.star)
    return open_squares, stars


def key_step_k(board: Board, tier: int | None = None):
    """(tier, step index, line numbers, the step, open squares and stars before it) of the first
    step of the highest tier the k-star easiest-first solve uses (or of `tier`, for tests that
    word every tier)."""
    if tier is None:
        status, steps, _, step_tier, step_lines, step_star, step_crossed = _run_k(board, 6)
        if status != SOLVED or steps == 0:
            raise ValueError("the easiest-first solve does not finish this board")
        top = int(step_tier[:steps].max())
        index = next(s for s in range(steps) if step_tier[s] == top)
    else:   # the solve up to that step only: the steps before it are the same
        status, steps, _, step_tier, step_lines, step_star, step_crossed = _run_k(board, 6, tier)
        if status != STOPPED:
            raise ValueError(f"the easiest-first solve of this board uses no tier {tier} step")
        top, index = tier, steps - 1
    n = board.size
    trace = tuple(Step(int(step_tier[s]), (), None if step_star[s] < 0
                       else divmod(int(step_star[s]), n), mask_squares(n, step_crossed[s]),
                       STAR_TIERS[int(step_tier[s])]) for s in range(index + 1))
    open_squares, stars = _k_state_before(board, trace, index)
    lines = [int(line) for line in step_lines[index] if line >= 0]
    return top, index, lines, trace[index], open_squares, stars


def _need_k(board: Board, stars: set, line: int) -> int:
    return board.stars - sum(sq in stars for sq in line_squares(board, line))


def _band_label(board: Board, band: list[int]) -> str:
    """"row 3", "rows 3 and 4", "columns B to E": a band of consecutive rows or columns."""
    n = board.size
    kind = "row" if band[0] < n else "column"
    names = [str(line + 1) if kind == "row" else column_letter(line - n) for line in band]
    if len(names) == 1:
        return f"{kind} {names[0]}"
    joint = " and " if len(names) == 2 else " to "
    return f"{kind}s {names[0]}{joint}{names[-1]}"


def _regions_label(board: Board, regions: list[int]) -> str:
    """"the region holding A1", "the regions holding A1, C4 and F6"."""
    anchors = [square_name(*line_squares(board, line)[0]) for line in regions]
    if len(anchors) == 1:
        return f"the region holding {anchors[0]}"
    return "the regions holding " + ", ".join(anchors[:-1]) + " and " + anchors[-1]


def _capped(squares) -> tuple[list, str]:
    """The squares a hint names (at most HINT_SQUARES, reading order) and their words."""
    from pipeline.family import square_list

    ordered = sorted(squares)
    named = ordered[:HINT_SQUARES]
    words = square_list(named)
    if len(ordered) > len(named):
        left = len(ordered) - len(named)
        words = ", ".join(square_name(*sq) for sq in named) + \
            f" (and {left} more found the same way)"
    return named, words


def _block_of(board: Board, band: list[int], open_squares: set, stars: set, need: int,
              step: Step):
    """The 2x2 tiling of a blocks step's band: (first row or column of its blocks, the block
    the step decides on, or None). Tried as the kernel tries them: offset 0, then 1."""
    n = board.size
    rows = band[0] < n
    first = band[0] if rows else band[0] - n

    def square(a, b):
        return (a, b) if rows else (b, a)

    for offset in range(2):
        blocks = []
        for start in range(-offset, n, 2):
            block = [square(a, b) for a in (first, first + 1) for b in (start, start + 1)
                     if 0 <= b < n]
            if any(sq in stars for sq in block) or not any(sq in open_squares for sq in block):
                continue
            blocks.append(block)
        if len(blocks) != need:
            continue
        for block in blocks:
            open_in = [sq for sq in block if sq in open_squares]
            if step.star is not None and open_in == [step.star]:
                return offset, block
            if step.star is None and len(open_in) > 1:
                return offset, None
    return 0, None


def _what_if_trace(board: Board, open_squares: set, stars: set, square, line: int):
    """Follow a what-if as the kernel does (`_forced_contradiction`): the stars the supposed
    star forces, then the need and room of `line`, the line left without room."""
    n, k = board.size, board.stars
    region = board.region_array()
    lines = line_masks(n, region)
    near = near_masks(n)
    none = np.zeros(n, dtype=np.int64)
    open_ = np.zeros(n, dtype=np.int64)
    held = np.zeros(n, dtype=np.int64)
    for r, c in open_squares:
        open_[r] |= 1 << c
    for r, c in stars:
        held[r] |= 1 << c
    crossed = np.zeros(n, dtype=np.int64)
    out_lines = np.zeros(3 * n, dtype=np.int64)
    _place_k(n, k, open_, held, lines, near, region, square[0] * n + square[1])
    forced = []
    for _ in range(WHAT_IF_STEPS):
        if _broken(n, k, open_, held, lines, none) >= 0:
            break
        star = _quota(n, k, open_, held, lines, near, region, out_lines)
        if star >= 0:
            forced.append(divmod(int(star), n))
            continue
        if _neighbours_step(n, k, open_, held, lines, near, crossed, out_lines):
            continue
        if _bands(n, k, open_, held, lines, 1, 1, crossed, out_lines):
            continue
        break
    broken = int(_broken(n, k, open_, held, lines, none))
    assert broken == line, "the what-if replay ran out on another line than the solve's"
    need = int(_need(n, k, held, lines, line))
    room = int(_room(n, k, open_, lines, line, none))
    return forced, need, room


def hint_k(board: Board, tier: int | None = None):
    """The first step of a k-star board's top tier (or of `tier`), in words, with what it
    establishes."""
    from pipeline.family import Hint, square_list

    n, k = board.size, board.stars
    tier, index, lines, step, open_squares, stars = key_step_k(board, tier)
    opening = "After the easier steps" if index else "From the start"
    crossed, words = _capped(step.crossed)
    them = "it" if len(crossed) == 1 else "them"
    placed = [list(step.star)] if step.star is not None else []
    shaded = lines
    if tier == K_QUOTA:
        line = lines[0]
        need = _need_k(board, stars, line)
        star = square_name(*step.star)
        count = _stars_word(need).split()[0]
        text = (f"{opening}, {line_label(board, line)} still needs {_stars_word(need)} and has "
                f"just {count} open square{'s' if need > 1 else ''} left, so each takes a "
                f"star. Put one on {star}")
        text += (f", and cross out the squares it touches or whose line it fills: {words}."
                 if crossed else ".")
    elif tier == K_NEIGHBOURS:
        line = lines[0]
        need = _need_k(board, stars, line)
        either = words.replace(" and ", " or ") if len(crossed) > 1 else words
        text = (f"{opening}, {line_label(board, line)} still needs {_stars_word(need)}, and "
                f"its open squares (shaded) have little room for them. A star on {either} "
                f"would touch so many of them that {_stars_word(need)}, no two touching, could "
                f"no longer fit: cross {them} out.")
    elif tier in (K_COUNTING, K_PIGEONHOLE):
        band = [line for line in lines if line < 2 * n]
        regions = [line for line in lines if line >= 2 * n]
        band_squares = {sq for line in band for sq in line_squares(board, line)}
        need = sum(_need_k(board, stars, line) for line in band)
        what, many = _band_label(board, band), len(band) > 1
        these = _regions_label(board, regions)
        one = len(regions) == 1
        owner = "the region's" if one else "those regions'"
        if all(sq in band_squares for sq in step.crossed):
            text = (f"{opening}, every open square of {these} lies in {what}, and "
                    f"{'it needs' if one else 'they need'} {_stars_word(need)}"
                    f"{'' if one else ' between them'}: as many as {what} still "
                    f"need{'' if many else 's'}. So every star left in {what} goes in "
                    f"{'that region' if one else 'those regions'}: cross out the other open "
                    f"squares of {what}: {words}.")
        else:
            text = (f"{opening}, every open square of {what} lies in {these}, and "
                    f"{what} still need{'' if many else 's'} {_stars_word(need)}: as many as "
                    f"{'that region needs' if one else 'those regions need between them'}. "
                    f"So all {owner} stars go in {what}: cross out "
                    f"{'its' if one else 'their'} other open squares: {words}.")
    elif tier == K_BLOCKS:
        band = lines
        need = sum(_need_k(board, stars, line) for line in band)
        what = _band_label(board, band)
        offset, block = _block_of(board, band, open_squares, stars, need, step)
        start = ("column" if band[0] < n else "row") + " " + (
            (column_letter(offset) if band[0] < n else str(offset + 1)))
        edge = " (a half block at an edge)" if offset else ""
        text = (f"{opening}, cut {what} into 2x2 blocks from {start}{edge}. No block holds two "
                f"stars, and just {NUMBER_WORDS[need] if need < len(NUMBER_WORDS) else need} "
                f"blocks can still take one, as many as the stars {what} still need: each of "
                f"them holds exactly one.")
        if step.star is not None:
            corners = sorted(block)
            text += (f" The block {square_name(*corners[0])}-{square_name(*corners[-1])} has "
                     f"one open square left, so {square_name(*step.star)} gets a star")
            text += (f"; cross out the squares it touches or whose line it fills: {words}."
                     if crossed else ".")
        else:
            text += (f" A star on {words.replace(' and ', ' or ') if len(crossed) > 1 else words}"
                     f" would touch every open square of one of those blocks and leave it "
                     f"empty: cross {them} out.")
    elif tier == K_WHAT_IF:
        line = lines[0]
        square = step.crossed[0]
        forced, need, room = _what_if_trace(board, open_squares, stars, square, line)
        label = line_label(board, line)
        text = f"{opening}, suppose a star on {square_name(*square)}."
        if forced:
            shown = forced[:3]
            more = f" and {len(forced) - 3} more" if len(forced) > 3 else ""
            listed = ", ".join(square_name(*sq) for sq in shown) if more else square_list(shown)
            text += (f" The quota, neighbours and counting steps then force "
                     f"{'a star' if len(forced) == 1 else 'stars'} on {listed}{more}.")
        if need < 0:
            text += f" Then {label} would hold more than {_stars_word(k)}."
        else:
            fits = "none" if room == 0 else f"only {_stars_word(room).split()[0]}"
            text += (f" Then {label} (its open squares shaded) still needs "
                     f"{_stars_word(need)} but has room for {fits}, no two touching.")
        text += f" So {square_name(*square)} holds no star: cross it out."
    else:
        raise ValueError(f"no k-star tier {tier}")
    reveals = {"stars": placed, "crossed": [list(sq) for sq in crossed]}
    figure = {"lines": [[list(sq) for sq in sorted(sq for sq in line_squares(board, line)
                                                     if sq in open_squares)]
                        for line in shaded],
              "size": n}
    return Hint(STAR_TIERS[tier], text, reveals, figure)
