"""Solution-first generation: grow a random bridge network, read the numbers off it, keep the
board only when the solver proves it at exactly the asked level and the independent checker
agrees that its answer is the only one.

All randomness comes from the keyed stream of the board's key.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.bridges.board import Board, layout, solution_record
from pipeline.bridges.solver import grade
from pipeline.bridges.verify import verify
from pipeline.errors import GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream

EMPTY, ISLAND, ACROSS, DOWN = 0, 1, 2, 3
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class Recipe:
    """How one level's candidates are grown."""

    width: int
    height: int
    islands: int          # grow until this many islands (or the lattice is full)
    least_islands: int    # fewer than this is a degenerate board: rejected
    double_percent: int   # chance a new bridge is a double
    loop_percent: int     # chance each remaining line of sight gets a bridge (closes loops)
    reach: int            # a new island lands on one of the `reach` nearest free points
    attempts: int         # candidates tried before giving up on a key


# Sizes and shapes per level (docs/bridges.md explains the choices and the yields they give).
RECIPES = {
    "easy": Recipe(10, 10, 28, 20, 50, 30, 3, 4000),
    "medium": Recipe(10, 10, 28, 20, 50, 30, 3, 4000),
    "hard": Recipe(10, 10, 28, 20, 20, 10, 3, 4000),
    "expert": Recipe(12, 12, 40, 29, 50, 30, 3, 4000),
    "extreme": Recipe(15, 15, 62, 45, 50, 30, 3, 4000),
}

MOST_OF_ONE_NUMBER = 50  # percent: more islands than this with one number is degenerate


def grow_network(stream: KeyedStream, recipe: Recipe):
    """A random solved board: islands never side by side, bridges straight and uncrossed.

    Returns (islands as {(row, col): number}, bridges as [((r1, c1), (r2, c2), k)])."""
    w, h = recipe.width, recipe.height
    grid = [[EMPTY] * w for _ in range(h)]
    start = (stream.below(h), stream.below(w))
    order = [start]
    grid[start[0]][start[1]] = ISLAND
    bridges: list[tuple[tuple[int, int], tuple[int, int], int]] = []
    frontier = [start]  # islands that may still have room to grow from
    while len(order) < recipe.islands and frontier:
        slot = stream.below(len(frontier))
        r0, c0 = frontier[slot]
        directions = list(STEPS)
        stream.shuffle(directions)
        for dr, dc in directions:
            targets = _landing_spots(grid, w, h, r0, c0, dr, dc)
            if targets:
                break
        else:
            frontier[slot] = frontier[-1]
            frontier.pop()
            continue
        # Short bridges leave room for more islands: the landing spot is one of the nearest.
        r1, c1 = targets[stream.below(min(len(targets), recipe.reach))]
        _lay_bridge(grid, r0, c0, r1, c1, dr, dc)
        grid[r1][c1] = ISLAND
        order.append((r1, c1))
        frontier.append((r1, c1))
        bridges.append(((r0, c0), (r1, c1), 2 if stream.chance(recipe.double_percent, 100) else 1))
    # Close loops: some islands that still see each other get a bridge too.
    for r0, c0 in sorted(order):
        for dr, dc in STEPS[:2]:
            r, c = r0 + dr, c0 + dc
            while 0 <= r < h and 0 <= c < w and grid[r][c] == EMPTY:
                r, c = r + dr, c + dc
            if 0 <= r < h and 0 <= c < w and grid[r][c] == ISLAND and \
                    stream.chance(recipe.loop_percent, 100):
                _lay_bridge(grid, r0, c0, r, c, dr, dc)
                bridges.append(((r0, c0), (r, c), 2 if stream.chance(recipe.double_percent, 100) else 1))
    numbers = dict.fromkeys(order, 0)
    for a, b, k in bridges:
        numbers[a] += k
        numbers[b] += k
    return numbers, bridges


def _landing_spots(grid, w, h, r0, c0, dr, dc) -> list[tuple[int, int]]:
    """Empty points two or more steps away along a clear line, with no island beside them."""
    spots = []
    r, c = r0 + dr, c0 + dc
    distance = 1
    while 0 <= r < h and 0 <= c < w and grid[r][c] == EMPTY:
        if distance >= 2 and not any(0 <= r + sr < h and 0 <= c + sc < w
                                     and grid[r + sr][c + sc] == ISLAND for sr, sc in STEPS):
            spots.append((r, c))
        r, c = r + dr, c + dc
        distance += 1
    return spots


def _lay_bridge(grid, r0, c0, r1, c1, dr, dc) -> None:
    mark = ACROSS if dr == 0 else DOWN
    r, c = r0 + dr, c0 + dc
    while (r, c) != (r1, c1):
        grid[r][c] = mark
        r, c = r + dr, c + dc


def degenerate(numbers: dict, recipe: Recipe) -> bool:
    if len(numbers) < recipe.least_islands:
        return True
    most = max(sum(1 for n in numbers.values() if n == k) for k in range(1, 9))
    return 100 * most > MOST_OF_ONE_NUMBER * len(numbers)


def generate(key: str, level: str, version: str) -> Generated:
    recipe = RECIPES[level]
    stream = KeyedStream(key)
    for attempt in range(1, recipe.attempts + 1):
        numbers, _ = grow_network(stream, recipe)
        if degenerate(numbers, recipe):
            continue
        board = Board.of(recipe.width, recipe.height, ((r, c, n) for (r, c), n in numbers.items()))
        lay = layout(board)
        graded = grade(lay, level)
        if not graded.accepted:
            continue
        puzzle = board.to_puzzle()
        solution = solution_record(board, lay.links, graded.bridges)
        proof = verify(puzzle, solution)
        if not proof["unique"]:
            raise AssertionError(f"{key}: the solver proved a board the checker rejects: {proof}")
        grade_record = {"level": level, **graded.measures}
        return Generated(puzzle, solution, grade_record, proof, attempt)
    raise GenerationFailed(f"{key}: no {level} board in {recipe.attempts} candidates ({version})")
