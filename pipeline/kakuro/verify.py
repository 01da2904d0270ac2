"""The independent checker: counts a Kakuro board's solutions by search, sharing no code with
the generator, the grader or the sum engine.

It reads the raw record itself (its own walk along the rows and columns), and searches cell by
cell, the cell with the fewest digits left first. A digit is left for a cell when neither of
its runs holds it yet and both runs can still be finished: what remains of each run's sum
must lie between the least and the greatest its other open cells can make of the digits the
run has not used. Its verdict, and the nodes it searched, go into every record's `proof`.
"""

from __future__ import annotations

ALL = tuple(range(1, 10))


def _reach_tables() -> tuple[list[list[int]], list[list[int]]]:
    """For each set of digits still free (bit d - 1 for d) and each count k: the least and
    the greatest k of them add up to (-1 when fewer than k are free)."""
    least, most = [], []
    for mask in range(512):
        free = [d for d in ALL if mask >> (d - 1) & 1]
        least.append([sum(free[:k]) if k <= len(free) else -1 for k in range(10)])
        most.append([sum(free[len(free) - k:]) if k <= len(free) else -1 for k in range(10)])
    return least, most


LEAST, MOST = _reach_tables()


def read_runs(puzzle: dict) -> tuple[list[tuple[int, int]], list[tuple[int, list[int]]]]:
    """(the white cells in reading order, the runs as (sum, indexes of their cells))."""
    rows, cols, cells = puzzle["rows"], puzzle["cols"], puzzle["cells"]
    index = {}
    for r in range(rows):
        for c in range(cols):
            if cells[r][c] == 0:
                index[(r, c)] = len(index)
    runs = []
    for r in range(rows):
        for c in range(cols):
            if cells[r][c] == 0:
                continue
            down, across = cells[r][c]
            for total, (dr, dc) in ((across, (0, 1)), (down, (1, 0))):
                members = []
                rr, cc = r + dr, c + dc
                while (rr, cc) in index:
                    members.append(index[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                if members:
                    runs.append((total, members))
    return list(index), runs


def fits(used: int, rest: int, open_cells: int, d: int) -> bool:
    """Whether a run holding the digits `used`, with `rest` of its sum left for `open_cells`
    cells, can take d in one of them and still be finished."""
    bit = 1 << (d - 1)
    if used & bit:
        return False
    rest, left = rest - d, open_cells - 1
    if left == 0:
        return rest == 0
    free = 511 & ~used & ~bit
    low = LEAST[free][left]
    return low >= 0 and low <= rest <= MOST[free][left]


def fitting(used: int, rest: int, open_cells: int) -> int:
    """The digits (bit d - 1 for d) a run in that state can take: `fits` for every digit."""
    return sum(1 << (d - 1) for d in ALL if fits(used, rest, open_cells, d))


# A run's digits that fit, by its state (digits used, sum left, cells open): the search meets
# the same few states again and again, so each is worked out once.
FITTING: dict[tuple[int, int, int], int] = {}
DIGITS_OF = tuple(tuple(d for d in ALL if mask >> (d - 1) & 1) for mask in range(512))


class _Search:
    def __init__(self, puzzle: dict):
        self.whites, self.runs = read_runs(puzzle)
        self.of_cell = [[] for _ in self.whites]
        for k, (_total, members) in enumerate(self.runs):
            for i in members:
                self.of_cell[i].append(k)
        self.value = [0] * len(self.whites)
        self.used = [0] * len(self.runs)      # digits each run holds, bit d - 1 for d
        self.rest = [total for total, _ in self.runs]
        self.open = [len(members) for _, members in self.runs]
        self.nodes = 0

    def options(self, i: int) -> tuple[int, ...]:
        """The digits left for cell i, smallest first: those both its runs can take."""
        mask = 511
        for k in self.of_cell[i]:
            state = (self.used[k], self.rest[k], self.open[k])
            fit = FITTING.get(state)
            if fit is None:
                fit = FITTING[state] = fitting(*state)
            mask &= fit
        return DIGITS_OF[mask]


    def count(self, limit: int, found: list) -> int:
        self.nodes += 1
        best, best_options = -1, None
        for i, v in enumerate(self.value):
            if v:
                continue
            options = self.options(i)
            if not options:
                return 0
            if best_options is None or len(options) < len(best_options):
                best, best_options = i, options
                if len(options) == 1:
                    break
        if best < 0:
            found.append(list(self.value))
            return 1
        total = 0
        for d in best_options:
            self._set(best, d, +1)
            total += self.count(limit - total, found)
            self._set(best, d, -1)
            if total >= limit:
                break
        return total

    def _set(self, i: int, d: int, sign: int) -> None:
        self.value[i] = d if sign > 0 else 0
        for k in self.of_cell[i]:
            self.rest[k] -= sign * d
            self.open[k] -= sign
            self.used[k] ^= 1 << (d - 1)


def count(puzzle: dict, limit: int) -> tuple[int, int, list[list[int]]]:
    """(solutions up to `limit`, nodes searched, the solutions found as digits per white cell
    in reading order)."""
    search = _Search(puzzle)
    found: list = []
    n = search.count(limit, found)
    return n, search.nodes, found


# --- the checker --------------------------------------------------------------------------------

def verify(puzzle: dict, solution: dict) -> dict:
    """The proof a record keeps: "unique" only when the search finds exactly one solution and
    it is `solution`."""
    n, nodes, found = count(puzzle, 2)
    whites, _runs = read_runs(puzzle)
    expected = [solution["digits"][r][c] for r, c in whites]
    unique = n == 1 and found[0] == expected
    return {"checker": "kakuro-search/1", "unique": unique, "solutions_seen": n,
            "nodes": nodes}


# --- the plain reference ------------------------------------------------------------------------

def plain_count(puzzle: dict, limit: int) -> int:
    """Every digit tried in every white cell, in reading order, and the runs checked only
    when full: hopeless beyond a few cells, obviously right on small boards."""
    whites, runs = read_runs(puzzle)
    value = [0] * len(whites)
    of_cell = [[k for k, (_t, members) in enumerate(runs) if i in members]
               for i in range(len(whites))]

    def good(k: int) -> bool:
        total, members = runs[k]
        digits = [value[i] for i in members]
        if 0 in digits:
            return len(set(d for d in digits if d)) == len([d for d in digits if d])
        return len(set(digits)) == len(digits) and sum(digits) == total

    def go(i: int) -> int:
        if i == len(whites):
            return 1
        n = 0
        for d in ALL:
            value[i] = d
            if all(good(k) for k in of_cell[i]):
                n += go(i + 1)
                if n >= limit:
                    break
        value[i] = 0
        return n

    return go(0)
