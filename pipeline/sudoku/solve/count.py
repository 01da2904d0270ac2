"""The generator's counter: how many answers a Sudoku board has, up to a limit.

Thinning (pipeline.sudoku.generate) keeps a removal only while the board keeps one answer;
this search answers that, many thousand times a board, and `count_solutions` answers the
`pipeline count` command. It is the generator's own tool, never the proof: the proof a record
carries comes from pipeline.sudoku.verify, a separate search that shares no code with this one.

It fills the most constrained cell first, trying each of its candidates in turn, and between
guesses propagates singles (a cell with one candidate left, a digit with one place left in a
house), undoing by copying the whole candidate grid per level (81 small integers) rather than
by a trail. The tables take any list of groups: the 27 houses of classic Sudoku, where each
digit appears exactly once, and, for Killer, the cages, whose digits only differ and whose
sums a further propagation step enforces: a cage's open cells keep only the digits of the sets
of distinct digits that make what is left of its sum, fit in the cells' candidates and touch
every open cell; a cage whose cells are all decided must add up to its sum exactly.
"""

from __future__ import annotations

import numpy as np
from numba import njit

COUNTER = "sudoku.solve.count/1 most-constrained-cell bitmask search"
NODE_BUDGET = 5_000_000   # far above any 9x9 board (17-clue boards take a few hundred nodes)
FULL = 0x1FF


def _tables(extra_groups=()):
    """(houses [27, 9], peers [81, P] padded with -1, peer counts [81]) for the board's
    groups: the rows, columns and boxes, and any extra all-different groups."""
    houses = []
    for r in range(9):
        houses.append([r * 9 + c for c in range(9)])
    for c in range(9):
        houses.append([r * 9 + c for r in range(9)])
    for br in range(0, 9, 3):
        for bc in range(0, 9, 3):
            houses.append([(br + i) * 9 + bc + j for i in range(3) for j in range(3)])
    peer_sets = [set() for _ in range(81)]
    for group in houses + [list(g) for g in extra_groups]:
        for cell in group:
            peer_sets[cell].update(group)
    for cell in range(81):
        peer_sets[cell].discard(cell)
    width = max(len(p) for p in peer_sets)
    peers = np.full((81, width), -1, dtype=np.int64)
    counts = np.zeros(81, dtype=np.int64)
    for cell, found in enumerate(peer_sets):
        ordered = sorted(found)
        peers[cell, :len(ordered)] = ordered
        counts[cell] = len(ordered)
    return np.array(houses, dtype=np.int64), peers, counts


def _cage_tables(cages):
    """(cells [n, 9] padded with -1, sizes [n], sums [n]) of the raw record's cages."""
    cells = np.full((len(cages), 9), -1, dtype=np.int64)
    sizes = np.zeros(len(cages), dtype=np.int64)
    sums = np.zeros(len(cages), dtype=np.int64)
    for k, (total, members) in enumerate(cages):
        cells[k, :len(members)] = members
        sizes[k] = len(members)
        sums[k] = total
    return cells, sizes, sums


def _sum_sets():
    """Every set of distinct digits as a mask, ordered by (size, sum), and where each
    (size, sum) starts: the sets of `n` digits adding up to `s` are
    masks[starts[n * 46 + s]:starts[n * 46 + s + 1]]."""
    keyed = sorted((bin(m).count("1") * 46 + sum(d + 1 for d in range(9) if m >> d & 1), m)
                   for m in range(1, FULL + 1))
    masks = np.array([m for _key, m in keyed], dtype=np.int64)
    starts = np.zeros(10 * 46 + 1, dtype=np.int64)
    for key, _m in keyed:
        starts[key + 1:] += 1
    return masks, starts


HOUSES, PEERS, PEER_COUNTS = _tables()
NO_CAGES = _cage_tables(())
SUM_SETS, SUM_SET_STARTS = _sum_sets()
POPCOUNT = np.array([bin(m).count("1") for m in range(FULL + 1)], dtype=np.int64)


# --- compiled kernels ------------------------------------------------------------------------

@njit(cache=True)
def _cage_sums(cand, queue, cage_cells, cage_sizes, cage_sums, sets, starts):
    """One pass of the cage sums over the grid: returns (-1 at a contradiction, else the
    number of cells it reduced to one candidate, written to `queue`, and whether any mask
    shrank)."""
    queued = 0
    shrank = False
    for k in range(cage_sizes.shape[0]):
        n = cage_sizes[k]
        rest = cage_sums[k]
        placed = 0
        room = 0
        open_cells = 0
        for i in range(n):
            m = cand[cage_cells[k, i]]
            if m == 0:
                return -1, False
            if m & (m - 1) == 0:
                placed |= m
                d = 1
                while (m >> (d - 1)) != 1:
                    d += 1
                rest -= d
            else:
                open_cells += 1
                room |= m
        if open_cells == 0:
            if rest != 0:
                return -1, False
            continue
        if rest < 1 or rest > 45:
            return -1, False
        allowed = 0
        key = open_cells * 46 + rest
        for j in range(starts[key], starts[key + 1]):
            s = sets[j]
            if s & placed or s & ~room:
                continue
            touches = True
            for i in range(n):
                m = cand[cage_cells[k, i]]
                if m & (m - 1) != 0 and m & s == 0:
                    touches = False
                    break
            if touches:
                allowed |= s
        if allowed == 0:
            return -1, False
        for i in range(n):
            cell = cage_cells[k, i]
            m = cand[cell]
            if m & (m - 1) == 0:
                continue
            keep = m & allowed
            if keep != m:
                if keep == 0:
                    return -1, False
                cand[cell] = keep
                shrank = True
                if keep & (keep - 1) == 0:
                    queue[queued] = cell
                    queued += 1
    return queued, shrank


@njit(cache=True)
def _propagate(cand, queue, queued, houses, peers, counts, popcount, cage_cells, cage_sizes,
               cage_sums, sets, starts):
    """Singles (and, for Killer, the cage sums) to a standstill on one candidate grid.
    `queue[:queued]` holds cells just reduced to one candidate, whose digit is not yet
    removed from their peers. False when a cell, a house or a cage runs out of room."""
    while True:
        while queued > 0:
            queued -= 1
            cell = queue[queued]
            bit = cand[cell]
            for k in range(counts[cell]):
                p = peers[cell, k]
                m = cand[p]
                if m & bit:
                    m &= ~bit
                    if m == 0:
                        return False
                    cand[p] = m
                    if m & (m - 1) == 0:
                        queue[queued] = p
                        queued += 1
        changed = False
        for h in range(houses.shape[0]):
            once = 0
            twice = 0
            for i in range(9):
                m = cand[houses[h, i]]
                twice |= once & m
                once |= m
            if once != FULL:
                return False
            alone = once & ~twice
            if alone == 0:
                continue
            for i in range(9):
                cell = houses[h, i]
                m = cand[cell]
                x = m & alone
                if x != 0 and x != m:
                    if x & (x - 1):
                        return False   # two digits with this one place left
                    cand[cell] = x
                    queue[queued] = cell
                    queued += 1
                    changed = True
            if queued > 0:
                break   # propagate the new single before reading further houses
        if not changed and queued == 0:
            queued, shrank = _cage_sums(cand, queue, cage_cells, cage_sizes, cage_sums, sets,
                                        starts)
            if queued < 0:
                return False
            if not shrank:
                return True


@njit(cache=True)
def _count(givens, houses, peers, counts, popcount, cage_cells, cage_sizes, cage_sums, sets,
           starts, limit, budget, found, stats):
    """Solutions of `givens` (81 digits, 0 empty) counted up to `limit`; the first one goes
    into `found`. stats: [nodes, 1 when the budget ran out]."""
    cand = np.empty((82, 81), dtype=np.int64)
    branch = np.zeros(82, dtype=np.int64)
    untried = np.zeros(82, dtype=np.int64)
    queue = np.empty(81 * 9, dtype=np.int64)
    queued = 0
    for cell in range(81):
        d = givens[cell]
        if d:
            cand[0, cell] = 1 << (d - 1)
            queue[queued] = cell
            queued += 1
        else:
            cand[0, cell] = FULL
    # A given whose digit a peer also gives fails here: the first one clears the other.
    if not _propagate(cand[0], queue, queued, houses, peers, counts, popcount, cage_cells,
                      cage_sizes, cage_sums, sets, starts):
        return 0
    solutions = 0
    depth = 0
    descend = True
    while True:
        if descend:
            best = -1
            fewest = 10
            for cell in range(81):
                n = popcount[cand[depth, cell]]
                if 1 < n < fewest:
                    fewest = n
                    best = cell
                    if n == 2:
                        break
            if best < 0:
                if solutions == 0:
                    for cell in range(81):
                        m = cand[depth, cell]
                        d = 1
                        while m > 1:
                            m >>= 1
                            d += 1
                        found[cell] = d
                solutions += 1
                if solutions >= limit:
                    return solutions
                depth -= 1
            else:
                branch[depth] = best
                untried[depth] = cand[depth, best]
        descend = False
        if depth < 0:
            return solutions
        m = untried[depth]
        if m == 0:
            depth -= 1
            if depth < 0:
                return solutions
            continue
        bit = m & -m
        untried[depth] = m & ~bit
        stats[0] += 1
        if stats[0] > budget:
            stats[1] = 1
            return solutions
        nxt = cand[depth + 1]
        nxt[:] = cand[depth]
        cell = branch[depth]
        nxt[cell] = bit
        queue[0] = cell
        if _propagate(nxt, queue, 1, houses, peers, counts, popcount, cage_cells, cage_sizes,
                      cage_sums, sets, starts):
            depth += 1
            descend = True


@njit(cache=True)
def _count_many(boards, houses, peers, counts, popcount, sets, starts, limit, budget, out,
                nodes):
    """_count over rows of `boards` (the benchmark's loop, without Python between boards)."""
    found = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    cage_cells = np.full((0, 9), -1, dtype=np.int64)
    cage_sizes = np.zeros(0, dtype=np.int64)
    for k in range(boards.shape[0]):
        stats[0] = 0
        stats[1] = 0
        out[k] = _count(boards[k], houses, peers, counts, popcount, cage_cells, cage_sizes,
                        cage_sizes, sets, starts, limit, budget, found, stats)
        nodes[k] = stats[0]


# --- the count ------------------------------------------------------------------------------

def count(givens, limit: int, budget: int = NODE_BUDGET,
          cages=()) -> tuple[int, int, bool, list[int]]:
    """(solutions up to `limit`, nodes, whether the budget ran out, the first solution).
    `cages`: Killer's (sum, cells in reading order) pairs; none for classic Sudoku."""
    board = np.asarray(givens, dtype=np.int64).reshape(81)
    found = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    if cages:
        houses, peers, counts = _tables([cells for _total, cells in cages])
        cage_cells, cage_sizes, cage_sums = _cage_tables(cages)
    else:
        houses, peers, counts = HOUSES, PEERS, PEER_COUNTS
        cage_cells, cage_sizes, cage_sums = NO_CAGES
    n = _count(board, houses, peers, counts, POPCOUNT, cage_cells, cage_sizes, cage_sums,
               SUM_SETS, SUM_SET_STARTS, limit, budget, found, stats)
    return int(n), int(stats[0]), bool(stats[1]), found.tolist()


def count_many(boards: np.ndarray, limit: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Solutions (up to `limit`) and nodes for each row of an [n, 81] array of givens."""
    out = np.zeros(boards.shape[0], dtype=np.int64)
    nodes = np.zeros(boards.shape[0], dtype=np.int64)
    _count_many(boards.astype(np.int64), HOUSES, PEERS, PEER_COUNTS, POPCOUNT, SUM_SETS,
                SUM_SET_STARTS, limit, NODE_BUDGET, out, nodes)
    return out, nodes
