"""The Bridges solver: an interval of bridge counts per connection, only ever narrowed.

Every connection holds an interval [lo, hi] of the bridges it may carry (0..2). Rules narrow
intervals; each narrowing pushes the old interval on a trail, so undoing a what-if or a search
branch pops the trail back to a mark instead of copying the board. Along any one line of
reasoning an interval narrows at most three times (width 2 down to a contradiction), so the
trail never needs more than three entries per connection.

Rules, easiest first (the grader applies the easiest one that makes progress, then starts
again from the easiest):
  crossings     a bridge that exists forces every connection it crosses to zero
  saturation    no connection takes more than either end has left to spend; an island whose
                possible bridges add up exactly to its number takes them all; an island
                whose certain bridges already make its number takes no more
  counting      an island's number, less the most its other connections can take, is the
                least this connection takes (what the island has left to spend elsewhere)
  connectivity  the islands cannot be split into parts no bridge can join (a contradiction);
                and the look-ahead: joining groups a and b by v bridges leaves the merged
                group rem(a) + rem(b) - 2v bridge ends to spend; if that is zero and the
                merged group is not the whole board, it would be sealed off, so v is impossible
  what-if       suppose a connection takes its least (most) count; if the rules above then
                reach a contradiction, it takes more (less). Expert boards need at most
                WHATIF_LIMIT (grade.py) of these steps; extreme boards need more, or search.

Search on top of the rules counts solutions up to a limit; with no rules at all it is a plain
enumeration. The soundness tests compare both with `plain_solutions` (verify.py), plain Python
that shares no code with these kernels.

The kernel runs under numba (cache=True): the grader and the uniqueness search are the hot
loop of generation; see docs/bridges.md for the measured difference.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.bridges.board import Board, Layout, layout

# Rule flags: a level is a set of rules.
CROSSINGS = 1          # always on when any rule is (a rule of the puzzle, not a technique)
SATURATION = 2
COUNTING = 4
CONNECTIVITY = 8
WHATIF = 16

# Counter slots.
N_CROSSINGS, N_SATURATION, N_COUNTING, N_CONNECTIVITY, N_WHATIF, N_TRIALS, N_NODES, \
    N_DEPTH = range(8)
N_COUNTERS = 8

SEARCH_RULES = CROSSINGS | SATURATION | COUNTING | CONNECTIVITY

CONTRADICTION, STUCK, SOLVED = -1, 0, 1


# --- compiled kernels ------------------------------------------------------------------------

@njit(cache=True)
def narrow(e, new_lo, new_hi, lo, hi, trail, meta):
    """Narrow link e to [new_lo, new_hi] ∩ its interval: 1 changed, 0 not, -1 now empty."""
    if new_lo < lo[e]:
        new_lo = lo[e]
    if new_hi > hi[e]:
        new_hi = hi[e]
    if new_lo == lo[e] and new_hi == hi[e]:
        return 0
    t = meta[0]
    trail[t, 0] = e
    trail[t, 1] = lo[e]
    trail[t, 2] = hi[e]
    meta[0] = t + 1
    lo[e] = new_lo
    hi[e] = new_hi
    if new_lo > new_hi:
        return -1
    return 1


@njit(cache=True)
def undo(mark, lo, hi, trail, meta):
    t = meta[0]
    while t > mark:
        t -= 1
        e = trail[t, 0]
        lo[e] = trail[t, 1]
        hi[e] = trail[t, 2]
    meta[0] = t


@njit(cache=True)
def find_root(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def components(n, link_a, link_b, counts_of, threshold, parent):
    """Union islands over links with counts_of[e] >= threshold; returns the number of parts."""
    for i in range(n):
        parent[i] = i
    parts = n
    for e in range(link_a.shape[0]):
        if counts_of[e] >= threshold:
            x = find_root(parent, link_a[e])
            y = find_root(parent, link_b[e])
            if x != y:
                parent[x] = y
                parts -= 1
    return parts


@njit(cache=True)
def crossings_sweep(link_a, cross_start, cross, lo, hi, trail, meta):
    changed = 0
    for e in range(link_a.shape[0]):
        if lo[e] >= 1:
            for k in range(cross_start[e], cross_start[e + 1]):
                r = narrow(cross[k], 0, 0, lo, hi, trail, meta)
                if r < 0:
                    return -1
                changed += r
    return changed


@njit(cache=True)
def saturation_sweep(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta, left):
    """What each island has left caps its links; an island that can just fill takes all."""
    changed = 0
    n = number.shape[0]
    for i in range(n):
        left[i] = number[i]
        for k in range(touch_start[i], touch_start[i + 1]):
            left[i] -= lo[touch[k]]
        if left[i] < 0:
            return -1
    # No link can take more than either end has left beyond what the link already holds.
    for e in range(link_a.shape[0]):
        cap = lo[e] + min(left[link_a[e]], left[link_b[e]])
        if cap < hi[e]:
            r = narrow(e, lo[e], cap, lo, hi, trail, meta)
            if r < 0:
                return -1
            changed += r
    for i in range(n):
        low = 0
        high = 0
        for k in range(touch_start[i], touch_start[i + 1]):
            low += lo[touch[k]]
            high += hi[touch[k]]
        if high < number[i]:
            return -1
        if high == number[i] and low < high:
            for k in range(touch_start[i], touch_start[i + 1]):
                e = touch[k]
                changed += narrow(e, hi[e], hi[e], lo, hi, trail, meta)
        elif low == number[i] and low < high:
            for k in range(touch_start[i], touch_start[i + 1]):
                e = touch[k]
                changed += narrow(e, lo[e], lo[e], lo, hi, trail, meta)
    return changed


@njit(cache=True)
def counting_sweep(number, touch_start, touch, lo, hi, trail, meta):
    """An island's number, less the most its other links can take, is this link's least."""
    changed = 0
    for i in range(number.shape[0]):
        high = 0
        for k in range(touch_start[i], touch_start[i + 1]):
            high += hi[touch[k]]
        # The sum may go stale as this island's links narrow; a stale sum is of wider
        # intervals, so the bound drawn from it stays true, only weaker.
        for k in range(touch_start[i], touch_start[i + 1]):
            e = touch[k]
            r = narrow(e, number[i] - (high - hi[e]), hi[e], lo, hi, trail, meta)
            if r < 0:
                return -1
            changed += r
    return changed


@njit(cache=True)
def connectivity_sweep(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta, parent,
                  rem, size):
    n = number.shape[0]
    # Islands that no possible bridges can join: a contradiction.
    if components(n, link_a, link_b, hi, 1, parent) > 1:
        return -1
    # Groups joined by certain bridges, with the bridge ends each has left to spend. Only
    # `hi` narrows below, so the groups (made from `lo`) stay exact throughout the sweep.
    components(n, link_a, link_b, lo, 1, parent)
    for i in range(n):
        rem[i] = 0
        size[i] = 0
    for i in range(n):
        g = find_root(parent, i)
        left = number[i]
        for k in range(touch_start[i], touch_start[i + 1]):
            left -= lo[touch[k]]
        rem[g] += left
        size[g] += 1
    changed = 0
    for e in range(link_a.shape[0]):
        if lo[e] == hi[e]:
            continue
        ga = find_root(parent, link_a[e])
        gb = find_root(parent, link_b[e])
        v = hi[e]
        if ga != gb:  # then lo[e] is 0 and v >= 1 bridges would merge the two groups
            left = rem[ga] + rem[gb] - 2 * v
            members = size[ga] + size[gb]
        else:         # v - lo[e] more bridges inside one group
            left = rem[ga] - 2 * (v - lo[e])
            members = size[ga]
        if left == 0 and members < n:  # sealed off from the rest of the board
            r = narrow(e, lo[e], v - 1, lo, hi, trail, meta)
            if r < 0:
                return -1
            changed += r
    return changed


# The sweeps propagate runs, easiest first: sweep i is the rule whose flag is 1 << i and
# counts into counter slot i (crossings, saturation, counting, connectivity).
SWEEPS = 4


@njit(cache=True)
def _sweep(i, number, link_a, link_b, touch_start, touch, cross_start, cross, lo, hi, trail,
           meta, parent, rem, size):
    """One pass of sweep `i`: what it narrowed, or -1 at a contradiction."""
    if i == N_CROSSINGS:
        return crossings_sweep(link_a, cross_start, cross, lo, hi, trail, meta)
    if i == N_SATURATION:
        return saturation_sweep(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta,
                                rem)
    if i == N_COUNTING:
        return counting_sweep(number, touch_start, touch, lo, hi, trail, meta)
    return connectivity_sweep(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta,
                              parent, rem, size)


@njit(cache=True)
def propagate(rules, number, link_a, link_b, touch_start, touch, cross_start, cross,
               lo, hi, trail, meta, counts, parent, rem, size):
    """Apply the rules easiest first, back to the easiest after any progress, to a fixpoint.
    The crossings sweep runs whenever any rule is on (it is a rule of the puzzle)."""
    if rules == 0:
        return STUCK
    while True:
        progress = False
        for i in range(SWEEPS):
            if i != N_CROSSINGS and not rules & (1 << i):
                continue
            r = _sweep(i, number, link_a, link_b, touch_start, touch, cross_start, cross, lo, hi,
                       trail, meta, parent, rem, size)
            if r < 0:
                return CONTRADICTION
            if r > 0:
                counts[i] += r
                progress = True
                break
        if not progress:
            return STUCK


@njit(cache=True)
def _decided(lo, hi):
    for e in range(lo.shape[0]):
        if lo[e] != hi[e]:
            return False
    return True


@njit(cache=True)
def _valid(number, link_a, link_b, touch_start, touch, cross_start, cross, bridges, parent):
    """Whether a full assignment of bridges is a solution (numbers, crossings, one piece)."""
    for i in range(number.shape[0]):
        ends = 0
        for k in range(touch_start[i], touch_start[i + 1]):
            ends += bridges[touch[k]]
        if ends != number[i]:
            return False
    for e in range(link_a.shape[0]):
        if bridges[e] > 0:
            for k in range(cross_start[e], cross_start[e + 1]):
                if bridges[cross[k]] > 0:
                    return False
    return components(number.shape[0], link_a, link_b, bridges, 1, parent) == 1


@njit(cache=True)
def _deduce(rules, whatif_limit, number, link_a, link_b, touch_start, touch, cross_start, cross,
            lo, hi, trail, meta, counts, scratch, parent, rem, size):
    """Rules to a fixpoint, then (with WHATIF) one-step what-ifs: SOLVED, STUCK or CONTRADICTION."""
    plain = rules & ~WHATIF
    while True:
        r = propagate(plain, number, link_a, link_b, touch_start, touch, cross_start, cross,
                       lo, hi, trail, meta, counts, parent, rem, size)
        if r < 0:
            return CONTRADICTION
        if _decided(lo, hi):
            if _valid(number, link_a, link_b, touch_start, touch, cross_start, cross, lo,
                      parent):
                return SOLVED
            return CONTRADICTION
        if not (rules & WHATIF) or counts[N_WHATIF] >= whatif_limit:
            return STUCK
        found = False
        for e in range(lo.shape[0]):
            if lo[e] == hi[e]:
                continue
            for side in range(2):
                mark = meta[0]
                if side == 0:
                    narrow(e, lo[e], lo[e], lo, hi, trail, meta)
                else:
                    narrow(e, hi[e], hi[e], lo, hi, trail, meta)
                counts[N_TRIALS] += 1
                t = propagate(plain, number, link_a, link_b, touch_start, touch, cross_start,
                               cross, lo, hi, trail, meta, scratch, parent, rem, size)
                failed = t < 0
                if not failed and _decided(lo, hi):
                    failed = not _valid(number, link_a, link_b, touch_start, touch,
                                        cross_start, cross, lo, parent)
                undo(mark, lo, hi, trail, meta)
                if failed:
                    counts[N_WHATIF] += 1
                    if side == 0:
                        r = narrow(e, lo[e] + 1, hi[e], lo, hi, trail, meta)
                    else:
                        r = narrow(e, lo[e], hi[e] - 1, lo, hi, trail, meta)
                    if r < 0:
                        return CONTRADICTION
                    found = True
                    break
            if found:
                break
        if not found:
            return STUCK


@njit(cache=True)
def _choose(lo, hi):
    """The undecided link with the fewest possible counts (first such), or -1."""
    best = -1
    width = 99
    for e in range(lo.shape[0]):
        w = hi[e] - lo[e]
        if 0 < w < width:
            best = e
            width = w
            if w == 1:
                break
    return best


@njit(cache=True)
def _search(rules, limit, number, link_a, link_b, touch_start, touch, cross_start, cross,
            lo, hi, trail, meta, counts, solutions, parent, rem, size):
    """Count solutions up to `limit` by search on exact counts, with `rules` at every node.

    Found solutions are copied into the rows of `solutions` (as many as fit)."""
    links = lo.shape[0]
    stack_link = np.zeros(links + 1, dtype=np.int64)
    stack_value = np.zeros(links + 1, dtype=np.int64)
    stack_mark = np.zeros(links + 1, dtype=np.int64)
    root = meta[0]
    found = 0
    depth = 0
    alive = propagate(rules, number, link_a, link_b, touch_start, touch, cross_start, cross,
                       lo, hi, trail, meta, counts, parent, rem, size) >= 0
    while True:
        if alive:
            counts[N_NODES] += 1
            e = _choose(lo, hi)
            if e >= 0:
                stack_link[depth] = e
                stack_value[depth] = lo[e]
                stack_mark[depth] = meta[0]
                depth += 1
                if depth > counts[N_DEPTH]:
                    counts[N_DEPTH] = depth
                narrow(e, lo[e], lo[e], lo, hi, trail, meta)
                alive = propagate(rules, number, link_a, link_b, touch_start, touch,
                                   cross_start, cross, lo, hi, trail, meta, counts, parent,
                                   rem, size) >= 0
                continue
            if _valid(number, link_a, link_b, touch_start, touch, cross_start, cross, lo,
                      parent):
                if found < solutions.shape[0]:
                    solutions[found, :] = lo
                found += 1
                if found >= limit:
                    break
        # Back up to the deepest branch with a count left to try.
        alive = False
        while depth > 0:
            d = depth - 1
            undo(stack_mark[d], lo, hi, trail, meta)
            e = stack_link[d]
            value = stack_value[d] + 1
            if value <= hi[e]:
                stack_value[d] = value
                narrow(e, value, value, lo, hi, trail, meta)
                alive = propagate(rules, number, link_a, link_b, touch_start, touch,
                                   cross_start, cross, lo, hi, trail, meta, counts, parent,
                                   rem, size) >= 0
                break
            depth -= 1
        if depth == 0 and not alive:
            break
    undo(root, lo, hi, trail, meta)
    return found


# --- the solver as the rest of the engine sees it --------------------------------------------

class State:
    """Intervals, trail and scratch space for one board."""

    def __init__(self, lay: Layout):
        self.layout = lay
        links = len(lay.link_a)
        n = len(lay.number)
        self.lo = np.zeros(links, dtype=np.int64)
        self.hi = lay.capacity.copy()
        self.trail = np.zeros((3 * links + 3, 3), dtype=np.int64)
        self.meta = np.zeros(1, dtype=np.int64)
        self.counts = np.zeros(N_COUNTERS, dtype=np.int64)
        self.scratch = np.zeros(N_COUNTERS, dtype=np.int64)
        self.parent = np.zeros(n, dtype=np.int64)
        self.rem = np.zeros(n, dtype=np.int64)
        self.size = np.zeros(n, dtype=np.int64)

    def _board_args(self):
        lay = self.layout
        return (lay.number, lay.link_a, lay.link_b, lay.touch_start, lay.touch, lay.cross_start,
                lay.cross, self.lo, self.hi, self.trail, self.meta)

    def deduce(self, rules: int, whatif_limit: int = 0) -> int:
        """Continue the easiest-first deduction from the current intervals."""
        return int(_deduce(rules, whatif_limit, *self._board_args(), self.counts, self.scratch, self.parent,
                           self.rem, self.size))

    def search(self, rules: int, limit: int, keep: int = 2) -> tuple[int, np.ndarray]:
        solutions = np.zeros((keep, len(self.lo)), dtype=np.int64)
        found = _search(rules, limit, *self._board_args(), self.counts, solutions, self.parent,
                        self.rem, self.size)
        return int(found), solutions[:min(found, keep)]

    def bridges(self) -> list[int]:
        return [int(x) for x in self.lo]


def count_solutions(lay: Layout, limit: int, rules: int = SEARCH_RULES) -> tuple[int, int]:
    """(solutions up to `limit`, search nodes)."""
    state = State(lay)
    found, _ = state.search(rules, limit, keep=0)
    return found, int(state.counts[N_NODES])


def enumerate_solutions(lay: Layout, rules: int, limit: int = 10_000) -> list[tuple[int, ...]]:
    """Every solution (up to `limit`) as a tuple of bridge counts per link."""
    state = State(lay)
    found, rows = state.search(rules, limit, keep=limit)
    return [tuple(int(x) for x in row) for row in rows[:found]]


# --- the trace of one solve -------------------------------------------------------------------

def explain(puzzle: dict) -> list[str]:
    """The easiest-first solve, one line per narrowing, naming the rule that made it.

    It drives the same rule sweeps as the grader one at a time from Python (slow, but only
    run to show how a board is solved)."""
    lay = layout(Board.from_puzzle(puzzle))
    state = State(lay)
    lines: list[str] = []
    args = (lay.number, lay.link_a, lay.link_b, lay.touch_start, lay.touch, lay.cross_start,
            lay.cross)
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    sweeps = (
        ("crossings", lambda: crossings_sweep(lay.link_a, lay.cross_start, lay.cross, lo, hi,
                                         trail, meta)),
        ("saturation", lambda: saturation_sweep(lay.number, lay.link_a, lay.link_b, lay.touch_start,
                                           lay.touch, lo, hi, trail, meta, state.rem)),
        ("counting", lambda: counting_sweep(lay.number, lay.touch_start, lay.touch, lo, hi, trail,
                                       meta)),
        ("connectivity", lambda: connectivity_sweep(lay.number, lay.link_a, lay.link_b,
                                               lay.touch_start, lay.touch, lo, hi, trail, meta,
                                               state.parent, state.rem, state.size)),
    )
    whatifs = 0
    while True:
        before_lo, before_hi = lo.copy(), hi.copy()
        progress = False
        for rule, sweep in sweeps:
            if sweep() < 0:
                lines.append(f"{rule}: contradiction, the board has no solution")
                return lines
            changed = [e for e in range(len(lo)) if (lo[e], hi[e]) != (before_lo[e], before_hi[e])]
            if changed:
                lines.extend(f"{rule}: {_describe(lay, e, before_lo[e], before_hi[e], lo[e], hi[e])}"
                             for e in changed)
                progress = True
                break
        if progress:
            continue
        if _decided(lo, hi):
            lines.append("solved" if _valid(*args, lo, state.parent) else
                         "all links decided but the bridges do not form a solution")
            return lines
        step = one_whatif(state, args)
        if step is None:
            found, _ = state.search(SEARCH_RULES, 2, keep=0)
            lines.append(f"no what-if of one step helps: search finds {found} solution(s) "
                         f"in {int(state.counts[N_NODES])} nodes, {int(state.counts[N_DEPTH])} "
                         "guesses deep")
            return lines
        whatifs += 1
        e, supposed, old_lo, old_hi = step
        lines.append(f"what-if {whatifs}: if {_name(lay, e)} had {supposed} bridge(s) the rules "
                     f"reach a contradiction, so it {_describe(lay, e, old_lo, old_hi, lo[e], hi[e], bare=True)}")


def one_whatif(state: State, args):
    """Find and apply the first one-step what-if that ends in a contradiction."""
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    scratch = np.zeros(N_COUNTERS, dtype=np.int64)
    for e in range(len(lo)):
        if lo[e] == hi[e]:
            continue
        for supposed in (int(lo[e]), int(hi[e])):
            mark = int(meta[0])
            narrow(e, supposed, supposed, lo, hi, trail, meta)
            status = propagate(SEARCH_RULES, *args, lo, hi, trail, meta, scratch, state.parent,
                                state.rem, state.size)
            failed = status < 0 or (_decided(lo, hi) and not _valid(*args[:7], lo, state.parent))
            undo(mark, lo, hi, trail, meta)
            if failed:
                old_lo, old_hi = int(lo[e]), int(hi[e])
                if supposed == old_lo:
                    narrow(e, old_lo + 1, old_hi, lo, hi, trail, meta)
                else:
                    narrow(e, old_lo, old_hi - 1, lo, hi, trail, meta)
                return e, supposed, old_lo, old_hi
    return None


def _name(lay: Layout, e: int) -> str:
    a, b = lay.board.islands[lay.links[e].a], lay.board.islands[lay.links[e].b]
    return f"({a.row},{a.col})-({b.row},{b.col})"


def _describe(lay: Layout, e: int, old_lo, old_hi, new_lo, new_hi, bare: bool = False) -> str:
    prefix = "" if bare else f"{_name(lay, e)} "
    if new_lo == new_hi:
        return f"{prefix}has {new_lo} bridge(s)"
    if new_lo > old_lo and new_hi < old_hi:
        return f"{prefix}has {new_lo} to {new_hi} bridges"
    if new_lo > old_lo:
        return f"{prefix}has at least {new_lo} bridge(s)"
    return f"{prefix}has at most {new_hi} bridge(s)"
