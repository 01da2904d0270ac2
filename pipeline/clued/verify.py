"""The independent checker of a clued crossword: every fill the clues allow.

Each clue's candidates are every answer the language's clue table gives that clue text at
that length (pipeline/engines/clues: `answers_for`, at any difficulty), nothing the generator
chose. The search is plain and its own: the clue with the fewest candidates that still agree
with the letters written so far first, each candidate tried in turn, no code of the filler
(pipeline/engines/crossword/fill.py), of generate.py or of solve.py. The board is proven when
exactly one fill exists and it is the solution's grid.

The search runs compiled (numba) on the candidates as arrays (`ClueCandidates`): it is part
of every board's making, and in Python it cost as much as the fill.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.engines import clues

STEP = {"across": (0, 1), "down": (1, 0)}
EMPTY = 0   # a cell no letter is written in (letters are their code points)


def clue_cells(clue: dict, direction: str) -> list[tuple[int, int]]:
    (r, c), (dr, dc) = clue["cell"], STEP[direction]
    return [(r + k * dr, c + k * dc) for k in range(clue["length"])]


def candidates(puzzle: dict) -> list[tuple[list[tuple[int, int]], tuple[str, ...]]]:
    """(cells, candidate answers) of every clue of the puzzle."""
    table = clues.table(puzzle["language"])
    return [(clue_cells(clue, direction),
             table.answers_for(clue["text"], clue["length"], difficulty=3))
            for direction in ("across", "down") for clue in puzzle["clues"][direction]]


@dataclass(frozen=True)
class ClueCandidates:
    """The clues of a puzzle for compiled searches: `places[k]` clue k's first cell, step and
    length (r, c, dr, dc, length); `letters[first[k]:first[k + 1]]` its candidates, one row
    each, as code points (padded with EMPTY); `answers[k]` the same as strings."""

    rows: int
    cols: int
    places: np.ndarray
    letters: np.ndarray
    first: np.ndarray
    answers: tuple[tuple[str, ...], ...]

    def cells(self, k: int) -> list[tuple[int, int]]:
        r, c, dr, dc, length = self.places[k].tolist()
        return [(r + i * dr, c + i * dc) for i in range(length)]

    def letters_written(self, grid: np.ndarray) -> dict:
        """A searched grid (code points, EMPTY where nothing is written) as cell -> letter."""
        return {(int(cell) // self.cols, int(cell) % self.cols): chr(grid[cell])
                for cell in np.flatnonzero(grid)}


def clue_candidates(puzzle: dict) -> ClueCandidates:
    table = clues.table(puzzle["language"])
    places, answers = [], []
    for direction in ("across", "down"):
        dr, dc = STEP[direction]
        for clue in puzzle["clues"][direction]:
            (r, c), length = clue["cell"], clue["length"]
            places.append((r, c, dr, dc, length))
            answers.append(table.answers_for(clue["text"], length, difficulty=3))
    longest = max(place[4] for place in places)
    flat = "".join(word.ljust(longest, "\0") for found in answers for word in found)
    letters = np.frombuffer(flat.encode("utf-32-le"), np.int32).reshape(-1, longest)
    first = np.cumsum([0] + [len(found) for found in answers], dtype=np.int64)
    return ClueCandidates(puzzle["rows"], puzzle["cols"], np.array(places, np.int64), letters,
                          first, tuple(answers))


@njit(cache=True)
def clue_cell_numbers(places, cols):
    """Each clue's cells as numbers r * cols + c, one row a clue (padded with -1)."""
    longest = 0
    for k in range(places.shape[0]):
        longest = max(longest, places[k, 4])
    cells = np.full((places.shape[0], longest), -1, np.int64)
    for k in range(places.shape[0]):
        r, c, dr, dc, length = places[k, 0], places[k, 1], places[k, 2], places[k, 3], places[k, 4]
        for i in range(length):
            cells[k, i] = (r + i * dr) * cols + c + i * dc
    return cells


@njit(cache=True)
def fits(grid, cells, k, word, length):
    """Whether candidate `word` agrees with every letter written in clue k's cells."""
    for i in range(length):
        there = grid[cells[k, i]]
        if there != EMPTY and there != word[i]:
            return False
    return True


@njit(cache=True)
def _fills(places, letters, first, rows, cols, limit):
    """Up to `limit` fills (rows of rows * cols code points, EMPTY where no clue reaches)
    and the search nodes: the plain search of the module's docstring, one frame a clue."""
    n = places.shape[0]
    cells = clue_cell_numbers(places, cols)
    most = 1
    for k in range(n):
        most = max(most, first[k + 1] - first[k])
    grid = np.zeros(rows * cols, np.int32)
    found = np.zeros((limit, rows * cols), np.int32)
    taken = np.zeros(n, np.bool_)
    chosen = np.zeros(n + 1, np.int64)
    options = np.zeros((n + 1, most), np.int64)
    option_count = np.zeros(n + 1, np.int64)
    tried = np.zeros(n + 1, np.int64)
    written = np.zeros((n + 1, cells.shape[1]), np.int64)
    written_count = np.zeros(n + 1, np.int64)
    found_count = 0
    nodes = 0
    depth = 0
    enter, try_next, leave = 0, 1, 2
    action = enter
    while True:
        if action == enter:
            nodes += 1
            if found_count >= limit:
                action = leave
            elif depth == n:
                found[found_count] = grid
                found_count += 1
                action = leave
            else:
                best, best_count = -1, 0
                for k in range(n):
                    if taken[k]:
                        continue
                    count = 0
                    for j in range(first[k], first[k + 1]):
                        if fits(grid, cells, k, letters[j], places[k, 4]):
                            count += 1
                    if best < 0 or count < best_count:
                        best, best_count = k, count
                m = 0
                for j in range(first[best], first[best + 1]):
                    if fits(grid, cells, best, letters[j], places[best, 4]):
                        options[depth, m] = j
                        m += 1
                chosen[depth], option_count[depth], tried[depth] = best, m, 0
                taken[best] = True
                action = try_next
        elif action == try_next:
            if tried[depth] >= option_count[depth]:
                taken[chosen[depth]] = False
                action = leave
            else:
                j = options[depth, tried[depth]]
                tried[depth] += 1
                k = chosen[depth]
                w = 0
                for i in range(places[k, 4]):
                    cell = cells[k, i]
                    if grid[cell] == EMPTY:
                        grid[cell] = letters[j, i]
                        written[depth, w] = cell
                        w += 1
                written_count[depth] = w
                depth += 1
                action = enter
        else:   # leave this frame for its parent's next candidate
            if depth == 0:
                break
            depth -= 1
            for i in range(written_count[depth]):
                grid[written[depth, i]] = EMPTY
            action = try_next
    return found[:found_count], nodes


def fills(puzzle: dict, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` fills (cell -> letter), and the search nodes it took."""
    given = clue_candidates(puzzle)
    found, nodes = _fills(given.places, given.letters, given.first, given.rows, given.cols, limit)
    return [given.letters_written(grid) for grid in found], int(nodes)


def count(puzzle: dict, limit: int) -> int:
    return len(fills(puzzle, limit)[0])


def verify(puzzle: dict, solution: dict) -> dict:
    found, nodes = fills(puzzle, 2)
    grid = solution["grid"]
    matches = len(found) == 1 and all(grid[r][c] == ch for (r, c), ch in found[0].items())
    return {"checker": "clue candidates, plain search", "solutions_found": len(found),
            "unique": matches, "nodes": nodes}
