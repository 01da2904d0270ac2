"""The independent checker of a clued crossword: every fill the clues allow.

Each clue's candidates are every answer the language's clue table gives that clue text at
that length (pipeline/engines/clues: `answers_for`, at any difficulty), nothing the generator
chose. The search is plain and its own: the clue with the fewest candidates that still agree
with the letters written so far first, each candidate tried in turn, no code of the filler
(pipeline/engines/crossword/fill.py), of generate.py or of solve.py. The board is proven when
exactly one fill exists and it is the solution's grid.
"""

from __future__ import annotations

from pipeline.engines import clues

STEP = {"across": (0, 1), "down": (1, 0)}


def clue_cells(clue: dict, direction: str) -> list[tuple[int, int]]:
    (r, c), (dr, dc) = clue["cell"], STEP[direction]
    return [(r + k * dr, c + k * dc) for k in range(clue["length"])]


def candidates(puzzle: dict) -> list[tuple[list[tuple[int, int]], tuple[str, ...]]]:
    """(cells, candidate answers) of every clue of the puzzle."""
    table = clues.table(puzzle["language"])
    return [(clue_cells(clue, direction),
             table.answers_for(clue["text"], clue["length"], difficulty=3))
            for direction in ("across", "down") for clue in puzzle["clues"][direction]]


def fills(puzzle: dict, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` fills (cell -> letter), and the search nodes it took."""
    words = candidates(puzzle)
    found: list[dict] = []
    nodes = 0

    def fitting(k: int, letters: dict) -> list[str]:
        cells, options = words[k]
        return [w for w in options
                if all(letters.get(cell, ch) == ch for cell, ch in zip(cells, w))]

    def search(open_clues: list[int], letters: dict) -> None:
        nonlocal nodes
        nodes += 1
        if len(found) >= limit:
            return
        if not open_clues:
            found.append(dict(letters))
            return
        options = {k: fitting(k, letters) for k in open_clues}
        k = min(open_clues, key=lambda k: len(options[k]))
        rest = [j for j in open_clues if j != k]
        for word in options[k]:
            written = [(cell, ch) for cell, ch in zip(words[k][0], word) if cell not in letters]
            letters.update(written)
            search(rest, letters)
            for cell, _ch in written:
                del letters[cell]

    search(list(range(len(words))), {})
    return found, nodes


def count(puzzle: dict, limit: int) -> int:
    return len(fills(puzzle, limit)[0])


def verify(puzzle: dict, solution: dict) -> dict:
    found, nodes = fills(puzzle, 2)
    grid = solution["grid"]
    matches = len(found) == 1 and all(grid[r][c] == ch for (r, c), ch in found[0].items())
    return {"checker": "clue candidates, plain search", "solutions_found": len(found),
            "unique": matches, "nodes": nodes}
