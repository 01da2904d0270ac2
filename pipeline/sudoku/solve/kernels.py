"""The compiled kernels of the costly searches: chains over candidates, and following singles
from a supposition (Nishio, forcing chains). Arrays in, arrays out; the Python that writes
their steps is in chains.py.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# --- compiled kernels ------------------------------------------------------------------------
# Candidates as nodes cell * 9 + (digit - 1). A chain alternates strong links (of two nodes,
# at least one is true: a cell with two candidates, a digit with two places in a house) and
# weak links (at most one is true: two digits of one cell, one digit in two cells that share
# a group). The search goes breadth first from "node s is false" over states (node, truth):
# a false node makes its strong partners true, a true node makes its weak partners false.
# Reaching "t is true" proves "s or t", and whatever sees both is eliminated.

X_CHAIN, XY_CHAIN, AIC_CHAIN = 0, 1, 2


@njit(cache=True)
def _strong(cand, node, mode, houses, cell_houses, out):
    """The strong partners of `node` under `mode`; returns how many were written."""
    cell, d = divmod(node, 9)
    bit = 1 << d
    k = 0
    m = cand[cell]
    if mode != X_CHAIN:
        # the cell's other candidate when it has exactly two
        rest = m & ~bit
        if rest != 0 and rest & (rest - 1) == 0:
            out[k] = cell * 9 + _lowest_digit(rest) - 1
            k += 1
    if mode != XY_CHAIN:
        for t in range(3):
            h = cell_houses[cell, t]
            other = -1
            n = 0
            for i in range(9):
                c = houses[h, i]
                if cand[c] & bit:
                    n += 1
                    if c != cell:
                        other = c
            if n == 2:
                dup = False
                for j in range(k):
                    if out[j] == other * 9 + d:
                        dup = True
                if not dup:
                    out[k] = other * 9 + d
                    k += 1
    return k


@njit(cache=True)
def _weak(cand, node, mode, peers, counts, out):
    """The weak partners of `node` under `mode` (nodes that are false when it is true)."""
    cell, d = divmod(node, 9)
    bit = 1 << d
    k = 0
    if mode == AIC_CHAIN:
        m = cand[cell] & ~bit
        e = 0
        while m:
            if m & 1:
                out[k] = cell * 9 + e
                k += 1
            m >>= 1
            e += 1
    for j in range(counts[cell]):
        p = peers[cell, j]
        if cand[p] & bit:
            if mode == XY_CHAIN:
                m = cand[p]
                if (m & (m - 1)) == 0 or (m & (m - 1)) & ((m & (m - 1)) - 1) != 0:
                    continue   # only cells with exactly two candidates
            out[k] = p * 9 + d
            k += 1
    return k


@njit(cache=True)
def _chain_eliminations(cand, s, t, peer, elims):
    """What "s or t" eliminates; returns how many (cell, digit) pairs were written."""
    sc, sd = s // 9, s % 9
    tc, td = t // 9, t % 9
    k = 0
    if sd == td:
        bit = 1 << sd
        for e in range(81):
            if e != sc and e != tc and cand[e] & bit and peer[e, sc] and peer[e, tc]:
                elims[k, 0] = e
                elims[k, 1] = sd + 1
                k += 1
    elif sc == tc:
        m = cand[sc] & ~((1 << sd) | (1 << td))
        e = 0
        while m:
            if m & 1:
                elims[k, 0] = sc
                elims[k, 1] = e + 1
                k += 1
            m >>= 1
            e += 1
    elif peer[sc, tc]:
        if cand[sc] & (1 << td):
            elims[k, 0] = sc
            elims[k, 1] = td + 1
            k += 1
        if cand[tc] & (1 << sd):
            elims[k, 0] = tc
            elims[k, 1] = sd + 1
            k += 1
    return k


@njit(cache=True)
def shortest_chain(cand, mode, max_links, houses, cell_houses, peers, counts, peer, path, elims):
    """The shortest chain of `mode` (fewest links, then the earliest start) that eliminates
    something. Writes its nodes into `path` and its eliminations into `elims`; returns
    (nodes in the chain, eliminations), (0, 0) when there is none."""
    best_len = max_links + 1
    best_nodes = 0
    best_elims = 0
    parent = np.empty(729 * 2, dtype=np.int64)
    dist = np.empty(729 * 2, dtype=np.int64)
    queue = np.empty(729 * 2, dtype=np.int64)
    partners = np.empty(40, dtype=np.int64)
    found = np.empty((81, 2), dtype=np.int64)
    for s in range(729):
        cell = s // 9
        if not (cand[cell] >> (s % 9)) & 1:
            continue
        if mode == XY_CHAIN:
            m = cand[cell]
            if (m & (m - 1)) == 0 or (m & (m - 1)) & ((m & (m - 1)) - 1) != 0:
                continue
        dist[:] = -1
        start = s * 2          # state: node * 2 + truth (0 false, 1 true)
        dist[start] = 0
        parent[start] = -1
        head = 0
        tail = 0
        queue[tail] = start
        tail += 1
        done = False
        while head < tail and not done:
            state = queue[head]
            head += 1
            if dist[state] >= best_len or dist[state] >= max_links:
                break
            node = state // 2
            truth = state % 2
            if truth == 0:
                n = _strong(cand, node, mode, houses, cell_houses, partners)
            else:
                n = _weak(cand, node, mode, peers, counts, partners)
            for j in range(n):
                nxt = partners[j] * 2 + (1 - truth)
                if dist[nxt] >= 0:
                    continue
                dist[nxt] = dist[state] + 1
                parent[nxt] = state
                queue[tail] = nxt
                tail += 1
                if truth == 0 and partners[j] != s:
                    t = partners[j]
                    if mode != AIC_CHAIN and t % 9 != s % 9:
                        continue
                    k = _chain_eliminations(cand, s, t, peer, found)
                    if k > 0 and dist[nxt] < best_len:
                        best_len = dist[nxt]
                        best_elims = k
                        elims[:k] = found[:k]
                        x = nxt
                        length = 0
                        while x >= 0:
                            path[length] = x // 2
                            length += 1
                            x = parent[x]
                        best_nodes = length
                        done = True
                        break
    # the path was written end first
    for i in range(best_nodes // 2):
        a = path[i]
        path[i] = path[best_nodes - 1 - i]
        path[best_nodes - 1 - i] = a
    return best_nodes, best_elims


@njit(cache=True)
def _place(value, cand, cell, d, peers, counts):
    bit = 1 << (d - 1)
    ok = value[cell] == 0 and (cand[cell] & bit) != 0
    value[cell] = d
    cand[cell] = 0
    for j in range(counts[cell]):
        cand[peers[cell, j]] &= ~bit
    return ok


@njit(cache=True)
def _lowest_digit(mask):
    """The smallest digit of a non-empty candidate mask (bit d - 1 for digit d)."""
    d = 1
    while (mask >> (d - 1)) & 1 == 0:
        d += 1
    return d


@njit(cache=True)
def _naked_single(value, cand, peers, counts):
    """Place the first open cell with one candidate left: 1 when one was placed, 0 when none
    is, -1 when an open cell before it has no candidate."""
    for cell in range(81):
        if value[cell] == 0:
            m = cand[cell]
            if m == 0:
                return -1
            if m & (m - 1) == 0:
                _place(value, cand, cell, _lowest_digit(m), peers, counts)
                return 1
    return 0


@njit(cache=True)
def _hidden_single(value, cand, houses, peers, counts):
    """Place a digit with one place left in the first house that has one: 1 when one was
    placed, 0 when none is, -1 when a house before it cannot hold all nine digits."""
    for h in range(houses.shape[0]):
        have = 0
        once = 0
        twice = 0
        for i in range(9):
            c = houses[h, i]
            if value[c]:
                have |= 1 << (value[c] - 1)
            m = cand[c]
            twice |= once & m
            once |= m
        if (have | once) != 0x1FF or have & once:
            return -1
        alone = once & ~twice
        if alone:
            for i in range(9):
                c = houses[h, i]
                x = cand[c] & alone
                if x:
                    _place(value, cand, c, _lowest_digit(x), peers, counts)
                    return 1
    return 0


@njit(cache=True)
def _follow_singles(value, cand, houses, peers, counts, limit):
    """Singles (naked, then hidden) from the current grid, at most `limit` placements.
    Returns the placements made, or -1 at a contradiction."""
    made = 0
    while made < limit:
        placed = _naked_single(value, cand, peers, counts)
        if placed == 0:
            placed = _hidden_single(value, cand, houses, peers, counts)
        if placed < 0:
            return -1
        if placed == 0:
            break
        made += 1
    # a last look for a contradiction the placements left behind
    for cell in range(81):
        if value[cell] == 0 and cand[cell] == 0:
            return -1
    return made


@njit(cache=True)
def _suppose(value, cand, cell, d, houses, peers, counts, limit, out_value, out_cand):
    """Suppose `d` in `cell` and follow singles; the grid it leads to goes into out_value /
    out_cand. Returns the placements followed, or -1 at a contradiction."""
    out_value[:] = value
    out_cand[:] = cand
    if not _place(out_value, out_cand, cell, d, peers, counts):
        return -1
    return _follow_singles(out_value, out_cand, houses, peers, counts, limit)


@njit(cache=True)
def first_contradiction(value, cand, houses, peers, counts, limit, out):
    """The first candidate (reading order, then digit) whose supposition runs into a
    contradiction by singles: out = [cell, digit, placements followed]; False if none."""
    v = np.empty(81, dtype=np.int64)
    c = np.empty(81, dtype=np.int64)
    for cell in range(81):
        m = cand[cell]
        for d in range(1, 10):
            if (m >> (d - 1)) & 1:
                n = _suppose(value, cand, cell, d, houses, peers, counts, limit, v, c)
                if n < 0:
                    out[0] = cell
                    out[1] = d
                    return True
    return False


@njit(cache=True)
def common_to_branches(value, cand, branches, nb, houses, peers, counts, limit, out_place,
                       out_elim):
    """Follow singles from each of `nb` suppositions (cell, digit); what every branch agrees
    on: placements into out_place, eliminations into out_elim. Returns (places, elims), or
    (-1, -1) when some branch runs into a contradiction (a Nishio step, found earlier)."""
    bv = np.empty((4, 81), dtype=np.int64)
    bc = np.empty((4, 81), dtype=np.int64)
    for b in range(nb):
        if _suppose(value, cand, branches[b, 0], branches[b, 1], houses, peers, counts,
                    limit, bv[b], bc[b]) < 0:
            return -1, -1
    np_ = 0
    ne = 0
    for cell in range(81):
        if value[cell]:
            continue
        d = bv[0, cell]
        same = d != 0
        for b in range(1, nb):
            if bv[b, cell] != d:
                same = False
        if same:
            out_place[np_, 0] = cell
            out_place[np_, 1] = d
            np_ += 1
            continue
        # a candidate every branch rules out (a filled cell rules out all but its digit)
        gone = cand[cell]
        for b in range(nb):
            left = bc[b, cell] if bv[b, cell] == 0 else 1 << (bv[b, cell] - 1)
            gone &= ~left
        e = 1
        while gone:
            if gone & 1:
                out_elim[ne, 0] = cell
                out_elim[ne, 1] = e
                ne += 1
            gone >>= 1
            e += 1
    return np_, ne


