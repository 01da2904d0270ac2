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

from pipeline.bridges.board import Layout
from pipeline.family import HintNames, unknown_reveals

# What a hint reveals, each a list of [end, end] spans with the length of its items: spans
# carrying at least k bridges [a, b, k], spans carrying none [a, b], at most k [a, b, k].
REVEALS = {"bridges": 3, "none": 2, "at_most": 3}

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
def _narrow(e, new_lo, new_hi, lo, hi, trail, meta):
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
def _undo(mark, lo, hi, trail, meta):
    t = meta[0]
    while t > mark:
        t -= 1
        e = trail[t, 0]
        lo[e] = trail[t, 1]
        hi[e] = trail[t, 2]
    meta[0] = t


@njit(cache=True)
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _components(n, link_a, link_b, counts_of, threshold, parent):
    """Union islands over links with counts_of[e] >= threshold; returns the number of parts."""
    for i in range(n):
        parent[i] = i
    parts = n
    for e in range(link_a.shape[0]):
        if counts_of[e] >= threshold:
            x = _find(parent, link_a[e])
            y = _find(parent, link_b[e])
            if x != y:
                parent[x] = y
                parts -= 1
    return parts


@njit(cache=True)
def _crossings(link_a, cross_start, cross, lo, hi, trail, meta):
    changed = 0
    for e in range(link_a.shape[0]):
        if lo[e] >= 1:
            for k in range(cross_start[e], cross_start[e + 1]):
                r = _narrow(cross[k], 0, 0, lo, hi, trail, meta)
                if r < 0:
                    return -1
                changed += r
    return changed


@njit(cache=True)
def _saturation(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta, left):
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
            r = _narrow(e, lo[e], cap, lo, hi, trail, meta)
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
                changed += _narrow(e, hi[e], hi[e], lo, hi, trail, meta)
        elif low == number[i] and low < high:
            for k in range(touch_start[i], touch_start[i + 1]):
                e = touch[k]
                changed += _narrow(e, lo[e], lo[e], lo, hi, trail, meta)
    return changed


@njit(cache=True)
def _counting(number, touch_start, touch, lo, hi, trail, meta):
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
            r = _narrow(e, number[i] - (high - hi[e]), hi[e], lo, hi, trail, meta)
            if r < 0:
                return -1
            changed += r
    return changed


@njit(cache=True)
def _connectivity(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta, parent,
                  rem, size):
    n = number.shape[0]
    # Islands that no possible bridges can join: a contradiction.
    if _components(n, link_a, link_b, hi, 1, parent) > 1:
        return -1
    # Groups joined by certain bridges, with the bridge ends each has left to spend. Only
    # `hi` narrows below, so the groups (made from `lo`) stay exact throughout the sweep.
    _components(n, link_a, link_b, lo, 1, parent)
    for i in range(n):
        rem[i] = 0
        size[i] = 0
    for i in range(n):
        g = _find(parent, i)
        left = number[i]
        for k in range(touch_start[i], touch_start[i + 1]):
            left -= lo[touch[k]]
        rem[g] += left
        size[g] += 1
    changed = 0
    for e in range(link_a.shape[0]):
        if lo[e] == hi[e]:
            continue
        ga = _find(parent, link_a[e])
        gb = _find(parent, link_b[e])
        v = hi[e]
        if ga != gb:  # then lo[e] is 0 and v >= 1 bridges would merge the two groups
            left = rem[ga] + rem[gb] - 2 * v
            members = size[ga] + size[gb]
        else:         # v - lo[e] more bridges inside one group
            left = rem[ga] - 2 * (v - lo[e])
            members = size[ga]
        if left == 0 and members < n:  # sealed off from the rest of the board
            r = _narrow(e, lo[e], v - 1, lo, hi, trail, meta)
            if r < 0:
                return -1
            changed += r
    return changed


@njit(cache=True)
def _propagate(rules, number, link_a, link_b, touch_start, touch, cross_start, cross,
               lo, hi, trail, meta, counts, parent, rem, size):
    """Apply the rules easiest first, back to the easiest after any progress, to a fixpoint."""
    if rules == 0:
        return STUCK
    while True:
        r = _crossings(link_a, cross_start, cross, lo, hi, trail, meta)
        if r < 0:
            return CONTRADICTION
        if r > 0:
            counts[N_CROSSINGS] += r
            continue
        if rules & SATURATION:
            r = _saturation(number, link_a, link_b, touch_start, touch, lo, hi, trail, meta,
                            rem)
            if r < 0:
                return CONTRADICTION
            if r > 0:
                counts[N_SATURATION] += r
                continue
        if rules & COUNTING:
            r = _counting(number, touch_start, touch, lo, hi, trail, meta)
            if r < 0:
                return CONTRADICTION
            if r > 0:
                counts[N_COUNTING] += r
                continue
        if rules & CONNECTIVITY:
            r = _connectivity(number, link_a, link_b, touch_start, touch, lo, hi, trail,
                              meta, parent, rem, size)
            if r < 0:
                return CONTRADICTION
            if r > 0:
                counts[N_CONNECTIVITY] += r
                continue
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
    return _components(number.shape[0], link_a, link_b, bridges, 1, parent) == 1


@njit(cache=True)
def _deduce(rules, whatif_limit, number, link_a, link_b, touch_start, touch, cross_start, cross,
            lo, hi, trail, meta, counts, scratch, parent, rem, size):
    """Rules to a fixpoint, then (with WHATIF) one-step what-ifs: SOLVED, STUCK or CONTRADICTION."""
    plain = rules & ~WHATIF
    while True:
        r = _propagate(plain, number, link_a, link_b, touch_start, touch, cross_start, cross,
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
                    _narrow(e, lo[e], lo[e], lo, hi, trail, meta)
                else:
                    _narrow(e, hi[e], hi[e], lo, hi, trail, meta)
                counts[N_TRIALS] += 1
                t = _propagate(plain, number, link_a, link_b, touch_start, touch, cross_start,
                               cross, lo, hi, trail, meta, scratch, parent, rem, size)
                failed = t < 0
                if not failed and _decided(lo, hi):
                    failed = not _valid(number, link_a, link_b, touch_start, touch,
                                        cross_start, cross, lo, parent)
                _undo(mark, lo, hi, trail, meta)
                if failed:
                    counts[N_WHATIF] += 1
                    if side == 0:
                        r = _narrow(e, lo[e] + 1, hi[e], lo, hi, trail, meta)
                    else:
                        r = _narrow(e, lo[e], hi[e] - 1, lo, hi, trail, meta)
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
    alive = _propagate(rules, number, link_a, link_b, touch_start, touch, cross_start, cross,
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
                _narrow(e, lo[e], lo[e], lo, hi, trail, meta)
                alive = _propagate(rules, number, link_a, link_b, touch_start, touch,
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
            _undo(stack_mark[d], lo, hi, trail, meta)
            e = stack_link[d]
            value = stack_value[d] + 1
            if value <= hi[e]:
                stack_value[d] = value
                _narrow(e, value, value, lo, hi, trail, meta)
                alive = _propagate(rules, number, link_a, link_b, touch_start, touch,
                                   cross_start, cross, lo, hi, trail, meta, counts, parent,
                                   rem, size) >= 0
                break
            depth -= 1
        if depth == 0 and not alive:
            break
    _undo(root, lo, hi, trail, meta)
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

def explain(lay: Layout) -> list[str]:
    """The easiest-first solve, one line per narrowing, naming the rule that made it.

    It drives the same rule sweeps as the grader one at a time from Python (slow, but only
    run to show how a board is solved)."""
    state = State(lay)
    lines: list[str] = []
    args = (lay.number, lay.link_a, lay.link_b, lay.touch_start, lay.touch, lay.cross_start,
            lay.cross)
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    sweeps = (
        ("crossings", lambda: _crossings(lay.link_a, lay.cross_start, lay.cross, lo, hi,
                                         trail, meta)),
        ("saturation", lambda: _saturation(lay.number, lay.link_a, lay.link_b, lay.touch_start,
                                           lay.touch, lo, hi, trail, meta, state.rem)),
        ("counting", lambda: _counting(lay.number, lay.touch_start, lay.touch, lo, hi, trail,
                                       meta)),
        ("connectivity", lambda: _connectivity(lay.number, lay.link_a, lay.link_b,
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
        step = _one_whatif(state, args)
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


def _one_whatif(state: State, args):
    """Find and apply the first one-step what-if that ends in a contradiction."""
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    scratch = np.zeros(N_COUNTERS, dtype=np.int64)
    for e in range(len(lo)):
        if lo[e] == hi[e]:
            continue
        for supposed in (int(lo[e]), int(hi[e])):
            mark = int(meta[0])
            _narrow(e, supposed, supposed, lo, hi, trail, meta)
            status = _propagate(SEARCH_RULES, *args, lo, hi, trail, meta, scratch, state.parent,
                                state.rem, state.size)
            failed = status < 0 or (_decided(lo, hi) and not _valid(*args[:7], lo, state.parent))
            _undo(mark, lo, hi, trail, meta)
            if failed:
                old_lo, old_hi = int(lo[e]), int(hi[e])
                if supposed == old_lo:
                    _narrow(e, old_lo + 1, old_hi, lo, hi, trail, meta)
                else:
                    _narrow(e, old_lo, old_hi - 1, lo, hi, trail, meta)
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


# --- the hint: the board's key step -------------------------------------------------------------

HINT_TECHNIQUES = (  # hardest first: the hint is the first step of the hardest one recorded
    ("whatif_count", "what-if", None),
    ("connectivity", "connectivity", CROSSINGS | SATURATION | COUNTING),
    ("counting", "counting", CROSSINGS | SATURATION),
    ("saturation", "saturation", CROSSINGS),
)


def _island(lay: Layout, i: int) -> str:
    from pipeline.family import square_name

    island = lay.board.islands[i]
    return f"the {island.number} at {square_name(island.row, island.col)}"


def _span(lay: Layout, e: int) -> str:
    return f"{_island(lay, int(lay.link_a[e]))} and {_island(lay, int(lay.link_b[e]))}"


def _ends(lay: Layout, e: int) -> tuple[list[int], list[int]]:
    a, b = int(lay.link_a[e]), int(lay.link_b[e])
    return [int(lay.rows[a]), int(lay.cols[a])], [int(lay.rows[b]), int(lay.cols[b])]


def _reveals(lay: Layout, e: int, old: tuple[int, int], new: tuple[int, int]) -> dict:
    """What narrowing link e from `old` to `new` establishes, in record coordinates."""
    a, b = _ends(lay, e)
    out = {"bridges": [], "none": [], "at_most": []}
    if new[0] > old[0]:
        out["bridges"].append([a, b, new[0]])
    if new[1] < old[1]:
        if new[1] == 0:
            out["none"].append([a, b])
        else:
            out["at_most"].append([a, b, new[1]])
    return out


def _outcome(new: tuple[int, int], old: tuple[int, int]) -> str:
    """What a span carries after a narrowing, as a phrase: "at least 1 bridge"."""
    if new[0] == new[1]:
        return "no bridge" if new[0] == 0 else _count_words(new[0]).replace("one", "exactly one")\
            .replace("two", "exactly two")
    if new[0] > old[0]:
        return f"at least {_count_words(new[0])}"
    return "no bridge" if new[1] == 0 else f"at most {_count_words(new[1])}"


def _first_narrowing(state: State, mark: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """The first link a sweep narrowed since trail position `mark`: (link, before, after)."""
    e = int(state.trail[mark, 0])
    old = (int(state.trail[mark, 1]), int(state.trail[mark, 2]))
    for t in range(mark + 1, int(state.meta[0])):
        if state.trail[t, 0] == e:
            return e, old, (int(state.trail[t, 1]), int(state.trail[t, 2]))
    return e, old, (int(state.lo[e]), int(state.hi[e]))


def _groups(lay: Layout, lo) -> dict[int, list[int]]:
    parent = np.zeros(len(lay.number), dtype=np.int64)
    _components(len(lay.number), lay.link_a, lay.link_b, lo, 1, parent)
    out: dict[int, list[int]] = {}
    for i in range(len(lay.number)):
        out.setdefault(int(_find(parent, i)), []).append(i)
    return out


def _left(lay: Layout, lo, i: int) -> int:
    return int(lay.number[i]) - sum(int(lo[lay.touch[k]])
                                    for k in range(lay.touch_start[i], lay.touch_start[i + 1]))


def _rule_text(lay: Layout, rule: str, e: int, lo, hi, old, new) -> tuple[str, list[int]]:
    """Why a rule narrowed link e (given the intervals just before), and the islands it used."""
    a, b = int(lay.link_a[e]), int(lay.link_b[e])
    outcome = _outcome(new, old)
    touching = {i: [int(lay.touch[k]) for k in range(lay.touch_start[i], lay.touch_start[i + 1])]
                for i in (a, b)}
    if rule == "connectivity":
        groups = _groups(lay, lo)
        parent = {i: root for root, members in groups.items() for i in members}
        ga, gb = groups[parent[a]], groups[parent[b]]
        ends = sum(_left(lay, lo, i) for i in ga) + (
            sum(_left(lay, lo, i) for i in gb) if ga is not gb else 0)
        joined = (lambda g, i: _island(lay, i) if len(g) == 1 else
                  f"the {len(g)} islands already joined up with {_island(lay, i)}")
        whole = f"{joined(ga, a)} and {joined(gb, b)} have" if ga is not gb else \
            f"{joined(ga, a)} {'have' if len(ga) > 1 else 'has'}"
        members = len(set(ga + gb))
        text = (f"{whole} {ends} bridge ends left to spend. {_count_words(old[1]).capitalize()} "
                f"between {_span(lay, e)} would spend every one and cut off these {members} "
                f"islands (gray in the figure) from the rest: the span carries {outcome}.")
        return text, sorted(set(ga + gb))
    if rule == "counting":
        for i in (a, b):
            others = sum(int(hi[f]) for f in touching[i] if f != e)
            if int(lay.number[i]) - others == new[0] > old[0]:
                other = b if i == a else a
                return (f"{_island(lay, i)} can get at most {others} bridge"
                        f"{'s' if others != 1 else ''} from its other neighbours, so at least "
                        f"{_count_words(new[0]).replace('one', '1').replace('two', '2')} must run "
                        f"to {_island(lay, other)}.", [i, other])
    # saturation: an island that can just fill takes every bridge it can reach (a rise of the
    # least count); an island already full, or short of ends, caps the link (a fall of the most)
    for i in (a, b):
        left = _left(lay, lo, i)
        high = sum(int(hi[f]) for f in touching[i])
        low = sum(int(lo[f]) for f in touching[i])
        other = b if i == a else a
        if new[0] > old[0] and high == int(lay.number[i]) and low < high:
            return (f"{_island(lay, i)} can reach exactly {high} bridge ends over all its "
                    f"possible bridges, so it needs every one of them: "
                    f"{outcome} to {_island(lay, other)}.", [i, other])
        if new[0] == old[0] and low == int(lay.number[i]) and low < high:
            return (f"{_island(lay, i)} already has all its bridges, so no more run from it: "
                    f"{outcome} to {_island(lay, other)}.", [i, other])
        if new[0] == old[0] and new[1] == old[0] + left:
            return (f"{_island(lay, i)} has only {left} bridge end{'s' if left != 1 else ''} "
                    f"left to spend, so the span between {_span(lay, e)} carries {outcome}.",
                    [i, other])
    raise AssertionError(f"no reason found for the {rule} step")


def hint(puzzle: dict, solution: dict | None, grade: dict):
    """The first step of the hardest technique the grade records: the first what-if on boards
    that need one, else the first connectivity step, else counting, else saturation."""
    from pipeline.bridges.board import Board, layout
    from pipeline.family import Hint

    lay = layout(Board.from_puzzle(puzzle))
    state = State(lay)
    args = (lay.number, lay.link_a, lay.link_b, lay.touch_start, lay.touch, lay.cross_start,
            lay.cross)
    for measure, technique, easier in HINT_TECHNIQUES:
        if not grade.get(measure):
            continue
        if easier is None:
            state.deduce(SEARCH_RULES)
            step = _one_whatif(state, args)
            if step is None:   # extreme boards that only search decides: the next technique
                state = State(lay)
                continue
            e, supposed, old_lo, old_hi = step
            old, new = (old_lo, old_hi), (int(state.lo[e]), int(state.hi[e]))
            where, culprit = _contradiction(lay, e, supposed, state, args)
            text = (f"After the easier steps, suppose {_span(lay, e)} had "
                    f"{_count_words(supposed)} between them. The easier steps then reach a "
                    f"contradiction{where or _GENERIC}. So the span carries "
                    f"{_outcome(new, old)}.")
            a, b = int(lay.link_a[e]), int(lay.link_b[e])
            near = sorted({int(x) for f in range(len(lay.link_a)) for x in
                           (lay.link_a[f], lay.link_b[f]) if {a, b} & {int(lay.link_a[f]),
                                                                       int(lay.link_b[f])}})
            return Hint(technique, text, _reveals(lay, e, old, new),
                        _figure(lay, e, near + culprit, []))
        state.deduce(easier)
        lo, hi = state.lo.copy(), state.hi.copy()
        mark = int(state.meta[0])
        sweep = {"connectivity": lambda: _connectivity(*args[:5], state.lo,
                                                       state.hi, state.trail, state.meta,
                                                       state.parent, state.rem, state.size),
                 "counting": lambda: _counting(lay.number, lay.touch_start, lay.touch, state.lo,
                                               state.hi, state.trail, state.meta),
                 "saturation": lambda: _saturation(*args[:5], state.lo, state.hi, state.trail,
                                                   state.meta, state.rem)}[technique]
        if sweep() <= 0 or int(state.meta[0]) == mark:
            raise AssertionError(f"the grade records {technique} but no {technique} step is found")
        e, old, new = _first_narrowing(state, mark)
        why, islands = _rule_text(lay, technique, e, lo, hi, old, new)
        opening = "After the easier steps" if mark else "From the start"
        group = islands if technique == "connectivity" else []
        return Hint(technique, f"{opening}, {why}", _reveals(lay, e, old, new),
                    _figure(lay, e, islands, group))
    raise ValueError("the grade records no technique to hint at")


def _contradiction(lay: Layout, e: int, supposed: int, state: State, args) -> tuple[str, list]:
    """Where the easier rules break down once link e is supposed to carry `supposed`: the words
    for it (empty when no single island or span shows it) and the islands it names."""
    lo, hi, trail, meta = state.lo, state.hi, state.trail, state.meta
    mark = int(meta[0])
    scratch = np.zeros(N_COUNTERS, dtype=np.int64)
    _narrow(e, supposed, supposed, lo, hi, trail, meta)
    _propagate(SEARCH_RULES, *args, lo, hi, trail, meta, scratch, state.parent, state.rem,
               state.size)
    found: tuple[str, list] = ("", [])
    last = int(meta[0]) - 1
    first = list(range(len(lay.number)))
    if last >= mark and lo[trail[last, 0]] > hi[trail[last, 0]]:
        # The narrowing that failed: look at the board just before it, at its ends first.
        f = int(trail[last, 0])
        lo[f], hi[f] = trail[last, 1], trail[last, 2]
        ends = [int(lay.link_a[f]), int(lay.link_b[f])]
        first = ends + [i for i in first if i not in ends]
    for i in first:
        touching = range(lay.touch_start[i], lay.touch_start[i + 1])
        high = sum(int(hi[lay.touch[k]]) for k in touching)
        low = sum(int(lo[lay.touch[k]]) for k in touching)
        if high < lay.number[i]:
            found = (f": {_island(lay, i)} can no longer get its number", [i])
            break
        if low > lay.number[i]:
            found = (f": {_island(lay, i)} gets more bridges than its number", [i])
            break
    else:
        parent = np.zeros(len(lay.number), dtype=np.int64)
        if _components(len(lay.number), lay.link_a, lay.link_b, hi, 1, parent) > 1:
            cut = [i for i in range(len(lay.number))
                   if _find(parent, i) != _find(parent, int(lay.link_a[e]))]
            found = (f": islands such as {_island(lay, cut[0])} are cut off from the rest",
                     [cut[0]])
    _undo(mark, lo, hi, trail, meta)
    return found


_GENERIC = (" (an island that cannot get its number, bridges that would cross, or islands cut off "
            "from the rest)")


def _count_words(k: int) -> str:
    return {0: "no bridge", 1: "one bridge", 2: "two bridges"}[k]


def _figure(lay: Layout, e: int, islands: list[int], group: list[int]) -> dict:
    """The islands a hint reasons on, the span it decides, and the group it speaks of."""
    a, b = _ends(lay, e)
    shown = sorted(set(islands) | {int(lay.link_a[e]), int(lay.link_b[e])})
    rows = [int(lay.rows[i]) for i in shown]
    cols = [int(lay.cols[i]) for i in shown]
    height, width = lay.board.height, lay.board.width
    return {"islands": [[int(lay.rows[i]), int(lay.cols[i]), int(lay.number[i])] for i in shown],
            "span": [a, b],
            "group": [[int(lay.rows[i]), int(lay.cols[i])] for i in sorted(group)],
            "window": _window(min(rows), max(rows), height) + _window(min(cols), max(cols), width)}


FIGURE_MIN_LINES = 4   # a hint figure shows at least this many rows and columns of its board


def _window(low: int, high: int, size: int) -> list[int]:
    """[first, count] of the rows (or columns) a figure shows: those its islands stand on,
    widened to FIGURE_MIN_LINES where the board allows. Cropping keeps the islands large
    enough to read their numbers on a small figure."""
    count = min(size, max(high - low + 1, FIGURE_MIN_LINES))
    first = min(max(0, low - (count - (high - low + 1)) // 2), size - count)
    return [first, count]


def check_hint(puzzle: dict, solution: dict, reveals: dict) -> list[str]:
    """Whatever `reveals` says that the solution does not: a span with fewer bridges than it
    claims, a "none" span that carries one, an "at most k" span with more, or ends that are not
    two islands in one line of sight."""
    from pipeline.bridges.board import Board, layout

    lay = layout(Board.from_puzzle(puzzle))
    spans = {tuple(map(tuple, _ends(lay, e))): e for e in range(len(lay.link_a))}
    carried = {(tuple(a), tuple(b)): k for a, b, k in solution["bridges"]}
    problems = unknown_reveals(reveals, tuple(REVEALS))
    said = 0
    for key, width in REVEALS.items():
        items = reveals.get(key, [])
        if not isinstance(items, list):
            problems.append(f"reveals.{key} is not a list")
            continue
        for item in items:
            ends = tuple(tuple(end) for end in item[:2]) if isinstance(item, list) and \
                len(item) == width and all(isinstance(end, list) for end in item[:2]) else None
            if ends is None or ends not in spans:
                problems.append(f"reveals.{key}: {item!r} is not a span between two islands")
                continue
            said += 1
            k = carried.get(ends, 0)
            if key == "bridges" and k < item[2]:
                problems.append(f"{list(ends)} carries {k} bridge(s), not at least {item[2]}")
            elif key == "none" and k:
                problems.append(f"{list(ends)} carries {k} bridge(s), not none")
            elif key == "at_most" and k > item[2]:
                problems.append(f"{list(ends)} carries {k} bridges, not at most {item[2]}")
    if not said:
        problems.append("the hint establishes nothing")
    return problems


def hint_names(reveals: dict) -> HintNames:
    """Both islands of every span a hint decides are named in its words."""
    return HintNames(squares=frozenset(
        tuple(end) for key in REVEALS for item in reveals.get(key, []) if isinstance(item, list)
        for end in item[:2] if isinstance(end, list) and len(end) == 2))
