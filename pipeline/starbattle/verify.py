"""The independent verifier: a plain row-by-row search, sharing no code with the generator.

It reads the puzzle object as exported (lists of region ids), keeps its state in plain sets,
has no forward check and its own node budget, so a fault in the generator's bitmask kernels
cannot hide here too.
"""

from __future__ import annotations

NODE_BUDGET = 1_000_000
CHECKER = "starbattle plain row search"


class BudgetExceeded(RuntimeError):
    pass


def solutions(puzzle: dict, limit: int = 2, budget: int = NODE_BUDGET) -> tuple[list[list[int]], int]:
    """Up to `limit` solutions (star column per row) and the nodes visited.

    Raises BudgetExceeded when the search needs more than `budget` nodes."""
    size = puzzle["size"]
    regions = puzzle["regions"]
    fixed = {r: c for r, c in puzzle.get("stars", [])}
    found: list[list[int]] = []
    columns: list[int] = []
    used_columns: set[int] = set()
    used_regions: set[int] = set()
    nodes = 0

    def place_row(row: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise BudgetExceeded(f"more than {budget} nodes")
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
    return found, nodes


def verify(puzzle: dict, solution: dict) -> dict:
    """Proof that `solution` is the one and only solution of `puzzle`."""
    try:
        found, nodes = solutions(puzzle, limit=2)
    except BudgetExceeded:
        return {"checker": CHECKER, "unique": False, "nodes": NODE_BUDGET, "budget_exceeded": True}
    expected = sorted([r, c] for r, c in solution["stars"])
    unique = len(found) == 1 and sorted([r, c] for r, c in enumerate(found[0])) == expected
    return {"checker": CHECKER, "unique": unique, "solutions": len(found), "nodes": nodes}
