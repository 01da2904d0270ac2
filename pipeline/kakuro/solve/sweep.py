"""The climb's sweeps, compiled: every run's findings of a tier applied, run after run, then
every naked single, until a sweep changes nothing.

The same work as the Python sweep in `closure` (solve/__init__.py), step for step: the runs
in the same order, each with its remainder, its combinations (one combination at easy, every
combination its cells can hold from medium on) and what they cut, its needed digits with one
place left, its naked pairs and triples from hard on; then one pass over the cells for naked
singles. A run is worked on again only when one of its cells changed since it last was (its
findings depend on its cells alone). The Python sweep stays as the reference: the tests hold
the two to the same grid on every board they try.

What a run's open cells can hold is found per combination of digits (the table of
`pipeline/engines/sums.py`): over the subsets S of the combination, `head[S]` says the first |S| open
cells can take exactly S and `tail[S]` that the last |S| can; a cell takes d in some filling
when some head S misses d and the tail takes the rest. 2^n subsets for a run of n open cells:
cheap for a compiled loop, and no cache needed.

Compiled with numba (cache=True): the first run in a fresh checkout compiles it (measured in
docs/kakuro.md), later runs load it from `__pycache__`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pipeline.engines.bits import popcount
from pipeline.engines.sums import COMBINATIONS

MAX_SUM = 45


def combination_table() -> tuple[np.ndarray, np.ndarray]:
    """The sum engine's combinations as two arrays: for (cells, sum) at cells * 46 + sum, the
    slice start[k]:start[k + 1] of `masks`."""
    start, masks = [0], []
    for cells in range(10):
        for total in range(MAX_SUM + 1):
            masks.extend(COMBINATIONS.get((cells, total), ()))
            start.append(len(masks))
    return np.array(start, dtype=np.int64), np.array(masks, dtype=np.int64)


COMBO_START, COMBO_MASKS = combination_table()


@njit(cache=True)
def _lowest_digit(m):
    d = 1
    while not m & 1:
        m >>= 1
        d += 1
    return d


@njit(cache=True)
def _mark(cell, run_of, dirty):
    dirty[run_of[cell, 0]] = True
    dirty[run_of[cell, 1]] = True


@njit(cache=True)
def _place(cell, d, value, cand, peer_start, peers, run_of, dirty, state):
    """state[0]: broken (a cell given a second digit, or a digit it had lost)."""
    bit = 1 << (d - 1)
    if value[cell] != 0 or not cand[cell] & bit:
        state[0] = 1
    value[cell] = d
    cand[cell] = 0
    _mark(cell, run_of, dirty)
    for k in range(peer_start[cell], peer_start[cell + 1]):
        p = peers[k]
        if cand[p] & bit:
            cand[p] &= ~bit
            _mark(p, run_of, dirty)


@njit(cache=True)
def _support(combo, options, n, head, tail, out):
    """Per open cell (options[i] its candidates within `combo`), the digits it takes in some
    way of giving the n cells the n digits of `combo`, all different, in out[i]; whether
    there is such a way."""
    sub = 0
    while True:                      # the subsets of combo, each before its supersets
        head[sub] = sub == 0
        tail[sub] = sub == 0
        if sub == combo:
            break
        sub = (sub - combo) & combo
    sub = 0
    while True:
        size = popcount(sub)
        if size < n:
            if head[sub]:
                free = options[size] & ~sub
                while free:
                    bit = free & -free
                    head[sub | bit] = True
                    free &= free - 1
            if tail[sub]:
                free = options[n - 1 - size] & ~sub
                while free:
                    bit = free & -free
                    tail[sub | bit] = True
                    free &= free - 1
        if sub == combo:
            break
        sub = (sub - combo) & combo
    if not head[combo]:
        return False
    sub = 0
    while True:
        size = popcount(sub)
        if size < n and head[sub]:
            free = options[size] & ~sub
            while free:
                bit = free & -free
                if tail[combo & ~sub & ~bit]:
                    out[size] |= bit
                free &= free - 1
        if sub == combo:
            break
        sub = (sub - combo) & combo
    return True


@njit(cache=True)
def _work_on_run(k, tier, totals, run_start, run_cells, value, cand, peer_start, peers,
                 run_of, dirty, state, combo_start, combo_masks, head, tail):
    """One run's findings of the tier applied; whether any was."""
    changed = False
    a, b = run_start[k], run_start[k + 1]
    open_at = np.empty(b - a, dtype=np.int64)
    n_open, placed, placed_sum = 0, 0, 0
    for j in range(a, b):
        d = value[run_cells[j]]
        if d:
            placed |= 1 << (d - 1)
            placed_sum += d
        else:
            open_at[n_open] = run_cells[j]
            n_open += 1
    if n_open == 0:
        return False
    dirty[k] = False
    rest = totals[k] - placed_sum
    if n_open == 1:
        cell, d = open_at[0], rest
        if 1 <= d <= 9 and cand[cell] & (1 << (d - 1)):
            _place(cell, d, value, cand, peer_start, peers, run_of, dirty, state)
            return True
        return False
    needed = 0
    if 0 <= rest <= MAX_SUM:
        at = n_open * (MAX_SUM + 1) + rest
        first, last = combo_start[at], combo_start[at + 1]
    else:
        first, last = 0, 0
    if tier == 0:
        # one combination left (the candidates not read): it cuts what lies outside it
        found, count = 0, 0
        for c in range(first, last):
            if not combo_masks[c] & placed:
                found = combo_masks[c]
                count += 1
        if count == 1:
            needed = found
            for i in range(n_open):
                cell = open_at[i]
                if cand[cell] & ~found:
                    cand[cell] &= found
                    _mark(cell, run_of, dirty)
                    changed = True
    else:
        keep = np.zeros(n_open, dtype=np.int64)
        options = np.empty(n_open, dtype=np.int64)
        usable = False
        needed = 0x1FF
        for c in range(first, last):
            combo = combo_masks[c]
            if combo & placed:
                continue
            for i in range(n_open):
                options[i] = cand[open_at[i]] & combo
            if _support(combo, options, n_open, head, tail, keep):
                usable = True
                needed &= combo
        if usable:
            for i in range(n_open):
                cell = open_at[i]
                if cand[cell] & ~keep[i]:
                    cand[cell] &= keep[i]
                    _mark(cell, run_of, dirty)
                    changed = True
        else:
            needed = 0
    # a digit every combination needs, with one place left in the run
    while needed:
        bit = needed & -needed
        needed &= needed - 1
        where, count, held = -1, 0, False
        for j in range(a, b):
            cell = run_cells[j]
            if cand[cell] & bit:
                where = cell
                count += 1
            if value[cell] == _lowest_digit(bit):
                held = True
        if count == 1 and not held:
            _place(where, _lowest_digit(bit), value, cand, peer_start, peers, run_of,
                   dirty, state)
            changed = True
    if tier >= 2:
        for n in (2, 3):
            if _naked_subset(n, a, b, run_cells, value, cand, run_of, dirty):
                changed = True
    return changed


@njit(cache=True)
def _naked_subset(n, a, b, run_cells, value, cand, run_of, dirty):
    """The first n open cells of the run (in its order) whose candidates are n digits between
    them and that cut something from its other open cells: the cut made; whether one was."""
    few = np.empty(b - a, dtype=np.int64)
    m = 0
    for j in range(a, b):
        cell = run_cells[j]
        if not value[cell] and popcount(cand[cell]) <= n:
            few[m] = cell
            m += 1
    chosen = np.empty(3, dtype=np.int64)
    # the n-subsets of `few` in lexicographic order, as itertools.combinations gives them
    index = np.arange(3)
    if m < n:
        return False
    while True:
        union = 0
        for t in range(n):
            chosen[t] = few[index[t]]
            union |= cand[chosen[t]]
        if popcount(union) == n:
            cut = False
            for j in range(a, b):
                cell = run_cells[j]
                if value[cell] or cand[cell] & union == 0:
                    continue
                inside = False
                for t in range(n):
                    if chosen[t] == cell:
                        inside = True
                if not inside:
                    cut = True
            if cut:
                for j in range(a, b):
                    cell = run_cells[j]
                    inside = False
                    for t in range(n):
                        if chosen[t] == cell:
                            inside = True
                    if not inside and not value[cell] and cand[cell] & union:
                        cand[cell] &= ~union
                        _mark(cell, run_of, dirty)
                return True
        # the next n-subset
        t = n - 1
        while t >= 0 and index[t] == m - n + t:
            t -= 1
        if t < 0:
            return False
        index[t] += 1
        for u in range(t + 1, n):
            index[u] = index[u - 1] + 1


@njit(cache=True)
def _fill_area(n, cells, masks, run_of, rest, chosen, left, support):
    """Every way of giving an area's n open cells digits of their candidates that add up to
    `rest`, differing where two cells share a run, marked in `support`; whether there is one.
    A search with its own stack (chosen[k]: the digit cell k holds, left[k]: the sum left
    for cells k..): a recursive function does not load back from numba's cache."""
    found = False
    k = 0
    chosen[0] = 0
    left[0] = rest
    while k >= 0:
        d = chosen[k] + 1
        while d <= 9:
            if masks[k] & (1 << (d - 1)) and d <= left[k]:
                clash = False
                for j in range(k):
                    if chosen[j] == d and (run_of[cells[j], 0] == run_of[cells[k], 0]
                                           or run_of[cells[j], 1] == run_of[cells[k], 1]):
                        clash = True
                if not clash:
                    break
            d += 1
        if d > 9:
            chosen[k] = 0
            k -= 1
            continue
        chosen[k] = d
        if k == n - 1:
            if left[k] == d:
                found = True
                for i in range(n):
                    support[i] |= 1 << (chosen[i] - 1)
            continue
        left[k + 1] = left[k] - d
        k += 1
        chosen[k] = 0
    return found


@njit(cache=True)
def _area_step(area_start, area_cells, area_totals, value, cand, peer_start, peers, run_of,
               dirty, state, max_open):
    """The first area (in the order of `Layout.areas`) whose few open cells' sum cuts a
    candidate or places a digit: that step applied; whether one was (the Area Sum of
    solve/__init__.py, which the tests hold it to)."""
    open_cells = np.empty(max_open, dtype=np.int64)
    masks = np.empty(max_open, dtype=np.int64)
    chosen = np.zeros(max_open, dtype=np.int64)
    left = np.zeros(max_open, dtype=np.int64)
    support = np.zeros(max_open, dtype=np.int64)
    for k in range(area_totals.shape[0]):
        n, rest, usable = 0, area_totals[k], True
        for j in range(area_start[k], area_start[k + 1]):
            cell = area_cells[j]
            if value[cell]:
                rest -= value[cell]
                continue
            if n == max_open or not cand[cell]:
                usable = False
                break
            open_cells[n] = cell
            masks[n] = cand[cell]
            n += 1
        if not usable or n == 0:
            continue
        if n == 1:
            cell, d = open_cells[0], rest
            if 1 <= d <= 9 and cand[cell] & (1 << (d - 1)):
                _place(cell, d, value, cand, peer_start, peers, run_of, dirty, state)
                return True
            continue
        if rest < n:
            continue
        support[:n] = 0
        if not _fill_area(n, open_cells, masks, run_of, rest, chosen, left, support):
            continue
        cut = False
        for i in range(n):
            if masks[i] & ~support[i]:
                cand[open_cells[i]] &= support[i]
                _mark(open_cells[i], run_of, dirty)
                cut = True
        if cut:
            return True
    return False


@njit(cache=True)
def sweeps(tier, totals, run_start, run_cells, value, cand, peer_start, peers, run_of,
           dirty, combo_start, combo_masks, area_start, area_cells, area_totals, max_open):
    """Sweeps of the tier until one changes nothing, a cell is left with neither digit nor
    candidate, or a placement breaks the grid; from hard on, an area step whenever a sweep
    changes nothing, and sweeps again after it. Returns (whether anything changed,
    broken)."""
    state = np.zeros(1, dtype=np.int64)
    head = np.zeros(512, dtype=np.bool_)
    tail = np.zeros(512, dtype=np.bool_)
    n_cells = value.shape[0]
    any_change = False
    while True:
        for i in range(n_cells):
            if value[i] == 0 and cand[i] == 0:
                return any_change, state[0] == 1
        changed = False
        for k in range(totals.shape[0]):
            if state[0]:
                return True, True
            if not dirty[k]:
                continue
            if _work_on_run(k, tier, totals, run_start, run_cells, value, cand, peer_start,
                            peers, run_of, dirty, state, combo_start, combo_masks, head, tail):
                changed = True
        for i in range(n_cells):              # naked singles, in cell order
            m = cand[i]
            if m and m & (m - 1) == 0:
                _place(i, _lowest_digit(m), value, cand, peer_start, peers, run_of, dirty,
                       state)
                changed = True
        if changed:
            any_change = True
        if state[0]:
            return any_change, True
        if not changed:
            for i in range(n_cells):
                if value[i] == 0 and cand[i] == 0:
                    return any_change, False
            if tier < 2 or not _area_step(area_start, area_cells, area_totals, value, cand,
                                          peer_start, peers, run_of, dirty, state, max_open):
                return any_change, state[0] == 1
            any_change = True
