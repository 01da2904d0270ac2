"""Counting solutions: the one-star line-choice counter, the k-star row-pattern counter and
the k-star line-choice counter.

Each is a depth-first search over compiled loops that lists the first solutions it finds while
there is room (the generator's repair moves regions away from rival solutions). The generator
proves a board with them; the independent checker (verify.py) shares none of their code.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.starbattle.board import Board
from pipeline.starbattle.solve.kstar import line_need, line_room, near_masks, place_star_k
from pipeline.starbattle.solve.masks import line_masks, lowest_bit_index, popcount, squares_of
from pipeline.starbattle.solve.onestar import place_star

# --- compiled kernels ------------------------------------------------------------------------

@njit(cache=True)
def keep_solution(solutions, found, rows, n):
    """Count one more solution, writing its rows into `solutions` while there is room: the
    count runs on past the room, up to the caller's limit, so a board with more solutions
    than are listed still says how many it has. Every counter keeps its solutions this way."""
    if found < solutions.shape[0]:
        for r in range(n):
            solutions[found, r] = rows[r]
    return found + 1


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
        place_star(n, cand[0], lines, region, r * n + c)
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
                found = keep_solution(solutions, found, stars[depth], n)
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
            option_count[depth] = squares_of(n, cand[depth], lines[best_line], options[depth])
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
        place_star(n, cand[child], lines, region, cell)
        stars[child, r] = c
        done[child, r] = True
        done[child, n + c] = True
        done[child, 2 * n + region[cell]] = True
        stars_placed[child] = stars_placed[depth] + 1
        depth = child
        entering = True
    return found, nodes


# The row-pattern counter (k stars a line): a row's stars form one of the row's "patterns", k
# columns, no two adjacent. It fills rows top to bottom with patterns that keep clear of the
# row above (a star's three neighbours below it), keep every column and region at k at most,
# and after each row checks that every column and region can still reach k in the rows left.


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
            found = keep_solution(solutions, found, chosen, n)
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


@njit(cache=True)
def count_solutions_lines(n, k, region, given_rows, limit, solutions):
    """Count the solutions of a k-star board up to `limit`, branching on the line with the
    fewest ways to take its next star: the branches are "its first open square is the lowest
    new star", then the second (the first crossed out), and so on, so no solution is met twice.
    After each star its neighbours, and the rest of every line it fills, are crossed out; a
    node dies when some line has too little room left for its stars (see line_room).

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
            place_star_k(n, k, open_[0], stars[0], lines, near, region, r * n + lowest_bit_index(low))
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
                need = line_need(n, k, stars[depth], lines, line)
                if need == 0:
                    continue
                count = 0
                for r in range(n):
                    count += popcount(open_[depth, r] & lines[line, r])
                if count < need or line_room(n, k, open_[depth], lines, line, none) < need:
                    dead = True
                    break
                ways = count - need + 1
                if ways < best_ways:
                    best_line, best_ways = line, ways
            if dead:
                depth -= 1
                continue
            if best_line < 0:          # every line holds its k stars
                found = keep_solution(solutions, found, stars[depth], n)
                if found >= limit:
                    return found, nodes
                depth -= 1
                continue
            option_count[depth] = min(squares_of(n, open_[depth], lines[best_line],
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
        place_star_k(n, k, open_[child], stars[child], lines, near, region, options[depth, i])
        depth = child
        entering = True
    return found, nodes


# --- counting as the rest of the engine sees it ----------------------------------------------

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


def count_k(board: Board, limit: int, listed: int = 0) -> Count:
    """Solutions of a k-star board up to `limit`; listed solutions are star masks per row."""
    out = np.zeros((max(listed, 0), board.size), dtype=np.int64)
    found, nodes = count_solutions_k(board.size, board.stars, board.region_array(),
                                     board.given_rows(), limit, out)
    rows = tuple(map(tuple, out[:min(found, listed)].tolist()))
    return Count(int(found), int(nodes), rows)
