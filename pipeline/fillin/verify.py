"""The independent checker of a Fill-In: every way to put the listed words into the grid.

It reads the grid itself (its own run finding, no code from the engine, generate.py or
solve.py) and searches placements plainly: the slot with the fewest fitting words first,
each listed word once, letters agreeing where slots cross and with the printed letters. The
board is proven when the search finds exactly one placement and it is the solution's.
"""

from __future__ import annotations

from itertools import permutations


def _slots(grid: list[str]) -> list[list[tuple[int, int]]]:
    """Runs of two or more non-block cells, across then down."""
    rows, cols = len(grid), len(grid[0])
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + \
            [[(r, c) for r in range(rows)] for c in range(cols)]
    found = []
    for line in lines:
        run = []
        for cell in line + [None]:
            if cell is not None and grid[cell[0]][cell[1]] != "#":
                run.append(cell)
            else:
                if len(run) >= 2:
                    found.append(run)
                run = []
    return found


def _fits(word: str, cells, letters: dict) -> bool:
    return len(word) == len(cells) and all(
        letters.get(cell, ch) == ch for cell, ch in zip(cells, word))


def placements(puzzle: dict, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` placements (cell -> letter), and the search nodes it took."""
    grid = puzzle["grid"]
    slots = _slots(grid)
    givens = {(r, c): ch for r, line in enumerate(grid) for c, ch in enumerate(line)
              if ch not in "#."}
    found: list[dict] = []
    nodes = [0]

    def search(letters: dict, free: list, left: list) -> None:
        nodes[0] += 1
        if not free:
            found.append(dict(letters))
            return
        best = None
        for k, cells in enumerate(free):
            fitting = [w for w in left if _fits(w, cells, letters)]
            if best is None or len(fitting) < len(best[1]):
                best = (k, fitting)
            if not fitting:
                return
        k, fitting = best
        cells = free[k]
        rest = free[:k] + free[k + 1:]
        for word in fitting:
            if len(found) >= limit:
                return
            added = [cell for cell in cells if cell not in letters]
            for cell, ch in zip(cells, word):
                letters[cell] = ch
            search(letters, rest, [w for w in left if w != word])
            for cell in added:
                del letters[cell]

    if len(slots) == len(puzzle["words"]):
        search(dict(givens), slots, list(puzzle["words"]))
    return found, nodes[0]


def verify(puzzle: dict, solution: dict) -> dict:
    found, nodes = placements(puzzle, 2)
    answer = {(r, c): ch for r, line in enumerate(solution["grid"]) for c, ch in enumerate(line)
              if ch != "#"}
    return {"checker": "fillin/placement-search", "solutions": len(found), "nodes": nodes,
            "unique": len(found) == 1 and found[0] == answer}


# --- the plain reference -----------------------------------------------------------------------

def plain_count(puzzle: dict) -> int:
    """Every assignment of the listed words to the slots, length group by length group, kept
    when the letters agree: for the tests, on boards with few words of each length."""
    grid = puzzle["grid"]
    slots = _slots(grid)
    givens = {(r, c): ch for r, line in enumerate(grid) for c, ch in enumerate(line)
              if ch not in "#."}
    lengths = sorted({len(cells) for cells in slots})
    groups = [([cells for cells in slots if len(cells) == n],
               [w for w in puzzle["words"] if len(w) == n]) for n in lengths]

    def count(g: int, letters: dict) -> int:
        if g == len(groups):
            return 1
        cells_list, words = groups[g]
        if len(cells_list) != len(words):
            return 0
        total = 0
        for order in permutations(words):
            trial = dict(letters)
            if all(_place(trial, cells, word) for cells, word in zip(cells_list, order)):
                total += count(g + 1, trial)
        return total

    return count(0, givens)


def _place(letters: dict, cells, word: str) -> bool:
    for cell, ch in zip(cells, word):
        if letters.setdefault(cell, ch) != ch:
            return False
    return True
