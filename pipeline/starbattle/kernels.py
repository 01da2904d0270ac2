"""Compiled hot loops of the Star Battle engine: solution counting and the deduction engine.

A board state is one column bitmask per row (`cand[r]`: the squares of row r that may still
hold a star). Lines are numbered 0..3n-1: rows, then columns, then regions, and
`line_mask[line, r]` is the part of a line in row r. `clash[cell, r]` is every square that
cannot hold a star once `cell` does (its row, column, region and eight neighbours).

Compiled with numba (cached on disk next to this file), so the first call in a fresh checkout
pays the compilation once; `warm_up()` does that up front.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.keyed import stream_below

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


# --- generation: plant, grow, repair, mutate ---------------------------------------------------
# These advance the keyed stream (`state`, see pipeline.keyed.KeyedStream.state) with its
# compiled twins, so a key gives the same board as it would step by step in Python.

SMALL_FIRST, UNIFORM, LONG = 0, 1, 2


@njit(cache=True)
def _neighbours(n, cell, out):
    """Orthogonal neighbours of `cell` into `out`; returns how many."""
    r, c = cell // n, cell % n
    m = 0
    if r > 0:
        out[m] = cell - n
        m += 1
    if c > 0:
        out[m] = cell - 1
        m += 1
    if c < n - 1:
        out[m] = cell + 1
        m += 1
    if r < n - 1:
        out[m] = cell + n
        m += 1
    return m


@njit(cache=True)
def plant(state, n):
    """A column per row, shuffled until no two consecutive rows are within one column."""
    columns = np.arange(n)
    while True:
        for i in range(n - 1, 0, -1):
            j = stream_below(state, i + 1)
            columns[i], columns[j] = columns[j], columns[i]
        ok = True
        for r in range(n - 1):
            if abs(columns[r] - columns[r + 1]) <= 1:
                ok = False
        if ok:
            return columns


@njit(cache=True)
def growth_weight(profile, size, average):
    if profile == SMALL_FIRST:
        w = max(1, 2 * average + 1 - size)
        return w * w
    if profile == UNIFORM:
        return 1
    return size * size          # LONG: the big get bigger


@njit(cache=True)
def grow(state, n, planted, profile):
    """Each planted star seeds a region; a region chosen by integer weight on its size claims
    one of its unclaimed neighbouring squares, until every square is claimed."""
    cells = n * n
    regions = np.full(cells, -1, dtype=np.int64)
    sizes = np.ones(n, dtype=np.int64)
    frontier = np.zeros((n, cells), dtype=np.bool_)
    near = np.empty(4, dtype=np.int64)
    for r in range(n):
        regions[r * n + planted[r]] = r
    for r in range(n):
        for i in range(_neighbours(n, r * n + planted[r], near)):
            if regions[near[i]] < 0:
                frontier[r, near[i]] = True
    growing = np.empty(n, dtype=np.int64)
    weights = np.empty(n, dtype=np.int64)
    options = np.empty(cells, dtype=np.int64)
    for _ in range(cells - n):
        k, total = 0, 0
        for g in range(n):
            if frontier[g].any():
                growing[k] = g
                weights[k] = growth_weight(profile, sizes[g], n)
                total += weights[k]
                k += 1
        pick = stream_below(state, total)
        chosen = 0
        while pick >= weights[chosen]:
            pick -= weights[chosen]
            chosen += 1
        g = growing[chosen]
        m = 0
        for cell in range(cells):
            if frontier[g, cell]:
                options[m] = cell
                m += 1
        cell = options[stream_below(state, m)]
        regions[cell] = g
        sizes[g] += 1
        frontier[:, cell] = False
        for i in range(_neighbours(n, cell, near)):
            if regions[near[i]] < 0:
                frontier[g, near[i]] = True
    return regions


@njit(cache=True)
def connected_without(n, regions, cell):
    """Whether the region of `cell` stays one connected piece (and non-empty) without it."""
    own = regions[cell]
    near = np.empty(4, dtype=np.int64)
    size, start = 0, -1
    for x in range(n * n):
        if regions[x] == own and x != cell:
            size += 1
            start = x
    if size == 0:
        return False
    seen = np.zeros(n * n, dtype=np.bool_)
    stack = np.empty(n * n, dtype=np.int64)
    seen[start] = True
    stack[0] = start
    top, reached = 1, 1
    while top:
        top -= 1
        x = stack[top]
        for i in range(_neighbours(n, x, near)):
            y = near[i]
            if y != cell and not seen[y] and regions[y] == own:
                seen[y] = True
                stack[top] = y
                top += 1
                reached += 1
    return reached == size


@njit(cache=True)
def destinations(n, regions, cell, out):
    """Neighbouring regions `cell` could join without disconnecting its own, ascending;
    returns how many (none when the move would split its region)."""
    own = regions[cell]
    near = np.empty(4, dtype=np.int64)
    found = np.zeros(n, dtype=np.bool_)
    for i in range(_neighbours(n, cell, near)):
        if regions[near[i]] != own:
            found[regions[near[i]]] = True
    if not found.any() or not connected_without(n, regions, cell):
        return 0
    m = 0
    for g in range(n):
        if found[g]:
            out[m] = g
            m += 1
    return m


@njit(cache=True)
def repair(state, n, regions, planted, givens, min_region, max_region, listed):
    """Move squares that rival solutions use until the planted solution is the only one.

    Each round lists up to `listed` solutions; the square used most often by rivals (never a
    planted square; ties to the lowest square) moves to a neighbouring region, within the size
    limits where it can. Changes `regions` in place; True when the board became unique.
    Gives up after 3N rounds.
    """
    cells = n * n
    planted_cell = np.zeros(cells, dtype=np.bool_)
    for r in range(n):
        planted_cell[r * n + planted[r]] = True
    sizes = np.zeros(n, dtype=np.int64)
    for x in range(cells):
        sizes[regions[x]] += 1
    solutions = np.empty((listed, n), dtype=np.int64)
    usage = np.empty(cells, dtype=np.int64)
    order_key = np.empty(cells, dtype=np.int64)
    targets = np.empty(4, dtype=np.int64)
    within = np.empty(4, dtype=np.int64)
    for _ in range(3 * n):
        found, _nodes = count_solutions(n, regions, givens, listed + 1, solutions)
        if found == 1:
            return True
        usage[:] = 0
        for k in range(min(found, listed)):
            rival = False
            for r in range(n):
                if solutions[k, r] != planted[r]:
                    rival = True
            if rival:
                for r in range(n):
                    usage[r * n + solutions[k, r]] += 1
        top = 0
        for x in range(cells):
            if planted_cell[x]:
                usage[x] = 0
            top = max(top, usage[x])
        for x in range(cells):
            order_key[x] = (top - usage[x]) * cells + x
        moved = False
        for x in np.argsort(order_key):
            if usage[x] == 0:
                break
            m = destinations(n, regions, x, targets)
            if m == 0:
                continue
            own = regions[x]
            w = 0
            for i in range(m):
                if sizes[targets[i]] + 1 <= max_region and sizes[own] - 1 >= min_region:
                    within[w] = targets[i]
                    w += 1
            if w > 0:
                target = within[stream_below(state, w)]
            else:
                target = targets[stream_below(state, m)]
            regions[x] = target
            sizes[own] -= 1
            sizes[target] += 1
            moved = True
            break
        if not moved:
            return False
    return False


@njit(cache=True)
def mutate(state, n, regions, planted, max_moves):
    """Move one to `max_moves` border squares (never a planted one) to a neighbouring region,
    keeping every region connected. Changes `regions` in place."""
    cells = n * n
    planted_cell = np.zeros(cells, dtype=np.bool_)
    for r in range(n):
        planted_cell[r * n + planted[r]] = True
    near = np.empty(4, dtype=np.int64)
    targets = np.empty(4, dtype=np.int64)
    border = np.empty(cells, dtype=np.int64)
    for _ in range(1 + stream_below(state, max_moves)):
        m = 0
        for x in range(cells):
            if planted_cell[x]:
                continue
            for i in range(_neighbours(n, x, near)):
                if regions[near[i]] != regions[x]:
                    border[m] = x
                    m += 1
                    break
        for i in range(m - 1, 0, -1):
            j = stream_below(state, i + 1)
            border[i], border[j] = border[j], border[i]
        for i in range(m):
            k = destinations(n, regions, border[i], targets)
            if k > 0:
                regions[border[i]] = targets[stream_below(state, k)]
                break
