"""The independent checker: is a bridges solution right, and is it the only one?

It shares nothing with the solver (pipeline.bridges.solve) or the board model: it reads the
raw record itself, finds its own spans (pairs of islands in sight) by walking the grid, finds
crossings as spans that share a lattice point, and counts answers with a different search.
The solver narrows intervals with deduction rules and undoes through a trail; this checker
assigns spans one at a time in reading order and only checks: no island over its number, no
island left needing more than its open spans can bring, no two bridges over one point, and
that built and open spans can still join every island; an island's open spans can bring at
most two bridges each, and no more than the island at the other end has left. Two different searches agreeing on
"exactly one answer" is the proof a record carries.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHECKER = "bridges.verify/1 span-by-span enumeration"
NODE_BUDGET = 50_000_000  # far above any board we print; a search this long proves nothing


# --- compiled kernels ------------------------------------------------------------------------

@njit(cache=True)
def _place(rows, cols, ends, listed, counts):
    """Put each listed bridge (r1, c1, r2, c2, k) on its span; False if one fits none."""
    n = rows.shape[0]
    span_of = np.full((n, n), -1, dtype=np.int64)
    for k in range(ends.shape[0]):
        span_of[ends[k, 0], ends[k, 1]] = k
        span_of[ends[k, 1], ends[k, 0]] = k
    for t in range(listed.shape[0]):
        a = -1
        b = -1
        for x in range(n):
            if rows[x] == listed[t, 0] and cols[x] == listed[t, 1]:
                a = x
            if rows[x] == listed[t, 2] and cols[x] == listed[t, 3]:
                b = x
        if a < 0 or b < 0 or span_of[a, b] < 0:
            return False
        k = span_of[a, b]
        if counts[k] != 0 or listed[t, 4] < 1 or listed[t, 4] > 2:
            return False
        counts[k] = listed[t, 4]
    return True


@njit(cache=True)
def _spans(rows, cols, width, height):
    """Spans (pairs of islands in sight, islands in reading order) and which spans clash:
    pass over one lattice point."""
    n = rows.shape[0]
    island_at = np.full((height, width), -1, dtype=np.int64)
    for k in range(n):
        island_at[rows[k], cols[k]] = k
    ends = np.zeros((2 * n, 2), dtype=np.int64)
    spans = 0
    for k in range(n):
        r, c = rows[k], cols[k] + 1
        while c < width and island_at[r, c] < 0:
            c += 1
        if c < width:
            ends[spans, 0], ends[spans, 1] = k, island_at[r, c]
            spans += 1
        r, c = rows[k] + 1, cols[k]
        while r < height and island_at[r, c] < 0:
            r += 1
        if r < height:
            ends[spans, 0], ends[spans, 1] = k, island_at[r, c]
            spans += 1
    ends = ends[:spans].copy()
    clash = np.zeros((spans, spans), dtype=np.bool_)
    over = np.full((height, width), -1, dtype=np.int64)  # the span passing over each point
    for k in range(spans):
        r0, c0 = rows[ends[k, 0]], cols[ends[k, 0]]
        r1, c1 = rows[ends[k, 1]], cols[ends[k, 1]]
        dr = 1 if r1 > r0 else 0
        dc = 1 if c1 > c0 else 0
        r, c = r0 + dr, c0 + dc
        while r != r1 or c != c1:
            j = over[r, c]
            if j >= 0:
                clash[k, j] = True
                clash[j, k] = True
            over[r, c] = k
            r, c = r + dr, c + dc
    return ends, clash


@njit(cache=True)
def _holds(numbers, ends, clash, counts):
    """Whether bridges per span answer the puzzle: numbers met, nothing crossed, one piece."""
    n = numbers.shape[0]
    spans = ends.shape[0]
    have = np.zeros(n, dtype=np.int64)
    for k in range(spans):
        have[ends[k, 0]] += counts[k]
        have[ends[k, 1]] += counts[k]
        if counts[k] > 0:
            for j in range(k):
                if clash[k, j] and counts[j] > 0:
                    return False
    for x in range(n):
        if have[x] != numbers[x]:
            return False
    up = np.zeros(n, dtype=np.int64)
    return _can_join(n, ends, counts, spans, up)


@njit(cache=True)
def _root(up, x):
    while up[x] != x:
        x = up[x]
    return x


@njit(cache=True)
def _can_join(n, ends, value, assigned, up):
    """Whether built spans and spans not yet assigned join all n islands."""
    for x in range(n):
        up[x] = x
    pieces = n
    for k in range(ends.shape[0]):
        if k >= assigned or value[k] > 0:
            x = _root(up, ends[k, 0])
            y = _root(up, ends[k, 1])
            if x != y:
                up[x] = y
                pieces -= 1
    return pieces == 1


@njit(cache=True)
def _most_to_come(x, k, ends, at_start, at, left):
    """The most bridges island x can still get from its spans after span k."""
    most = 0
    for t in range(at_start[x], at_start[x + 1]):
        j = at[t]
        if j > k:
            other = ends[j, 1] if ends[j, 0] == x else ends[j, 0]
            most += min(2, left[other])
    return most


@njit(cache=True)
def _enumerate(numbers, ends, clash, limit, budget, found, stats):
    """Answers (up to `limit`) by assigning 0, 1 or 2 bridges to each span in order."""
    n = numbers.shape[0]
    spans = ends.shape[0]
    last = np.full(n, -1)       # the last span at each island: after it the island is closed
    for k in range(spans):
        for side in range(2):
            last[ends[k, side]] = k
    at_start = np.zeros(n + 1, dtype=np.int64)  # the spans at each island, in order
    for k in range(spans):
        at_start[ends[k, 0] + 1] += 1
        at_start[ends[k, 1] + 1] += 1
    for x in range(n):
        at_start[x + 1] += at_start[x]
    at = np.zeros(2 * spans, dtype=np.int64)
    filled = at_start[:n].copy()
    for k in range(spans):
        for side in range(2):
            at[filled[ends[k, side]]] = k
            filled[ends[k, side]] += 1
    up = np.zeros(n, dtype=np.int64)
    clash_start = np.zeros(spans + 1, dtype=np.int64)  # the earlier spans each span clashes with
    for k in range(spans):
        clash_start[k + 1] = clash_start[k]
        for j in range(k):
            if clash[k, j]:
                clash_start[k + 1] += 1
    clash_with = np.zeros(clash_start[spans], dtype=np.int64)
    for k in range(spans):
        t = clash_start[k]
        for j in range(k):
            if clash[k, j]:
                clash_with[t] = j
                t += 1
    left = numbers.copy()
    value = np.full(spans + 1, -1)
    count = 0
    k = 0
    while True:
        if k == spans:
            if _can_join(n, ends, value, spans, up):
                if count < found.shape[0]:
                    found[count, :] = value[:spans]
                count += 1
                if count >= limit:
                    return count
            k -= 1
        if k < 0:
            return count
        # Take back this span's bridges and try the next count.
        a = ends[k, 0]
        b = ends[k, 1]
        if value[k] >= 0:
            left[a] += value[k]
            left[b] += value[k]
        value[k] += 1
        if value[k] > 2 or value[k] > left[a] or value[k] > left[b]:
            value[k] = -1
            k -= 1
            if k < 0:
                return count
            continue
        stats[0] += 1
        if stats[0] > budget:
            stats[1] = 1
            return count
        ok = True
        if value[k] > 0:
            for t in range(clash_start[k], clash_start[k + 1]):
                if value[clash_with[t]] > 0:
                    ok = False
                    break
        left[a] -= value[k]
        left[b] -= value[k]
        if ok:
            for x in (a, b):
                if last[x] == k and left[x] != 0:
                    ok = False
                elif left[x] > _most_to_come(x, k, ends, at_start, at, left):
                    ok = False
        if ok and value[k] == 0 and (last[a] == k or last[b] == k) and \
                not _can_join(n, ends, value, k + 1, up):
            ok = False
        if ok:
            k += 1
        # else stay on span k: the loop takes back its bridges and tries the next count


# --- the checker -----------------------------------------------------------------------------

def verify(puzzle: dict, solution: dict) -> dict:
    """Proof details; "unique" is True only when `solution` is right and the only answer."""
    islands = sorted((r, c, n) for r, c, n in puzzle["islands"])
    rows = np.array([r for r, _, _ in islands], dtype=np.int64)
    cols = np.array([c for _, c, _ in islands], dtype=np.int64)
    numbers = np.array([n for _, _, n in islands], dtype=np.int64)
    ends, clash = _spans(rows, cols, puzzle["width"], puzzle["height"])
    given = _given(rows, cols, ends, solution)
    proof = {"checker": CHECKER, "valid": False, "unique": False, "nodes": 0, "solutions": 0}
    if given is None or not _holds(numbers, ends, clash, given):
        return proof
    proof["valid"] = True
    found = np.zeros((2, ends.shape[0]), dtype=np.int64)
    stats = np.zeros(2, dtype=np.int64)  # nodes, 1 when the budget ran out
    count = _enumerate(numbers, ends, clash, 2, NODE_BUDGET, found, stats)
    proof["nodes"] = int(stats[0])
    proof["solutions"] = int(count)
    proof["unique"] = bool(count == 1 and stats[1] == 0 and (found[0] == given).all())
    return proof


def _given(rows, cols, ends, solution) -> np.ndarray | None:
    """The answer as bridges per span, or None when a bridge is not on a span."""
    try:
        listed = np.array([(a[0], a[1], b[0], b[1], k) for a, b, k in solution["bridges"]],
                          dtype=np.int64).reshape(-1, 5)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    counts = np.zeros(ends.shape[0], dtype=np.int64)
    return counts if _place(rows, cols, ends, listed, counts) else None


# --- the plain reference ---------------------------------------------------------------------
# A third way to find every answer, small enough to read in one sitting: plain Python over
# the record's own numbers, no arrays, no compiled code, nothing shared with the solver's
# kernels or with the checker above. Too slow for printed boards; the property tests run it
# on small ones and demand that the solver, the checker and it agree.

Point = tuple[int, int]
Bridge = tuple[Point, Point, int]


def plain_solutions(puzzle: dict, limit: int = 10_000) -> list[frozenset[Bridge]]:
    """Every answer (up to `limit`), each as the set of (island, island, bridges) it builds,
    islands in reading order."""
    number = {(r, c): n for r, c, n in puzzle["islands"]}
    pairs = _pairs_in_sight(number, puzzle["width"], puzzle["height"])
    points = [_points_between(a, b) for a, b in pairs]
    last_pair = {island: max((k for k, pair in enumerate(pairs) if island in pair), default=-1)
                 for island in number}
    built = [0] * len(pairs)
    answers: list[frozenset[Bridge]] = []

    def spent(island: Point) -> int:
        return sum(built[k] for k, pair in enumerate(pairs) if island in pair)

    def place(k: int) -> None:
        if len(answers) >= limit:
            return
        if k == len(pairs):
            if all(last_pair[island] >= 0 or n == 0 for island, n in number.items()) and \
                    _all_joined(number, pairs, built):
                answers.append(frozenset((a, b, built[j]) for j, (a, b) in enumerate(pairs)
                                         if built[j]))
            return
        for count in (0, 1, 2):
            if count and any(built[j] and points[j] & points[k] for j in range(k)):
                break  # a bridge here would cross one already built
            built[k] = count
            if all(spent(island) <= number[island] and
                   (last_pair[island] != k or spent(island) == number[island])
                   for island in pairs[k]):
                place(k + 1)
        built[k] = 0

    place(0)
    return answers


def _pairs_in_sight(number: dict[Point, int], width: int, height: int) -> list[tuple[Point, Point]]:
    """Pairs of islands with nothing between them along a row or a column."""
    pairs = []
    for (r, c) in sorted(number):
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr < height and cc < width and (rr, cc) not in number:
                rr, cc = rr + dr, cc + dc
            if rr < height and cc < width:
                pairs.append(((r, c), (rr, cc)))
    return pairs


def _points_between(a: Point, b: Point) -> set[Point]:
    (r0, c0), (r1, c1) = a, b
    return {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)} - {a, b}


def _all_joined(number: dict[Point, int], pairs, built) -> bool:
    """Whether the bridges built join every island into one piece."""
    if not number:
        return True
    start = next(iter(number))
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for (a, b), count in zip(pairs, built):
            if count and here in (a, b):
                other = b if here == a else a
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
    return len(seen) == len(number)
