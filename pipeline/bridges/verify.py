"""The independent checker: is a bridges solution right, and is it the only one?

It shares nothing with the solver (pipeline.bridges.solver) or the board model beyond the raw
record: its own reading of the islands, its own spans found by walking the grid, crossings
found as shared lattice points, and a different search: it completes one island at a time,
trying every way to split what the island still needs over its open spans, where the solver
narrows intervals on connections. Two different searches agreeing on "exactly one answer" is
the proof a record carries.
"""

from __future__ import annotations

from itertools import product

CHECKER = "bridges.verify/1 island-by-island enumeration"
NODE_BUDGET = 5_000_000  # far above any board we print; a search this long proves nothing


def verify(puzzle: dict, solution: dict) -> dict:
    """Proof details; "unique" is True only when `solution` is right and the only answer."""
    islands = {(r, c): n for r, c, n in puzzle["islands"]}
    spans = _spans(puzzle["width"], puzzle["height"], islands)
    given = _given(spans, solution)
    proof = {"checker": CHECKER, "valid": False, "unique": False, "nodes": 0, "solutions": 0}
    if given is None or not _is_solution(islands, spans, given):
        return proof
    proof["valid"] = True
    finder = _Enumeration(islands, spans)
    found = finder.run(limit=2)
    proof["nodes"] = finder.nodes
    proof["solutions"] = len(found)
    proof["unique"] = finder.complete and found == [given]
    return proof


def _spans(width: int, height: int, islands: dict) -> list[tuple[tuple[int, int], tuple[int, int],
                                                                tuple[tuple[int, int], ...]]]:
    """(end, end, lattice points strictly between) for every pair of islands in sight."""
    out = []
    for (r, c) in sorted(islands):
        for dr, dc in ((0, 1), (1, 0)):
            between = []
            rr, cc = r + dr, c + dc
            while rr < height and cc < width:
                if (rr, cc) in islands:
                    out.append(((r, c), (rr, cc), tuple(between)))
                    break
                between.append((rr, cc))
                rr, cc = rr + dr, cc + dc
    return out


def _given(spans, solution) -> tuple[int, ...] | None:
    where = {(a, b): k for k, (a, b, _) in enumerate(spans)}
    counts = [0] * len(spans)
    for end1, end2, count in solution.get("bridges", []):
        a, b = sorted((tuple(end1), tuple(end2)))
        k = where.get((a, b))
        if k is None or counts[k] or count not in (1, 2):
            return None
        counts[k] = count
    return tuple(counts)


def _is_solution(islands, spans, counts) -> bool:
    ends = dict.fromkeys(islands, 0)
    used_points: set[tuple[int, int]] = set()
    for (a, b, between), count in zip(spans, counts):
        if not count:
            continue
        ends[a] += count
        ends[b] += count
        if used_points.intersection(between):
            return False  # two bridges over one lattice point cross
        used_points.update(between)
    if any(ends[p] != n for p, n in islands.items()):
        return False
    return _joined(islands, spans, counts, lambda count: count > 0)


def _joined(islands, spans, counts, usable) -> bool:
    """Whether the spans with usable(count) join every island into one piece."""
    neighbours: dict = {p: [] for p in islands}
    for (a, b, _), count in zip(spans, counts):
        if usable(count):
            neighbours[a].append(b)
            neighbours[b].append(a)
    start = next(iter(islands))
    seen, todo = {start}, [start]
    while todo:
        for q in neighbours[todo.pop()]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(islands)


class _Enumeration:
    """Every solution, by completing the island with the fewest open spans first."""

    OPEN = -1

    def __init__(self, islands: dict, spans):
        self.islands = islands
        self.spans = spans
        self.at: dict = {p: [] for p in islands}
        for k, (a, b, _) in enumerate(spans):
            self.at[a].append(k)
            self.at[b].append(k)
        points = [set(between) for (_, _, between) in spans]
        self.crossing = [[j for j in range(len(spans)) if j != k and points[k] & points[j]]
                         for k in range(len(spans))]
        self.counts = [self.OPEN] * len(spans)
        self.nodes = 0
        self.complete = True
        self.found: list[tuple[int, ...]] = []

    def run(self, limit: int) -> list[tuple[int, ...]]:
        self.limit = limit
        self._step()
        return self.found

    def _need(self, p) -> int:
        return self.islands[p] - sum(self.counts[k] for k in self.at[p] if self.counts[k] > 0)

    def _step(self) -> None:
        if len(self.found) >= self.limit:
            return
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            self.complete = False
            return
        # A board that open and built spans cannot join is dead.
        if not _joined(self.islands, self.spans, self.counts, lambda count: count != 0):
            return
        chosen, chosen_open = None, None
        for p in self.islands:
            need = self._need(p)
            open_spans = [k for k in self.at[p] if self.counts[k] == self.OPEN]
            if need < 0 or need > 2 * len(open_spans):
                return
            if open_spans and (chosen is None or len(open_spans) < len(chosen_open)):
                chosen, chosen_open = p, open_spans
        if chosen is None:
            if all(self._need(p) == 0 for p in self.islands):
                self.found.append(tuple(self.counts))
            return
        need = self._need(chosen)
        for split in product(range(3), repeat=len(chosen_open)):
            if sum(split) != need or not self._fits(chosen, chosen_open, split):
                continue
            for k, count in zip(chosen_open, split):
                self.counts[k] = count
            self._step()
            for k in chosen_open:
                self.counts[k] = self.OPEN
            if len(self.found) >= self.limit or not self.complete:
                return

    def _fits(self, p, open_spans, split) -> bool:
        for k, count in zip(open_spans, split):
            if count == 0:
                continue
            a, b, _ = self.spans[k]
            other = b if a == p else a
            if count > self._need(other):
                return False
            for j in self.crossing[k]:
                if self.counts[j] > 0 or (j in open_spans and split[open_spans.index(j)] > 0):
                    return False
        return True
