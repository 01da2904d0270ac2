"""The independent verifier: a plain row-by-row search, sharing no code with the generator.

It reads the puzzle object as exported (lists of region ids), keeps its state in plain sets,
has no forward check and its own node budget, so a fault in the generator's bitmask kernels
cannot hide here too. Boards with k stars a line (`stars_per_unit`) get the same plain search
over each row's sets of k columns, with one plain look-ahead (below) that the node budget
needs on 14x14 boards.
"""

from __future__ import annotations

from itertools import combinations

NODE_BUDGET = 1_000_000
CHECKER = "starbattle plain row search"


class BudgetExceeded(RuntimeError):
    pass


class _NodeMeter:
    """The nodes a search has visited, stopped at its budget: both searches (one star a line
    and k) count and give up the same way, so their figures in a proof mean the same."""

    def __init__(self, budget: int):
        self.budget = budget
        self.nodes = 0

    def visit(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded(f"more than {self.budget} nodes")


def solutions(puzzle: dict, limit: int = 2, budget: int = NODE_BUDGET) -> tuple[list[list[int]], int]:
    """Up to `limit` solutions (star column per row) and the nodes visited.

    Raises BudgetExceeded when the search needs more than `budget` nodes."""
    if puzzle.get("stars_per_unit", 1) != 1:
        return _solutions_k(puzzle, limit, budget)
    size = puzzle["size"]
    regions = puzzle["regions"]
    fixed = {r: c for r, c in puzzle.get("stars", [])}
    found: list[list[int]] = []
    columns: list[int] = []
    used_columns: set[int] = set()
    used_regions: set[int] = set()
    meter = _NodeMeter(budget)

    def place_row(row: int) -> None:
        meter.visit()
        if row == size:
            found.append(list(columns))
            return
        for col in range(size):
            if row in fixed and fixed[row] != col:
                continue
            region = regions[row][col]
            if col in used_columns or region in used_regions:
                continue
            if columns and abs(columns[-1] - col) <= 1:   # touches the star of the row above
                continue
            columns.append(col)
            used_columns.add(col)
            used_regions.add(region)
            place_row(row + 1)
            columns.pop()
            used_columns.discard(col)
            used_regions.discard(region)
            if len(found) >= limit:
                return

    place_row(0)
    return found, meter.nodes


def _solutions_k(puzzle: dict, limit: int, budget: int) -> tuple[list[list[int]], int]:
    """k stars a line: each solution as its star columns row by row (k to a row, ascending)."""
    size = puzzle["size"]
    stars = puzzle["stars_per_unit"]
    regions = puzzle["regions"]
    fixed: dict[int, set[int]] = {}
    for r, c in puzzle.get("stars", []):
        fixed.setdefault(r, set()).add(c)
    squares_of: dict[int, list[tuple[int, int]]] = {}
    for r in range(size):
        for c in range(size):
            squares_of.setdefault(regions[r][c], []).append((r, c))
    found: list[list[int]] = []
    chosen: list[tuple[int, ...]] = []
    touching: list[frozenset[int]] = []
    in_column = [0] * size
    in_region = [0] * size
    meter = _NodeMeter(budget)

    def region_can_finish(row: int) -> bool:
        # A region short of stars needs that many squares in the rows still to fill whose
        # column is not yet full (the one look-ahead, so 14x14 boards fit the budget).
        for region, squares in squares_of.items():
            short = stars - in_region[region]
            if short and sum(1 for r, c in squares
                             if r >= row and in_column[c] < stars) < short:
                return False
        return True

    # A row's possible star sets, listed once: k columns, no two side by side, each with the
    # columns its stars touch in the next row (itself and one either side).
    row_sets = [(columns, frozenset(columns),
                 frozenset(c + d for c in columns for d in (-1, 0, 1) if 0 <= c + d < size))
                for columns in combinations(range(size), stars)
                if all(b - a > 1 for a, b in zip(columns, columns[1:]))]

    def place_row(row: int) -> None:
        meter.visit()
        if row == size:
            if all(count == stars for count in in_column + in_region):
                found.append([c for columns in chosen for c in columns])
            return
        # Squares this row may not use: those touching a star of the row above, and full columns.
        closed = set(touching[-1]) if touching else set()
        closed.update(c for c in range(size) if in_column[c] == stars)
        needed = fixed.get(row, set())
        for columns, members, touches in row_sets:
            if not members.isdisjoint(closed) or not needed <= members:
                continue
            touched = [regions[row][c] for c in columns]
            if any(in_region[g] + touched.count(g) > stars for g in set(touched)):
                continue
            for c in columns:
                in_column[c] += 1
            for g in touched:
                in_region[g] += 1
            chosen.append(columns)
            touching.append(touches)
            if region_can_finish(row + 1):
                place_row(row + 1)
            chosen.pop()
            touching.pop()
            for c in columns:
                in_column[c] -= 1
            for g in touched:
                in_region[g] -= 1
            if len(found) >= limit:
                return

    place_row(0)
    return found, meter.nodes


def verify(puzzle: dict, solution: dict) -> dict:
    """Proof that `solution` is the one and only solution of `puzzle`."""
    try:
        found, nodes = solutions(puzzle, limit=2)
    except BudgetExceeded:
        return {"checker": CHECKER, "unique": False, "nodes": NODE_BUDGET, "budget_exceeded": True}
    expected = sorted([r, c] for r, c in solution["stars"])
    stars = puzzle.get("stars_per_unit", 1)
    unique = len(found) == 1 and \
        sorted([i // stars, c] for i, c in enumerate(found[0])) == expected
    return {"checker": CHECKER, "unique": unique, "solutions": len(found), "nodes": nodes}
