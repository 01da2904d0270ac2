"""The independent checker: is a Sudoku solution right, and is it the only one?

The proof a record carries. It shares nothing with the generator (pipeline.sudoku.generate),
the grader or the generator's counter (pipeline.sudoku.solve, its count.py and kernels.py) or
the board model: it reads the raw record itself, builds its own tables and counts answers by a
search of its own, so that a fault in the generator's counter cannot vouch for itself.

The search keeps, for every row, column, box and cage, the mask of digits already placed in
it, and for every cage what is left of its sum and how many of its cells are open. A cell's
candidates are the digits none of its houses or its cage holds; in a cage, a digit d also
has to leave a sum the cage's other open cells can still make: with `k` cells left after d
and `rest` of the sum, `rest` must lie between the sums of the k smallest and the k largest
digits the cage does not hold yet (0 exactly, when d fills the cage). Each step fills the
empty cell with the fewest candidates (the first in reading order among ties), trying its
digits from 1 up, placing and removing digits on the masks in place (no copy of a grid, no
propagation between guesses), and counts complete grids up to a limit (2 for a proof).

Where the generator's counter propagates singles and cage combinations over a candidate grid
copied per guess, this one recomputes candidates from the house masks each step: a different
algorithm, so one's slip is not the other's. The plain-Python counter at the bottom is the
reference the tests hold both to.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHECKER = "sudoku.verify/2 house-mask search with cage-sum bounds"
NODE_BUDGET = 5_000_000   # classic boards take hundreds of nodes, killer-medium up to ~100,000
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


def _cage_arrays(cages) -> tuple[np.ndarray, np.ndarray]:
    """(the cage of each cell, -1 for none; each cage's sum) for the kernel."""
    cage_of = np.full(81, -1, dtype=np.int64)
    totals = np.zeros(max(1, len(cages)), dtype=np.int64)
    for k, (total, cells) in enumerate(cages):
        totals[k] = total
        for cell in cells:
            cage_of[cell] = k
    return cage_of, totals


# --- the compiled search ---------------------------------------------------------------------

@njit(cache=True)
def _sum_reachable(rest, left, free):
    """Whether `left` distinct digits from the mask `free` can add up to `rest`: between the
    sum of the `left` smallest and of the `left` largest (distinct digits fill every sum in
    between, so the bounds are the whole test for a cage's own digits)."""
    if left == 0:
        return rest == 0
    low = 0
    taken = 0
    for d in range(1, 10):
        if taken < left and free >> (d - 1) & 1:
            low += d
            taken += 1
    if taken < left:
        return False
    high = 0
    taken = 0
    for d in range(9, 0, -1):
        if taken < left and free >> (d - 1) & 1:
            high += d
            taken += 1
    return low <= rest <= high


@njit(cache=True)
def _candidates(cell, row_used, col_used, box_used, cage_of, cage_used, cage_rest, cage_open):
    """The digits (a mask) the cell may take now."""
    r = cell // 9
    c = cell % 9
    b = (r // 3) * 3 + c // 3
    mask = FULL & ~(row_used[r] | col_used[c] | box_used[b])
    k = cage_of[cell]
    if k < 0 or mask == 0:
        return mask
    mask &= ~cage_used[k]
    fits = 0
    for d in range(1, 10):
        bit = 1 << (d - 1)
        if mask & bit and _sum_reachable(cage_rest[k] - d, cage_open[k] - 1,
                                         FULL & ~cage_used[k] & ~bit):
            fits |= bit
    return fits


@njit(cache=True)
def _mark(cell, d, sign, grid, row_used, col_used, box_used, cage_of, cage_used, cage_rest,
          cage_open):
    """Place (sign 1) or remove (sign -1) digit d at the cell, on every mask it touches."""
    r = cell // 9
    c = cell % 9
    b = (r // 3) * 3 + c // 3
    bit = 1 << (d - 1)
    row_used[r] ^= bit
    col_used[c] ^= bit
    box_used[b] ^= bit
    grid[cell] = d if sign > 0 else 0
    k = cage_of[cell]
    if k >= 0:
        cage_used[k] ^= bit
        cage_rest[k] -= sign * d
        cage_open[k] -= sign


@njit(cache=True)
def _popcount(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(cache=True)
def count_answers(givens, houses, cage_of, cage_totals, limit, budget, first, stats):
    """Complete grids agreeing with `givens` (81 digits, 0 empty), counted up to `limit`;
    the first one goes into `first`. `houses`: [27, 9] cells. stats: [nodes, 1 when the
    budget ran out]."""
    grid = np.zeros(81, dtype=np.int64)
    row_used = np.zeros(9, dtype=np.int64)
    col_used = np.zeros(9, dtype=np.int64)
    box_used = np.zeros(9, dtype=np.int64)
    ncages = cage_totals.shape[0]
    cage_used = np.zeros(ncages, dtype=np.int64)
    cage_rest = cage_totals.copy()
    cage_open = np.zeros(ncages, dtype=np.int64)
    for cell in range(81):
        if cage_of[cell] >= 0:
            cage_open[cage_of[cell]] += 1
    for cell in range(81):
        d = givens[cell]
        if d:
            r = cell // 9
            c = cell % 9
            b = (r // 3) * 3 + c // 3
            k = cage_of[cell]
            bit = 1 << (d - 1)
            if (row_used[r] | col_used[c] | box_used[b]) & bit:
                return 0   # a given repeats in a house
            if k >= 0 and cage_used[k] & bit:
                return 0   # a given repeats in a cage
            _mark(cell, d, 1, grid, row_used, col_used, box_used, cage_of, cage_used,
                  cage_rest, cage_open)
    for k in range(ncages):
        if cage_open[k] == 0 and cage_rest[k] != 0:
            return 0   # a cage of givens only, off its sum
    cand = np.zeros(81, dtype=np.int64)
    room = np.zeros(max(1, ncages), dtype=np.int64)
    # Each depth's choice: a cell and its digits (digit 0), or a house, one digit and the
    # places left for it in the house (a mask of positions); the cell placed there now.
    where = np.zeros(81, dtype=np.int64)
    digit = np.zeros(81, dtype=np.int64)
    untried = np.zeros(81, dtype=np.int64)
    placed = np.full(81, -1, dtype=np.int64)
    depth = 0
    solutions = 0
    while True:
        # Candidates of every empty cell; the cell with fewest, and the (house, digit) with
        # fewest places; dead when either is zero or a cage can no longer make its sum.
        dead = False
        full = True
        best_cell = -1
        fewest = 10
        for cell in range(81):
            if grid[cell] == 0:
                full = False
                m = _candidates(cell, row_used, col_used, box_used, cage_of, cage_used,
                                cage_rest, cage_open)
                cand[cell] = m
                n = _popcount(m)
                if n < fewest:
                    best_cell, fewest = cell, n
            else:
                cand[cell] = 0
        if full:
            if solutions == 0:
                first[:] = grid
            solutions += 1
            if solutions >= limit:
                return solutions
            dead = True
        elif fewest == 0:
            dead = True
        best_house = -1
        best_digit = 0
        best_places = 0
        if not dead and fewest > 1:
            for k in range(ncages):
                room[k] = 0
            for cell in range(81):
                if cage_of[cell] >= 0:
                    room[cage_of[cell]] |= cand[cell]
            for k in range(ncages):
                if cage_open[k] > 0 and not _sum_reachable(cage_rest[k], cage_open[k],
                                                           room[k] & ~cage_used[k]):
                    dead = True
                    break
            h = 0
            while h < 27 and not dead:
                for d in range(1, 10):
                    bit = 1 << (d - 1)
                    places = 0
                    filled = False
                    for i in range(9):
                        cell = houses[h, i]
                        if grid[cell] == d:
                            filled = True
                            break
                        if cand[cell] & bit:
                            places |= 1 << i
                    if filled:
                        continue
                    n = _popcount(places)
                    if n == 0:
                        dead = True
                        break
                    if n < fewest:
                        fewest = n
                        best_house, best_digit, best_places = h, d, places
                h += 1
        if not dead:
            if best_house >= 0:
                where[depth] = best_house
                digit[depth] = best_digit
                untried[depth] = best_places
            else:
                where[depth] = best_cell
                digit[depth] = 0
                untried[depth] = cand[best_cell]
            placed[depth] = -1
            depth += 1
        # The next option to try: at the deepest choice with one left, after taking back
        # what that choice placed last.
        while True:
            if depth == 0:
                return solutions
            top = depth - 1
            if placed[top] >= 0:
                cell = placed[top]
                _mark(cell, grid[cell], -1, grid, row_used, col_used, box_used, cage_of,
                      cage_used, cage_rest, cage_open)
                placed[top] = -1
            m = untried[top]
            if m == 0:
                depth -= 1
                continue
            bit = m & -m
            untried[top] = m & ~bit
            low = 0
            while (bit >> low) != 1:
                low += 1
            if digit[top] == 0:
                cell = where[top]
                d = low + 1
            else:
                cell = houses[where[top], low]
                d = digit[top]
            stats[0] += 1
            if stats[0] > budget:
                stats[1] = 1
                return solutions
            _mark(cell, d, 1, grid, row_used, col_used, box_used, cage_of, cage_used,
                  cage_rest, cage_open)
            placed[top] = cell
            break


@njit(cache=True)
def _count_rows(boards, houses, limit, budget, out, nodes):
    """count_answers over rows of `boards`, classic Sudoku (the benchmark's loop, without
    Python between boards)."""
    cage_of = np.full(81, -1, dtype=np.int64)
    totals = np.zeros(0, dtype=np.int64)
    first = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    for k in range(boards.shape[0]):
        stats[0] = 0
        stats[1] = 0
        out[k] = count_answers(boards[k], houses, cage_of, totals, limit, budget, first, stats)
        nodes[k] = stats[0]


# --- the checker -----------------------------------------------------------------------------

def count(givens, limit: int, budget: int = NODE_BUDGET,
          cages=()) -> tuple[int, int, bool, list[int]]:
    """(solutions up to `limit`, nodes, whether the budget ran out, the first solution).
    `cages`: Killer's (sum, cells) pairs; none for classic Sudoku."""
    board = np.asarray(givens, dtype=np.int64).reshape(81)
    cage_of, totals = _cage_arrays(cages)
    first = np.zeros(81, dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)
    n = count_answers(board, HOUSE_CELLS, cage_of, totals if cages else totals[:0], limit, budget, first,
                      stats)
    return int(n), int(stats[0]), bool(stats[1]), first.tolist()


def count_many(boards: np.ndarray, limit: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Solutions (up to `limit`) and nodes for each row of an [n, 81] array of givens."""
    out = np.zeros(boards.shape[0], dtype=np.int64)
    nodes = np.zeros(boards.shape[0], dtype=np.int64)
    _count_rows(boards.astype(np.int64), HOUSE_CELLS, limit, NODE_BUDGET, out, nodes)
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
