"""Solution-first generation: grow a random bridge network, read the numbers off it, keep the
board only when the solver proves it at exactly the asked level and the independent checker
agrees that its answer is the only one.

All randomness comes from the keyed stream of the board's key.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pipeline.bridges import verify
from pipeline.bridges.board import layout_of, solution_record
from pipeline.bridges.grade import grade, grade_record
from pipeline.bridges.solve import SEARCH_RULES, State
from pipeline.errors import CheckersDisagree, GenerationFailed
from pipeline.family import Generated
from pipeline.keyed import KeyedStream, stream_below, stream_chance, stream_shuffle

EMPTY, ISLAND, ACROSS, DOWN = 0, 1, 2, 3  # what a lattice point holds while a network grows


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
    repairs: int          # changes a candidate may get to break rival answers
    attempts: int         # candidates tried before giving up on a key


# Sizes and shapes per level (docs/bridges.md explains the choices and the yields they give).
RECIPES = {
    "easy": Recipe(10, 10, 28, 20, 70, 30, 3, 6, 4000),
    "medium": Recipe(10, 10, 28, 20, 45, 45, 3, 6, 4000),
    "hard": Recipe(10, 10, 28, 20, 20, 10, 3, 6, 4000),
    "expert": Recipe(12, 12, 40, 29, 20, 10, 3, 6, 4000),
    "extreme": Recipe(15, 15, 62, 45, 15, 10, 3, 6, 4000),
}

MOST_OF_ONE_NUMBER = 50  # percent: more islands than this with one number is degenerate


# --- compiled kernels: growing a network, breaking rival answers -----------------------------

@njit(cache=True)
def _in_reading_order(rows, cols, ends, width):
    """Islands renumbered in row-major order, their numbers, and bridges (lower, higher, k)."""
    islands = rows.shape[0]
    order = np.argsort(rows * width + cols)
    rank = np.empty(islands, dtype=np.int64)
    for k in range(islands):
        rank[order[k]] = k
    numbers = np.zeros(islands, dtype=np.int64)
    sorted_ends = np.empty_like(ends)
    for t in range(ends.shape[0]):
        a, b, k = rank[ends[t, 0]], rank[ends[t, 1]], ends[t, 2]
        numbers[a] += k
        numbers[b] += k
        sorted_ends[t, 0], sorted_ends[t, 1], sorted_ends[t, 2] = min(a, b), max(a, b), k
    return rows[order], cols[order], numbers, sorted_ends


@njit(cache=True)
def _grow(state, w, h, target, double_percent, loop_percent, reach, rows, cols, ends):
    """Grow islands from a random first one, each new island a bridge away from an old one;
    then close some loops. Fills rows/cols (islands) and ends (bridges: a, b, count)."""
    grid = np.zeros((h, w), dtype=np.int64)
    ident = np.full((h, w), -1, dtype=np.int64)
    step_r = np.array([0, 1, 0, -1])
    step_c = np.array([1, 0, -1, 0])
    spot_r = np.zeros(max(w, h), dtype=np.int64)
    spot_c = np.zeros(max(w, h), dtype=np.int64)
    directions = np.zeros(4, dtype=np.int64)
    frontier = np.zeros(w * h, dtype=np.int64)  # islands that may still have room to grow from
    r0 = stream_below(state, h)
    c0 = stream_below(state, w)
    rows[0], cols[0] = r0, c0
    grid[r0, c0] = ISLAND
    ident[r0, c0] = 0
    islands, built, open_count = 1, 0, 1
    while islands < target and open_count > 0:
        slot = stream_below(state, open_count)
        i = frontier[slot]
        r0, c0 = rows[i], cols[i]
        for d in range(4):
            directions[d] = d
        stream_shuffle(state, directions)
        spots = 0
        d = 0
        for k in range(4):
            d = directions[k]
            spots = _landing_spots(grid, w, h, r0, c0, step_r[d], step_c[d], spot_r, spot_c)
            if spots > 0:
                break
        if spots == 0:
            frontier[slot] = frontier[open_count - 1]
            open_count -= 1
            continue
        # Short bridges leave room for more islands: the landing spot is one of the nearest.
        pick = stream_below(state, min(spots, reach))
        r1, c1 = spot_r[pick], spot_c[pick]
        _lay_bridge(grid, r0, c0, r1, c1, step_r[d], step_c[d])
        grid[r1, c1] = ISLAND
        ident[r1, c1] = islands
        rows[islands], cols[islands] = r1, c1
        frontier[open_count] = islands
        open_count += 1
        ends[built, 0], ends[built, 1] = i, islands
        ends[built, 2] = 2 if stream_chance(state, double_percent, 100) else 1
        built += 1
        islands += 1
    # Close loops: some islands that still see each other get a bridge too.
    for r0 in range(h):
        for c0 in range(w):
            if grid[r0, c0] != ISLAND:
                continue
            for d in range(2):
                r, c = r0 + step_r[d], c0 + step_c[d]
                while r < h and c < w and grid[r, c] == EMPTY:
                    r, c = r + step_r[d], c + step_c[d]
                if r < h and c < w and grid[r, c] == ISLAND and stream_chance(state, loop_percent, 100):
                    _lay_bridge(grid, r0, c0, r, c, step_r[d], step_c[d])
                    ends[built, 0], ends[built, 1] = ident[r0, c0], ident[r, c]
                    ends[built, 2] = 2 if stream_chance(state, double_percent, 100) else 1
                    built += 1
    return islands, built


@njit(cache=True)
def _landing_spots(grid, w, h, r0, c0, dr, dc, spot_r, spot_c):
    """Empty points two or more steps away along a clear line, with no island beside them."""
    spots = 0
    r, c = r0 + dr, c0 + dc
    distance = 1
    while 0 <= r < h and 0 <= c < w and grid[r, c] == EMPTY:
        if distance >= 2:
            crowded = False
            for sr, sc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + sr < h and 0 <= c + sc < w and grid[r + sr, c + sc] == ISLAND:
                    crowded = True
            if not crowded:
                spot_r[spots], spot_c[spots] = r, c
                spots += 1
        r, c = r + dr, c + dc
        distance += 1
    return spots


@njit(cache=True)
def _lay_bridge(grid, r0, c0, r1, c1, dr, dc):
    mark = ACROSS if dr == 0 else DOWN
    r, c = r0 + dr, c0 + dc
    while r != r1 or c != c1:
        grid[r, c] = mark
        r, c = r + dr, c + dc


@njit(cache=True)
def _repair(state, width, height, rows, cols, ends, link_a, link_b, answers):
    """Break the rival among two answers (ours is the other, or neither when there are more).

    Rival answers are always loops of links where one answer has a bridge more or less than
    the other, alternately (most often four islands at the corners of a rectangle). A new
    island inside one link of the loop cuts it in two: if we bridge the link, our bridge now
    runs through the new island (numbered twice the bridges); if we do not, the new island
    takes one bridge to an end of the old link, and nothing of ours may be in its way. Either
    way the old swap no longer balances. Where no link of the loop has room (the new island
    two or more steps from both ends, none beside it), one link of the loop gets none or two
    bridges instead: the numbers at its ends change, so the rival no longer fits them, and a
    link at 0 or 2 cannot take part in the same swap again; our answer stays uncrossed and in
    one piece."""
    n = rows.shape[0]
    island_at = np.full((height, width), -1, dtype=np.int64)
    for x in range(n):
        island_at[rows[x], cols[x]] = x
    held = np.zeros((n, n), dtype=np.int64)  # our bridges between two islands
    covered = np.zeros((height, width), dtype=np.bool_)
    for t in range(ends.shape[0]):
        a, b = ends[t, 0], ends[t, 1]
        held[a, b] = ends[t, 2]
        for r, c in _points_between(rows[a], cols[a], rows[b], cols[b]):
            covered[r, c] = True
    links = link_a.shape[0]
    ours = np.zeros(links, dtype=np.int64)
    for e in range(links):
        ours[e] = held[link_a[e], link_b[e]]
    rival = answers[0]
    if (answers[0] == ours).all():
        rival = answers[1]
    # A new island inside a link of the rival's loop.
    options = np.zeros((2 * links * max(width, height) + 1, 3), dtype=np.int64)  # e, point, end
    count = 0
    for e in range(links):
        if ours[e] == rival[e]:
            continue
        a, b = link_a[e], link_b[e]
        between = _points_between(rows[a], cols[a], rows[b], cols[b])
        for step in range(1, len(between) - 1):
            r, c = between[step]
            crowded = False
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                if 0 <= r + dr < height and 0 <= c + dc < width and island_at[r + dr, c + dc] >= 0:
                    crowded = True
            if crowded:
                continue
            if ours[e]:
                options[count, 0], options[count, 1], options[count, 2] = e, step, -1
                count += 1
                continue
            clear = True
            for k in range(step + 1):
                if covered[between[k][0], between[k][1]]:
                    clear = False
            if clear:
                options[count, 0], options[count, 1], options[count, 2] = e, step, a
                count += 1
            clear = True
            for k in range(step, len(between)):
                if covered[between[k][0], between[k][1]]:
                    clear = False
            if clear:
                options[count, 0], options[count, 1], options[count, 2] = e, step, b
                count += 1
    kept = ends.shape[0]
    grown = np.zeros((kept + 2, 3), dtype=np.int64)
    grown[:kept] = ends
    if count > 0:
        pick = stream_below(state, count)
        e, step, end = options[pick, 0], options[pick, 1], options[pick, 2]
        a, b = link_a[e], link_b[e]
        r, c = _points_between(rows[a], cols[a], rows[b], cols[b])[step]
        rows = np.append(rows, r)
        cols = np.append(cols, c)
        if end < 0:
            for t in range(kept):
                if grown[t, 0] == a and grown[t, 1] == b:
                    grown[t, 1] = n  # a to the new island, then the new island to b
            grown[kept, 0], grown[kept, 1], grown[kept, 2] = n, b, ours[e]
            kept += 1
        else:
            grown[kept, 0], grown[kept, 1], grown[kept, 2] = end, n, 1
            kept += 1
        rows, cols, numbers, grown = _in_reading_order(rows, cols, grown[:kept], width)
        return True, rows, cols, numbers, grown
    # No room: one link of the loop to none or two bridges.
    choices = np.zeros((2 * links + 1, 2), dtype=np.int64)  # e, value
    count = 0
    for e in range(links):
        if ours[e] == rival[e]:
            continue
        for value in (0, 2):
            if value == ours[e]:
                continue
            if ours[e] == 0:
                a, b = link_a[e], link_b[e]
                blocked = False
                for r, c in _points_between(rows[a], cols[a], rows[b], cols[b]):
                    if covered[r, c]:
                        blocked = True
                if blocked:
                    continue
            choices[count, 0], choices[count, 1] = e, value
            count += 1
    if count == 0:
        return False, rows, cols, np.zeros(0, dtype=np.int64), ends
    first = stream_below(state, count)
    for k in range(count):
        e, value = choices[(first + k) % count, 0], choices[(first + k) % count, 1]
        a, b = link_a[e], link_b[e]
        if value == 0 and not _joined_without(n, grown[:kept], a, b):
            continue
        found = False
        for t in range(kept):
            if grown[t, 0] == a and grown[t, 1] == b:
                grown[t, 2] = value
                found = True
        if not found:
            grown[kept, 0], grown[kept, 1], grown[kept, 2] = a, b, value
            kept += 1
        live = 0
        for t in range(kept):  # drop a link set to none
            if grown[t, 2] > 0:
                grown[live] = grown[t]
                live += 1
        rows, cols, numbers, grown = _in_reading_order(rows, cols, grown[:live], width)
        return True, rows, cols, numbers, grown
    return False, rows, cols, np.zeros(0, dtype=np.int64), ends


@njit(cache=True)
def _points_between(r0, c0, r1, c1):
    """Lattice points strictly between two islands in one line, from the first."""
    out = []
    if r0 == r1:
        for c in range(c0 + 1, c1):
            out.append((r0, c))
    else:
        for r in range(r0 + 1, r1):
            out.append((r, c0))
    return out


@njit(cache=True)
def _joined_without(n, ends, a, b):
    """Whether the bridges other than a-b still join all n islands and leave both ends some."""
    have = np.zeros(n, dtype=np.int64)
    up = np.arange(n)
    pieces = n
    for t in range(ends.shape[0]):
        x, y = ends[t, 0], ends[t, 1]
        have[x] += ends[t, 2]
        have[y] += ends[t, 2]
        if x == a and y == b:
            continue
        while up[x] != x:
            x = up[x]
        while up[y] != y:
            y = up[y]
        if x != y:
            up[x] = y
            pieces -= 1
    for t in range(ends.shape[0]):
        if ends[t, 0] == a and ends[t, 1] == b:
            if have[a] - ends[t, 2] < 1 or have[b] - ends[t, 2] < 1:
                return False
    return pieces == 1


# --- growing, repairing: the kernels above, on the keyed stream ------------------------------

def grow_network(stream: KeyedStream, recipe: Recipe):
    """A random solved board: islands never side by side, bridges straight and uncrossed.

    Returns (islands as {(row, col): number}, bridges as [((r1, c1), (r2, c2), k)])."""
    rows, cols, numbers, ends = grow_arrays(stream, recipe)
    points = list(zip(rows.tolist(), cols.tolist()))
    return (dict(zip(points, numbers.tolist())),
            [(points[a], points[b], k) for a, b, k in ends.tolist()])


def grow_arrays(stream: KeyedStream, recipe: Recipe):
    """The same network as arrays: rows, cols and numbers of the islands in row-major order,
    and the bridges as (first island, second island, count) rows in that order."""
    w, h = recipe.width, recipe.height
    rows = np.zeros(w * h, dtype=np.int64)
    cols = np.zeros(w * h, dtype=np.int64)
    ends = np.zeros((2 * w * h, 3), dtype=np.int64)
    islands, built = stream.run(_grow, w, h, recipe.islands, recipe.double_percent,
                                 recipe.loop_percent, recipe.reach, rows, cols, ends)
    return _in_reading_order(rows[:islands], cols[:islands], ends[:built], w)


def repair(stream: KeyedStream, recipe: Recipe, rows, cols, ends, lay, answers):
    """Change our network so that a rival answer no longer fits; see _repair.

    Returns (done, rows, cols, numbers, ends), the network in reading order."""
    return stream.run(_repair, recipe.width, recipe.height, rows, cols, ends, lay.link_a,
                      lay.link_b, answers)


# --- the search ------------------------------------------------------------------------------

def degenerate(numbers, recipe: Recipe) -> bool:
    """Too few islands, or too many of one number (`numbers`: the islands' numbers)."""
    if len(numbers) < recipe.least_islands:
        return True
    most = int(np.bincount(numbers).max())
    return 100 * most > MOST_OF_ONE_NUMBER * len(numbers)


def generate(key: str, level: str, version: str, recipe: Recipe | None = None) -> Generated:
    """A board of `level` for `key`; `recipe` overrides the level's size (the benchmark uses
    it to compare sizes)."""
    recipe = recipe or RECIPES[level]
    stream = KeyedStream(key)
    w, h = recipe.width, recipe.height
    for attempt in range(1, recipe.attempts + 1):
        rows, cols, numbers, ends = grow_arrays(stream, recipe)
        for _ in range(recipe.repairs + 1):
            if degenerate(numbers, recipe):
                break
            lay = layout_of(w, h, rows, cols, numbers)
            graded = grade(lay, level)
            if graded.accepted:
                return _finish(key, level, lay, graded, attempt)
            if graded.reason.startswith("solvable at"):
                break  # too easy: more islands will not make it harder
            found, answers = State(lay).search(SEARCH_RULES, 2)
            if found < 2:
                break  # one answer, but past this level's techniques
            done, rows, cols, numbers, ends = repair(stream, recipe, rows, cols, ends, lay,
                                                     answers)
            if not done:
                break
    raise GenerationFailed(f"{key}: no {level} board in {recipe.attempts} candidates ({version})")


def _finish(key: str, level: str, lay, graded, attempt: int) -> Generated:
    puzzle = {"width": lay.width, "height": lay.height,
              "islands": [[r, c, n] for r, c, n in
                          zip(lay.rows.tolist(), lay.cols.tolist(), lay.number.tolist())]}
    solution = solution_record(lay, graded.bridges)
    proof = verify.verify(puzzle, solution)
    if not proof["unique"]:   # never ship a board the independent checker rejects
        raise CheckersDisagree(f"{key}: the solver proved a board the checker rejects: {proof}")
    return Generated(puzzle, solution, grade_record(level, graded), proof, attempt)
