"""The independent checker: is a Sudoku solution right, and is it the only one?

The proof a record carries. It shares nothing with the generator (pipeline.sudoku.generate),
the grader or the generator's counter (pipeline.sudoku.solve, its count.py and kernels.py),
the generator's sum tables (pipeline.engines.sums) or the board model: it reads the raw record
itself, builds its own tables and counts answers by a search of its own, so that a fault in
the generator's counter cannot vouch for itself.

The search works on one candidate mask per cell over "sum groups": cells whose digits all
differ and add up to a known total. Every row, column and box is one (nine cells, 45); every
Killer cage is one (its cells, its sum); and the rule of 45 adds more: in a house, the cells
left over by the cages lying wholly inside it add up to 45 less those cages' sums (the
innies), and the cells outside the house of the cages that touch it add up to those cages'
sums less 45 (the outies: a group only when they share a row, column or box, so that their
digits differ). The same rule over 2 to 4 rows or columns side by side gives "region sums":
innies or outies of up to 9 cells whose digits may repeat, so only their total binds them.
Between guesses it propagates to a fixed point:
  - naked singles: a cell down to one digit takes it from every cell it shares a group with;
  - sum combinations: for each group, the sets of distinct digits (9-bit masks, looked up by
    cell count and sum in a table of all 512) that make what is left of its sum from digits
    it does not hold yet, lie within the open cells' candidates and touch each of them; the
    open cells keep only the digits of those sets, and none left is a contradiction;
  - hidden singles and confinement: a digit in every such set must go in the group; with one
    open cell able to hold it, that cell takes it; with its cells all in one row, column or
    box, no other cell of that house keeps it (for a house group this is pointing and
    claiming, for a cage the cage-house interaction);
  - region sums: each cell of a region sum keeps only the digits that leave the rest of the
    total between the sums of the other cells' smallest and largest candidates.
Each guess fills the open cell with the fewest candidates (the first in reading order among
ties) with each of its digits from 1 up, on a copy of the masks per depth, and complete grids
are counted up to a limit (2 for a proof).

The plain-Python counter at the bottom is the reference the tests hold the kernel to: plain
sets and cage-sum bounds, no propagation, a different algorithm, so one's slip is not the
other's.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np
from numba import njit

CHECKER = "sudoku.verify/3 sum-group propagation search (singles, combinations, rule of 45)"
NODE_BUDGET = 1_000_000   # far above any shipped board (docs/sudoku.md: at most 1,340 guesses)
FULL = 0x1FF


def _houses() -> list[list[int]]:
    """The 27 houses in reading order of cells: rows, columns, boxes."""
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [[(br + i) * 9 + bc + j for i in range(3) for j in range(3)]
             for br in range(0, 9, 3) for bc in range(0, 9, 3)]
    return rows + cols + boxes


HOUSES = _houses()
HOUSE_CELLS = np.array(HOUSES, dtype=np.int64)
HOUSE_SETS = [frozenset(h) for h in HOUSES]


def _combination_table() -> tuple[np.ndarray, np.ndarray]:
    """Every set of distinct digits as a 9-bit mask, ordered by (size, sum), and where each
    (size, sum) run starts: masks[start[size * 46 + total]:start[size * 46 + total + 1]]."""
    keys = [(bin(mask).count("1"), sum(d + 1 for d in range(9) if mask >> d & 1))
            for mask in range(512)]
    masks = sorted(range(512), key=lambda m: (keys[m], m))
    ordered = [keys[m] for m in masks]
    start = np.zeros(10 * 46 + 1, dtype=np.int64)
    for size in range(10):
        for total in range(46):   # how many sets come before (size, total)
            start[size * 46 + total] = bisect_left(ordered, (size, total))
    start[10 * 46] = 512
    return np.array(masks, dtype=np.int64), start


COMBINATIONS, COMBINATION_START = _combination_table()


def _rule_of_45(cages) -> list[tuple[int, list[int]]]:
    """The innie and outie groups of every house: (sum, cells) whose digits all differ."""
    out = []
    for house in HOUSE_SETS:
        inside = [(t, cells) for t, cells in cages if house.issuperset(cells)]
        covered = {c for _t, cells in inside for c in cells}
        innies = sorted(house - covered)
        if inside and innies:
            out.append((45 - sum(t for t, _cells in inside), innies))
        touching = [(t, cells) for t, cells in cages if house.intersection(cells)]
        outies = sorted({c for _t, cells in touching for c in cells} - house)
        if outies and any(h.issuperset(outies) for h in HOUSE_SETS):
            out.append((sum(t for t, _cells in touching) - 45, outies))
    return out


def _regions_of_45(cages, most: int = 9) -> list[tuple[int, list[int]]]:
    """The region sums: innies and outies, up to `most` cells, of 2 to 4 rows or columns side
    by side (45 a row or column; the digits may repeat)."""
    out = []
    for k in range(2, 5):
        for first in range(0, 10 - k):
            for region in (frozenset(r * 9 + c for r in range(first, first + k) for c in range(9)),
                           frozenset(r * 9 + c for c in range(first, first + k) for r in range(9))):
                inside = [(t, cells) for t, cells in cages if region.issuperset(cells)]
                covered = {c for _t, cells in inside for c in cells}
                innies = sorted(region - covered)
                if inside and 0 < len(innies) <= most:
                    out.append((45 * k - sum(t for t, _c in inside), innies))
                touching = [(t, cells) for t, cells in cages if region.intersection(cells)]
                outies = sorted({c for _t, cells in touching for c in cells} - region)
                if 0 < len(outies) <= most:
                    out.append((sum(t for t, _c in touching) - 45 * k, outies))
    return out


def tables(cages=()) -> tuple[np.ndarray, ...]:
    """The kernel's tables for a board: (group cells [G, 9] padded with -1, group sizes,
    group sums, peers [81, P] padded with -1, membership [G, 81]: 0 out, 1 in a group whose
    digits differ, 2 in a region sum, whose digits may repeat; those come last)."""
    groups = [(45, h) for h in HOUSES] + [(t, list(cells)) for t, cells in cages]
    seen = {tuple(cells) for _t, cells in groups}
    for total, cells in _rule_of_45(cages):
        if tuple(cells) not in seen:
            seen.add(tuple(cells))
            groups.append((total, cells))
    ndistinct = len(groups)
    for total, cells in _regions_of_45(cages):
        if tuple(cells) not in seen:
            seen.add(tuple(cells))
            groups.append((total, cells))
    cells_of = np.full((len(groups), 9), -1, dtype=np.int64)
    sizes = np.zeros(len(groups), dtype=np.int64)
    sums = np.zeros(len(groups), dtype=np.int64)
    member = np.zeros((len(groups), 81), dtype=np.int64)
    peer_sets = [set() for _ in range(81)]
    for g, (total, cells) in enumerate(groups):
        sizes[g], sums[g] = len(cells), total
        for i, cell in enumerate(cells):
            cells_of[g, i] = cell
            member[g, cell] = 1
            if g < ndistinct:
                peer_sets[cell].update(cells)
            else:
                member[g, cell] = 2
    width = max(len(p) for p in peer_sets)
    peers = np.full((81, width), -1, dtype=np.int64)
    for cell, others in enumerate(peer_sets):
        others.discard(cell)
        for i, other in enumerate(sorted(others)):
            peers[cell, i] = other
    return cells_of, sizes, sums, peers, member


CLASSIC_TABLES = tables()


# --- the compiled search ---------------------------------------------------------------------

@njit(cache=True)
def _top_digit(mask):
    """The largest digit of a mask (of a single digit's bit, that digit); 0 for none."""
    d = 0
    while mask:
        mask >>= 1
        d += 1
    return d


@njit(cache=True)
def _popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True)
def _settle(cand, done, cells_of, sizes, sums, peers, member, houses, masks, start):
    """Propagate to a fixed point (the module banner's three rules); False on a
    contradiction."""
    ngroups = sizes.shape[0]
    changed = True
    while changed:
        changed = False
        for cell in range(81):                       # naked singles
            m = cand[cell]
            if m == 0:
                return False
            if done[cell] == 0 and m & (m - 1) == 0:
                done[cell] = 1
                for i in range(peers.shape[1]):
                    p = peers[cell, i]
                    if p < 0:
                        break
                    if cand[p] & m:
                        cand[p] &= ~m
                        if cand[p] == 0:
                            return False
                        changed = True
        if changed:
            continue
        for g in range(ngroups):                     # sum combinations
            if member[g, cells_of[g, 0]] == 2:       # a region's innies: sum bounds only
                rest = sums[g]
                low = 0
                high = 0
                for i in range(sizes[g]):
                    m = cand[cells_of[g, i]]
                    low += _top_digit(m & -m)
                    high += _top_digit(m)
                if rest < low or rest > high:
                    return False
                for i in range(sizes[g]):
                    cell = cells_of[g, i]
                    m = cand[cell]
                    if m & (m - 1) == 0:
                        continue
                    lo_c = _top_digit(m & -m)
                    hi_c = _top_digit(m)
                    top = rest - (low - lo_c)      # the most this cell can hold
                    bottom = rest - (high - hi_c)  # the least
                    keep = m
                    for d in range(1, 10):
                        if d > top or d < bottom:
                            keep &= ~(1 << (d - 1))
                    if keep != m:
                        if keep == 0:
                            return False
                        cand[cell] = keep
                        changed = True
                continue
            used = 0
            rest = sums[g]
            n_open = 0
            union = 0
            for i in range(sizes[g]):
                m = cand[cells_of[g, i]]
                if m & (m - 1) == 0:
                    used |= m
                    rest -= _top_digit(m)
                else:
                    n_open += 1
                    union |= m
            if n_open == 0:
                if rest != 0:
                    return False
                continue
            if rest <= 0 or rest > 45:
                return False
            allowed = 0
            required = FULL
            at = n_open * 46 + rest
            for j in range(start[at], start[at + 1]):
                combo = masks[j]
                if combo & used or combo & ~union:
                    continue
                touches = True
                for i in range(sizes[g]):
                    m = cand[cells_of[g, i]]
                    if m & (m - 1) and not m & combo:
                        touches = False
                        break
                if touches:
                    allowed |= combo
                    required &= combo
            if allowed == 0:
                return False
            for i in range(sizes[g]):
                cell = cells_of[g, i]
                m = cand[cell]
                if m & (m - 1) and m & ~allowed:
                    cand[cell] = m & allowed
                    changed = True
            for d in range(9):                       # hidden singles and confinement
                bit = 1 << d
                if not required & bit:
                    continue
                places = 0
                only = -1
                row = -1
                col = -1
                box = -1
                for i in range(sizes[g]):
                    cell = cells_of[g, i]
                    if cand[cell] & bit:            # (narrowed to it just now, maybe)
                        r = cell // 9
                        c = cell % 9
                        b = (r // 3) * 3 + c // 3
                        if places == 0:
                            row, col, box = r, c, b
                        else:
                            if r != row:
                                row = -1
                            if c != col:
                                col = -1
                            if b != box:
                                box = -1
                        places += 1
                        only = cell
                if places == 0:
                    return False
                if places == 1:
                    if cand[only] != bit:
                        cand[only] = bit
                        changed = True
                    continue
                for which in range(3):
                    if which == 0:
                        h = row
                    elif which == 1:
                        h = 9 + col if col >= 0 else -1
                    else:
                        h = 18 + box if box >= 0 else -1
                    if h < 0:
                        continue
                    for i in range(9):
                        cell = houses[h, i]
                        if member[g, cell] == 0 and cand[cell] & bit:
                            cand[cell] &= ~bit
                            if cand[cell] == 0:
                                return False
                            changed = True
    return True


@njit(cache=True)
def _most_constrained(cand):
    """The open cell with the fewest candidates (the first among ties), -1 when none is open."""
    best = -1
    fewest = 10
    for cell in range(81):
        n = _popcount(cand[cell])
        if 1 < n < fewest:
            best, fewest = cell, n
    return best


@njit(cache=True)
def count_answers(givens, cells_of, sizes, sums, peers, member, houses, masks, start, limit,
                  budget, first, stats):
    """Complete grids agreeing with `givens` (81 digits, 0 empty) and the groups, counted up
    to `limit`; the first one goes into `first`. stats: [nodes, 1 when the budget ran out].
    Level k of `cand` and `done` is the settled state after k guesses; each level remembers
    the cell it guesses at and the digits not yet tried there."""
    cand = np.zeros((82, 81), dtype=np.int64)
    done = np.zeros((82, 81), dtype=np.int64)
    for cell in range(81):
        cand[0, cell] = 1 << (givens[cell] - 1) if givens[cell] else FULL
    if not _settle(cand[0], done[0], cells_of, sizes, sums, peers, member, houses, masks,
                   start):
        return 0
    guess_at = np.zeros(82, dtype=np.int64)
    untried = np.zeros(82, dtype=np.int64)
    found = 0
    level = 0
    guess_at[0] = _most_constrained(cand[0])
    if guess_at[0] < 0:                              # settled without a guess
        for cell in range(81):
            first[cell] = _top_digit(cand[0, cell])
        return 1
    untried[0] = cand[0, guess_at[0]]
    while level >= 0:
        options = untried[level]
        if options == 0:                             # every digit tried here: back up
            level -= 1
            continue
        bit = options & -options
        untried[level] = options ^ bit
        stats[0] += 1
        if stats[0] > budget:
            stats[1] = 1
            break
        below = level + 1
        cand[below] = cand[level]
        done[below] = done[level]
        cand[below, guess_at[level]] = bit
        if not _settle(cand[below], done[below], cells_of, sizes, sums, peers, member,
                       houses, masks, start):
            continue
        cell = _most_constrained(cand[below])
        if cell >= 0:
            guess_at[below] = cell
            untried[below] = cand[below, cell]
            level = below
            continue
        if found == 0:                               # every cell decided: an answer
            for c in range(81):
                first[c] = _top_digit(cand[below, c])
        found += 1
        if found >= limit:
            break
    return found


@njit(cache=True)
def _count_rows(boards, cells_of, sizes, sums, peers, member, houses, masks, start, limit,
                budget, out, nodes):
    """count_answers over rows of `boards`, classic Sudoku (the benchmark's loop, without
    Python between boards)."""
    first = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    for k in range(boards.shape[0]):
        stats[0] = 0
        stats[1] = 0
        out[k] = count_answers(boards[k], cells_of, sizes, sums, peers, member, houses, masks,
                               start, limit, budget, first, stats)
        nodes[k] = stats[0]


# --- the checker -----------------------------------------------------------------------------

def count(givens, limit: int, budget: int = NODE_BUDGET,
          cages=()) -> tuple[int, int, bool, list[int]]:
    """(solutions up to `limit`, nodes, whether the budget ran out, the first solution).
    `cages`: Killer's (sum, cells) pairs; none for classic Sudoku."""
    board = np.asarray(givens, dtype=np.int64).reshape(81)
    first = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    n = count_answers(board, *(tables(cages) if cages else CLASSIC_TABLES), HOUSE_CELLS,
                      COMBINATIONS, COMBINATION_START, limit, budget, first, stats)
    return int(n), int(stats[0]), bool(stats[1]), first.tolist()


def count_many(boards: np.ndarray, limit: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Solutions (up to `limit`) and nodes for each row of an [n, 81] array of givens."""
    out = np.zeros(boards.shape[0], dtype=np.int64)
    nodes = np.zeros(boards.shape[0], dtype=np.int64)
    _count_rows(boards.astype(np.int64), *CLASSIC_TABLES, HOUSE_CELLS, COMBINATIONS,
                COMBINATION_START, limit, NODE_BUDGET, out, nodes)
    return out, nodes


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
    for group in HOUSES:
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
