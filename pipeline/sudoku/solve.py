"""The grader's solver: the easiest-first solve a person can follow, on a candidate grid.

The state is a candidate grid (`Grid`): for each empty cell a 9-bit mask of the digits still
possible, for each filled cell its digit. Every technique is a small pure function from a
grid to one `Step` (digits it places, candidates it eliminates, the cells and houses it
reasons on, and a sentence in the names Sudoku Explainer, HoDoKu and Sudopedia use), or None
when it finds nothing. `solve` tries the techniques in a fixed order, easiest first, applies
the first step found, records it and starts again from the easiest, until the grid is full
or no technique finds anything (stuck). There is no guessing: the forcing techniques at the
top only follow singles for a bounded number of placements from one supposition.

Techniques read "each digit once in a house" from the grid's geometry's houses and "two cells
that share a group differ" from its peers, so a variant with extra all-different groups
(Killer's cages) gets the same solver, plus its own techniques, without changes here.

The chains and the forcing steps are the only costly searches; they run as compiled kernels
(arrays in, arrays out) and the Python around them writes the step. The counter of solutions
is the independent checker's (pipeline.sudoku.verify): the grader never counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Sequence

import numpy as np
from numba import njit

from pipeline.sudoku.board import (ALL_DIGITS, BOX_HOUSE, CELLS, CLASSIC, COL, HOUSES, Board,
                                   Geometry, box_of, cell_name, house_name)

POPCOUNT = tuple(bin(m).count("1") for m in range(ALL_DIGITS + 1))
DIGITS = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(ALL_DIGITS + 1))
BIT = (0,) + tuple(1 << d for d in range(9))

MAX_X_CHAIN = 11     # links: chains longer than this are not looked for
MAX_XY_CHAIN = 11
MAX_AIC = 13
FORCING_PLACEMENTS = 40   # singles followed from one supposition, at most


@dataclass(frozen=True)
class Step:
    """One step of a solve. Cells are 0..80 in reading order; `places` and `eliminates` are
    (cell, digit) pairs."""

    technique: str
    places: tuple[tuple[int, int], ...]
    eliminates: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]       # the cells it reasons on
    houses: tuple[int, ...]      # the houses (groups) it reasons on
    text: str
    size: int = 0                # links of a chain (its weight grows with them)

    def record(self) -> dict:
        """The step in record coordinates: [[row, col, digit], ...], houses by name."""
        return {"technique": self.technique, "text": self.text,
                "places": [[c // 9, c % 9, d] for c, d in self.places],
                "eliminates": [[c // 9, c % 9, d] for c, d in self.eliminates],
                "cells": [[c // 9, c % 9] for c in self.cells],
                "houses": [house_name(h) for h in self.houses]}


class Grid:
    """Digits placed and candidates left. A filled cell has no candidates."""

    __slots__ = ("value", "cand", "geo", "broken")

    def __init__(self, givens: Sequence[int] = (), geo: Geometry = CLASSIC):
        self.geo = geo
        self.value = [0] * CELLS
        self.cand = [ALL_DIGITS] * CELLS
        self.broken = False
        for cell, d in enumerate(givens):
            if d:
                self.place(cell, d)

    def copy(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.geo, other.value, other.cand, other.broken = \
            self.geo, list(self.value), list(self.cand), self.broken
        return other

    def place(self, cell: int, d: int) -> None:
        bit = BIT[d]
        if self.value[cell] or not self.cand[cell] & bit:
            self.broken = True
        self.value[cell] = d
        self.cand[cell] = 0
        cand = self.cand
        for p in self.geo.peers[cell]:
            cand[p] &= ~bit

    def apply(self, step: Step) -> None:
        for cell, d in step.places:
            self.place(cell, d)
        for cell, d in step.eliminates:
            self.cand[cell] &= ~BIT[d]

    @property
    def solved(self) -> bool:
        return 0 not in self.value

    def contradiction(self) -> bool:
        """An empty cell without candidates, or a house with a missing digit that has no
        place left (or a digit placed where it could not go)."""
        if self.broken:
            return True
        value, cand = self.value, self.cand
        for cell in range(CELLS):
            if not value[cell] and not cand[cell]:
                return True
        for house in self.geo.groups[:self.geo.houses]:
            have = 0
            room = 0
            for cell in house:
                if value[cell]:
                    have |= BIT[value[cell]]
                room |= cand[cell]
            if (have | room) != ALL_DIGITS:
                return True
        return False

    def places(self, house: int, d: int) -> list[int]:
        """The cells of `house` that still have candidate `d`."""
        bit = BIT[d]
        cand = self.cand
        return [cell for cell in self.geo.groups[house] if cand[cell] & bit]


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
    cell = node // 9
    d = node % 9
    bit = 1 << d
    k = 0
    m = cand[cell]
    if mode != X_CHAIN:
        # the cell's other candidate when it has exactly two
        rest = m & ~bit
        if rest != 0 and rest & (rest - 1) == 0:
            e = 0
            while (rest >> e) & 1 == 0:
                e += 1
            out[k] = cell * 9 + e
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
    cell = node // 9
    d = node % 9
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
def _chain(cand, mode, max_links, houses, cell_houses, peers, counts, peer, path, elims):
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
def _follow_singles(value, cand, houses, peers, counts, limit):
    """Singles (naked, then hidden) from the current grid, at most `limit` placements.
    Returns the placements made, or -1 at a contradiction."""
    made = 0
    while made < limit:
        progress = False
        for cell in range(81):
            if value[cell] == 0:
                m = cand[cell]
                if m == 0:
                    return -1
                if m & (m - 1) == 0:
                    d = 1
                    while (m >> (d - 1)) & 1 == 0:
                        d += 1
                    _place(value, cand, cell, d, peers, counts)
                    made += 1
                    progress = True
                    break
        if progress:
            continue
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
                        d = 1
                        while (x >> (d - 1)) & 1 == 0:
                            d += 1
                        _place(value, cand, c, d, peers, counts)
                        made += 1
                        progress = True
                        break
            if progress:
                break
        if not progress:
            break
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
def _nishio(value, cand, houses, peers, counts, limit, out):
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
def _common(value, cand, branches, nb, houses, peers, counts, limit, out_place, out_elim):
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


# --- texts -----------------------------------------------------------------------------------

def _cells_text(cells) -> str:
    names = [cell_name(c) for c in sorted(cells)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _eliminated_text(eliminates) -> str:
    """"removes 5 from D2 and F2; 1/7 from G3": digits with the same cells together."""
    by_digit: dict[int, list[int]] = {}
    for cell, d in eliminates:
        by_digit.setdefault(d, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for d, cells in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cells)), []).append(d)
    parts = [f"{_digits_text(digits)} from {_cells_text(cells)}"
             for cells, digits in by_cells.items()]
    return "removes " + "; ".join(parts)


def _digits_text(digits) -> str:
    return "/".join(str(d) for d in sorted(digits))


# --- singles ---------------------------------------------------------------------------------

def full_house(g: Grid) -> Step | None:
    """The one empty cell of a house takes the one digit the house lacks."""
    value, cand = g.value, g.cand
    for house in range(g.geo.houses):
        empty = [c for c in g.geo.groups[house] if not value[c]]
        if len(empty) == 1:
            cell = empty[0]
            if POPCOUNT[cand[cell]] == 1:
                d = DIGITS[cand[cell]][0]
                return Step("Full House", ((cell, d),), (), (cell,), (house,),
                            f"{cell_name(cell)} is the last empty cell of {house_name(house)}: "
                            f"{d}")
    return None


def hidden_single(g: Grid) -> Step | None:
    """A digit with one place left in a house goes there (boxes first, then rows, columns)."""
    cand = g.cand
    for house in _box_first(g):
        once = twice = 0
        cells = g.geo.groups[house]
        for cell in cells:
            m = cand[cell]
            twice |= once & m
            once |= m
        alone = once & ~twice
        if alone:
            for cell in cells:
                x = cand[cell] & alone
                if x:
                    d = DIGITS[x][0]
                    return Step("Hidden Single", ((cell, d),), (), (cell,), (house,),
                                f"in {house_name(house)}, {d} can only go in {cell_name(cell)}")
    return None


def naked_single(g: Grid) -> Step | None:
    """A cell with one candidate left takes it."""
    cand, value = g.cand, g.value
    for cell in range(CELLS):
        if not value[cell] and POPCOUNT[cand[cell]] == 1:
            d = DIGITS[cand[cell]][0]
            return Step("Naked Single", ((cell, d),), (), (cell,), (),
                        f"{cell_name(cell)} can only be {d}")
    return None


def _box_first(g: Grid) -> list[int]:
    houses = list(range(g.geo.houses))
    return houses[BOX_HOUSE:] + houses[:BOX_HOUSE]


def singles_open(g: Grid) -> int:
    """How many empty cells a single (naked or hidden) could fill now: what a solver sees
    at once. Few open moves make a position hard to read (Pelanek)."""
    cand, value = g.cand, g.value
    found = set()
    for cell in range(CELLS):
        if not value[cell] and POPCOUNT[cand[cell]] == 1:
            found.add(cell)
    for house in range(g.geo.houses):
        once = twice = 0
        cells = g.geo.groups[house]
        for cell in cells:
            m = cand[cell]
            twice |= once & m
            once |= m
        alone = once & ~twice
        if alone:
            for cell in cells:
                if cand[cell] & alone:
                    found.add(cell)
    return len(found)


# --- intersections ---------------------------------------------------------------------------

def pointing(g: Grid) -> Step | None:
    """Locked candidates type 1: a digit confined to one row (column) inside a box leaves the
    rest of that row (column)."""
    for box in range(BOX_HOUSE, BOX_HOUSE + 9):
        for d in range(1, 10):
            where = g.places(box, d)
            if len(where) < 2:
                continue
            for line in (where[0] // 9, COL + where[0] % 9):
                if all(c in g.geo.groups[line] for c in where):
                    out = [c for c in g.places(line, d) if c not in where]
                    if out:
                        elims = tuple((c, d) for c in out)
                        return Step("Locked Candidates Type 1 (Pointing)", (), elims,
                                    tuple(where), (box, line),
                                    f"in {house_name(box)}, {d} is only in "
                                    f"{house_name(line)}, which {_eliminated_text(elims)}")
    return None


def claiming(g: Grid) -> Step | None:
    """Locked candidates type 2: a digit confined to one box inside a row (column) leaves the
    rest of that box."""
    for line in range(BOX_HOUSE):
        for d in range(1, 10):
            where = g.places(line, d)
            if len(where) < 2:
                continue
            box = BOX_HOUSE + box_of(where[0])
            if all(BOX_HOUSE + box_of(c) == box for c in where):
                out = [c for c in g.places(box, d) if c not in where]
                if out:
                    elims = tuple((c, d) for c in out)
                    return Step("Locked Candidates Type 2 (Claiming)", (), elims, tuple(where),
                                (line, box), f"in {house_name(line)}, {d} is only in "
                                f"{house_name(box)}, which {_eliminated_text(elims)}")
    return None


# --- subsets ---------------------------------------------------------------------------------

SUBSET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked_subset(n: int) -> Callable[[Grid], Step | None]:
    """n cells of a house with only n digits between them: those digits leave the house's
    other cells."""
    name = f"Naked {SUBSET_NAMES[n]}"

    def find(g: Grid) -> Step | None:
        cand = g.cand
        for house in range(g.geo.houses):
            cells = [c for c in g.geo.groups[house] if 2 <= POPCOUNT[cand[c]] <= n]
            others_all = [c for c in g.geo.groups[house] if cand[c]]
            if len(others_all) <= n:
                continue
            for chosen in combinations(cells, n):
                union = 0
                for c in chosen:
                    union |= cand[c]
                if POPCOUNT[union] != n:
                    continue
                elims = tuple((c, d) for c in others_all if c not in chosen
                              for d in DIGITS[cand[c] & union])
                if elims:
                    return Step(name, (), elims, chosen, (house,),
                                f"{_cells_text(chosen)} hold only {_digits_text(DIGITS[union])} "
                                f"in {house_name(house)}, which {_eliminated_text(elims)}")
        return None

    find.__name__ = f"naked_{SUBSET_NAMES[n].lower()}"
    return find


def hidden_subset(n: int) -> Callable[[Grid], Step | None]:
    """n digits that have only the same n cells of a house between them: those cells hold
    nothing else."""
    name = f"Hidden {SUBSET_NAMES[n]}"

    def find(g: Grid) -> Step | None:
        cand = g.cand
        for house in range(g.geo.houses):
            open_cells = [c for c in g.geo.groups[house] if cand[c]]
            if len(open_cells) <= n:
                continue
            where = {}
            for d in range(1, 10):
                spots = [c for c in open_cells if cand[c] & BIT[d]]
                if 2 <= len(spots) <= n:
                    where[d] = spots
            for digits in combinations(sorted(where), n):
                cells = sorted(set().union(*(where[d] for d in digits)))
                if len(cells) != n:
                    continue
                keep = 0
                for d in digits:
                    keep |= BIT[d]
                elims = tuple((c, d) for c in cells for d in DIGITS[cand[c] & ~keep])
                if elims:
                    return Step(name, (), elims, tuple(cells), (house,),
                                f"in {house_name(house)}, {_digits_text(digits)} fit only in "
                                f"{_cells_text(cells)}, which {_eliminated_text(elims)}")
        return None

    find.__name__ = f"hidden_{SUBSET_NAMES[n].lower()}"
    return find


naked_pair, naked_triple, naked_quad = naked_subset(2), naked_subset(3), naked_subset(4)
hidden_pair, hidden_triple, hidden_quad = hidden_subset(2), hidden_subset(3), hidden_subset(4)


# --- fish ------------------------------------------------------------------------------------

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(n: int) -> Callable[[Grid], Step | None]:
    """A digit whose places in n rows lie in only n columns leaves those columns' other
    rows (and the same with rows and columns swapped)."""
    name = FISH_NAMES[n]

    def find(g: Grid) -> Step | None:
        cand = g.cand
        for d in range(1, 10):
            bit = BIT[d]
            for base_first, cover_first in ((0, COL), (COL, 0)):
                lines = {}
                for k in range(9):
                    spots = [i for i in range(9)
                             if cand[HOUSES[base_first + k][i]] & bit]
                    if 2 <= len(spots) <= n:
                        lines[k] = spots
                for chosen in combinations(sorted(lines), n):
                    covers = sorted(set().union(*(lines[k] for k in chosen)))
                    if len(covers) != n:
                        continue
                    elims = tuple(sorted(
                        (HOUSES[cover_first + j][i], d) for j in covers for i in range(9)
                        if i not in chosen and cand[HOUSES[cover_first + j][i]] & bit))
                    if elims:
                        cells = tuple(sorted(HOUSES[base_first + k][i] for k in chosen
                                             for i in lines[k]))
                        bases = tuple(base_first + k for k in chosen)
                        cover_houses = tuple(cover_first + j for j in covers)
                        return Step(name, (), elims, cells, bases + cover_houses,
                                    f"{d} in {', '.join(house_name(h) for h in bases)} lies only "
                                    f"in {', '.join(house_name(h) for h in cover_houses)}, which "
                                    f"{_eliminated_text(elims)}")
        return None

    find.__name__ = name.lower().replace("-", "_")
    return find


x_wing, swordfish, jellyfish = fish(2), fish(3), fish(4)


# --- wings -----------------------------------------------------------------------------------

def _sees(g: Grid, a: int, b: int) -> bool:
    return b in g.geo.peers[a]


def xy_wing(g: Grid) -> Step | None:
    """A pivot holding x/y sees a pincer x/z and a pincer y/z: whichever the pivot is, one
    pincer is z, so z leaves every cell that sees both pincers."""
    cand = g.cand
    pairs = [c for c in range(CELLS) if POPCOUNT[cand[c]] == 2]
    for pivot in pairs:
        x, y = DIGITS[cand[pivot]]
        wings = [c for c in g.geo.peers[pivot] if POPCOUNT[cand[c]] == 2]
        for a in wings:
            ma = cand[a]
            if ma == cand[pivot] or not ma & BIT[x] or ma & BIT[y]:
                continue
            z = DIGITS[ma & ~BIT[x]][0]
            for b in wings:
                if cand[b] != BIT[y] | BIT[z]:
                    continue
                elims = tuple((c, z) for c in g.geo.peers[a]
                              if c != b and cand[c] & BIT[z] and _sees(g, c, b) and c != pivot)
                if elims:
                    return Step("XY-Wing", (), elims, (pivot, a, b), (),
                                f"pivot {cell_name(pivot)} ({x}/{y}) with {cell_name(a)} "
                                f"({x}/{z}) and {cell_name(b)} ({y}/{z}): one of the pincers is "
                                f"{z}, which {_eliminated_text(elims)}")
    return None


def xyz_wing(g: Grid) -> Step | None:
    """A pivot holding x/y/z sees pincers x/z and y/z: one of the three is z, so z leaves
    every cell that sees all three."""
    cand = g.cand
    for pivot in range(CELLS):
        mp = cand[pivot]
        if POPCOUNT[mp] != 3:
            continue
        wings = [c for c in g.geo.peers[pivot] if POPCOUNT[cand[c]] == 2 and cand[c] & mp == cand[c]]
        for a, b in combinations(wings, 2):
            if cand[a] | cand[b] != mp or cand[a] == cand[b]:
                continue
            z = DIGITS[cand[a] & cand[b]][0]
            elims = tuple((c, z) for c in g.geo.peers[pivot]
                          if c not in (a, b) and cand[c] & BIT[z] and _sees(g, c, a)
                          and _sees(g, c, b))
            if elims:
                return Step("XYZ-Wing", (), elims, (pivot, a, b), (),
                            f"pivot {cell_name(pivot)} ({_digits_text(DIGITS[mp])}) with "
                            f"{cell_name(a)} and {cell_name(b)}: one of the three is {z}, "
                            f"which {_eliminated_text(elims)}")
    return None


# --- colouring -------------------------------------------------------------------------------

def simple_colouring(g: Grid) -> Step | None:
    """Single-digit chains of conjugate pairs (a digit with exactly two places in a house),
    coloured alternately. Colour wrap: two cells of one colour see each other, so that
    colour is false. Colour trap: a cell seeing both colours cannot hold the digit."""
    cand = g.cand
    for d in range(1, 10):
        bit = BIT[d]
        links: dict[int, list[int]] = {}
        for house in range(g.geo.houses):
            where = [c for c in g.geo.groups[house] if cand[c] & bit]
            if len(where) == 2:
                a, b = where
                links.setdefault(a, []).append(b)
                links.setdefault(b, []).append(a)
        seen: set[int] = set()
        for start in sorted(links):
            if start in seen:
                continue
            colour = {start: 0}
            todo = [start]
            while todo:
                here = todo.pop()
                for other in links[here]:
                    if other not in colour:
                        colour[other] = 1 - colour[here]
                        todo.append(other)
            seen.update(colour)
            if len(colour) < 3:
                continue   # one conjugate pair: nothing a locked candidate does not see
            sides = [sorted(c for c, k in colour.items() if k == side) for side in (0, 1)]
            for side in (0, 1):
                cells = sides[side]
                if any(_sees(g, a, b) for a, b in combinations(cells, 2)):
                    elims = tuple((c, d) for c in cells)
                    return Step("Simple Colouring", (), elims, tuple(sorted(colour)), (),
                                f"colour wrap on {d}: two cells of one colour see each other, "
                                f"so that colour is false, which {_eliminated_text(elims)}")
            elims = tuple((c, d) for c in range(CELLS) if cand[c] & bit and c not in colour
                          and any(_sees(g, c, a) for a in sides[0])
                          and any(_sees(g, c, b) for b in sides[1]))
            if elims:
                return Step("Simple Colouring", (), elims, tuple(sorted(colour)), (),
                            f"colour trap on {d}: one of the two colours is true, which "
                            f"{_eliminated_text(elims)}")
    return None


# --- chains and forcing: the kernels above, on the grid --------------------------------------

def _kernel_tables(geo: Geometry):
    houses = np.array(geo.groups[:geo.houses], dtype=np.int64)
    width = max(len(p) for p in geo.peers)
    peers = np.full((CELLS, width), -1, dtype=np.int64)
    counts = np.zeros(CELLS, dtype=np.int64)
    peer = np.zeros((CELLS, CELLS), dtype=np.bool_)
    for cell, ps in enumerate(geo.peers):
        peers[cell, :len(ps)] = ps
        counts[cell] = len(ps)
        peer[cell, list(ps)] = True
    cell_houses = np.array([[h for h in geo.groups_of[c] if h < geo.houses][:3]
                            for c in range(CELLS)], dtype=np.int64)
    return houses, cell_houses, peers, counts, peer


_TABLES: dict[int, tuple] = {}


def _tables(geo: Geometry):
    key = id(geo)
    if key not in _TABLES:
        _TABLES[key] = (geo, _kernel_tables(geo))
    return _TABLES[key][1]


def _node_text(node: int) -> str:
    return f"({node % 9 + 1}){cell_name(node // 9)}"


def _chain_step(g: Grid, mode: int, max_links: int, name: str) -> Step | None:
    houses, cell_houses, peers, counts, peer = _tables(g.geo)
    cand = np.array(g.cand, dtype=np.int64)
    path = np.zeros(2 * 729, dtype=np.int64)
    elims = np.zeros((81, 2), dtype=np.int64)
    nodes, found = _chain(cand, mode, max_links, houses, cell_houses, peers, counts, peer,
                          path, elims)
    if not nodes:
        return None
    chain = path[:nodes].tolist()
    out = tuple(sorted((int(c), int(d)) for c, d in elims[:found].tolist()))
    links = "".join(_node_text(n) + ("=" if k % 2 == 0 else "-") for k, n in
                    enumerate(chain[:-1])) + _node_text(chain[-1])
    return Step(name, (), out, tuple(sorted({n // 9 for n in chain})), (),
                f"{links}: one end is true, which {_eliminated_text(out)}", size=nodes - 1)


def x_chain(g: Grid) -> Step | None:
    """A single-digit alternating chain (strong links in houses, weak links between cells
    that see each other); its two ends cannot both be false."""
    return _chain_step(g, X_CHAIN, MAX_X_CHAIN, "X-Chain")


def xy_chain(g: Grid) -> Step | None:
    """A chain through cells with two candidates, each linked to the next by a shared digit;
    it starts and ends on the same digit, one end of which is true."""
    return _chain_step(g, XY_CHAIN, MAX_XY_CHAIN, "XY-Chain")


def aic(g: Grid) -> Step | None:
    """An alternating inference chain over any candidates: strong links in cells with two
    candidates and in houses with two places for a digit, weak links between them."""
    return _chain_step(g, AIC_CHAIN, MAX_AIC, "AIC")


def nishio(g: Grid) -> Step | None:
    """Suppose a candidate true and follow singles: when that runs into a contradiction
    within the bound, the candidate is false."""
    houses, _ch, peers, counts, _peer = _tables(g.geo)
    out = np.zeros(2, dtype=np.int64)
    if not _nishio(np.array(g.value, dtype=np.int64), np.array(g.cand, dtype=np.int64), houses,
                   peers, counts, FORCING_PLACEMENTS, out):
        return None
    cell, d = int(out[0]), int(out[1])
    return Step("Nishio", (), ((cell, d),), (cell,), (),
                f"if {cell_name(cell)} were {d}, singles would run into a contradiction, "
                f"so it is not {d}")


def _forcing(g: Grid, branches: list[tuple[int, int]], name: str, cells, houses_used,
             what: str) -> Step | None:
    houses, _ch, peers, counts, _peer = _tables(g.geo)
    places = np.zeros((81, 2), dtype=np.int64)
    elims = np.zeros((729, 2), dtype=np.int64)
    np_, ne = _common(np.array(g.value, dtype=np.int64), np.array(g.cand, dtype=np.int64),
                      np.array(branches, dtype=np.int64), len(branches), houses, peers,
                      counts, FORCING_PLACEMENTS, places, elims)
    if np_ > 0:
        cell, d = (int(v) for v in places[0])
        return Step(name, ((cell, d),), (), tuple(cells), tuple(houses_used),
                    f"{what}, and each of them leads by singles to {d} in {cell_name(cell)}")
    if ne > 0:
        out = tuple((int(c), int(d)) for c, d in elims[:ne].tolist())
        return Step(name, (), out, tuple(cells), tuple(houses_used),
                    f"{what}, and each of them leads by singles to a grid that "
                    f"{_eliminated_text(out)}")
    return None


def cell_forcing(g: Grid) -> Step | None:
    """A cell with two or three candidates: what follows by singles from every one of them
    is true."""
    for size in (2, 3):
        for cell in range(CELLS):
            if POPCOUNT[g.cand[cell]] == size:
                digits = DIGITS[g.cand[cell]]
                step = _forcing(g, [(cell, d) for d in digits], "Cell Forcing Chain", (cell,),
                                (), f"{cell_name(cell)} is {' or '.join(map(str, digits))}")
                if step:
                    return step
    return None


def unit_forcing(g: Grid) -> Step | None:
    """A digit with two or three places in a house: what follows by singles from every place
    is true."""
    for size in (2, 3):
        for house in range(g.geo.houses):
            for d in range(1, 10):
                where = g.places(house, d)
                if len(where) == size:
                    step = _forcing(g, [(c, d) for c in where], "Unit Forcing Chain",
                                    tuple(where), (house,),
                                    f"{d} in {house_name(house)} goes in "
                                    f"{' or '.join(cell_name(c) for c in where)}")
                    if step:
                        return step
    return None


# --- the solver as the rest of the engine sees it --------------------------------------------

@dataclass(frozen=True)
class Technique:
    name: str
    find: Callable[[Grid], Step | None]


# Easiest first: the order grade.py's levels cut into tiers; within a tier the order of
# Sudoku Explainer's ratings.
TECHNIQUES = (
    Technique("Full House", full_house),
    Technique("Hidden Single", hidden_single),
    Technique("Naked Single", naked_single),
    Technique("Locked Candidates Type 1 (Pointing)", pointing),
    Technique("Locked Candidates Type 2 (Claiming)", claiming),
    Technique("Naked Pair", naked_pair),
    Technique("Hidden Pair", hidden_pair),
    Technique("Naked Triple", naked_triple),
    Technique("Hidden Triple", hidden_triple),
    Technique("Naked Quad", naked_quad),
    Technique("Hidden Quad", hidden_quad),
    Technique("X-Wing", x_wing),
    Technique("XY-Wing", xy_wing),
    Technique("XYZ-Wing", xyz_wing),
    Technique("Swordfish", swordfish),
    Technique("Simple Colouring", simple_colouring),
    Technique("Jellyfish", jellyfish),
    Technique("X-Chain", x_chain),
    Technique("XY-Chain", xy_chain),
    Technique("AIC", aic),
    Technique("Nishio", nishio),
    Technique("Cell Forcing Chain", cell_forcing),
    Technique("Unit Forcing Chain", unit_forcing),
)
TECHNIQUE_NAMES = tuple(t.name for t in TECHNIQUES)
RANK = {t.name: k for k, t in enumerate(TECHNIQUES)}


@dataclass(frozen=True)
class Solve:
    status: str                  # "solved", "stuck" or "contradiction"
    steps: tuple[Step, ...]
    open_moves: tuple[int, ...]  # per step: cells a single could fill just before it
    grid: tuple[int, ...]        # the digits placed when the solve ended (0 where open)

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for step in self.steps:
            out[step.technique] = out.get(step.technique, 0) + 1
        return out


def solve(givens: Sequence[int], techniques: Sequence[Technique] = TECHNIQUES,
          geo: Geometry = CLASSIC, measure: bool = True) -> Solve:
    """The easiest-first solve with `techniques` (in their order). `measure` records how many
    singles were open before each step (the grade needs it; the generator's checks do not)."""
    grid = Grid(givens, geo)
    steps: list[Step] = []
    open_moves: list[int] = []
    status = "solved"
    while not grid.solved:
        if grid.contradiction():
            status = "contradiction"
            break
        for technique in techniques:
            step = technique.find(grid)
            if step is not None:
                break
        else:
            status = "stuck"
            break
        if measure:
            open_moves.append(singles_open(grid))
        steps.append(step)
        grid.apply(step)
    if status == "solved" and grid.contradiction():
        status = "contradiction"
    return Solve(status, tuple(steps), tuple(open_moves), tuple(grid.value))


def solves(givens: Sequence[int], techniques: Sequence[Technique]) -> bool:
    """Whether the techniques finish the board (no record of the steps: the generator asks
    this for every given it tries to remove). Singles are applied in batches here rather than
    one a step, so on rare boards a bounded chain may be found here and not in the
    step-by-step solve (or the other way round); the generator decides a board's level with
    `solve` afterwards, so such a board only costs an attempt."""
    grid = Grid(givens)
    rest = [t for t in techniques if t.find not in (full_house, hidden_single, naked_single)]
    while True:
        if not _all_singles(grid):
            return False
        if grid.solved:
            return not grid.contradiction()
        for technique in rest:
            step = technique.find(grid)
            if step is not None:
                grid.apply(step)
                break
        else:
            return False


def _all_singles(g: Grid) -> bool:
    """Naked and hidden singles until none are left; False at a contradiction."""
    cand, value, geo = g.cand, g.value, g.geo
    while True:
        progress = False
        for cell in range(CELLS):
            if not value[cell]:
                m = cand[cell]
                if not m:
                    return False
                if POPCOUNT[m] == 1:
                    g.place(cell, DIGITS[m][0])
                    progress = True
        for house in range(geo.houses):
            once = twice = have = 0
            cells = geo.groups[house]
            for cell in cells:
                m = cand[cell]
                twice |= once & m
                once |= m
                have |= BIT[value[cell]]
            if (once | have) & ALL_DIGITS != ALL_DIGITS:
                return False
            alone = once & ~twice
            if alone:
                for cell in cells:
                    x = cand[cell] & alone
                    if x:
                        if POPCOUNT[x] > 1:
                            return False
                        g.place(cell, DIGITS[x][0])
                        progress = True
        if g.broken:
            return False
        if not progress:
            return True


def key_step(puzzle_or_givens, techniques: Sequence[Technique] = TECHNIQUES) -> dict | None:
    """The first step of the easiest-first solve that uses its hardest technique (the one
    that decides the board's level): technique, text, the digits it places and candidates it
    eliminates as [[row, col, digit], ...] (record coordinates), the cells [[row, col], ...]
    and houses it reasons on. None when the board is stuck or broken."""
    result = solve(_givens(puzzle_or_givens), techniques, measure=False)
    if not result.solved or not result.steps:
        return None
    hardest = max(RANK[step.technique] for step in result.steps)
    step = next(s for s in result.steps if RANK[s.technique] == hardest)
    return step.record()


def _givens(puzzle_or_givens) -> tuple[int, ...]:
    if isinstance(puzzle_or_givens, dict):
        return Board.from_puzzle(puzzle_or_givens).givens
    if isinstance(puzzle_or_givens, Board):
        return puzzle_or_givens.givens
    return tuple(puzzle_or_givens)


def count_solutions(puzzle: dict, limit: int) -> int:
    """Solutions up to `limit`, by the independent checker's search (the grader reasons,
    it never counts)."""
    from pipeline.sudoku.verify import count
    return count(Board.from_puzzle(puzzle).givens, limit)[0]


# --- the trace of one solve ------------------------------------------------------------------

def explain(puzzle_or_givens) -> list[str]:
    """The easiest-first solve, one line per step, then the result."""
    result = solve(_givens(puzzle_or_givens), measure=False)
    lines = [f"{step.technique}: {step.text}" for step in result.steps]
    filled = sum(1 for d in result.grid if d)
    lines.append(f"result: {result.status} after {len(result.steps)} steps"
                 + ("" if result.solved else f" ({filled} of 81 cells filled)"))
    return lines
