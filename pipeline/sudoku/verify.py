"""The independent checker: is a Sudoku solution right, and is it the only one?

It shares nothing with the grader (pipeline.sudoku.solve) or the board model: it reads the raw
record itself, builds its own tables of which cells must differ, and counts answers with a
plain search where the grader reasons. The grader keeps a candidate grid and looks for
patterns a person would see; this checker fills the most constrained cell first, trying each
of its candidates in turn, and between guesses only propagates singles (a cell with one
candidate left, a digit with one place left in a house), undoing by copying the whole
candidate grid per level (81 small integers) rather than by a trail.

The tables take any list of groups: the 27 houses of classic Sudoku, where each digit appears
exactly once, and, for a variant, extra groups whose digits only differ: Killer's cages, whose
sums a further propagation step enforces: a cage's open cells keep only the digits of the sets
of distinct digits that make what is left of its sum, fit in the cells' candidates and touch
every open cell; a cage whose cells are all decided must add up to its sum exactly.

Two different programs agreeing on "exactly one answer" is the proof a record carries. The
compiled kernel is checked against the plain-Python reference at the bottom of this module.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHECKER = "sudoku.verify/1 most-constrained-cell bitmask search"
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


# --- the checker -----------------------------------------------------------------------------

def _digits(rows) -> list[int] | None:
    """81 digits from nine rows of nine, or None when the rows are not that shape."""
    if not isinstance(rows, list) or len(rows) != 9:
        return None
    out = []
    for row in rows:
        if not isinstance(row, list) or len(row) != 9:
            return None
        for v in row:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
                return None
            out.append(v)
    return out


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


def read_cages(puzzle: dict):
    """Killer's cages from the raw record as (sum, cells in reading order) pairs: () for a
    board without cages, None when they are not cages that tile the grid."""
    records = puzzle.get("cages")
    if records is None:
        return ()
    if not isinstance(records, list):
        return None
    cages, covered = [], []
    for item in records:
        if not isinstance(item, dict) or not isinstance(item.get("sum"), int) or \
                not isinstance(item.get("cells"), list) or not 1 <= len(item["cells"]) <= 9:
            return None
        cells = []
        for pair in item["cells"]:
            if not isinstance(pair, list) or len(pair) != 2 or \
                    not all(isinstance(v, int) and 0 <= v < 9 for v in pair):
                return None
            cells.append(pair[0] * 9 + pair[1])
        cages.append((item["sum"], sorted(cells)))
        covered += cells
    if sorted(covered) != list(range(81)):
        return None
    return tuple(cages)


def _breaks_a_rule(grid: list[int], cages) -> bool:
    for group in HOUSES.tolist():
        if sorted(grid[c] for c in group) != list(range(1, 10)):
            return True
    for total, cells in cages:
        digits = [grid[c] for c in cells]
        if len(set(digits)) != len(digits) or sum(digits) != total:
            return True
    return False


def verify(puzzle: dict, solution: dict) -> dict:
    """Proof details; "unique" is True only when `solution` is right and the only answer."""
    proof = {"checker": CHECKER, "valid": False, "unique": False, "nodes": 0, "solutions": 0}
    givens = _digits(puzzle.get("givens")) if isinstance(puzzle, dict) else None
    grid = _digits(solution.get("grid")) if isinstance(solution, dict) else None
    cages = read_cages(puzzle) if isinstance(puzzle, dict) else None
    if givens is None or grid is None or cages is None or 0 in grid or \
            _breaks_a_rule(grid, cages) or any(g and g != s for g, s in zip(givens, grid)):
        return proof
    proof["valid"] = True
    n, nodes, out_of_budget, first = count(givens, 2, cages=cages)
    proof["nodes"] = nodes
    proof["solutions"] = n
    proof["unique"] = bool(n == 1 and not out_of_budget and first == grid)
    return proof


# --- the plain reference ---------------------------------------------------------------------
# The same count, small enough to read in one sitting: plain Python sets, no bitmasks, no
# propagation beyond the candidates of the cell being filled. Slow on sparse boards; the
# property tests run it on boards with enough givens and demand that both counts agree.

def plain_count(givens, limit: int = 2, cages=()) -> tuple[int, list[int] | None]:
    """(solutions up to `limit`, the first one) by plain backtracking: fill the empty cell
    with the fewest digits its row, column, box and cage leave open, try each in turn. A
    digit fits a cage while the cage's digits so far stay under its sum by at least one for
    each cell still open, and a cage's last cell must bring it to its sum exactly."""
    grid = list(np.asarray(givens).reshape(81).tolist())
    cage_of = {cell: (total, cells) for total, cells in cages for cell in cells}
    for cell, d in enumerate(grid):
        if d and d in _seen(grid, cell, cage_of):
            return 0, None
    for total, cells in cages:
        if all(grid[c] for c in cells) and sum(grid[c] for c in cells) != total:
            return 0, None
    first: list[list[int]] = []
    total = 0

    def fill() -> None:
        nonlocal total
        if total >= limit:
            return
        best, options = None, None
        for cell in range(81):
            if grid[cell] == 0:
                left = {d for d in set(range(1, 10)) - _seen(grid, cell, cage_of)
                        if _fits_cage(grid, cell, d, cage_of)}
                if options is None or len(left) < len(options):
                    best, options = cell, left
        if best is None:
            total += 1
            if not first:
                first.append(list(grid))
            return
        for d in sorted(options):
            grid[best] = d
            fill()
            if total >= limit:
                break
        grid[best] = 0

    fill()
    return total, (first[0] if first else None)


def _fits_cage(grid: list[int], cell: int, d: int, cage_of) -> bool:
    if cell not in cage_of:
        return True
    total, cells = cage_of[cell]
    so_far = d + sum(grid[c] for c in cells if c != cell)
    still_open = sum(1 for c in cells if c != cell and not grid[c])
    return so_far == total if still_open == 0 else so_far + still_open <= total


def _seen(grid: list[int], cell: int, cage_of=None) -> set[int]:
    """The digits in the other cells of the cell's row, column, box (and cage)."""
    r, c = divmod(cell, 9)
    br, bc = 3 * (r // 3), 3 * (c // 3)
    others = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    others |= {(br + i) * 9 + bc + j for i in range(3) for j in range(3)}
    if cage_of and cell in cage_of:
        others |= set(cage_of[cell][1])
    others.discard(cell)
    return {grid[k] for k in others} - {0}
