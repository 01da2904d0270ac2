"""Star Battle generation: plant a solution, grow regions, repair rivals, search for hard boards.

Every choice comes from the key's sfc32 stream and integer arithmetic over collections in a
fixed order, so a key gives the same board anywhere.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream, fnv1a32, key_percent, stream_below
from pipeline.starbattle import solve, verify
from pipeline.starbattle.solve import count_solutions
from pipeline.starbattle.grade import (BAND_BY_NAME, Band, Grade, grade_record, hardness,
                                       measure, meets_contract)
from pipeline.starbattle.board import Board, relabel

ATTEMPTS_PER_SEARCH = 3000
SEARCHES = 64           # the first search plus up to 63 restarts from derived keys
POOL_SIZE = 10          # near-misses kept for mutation
MUTATION_CHANCE = (3, 4)
MAX_MUTATION_MOVES = 5
LISTED_SOLUTIONS = 12   # solutions listed per repair round
CLIMB_LISTED = 2000     # k stars, repair by climbing: solutions listed per round
CLIMB_ROUNDS = 40       # rounds, each keeping one move that lowered the count


@dataclass(frozen=True)
class Candidate:
    regions: tuple[int, ...]
    planted: tuple[int, ...]     # the planted solution: star column per row (one star),
                                 # star mask per row (k stars)
    givens: tuple[tuple[int, int], ...]
    mutated: bool = False
    stars: int = 1

    def board(self) -> Board:
        return Board(len(self.planted), self.regions, self.givens, self.stars)

    def planted_squares(self) -> tuple[tuple[int, int], ...]:
        n = len(self.planted)
        if self.stars == 1:
            return tuple((r, c) for r, c in enumerate(self.planted))
        return solve.mask_squares(n, self.planted)


@dataclass(frozen=True)
class Accepted:
    candidate: Candidate
    grade: Grade
    attempts: int                # candidates tried, over all searches
    searches: int                # searches used (1 = no restart)
    proof_nodes: int


# --- compiled kernels: planting, growing, repairing, mutating ------------------------------

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
def plant_stars(state, n):
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
def grow_from(state, n, seeds, profile, average):
    """Each seed square starts a group; a group chosen by integer weight on its size (the
    growth profile, around `average`) claims one of its unclaimed neighbouring squares, until
    every square is claimed. Returns the group of every square."""
    cells = n * n
    groups = seeds.shape[0]
    owner = np.full(cells, -1, dtype=np.int64)
    sizes = np.ones(groups, dtype=np.int64)
    frontier = np.zeros((groups, cells), dtype=np.bool_)
    near = np.empty(4, dtype=np.int64)
    for g in range(groups):
        owner[seeds[g]] = g
    for g in range(groups):
        for i in range(_neighbours(n, seeds[g], near)):
            if owner[near[i]] < 0:
                frontier[g, near[i]] = True
    growing = np.empty(groups, dtype=np.int64)
    weights = np.empty(groups, dtype=np.int64)
    options = np.empty(cells, dtype=np.int64)
    for _ in range(cells - groups):
        k, total = 0, 0
        for g in range(groups):
            if frontier[g].any():
                growing[k] = g
                weights[k] = growth_weight(profile, sizes[g], average)
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
        owner[cell] = g
        sizes[g] += 1
        frontier[:, cell] = False
        for i in range(_neighbours(n, cell, near)):
            if owner[near[i]] < 0:
                frontier[g, near[i]] = True
    return owner


@njit(cache=True)
def grow_regions(state, n, planted, profile):
    """Each planted star seeds a region, grown by `grow_from` until every square is claimed."""
    seeds = np.empty(n, dtype=np.int64)
    for r in range(n):
        seeds[r] = r * n + planted[r]
    return grow_from(state, n, seeds, profile, n)


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
def _busiest_first(cells, usage, planted_cell, order_key):
    """The squares by rival use, busiest first, ties to the lowest square; planted squares
    count as unused (their use is set to 0)."""
    top = 0
    for x in range(cells):
        if planted_cell[x]:
            usage[x] = 0
        top = max(top, usage[x])
    for x in range(cells):
        order_key[x] = (top - usage[x]) * cells + x
    return np.argsort(order_key)


@njit(cache=True)
def _move_busiest(state, n, regions, usage, planted_cell, sizes, min_region, max_region,
                  order_key, targets, within):
    """One repair move: the square rivals use most (`usage`; never a planted square, ties to
    the lowest square) goes to a neighbouring region, within the size limits where it can.
    False when no used square can move."""
    for x in _busiest_first(n * n, usage, planted_cell, order_key):
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
        return True
    return False


# The counter a repair lists rival solutions with: one star a line, k stars by the lines
# each row's stars choose, or k stars by row patterns.
ONE_STAR, BY_LINES, BY_ROWS = 0, 1, 2


@njit(cache=True)
def repair_regions(state, n, regions, planted, givens, min_region, max_region, listed):
    """Move squares that rival solutions use until the planted solution is the only one.

    Each round lists up to `listed` solutions; the square used most often by rivals (never a
    planted square; ties to the lowest square) moves to a neighbouring region, within the size
    limits where it can. Changes `regions` in place; True when the board became unique.
    Gives up after 3N rounds.
    """
    return _repair(state, n, 1, regions, planted, givens, min_region, max_region, listed,
                   3 * n, ONE_STAR)


@njit(cache=True)
def _repair(state, n, k, regions, planted, givens, min_region, max_region, listed, rounds,
            counter):
    """The rounds of repair_regions (and repair_regions_k), at most `rounds`, listing rivals
    with `counter`; `planted` and `givens` per row as that counter takes them (one star: the
    column, or -1 for no given; k stars: the star mask)."""
    cells = n * n
    as_columns = counter == ONE_STAR
    planted_cell, sizes = _planted_and_sizes(n, regions, planted, as_columns)
    solutions = np.zeros((listed, n), dtype=np.int64)
    usage = np.empty(cells, dtype=np.int64)
    order_key = np.empty(cells, dtype=np.int64)
    targets = np.empty(4, dtype=np.int64)
    within = np.empty(4, dtype=np.int64)
    for _ in range(rounds):
        if counter == ONE_STAR:
            found, _nodes = count_solutions(n, regions, givens, listed + 1, solutions)
        elif counter == BY_LINES:
            found, _nodes = solve.count_solutions_lines(n, k, regions, givens, listed + 1,
                                                        solutions)
        else:
            found, _nodes = solve.count_solutions_k(n, k, regions, givens, listed + 1,
                                                    solutions)
        if found == 1:
            return True
        _rival_usage(n, planted, solutions, min(found, listed), usage, as_columns)
        if not _move_busiest(state, n, regions, usage, planted_cell, sizes, min_region,
                             max_region, order_key, targets, within):
            return False
    return False


@njit(cache=True)
def mutate_regions(state, n, regions, planted, max_moves):
    """Move one to `max_moves` border squares (never a planted one) to a neighbouring region,
    keeping every region connected. Changes `regions` in place."""
    planted_cell = np.zeros(n * n, dtype=np.bool_)
    for r in range(n):
        planted_cell[r * n + planted[r]] = True
    mutate_cells(state, n, regions, planted_cell, max_moves)


@njit(cache=True)
def plant_stars_k(state, n, k, budget):
    """k stars in every row and column, none touching: rows filled top to bottom with row
    patterns in a shuffled order, backtracking when a column could no longer reach k stars.
    Returns the star mask per row, or an empty array when `budget` placements ran out."""
    patterns = solve.row_patterns(n, k)
    m = patterns.shape[0]
    order = np.empty((n, m), dtype=np.int64)
    nxt = np.zeros(n, dtype=np.int64)
    rows = np.zeros(n, dtype=np.int64)
    counts = np.zeros((n + 1, n), dtype=np.int64)
    full = (1 << n) - 1
    for i in range(m):
        order[0, i] = i
    for i in range(m - 1, 0, -1):
        j = stream_below(state, i + 1)
        order[0, i], order[0, j] = order[0, j], order[0, i]
    row, tries = 0, 0
    while 0 <= row < n:
        last = rows[row - 1] if row > 0 else 0
        blocked = (last | (last << 1) | (last >> 1)) & full
        for c in range(n):
            if counts[row, c] >= k:
                blocked |= 1 << c
        placed = False
        while nxt[row] < m:
            p = patterns[order[row, nxt[row]]]
            nxt[row] += 1
            if p & blocked:
                continue
            tries += 1
            if tries > budget:
                return np.zeros(0, dtype=np.int64)
            left = n - row - 1
            ok = True
            for c in range(n):
                have = counts[row, c] + ((p >> c) & 1)
                most = left // 2 if (p >> c) & 1 else (left + 1) // 2
                if k - have > most:
                    ok = False
                    break
            if not ok:
                continue
            rows[row] = p
            for c in range(n):
                counts[row + 1, c] = counts[row, c] + ((p >> c) & 1)
            row += 1
            if row < n:
                nxt[row] = 0
                for i in range(m):
                    order[row, i] = i
                for i in range(m - 1, 0, -1):
                    j = stream_below(state, i + 1)
                    order[row, i], order[row, j] = order[row, j], order[row, i]
            placed = True
            break
        if not placed:
            row -= 1
    if row < 0:
        return np.zeros(0, dtype=np.int64)
    return rows


@njit(cache=True)
def grow_regions_k(state, n, k, seeds, profile):
    """Grow one piece from every planted star (k n pieces, as grow_regions grows n), then join
    neighbouring pieces k at a time into the n regions: always the piece with the fewest
    unjoined neighbours first, then its neighbour with the fewest. Returns the region per
    square, or an empty array when the joining left a piece with no partner."""
    cells = n * n
    pieces = seeds.shape[0]
    near = np.empty(4, dtype=np.int64)
    piece = grow_from(state, n, seeds, profile, max(1, n // k))
    touching = np.zeros((pieces, pieces), dtype=np.bool_)
    for cell in range(cells):
        for i in range(_neighbours(n, cell, near)):
            a, b = piece[cell], piece[near[i]]
            if a != b:
                touching[a, b] = True
    group = np.full(pieces, -1, dtype=np.int64)
    members = np.empty(k, dtype=np.int64)
    ties = np.empty(pieces, dtype=np.int64)
    for g in range(n):
        for slot in range(k):
            best, t = pieces + 1, 0
            for p in range(pieces):
                if group[p] >= 0:
                    continue
                if slot > 0:
                    joined = False
                    for q in range(slot):
                        if touching[p, members[q]]:
                            joined = True
                    if not joined:
                        continue
                free = 0
                for q in range(pieces):
                    if touching[p, q] and group[q] < 0:
                        free += 1
                if free < best:
                    best, t = free, 0
                if free == best:
                    ties[t] = p
                    t += 1
            if t == 0:
                return np.zeros(0, dtype=np.int64)
            members[slot] = ties[stream_below(state, t)]
            group[members[slot]] = g
    regions = np.empty(cells, dtype=np.int64)
    for cell in range(cells):
        regions[cell] = group[piece[cell]]
    return regions


@njit(cache=True)
def _planted_and_sizes(n, regions, planted, as_columns):
    """Which squares hold a planted star (`planted`: the star's column per row when
    `as_columns`, else the star mask per row), and each region's size: what every repair
    starts from."""
    planted_cell = np.zeros(n * n, dtype=np.bool_)
    for r in range(n):
        stars = (1 << planted[r]) if as_columns else planted[r]
        for c in range(n):
            if (stars >> c) & 1:
                planted_cell[r * n + c] = True
    sizes = np.zeros(n, dtype=np.int64)
    for x in range(n * n):
        sizes[regions[x]] += 1
    return planted_cell, sizes


@njit(cache=True)
def repair_regions_k(state, n, k, regions, planted, given_rows, min_region, max_region, listed,
                     rounds, by_lines):
    """repair_regions for k stars a line (`planted`: the star mask per row), for at most
    `rounds` rounds, counting with the line-choice counter when `by_lines`, else the
    row-pattern one. A rival using square s holds k stars in s's neighbouring region already;
    moved there, s gives it k + 1."""
    return _repair(state, n, k, regions, planted, given_rows, min_region, max_region, listed,
                   rounds, BY_LINES if by_lines else BY_ROWS)


@njit(cache=True)
def _rival_usage(n, planted, solutions, found, usage, as_columns):
    """How many listed rivals (solutions other than the planted one) hold a star on each square.
    A row of `planted` and `solutions` is its star's column when `as_columns` (one star a
    line), else the mask of its stars."""
    usage[:] = 0
    for s in range(found):
        rival = False
        for r in range(n):
            if solutions[s, r] != planted[r]:
                rival = True
        if rival:
            for r in range(n):
                stars = (1 << solutions[s, r]) if as_columns else solutions[s, r]
                for c in range(n):
                    if (stars >> c) & 1:
                        usage[r * n + c] += 1


@njit(cache=True)
def climb_regions_k(n, k, regions, planted, given_rows, min_region, max_region, listed, rounds,
                    tries):
    """Repair by climbing: every round lists the solutions (up to `listed`), and tries moving
    the squares rivals use most (never a planted square) to a neighbouring region within the
    size limits, busiest first, keeping the first move after which the board has fewer
    solutions; a move that does not lower the count is undone. Each tried move kills every
    listed rival using its square (that rival's star count in the destination becomes k + 1),
    but may admit new rivals, which is why it is counted before it is kept. Gives up after
    `rounds` rounds, or when `tries` moves in one round lowered nothing. Changes `regions` in
    place; True when the planted solution is the only one."""
    cells = n * n
    planted_cell, sizes = _planted_and_sizes(n, regions, planted, False)
    solutions = np.zeros((listed, n), dtype=np.int64)
    trial = np.zeros((listed, n), dtype=np.int64)
    usage = np.empty(cells, dtype=np.int64)
    order_key = np.empty(cells, dtype=np.int64)
    targets = np.empty(4, dtype=np.int64)
    found, _nodes = solve.count_solutions_k(n, k, regions, given_rows, listed + 1, solutions)
    for _ in range(rounds):
        if found == 1:
            return True
        _rival_usage(n, planted, solutions, min(found, listed), usage, False)
        tried, kept = 0, False
        for x in _busiest_first(cells, usage, planted_cell, order_key):
            if usage[x] == 0 or tried >= tries or kept:
                break
            own = regions[x]
            if sizes[own] - 1 < min_region:
                continue
            for i in range(destinations(n, regions, x, targets)):
                target = targets[i]
                if sizes[target] + 1 > max_region or tried >= tries:
                    continue
                tried += 1
                regions[x] = target
                fewer, _nodes = solve.count_solutions_k(n, k, regions, given_rows,
                                                        min(found, listed + 1), trial)
                if fewer < found:
                    sizes[own] -= 1
                    sizes[target] += 1
                    found = fewer
                    solutions[:min(found, listed)] = trial[:min(found, listed)]
                    kept = True
                    break
                regions[x] = own
        if not kept:
            return False
    return found == 1


@njit(cache=True)
def mutate_cells(state, n, regions, planted_cell, max_moves):
    """Move one to `max_moves` border squares (never a planted one, `planted_cell` flags them)
    to a neighbouring region, keeping every region connected. Changes `regions` in place."""
    cells = n * n
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
            t = destinations(n, regions, border[i], targets)
            if t > 0:
                regions[border[i]] = targets[stream_below(state, t)]
                break


# --- planting, growing, repairing, mutating: the kernels above, on the keyed stream -------

def starting_stars(key: str, band: Band, planted: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A hash of the key decides whether the board opens with a star, and from which row (and,
    with k stars a row, which of them)."""
    if key_percent(key, "starting-star") >= band.start_star_percent:
        return ()
    row = fnv1a32(f"{key}|starting-row") % band.size
    if band.stars == 1:
        return ((row, planted[row]),)
    squares = solve.mask_squares(band.size, planted)
    chosen: list[tuple[int, int]] = []
    for i in range(band.starting_stars):
        # Rows spread over the board: the i-th star comes from the i-th slice of rows.
        options = [s for s in squares if s not in chosen
                   and s[0] * band.starting_stars // band.size == i]
        chosen.append(options[fnv1a32(f"{key}|starting-star|{i}") % len(options)])
    return tuple(sorted(chosen))


PLANT_BUDGET = 200_000   # k stars: pattern placements one planting may try
GROW_TRIES = 50          # k stars: growths before a candidate gives up (pieces left unjoined)


def fresh_candidate_k(stream: KeyedStream, band: Band, key: str) -> Candidate | None:
    """k stars a line: plant, grow a piece around every star, join pieces k to a region."""
    n, k = band.size, band.stars
    planted = stream.run(plant_stars_k, n, k, PLANT_BUDGET)
    if planted.shape[0] == 0:
        return None
    seeds = np.array([r * n + c for r in range(n) for c in range(n) if (planted[r] >> c) & 1],
                     dtype=np.int64)
    for _ in range(GROW_TRIES):
        profile = stream.choice((SMALL_FIRST, UNIFORM))
        regions = stream.run(grow_regions_k, n, k, seeds, profile)
        if regions.shape[0]:
            planted_rows = tuple(planted.tolist())
            return Candidate(tuple(regions.tolist()), planted_rows,
                             starting_stars(key, band, planted_rows), stars=k)
    return None


def fresh_candidate(stream: KeyedStream, band: Band, key: str) -> Candidate | None:
    if band.stars > 1:
        return fresh_candidate_k(stream, band, key)
    n = band.size
    planted = stream.run(plant_stars, n)
    profiles = (SMALL_FIRST, UNIFORM, LONG) if band.uses_long_growth \
        else (SMALL_FIRST, UNIFORM)
    regions = stream.run(grow_regions, n, planted, stream.choice(profiles))
    planted = tuple(planted.tolist())
    return Candidate(tuple(regions.tolist()), planted, starting_stars(key, band, planted))


def repair(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate | None:
    """Move squares that rival solutions use until the planted solution is the only one.

    A rival using square s has its star for the destination region elsewhere, so moving s
    there gives the rival two stars in one region; the planted solution never uses s.
    """
    regions = np.array(candidate.regions, dtype=np.int64)
    if band.climb_tries:
        unique = climb_regions_k(band.size, band.stars, regions,
                                 np.array(candidate.planted, dtype=np.int64),
                                 candidate.board().given_rows(), band.min_region,
                                 band.max_region, CLIMB_LISTED, CLIMB_ROUNDS, band.climb_tries)
        if not unique:
            return None
        return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens,
                         candidate.mutated, candidate.stars)
    if band.stars > 1:
        unique = stream.run(repair_regions_k, band.size, band.stars, regions,
                              np.array(candidate.planted, dtype=np.int64),
                              candidate.board().given_rows(), band.min_region, band.max_region,
                              LISTED_SOLUTIONS, band.repair_rounds * band.size,
                              band.count_by_lines)
        if not unique:
            return None
        return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens,
                         candidate.mutated, candidate.stars)
    unique = stream.run(repair_regions, band.size, regions,
                          np.array(candidate.planted, dtype=np.int64),
                          candidate.board().givens_array(), band.min_region, band.max_region,
                          LISTED_SOLUTIONS)
    if not unique:
        return None
    return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens, candidate.mutated)


def mutate(stream: KeyedStream, band: Band, candidate: Candidate) -> Candidate:
    """Move one to five border squares (never a planted one) to a neighbouring region."""
    regions = np.array(candidate.regions, dtype=np.int64)
    if band.stars > 1:
        n = band.size
        planted_cell = np.zeros(n * n, dtype=np.bool_)
        for r, c in candidate.planted_squares():
            planted_cell[r * n + c] = True
        stream.run(mutate_cells, n, regions, planted_cell, MAX_MUTATION_MOVES)
        return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens,
                         mutated=True, stars=candidate.stars)
    stream.run(mutate_regions, band.size, regions,
                 np.array(candidate.planted, dtype=np.int64), MAX_MUTATION_MOVES)
    return Candidate(tuple(regions.tolist()), candidate.planted, candidate.givens, mutated=True)


# --- the bar ---------------------------------------------------------------------------------

def shape_ok(band: Band, regions, allow_anchor: bool) -> bool:
    """Region sizes within the band's limits, enough different sizes, and at most one region
    at the minimum size (none when the key says this search has no anchor)."""
    sizes = sorted(Counter(regions).values())
    if len(sizes) != band.size or sizes[0] < band.min_region or sizes[-1] > band.max_region:
        return False
    if band.size >= 8 and sizes[0] == 1:
        return False
    if len(set(sizes)) < band.min_distinct_sizes:
        return False
    return sizes.count(band.min_region) <= (1 if allow_anchor else 0)


# --- the search ------------------------------------------------------------------------------

def count_board(board: Board, limit: int, listed: int = 0) -> solve.Count:
    return solve.count(board, limit, listed) if board.stars == 1 \
        else solve.count_k(board, limit, listed)


def search_key(key: str, search: int) -> str:
    return key if search == 0 else f"{key}/search{search}"


def search(key: str, band: Band) -> Accepted:
    """Search for a board that meets the band's contract; restart from derived keys."""
    attempts = 0
    for search in range(SEARCHES):
        this_key = search_key(key, search)
        stream = KeyedStream(this_key)
        allow_anchor = key_percent(this_key, "anchor") < 50
        pool: list[tuple[tuple, int, Candidate]] = []
        for attempt in range(ATTEMPTS_PER_SEARCH):
            attempts += 1
            if band.name != "easy" and pool and stream.chance(*MUTATION_CHANCE):
                candidate = mutate(stream, band, stream.choice(pool)[2])
            else:
                candidate = fresh_candidate(stream, band, key)
                if candidate is None:
                    continue
            candidate = repair(stream, band, candidate)
            if candidate is None or not shape_ok(band, candidate.regions, allow_anchor):
                continue
            grade = measure(candidate.board(), band.max_tier)
            if meets_contract(band, grade):
                proof = count_board(candidate.board(), 2)
                if proof.solutions != 1:   # the counter's own second word on the board
                    continue
                return Accepted(candidate, grade, attempts, search + 1, proof.nodes)
            if band.name != "easy":
                pool.append((hardness(grade), -attempt, candidate))
                pool.sort(key=lambda item: (item[0], item[1]), reverse=True)
                del pool[POOL_SIZE:]
    raise GenerationFailed(f"{key}: no {band.name} board after {SEARCHES} searches")


def finished(candidate: Candidate) -> tuple[Board, tuple[tuple[int, int], ...]]:
    """The board with region ids renumbered in reading order, and its solution stars."""
    board = Board(len(candidate.planted), relabel(candidate.regions), candidate.givens,
                  candidate.stars)
    return board, candidate.planted_squares()


def generate(key: str, level: str) -> Generated:
    """A proven, graded board of `level` from the key's stream alone: the search's board,
    proven again by the independent checker and solved again with the full trace."""
    band = BAND_BY_NAME[level]
    accepted = search(key, band)
    board, stars = finished(accepted.candidate)
    puzzle = board.to_puzzle()
    solution = {"stars": [[r, c] for r, c in stars]}
    verdict = verify.verify(puzzle, solution)
    if band.stars == 1:
        solved = solve.solve(board, band.max_tier)
        found = sorted(enumerate(solved.stars))
    else:
        solved = solve.solve_k(board, band.max_tier)
        found = sorted(solved.stars)
    if not verdict["unique"] or not solved.solved or found != sorted(stars):
        # Never ship a board the independent checks disagree on.
        raise CheckersDisagree(f"{key}: the independent checks rejected the board")
    grade = grade_record(band, board, solved, accepted.attempts, accepted.searches,
                         accepted.candidate.mutated)
    checker = "starbattle line-choice bitmask count" if band.stars == 1 \
        else "starbattle row-pattern bitmask count"
    proof = {
        "generator": {"checker": checker,
                      "solutions": 1, "nodes": accepted.proof_nodes},
        "verifier": verdict,
        "deduction": {"status": solved.status, "tiers_allowed": band.max_tier},
    }
    return Generated(puzzle, solution, grade, proof, accepted.attempts)
