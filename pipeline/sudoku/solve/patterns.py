"""The techniques of the expert tier: fish (X-Wing, Swordfish, Jellyfish), wings (XY-Wing,
XYZ-Wing) and simple colouring."""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from pipeline.sudoku.board import CELLS, COL, HOUSES, cell_name, house_name
from pipeline.sudoku.solve.grid import (BIT, DIGITS, POPCOUNT, Grid, Step, digits_text,
                                        eliminated_text)


# --- fish ------------------------------------------------------------------------------------

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(n: int) -> Callable[[Grid], Step | None]:
    """A digit whose places in n rows lie in only n columns leaves those columns' other
    rows (and the same with rows and columns swapped)."""
    name = FISH_NAMES[n]

    def find(g: Grid) -> Step | None:
        cand = g.cand
        # per digit, its places in each row (bit c for column c) and then in each column
        # (bit r for row r): lines 0..8 are the rows, 9..17 the columns, as in HOUSES
        places = [[0] * 18 for _ in range(10)]
        for cell, m in enumerate(cand):
            if m:
                r, c = divmod(cell, 9)
                for d in DIGITS[m]:
                    spots = places[d]
                    spots[r] |= 1 << c
                    spots[COL + c] |= 1 << r
        for d in range(1, 10):
            bit = BIT[d]
            spots = places[d]
            for base_first, cover_first in ((0, COL), (COL, 0)):
                lines = [k for k in range(9) if 2 <= POPCOUNT[spots[base_first + k]] <= n]
                for chosen in combinations(lines, n):
                    spread = 0
                    for k in chosen:
                        spread |= spots[base_first + k]
                    if POPCOUNT[spread] != n:
                        continue
                    covers = [j for j in range(9) if spread >> j & 1]
                    elims = tuple(sorted(
                        (HOUSES[cover_first + j][i], d) for j in covers for i in range(9)
                        if i not in chosen and cand[HOUSES[cover_first + j][i]] & bit))
                    if elims:
                        cells = tuple(sorted(HOUSES[base_first + k][i] for k in chosen
                                             for i in range(9)
                                             if spots[base_first + k] >> i & 1))
                        bases = tuple(base_first + k for k in chosen)
                        cover_houses = tuple(cover_first + j for j in covers)
                        return Step(name, (), elims, cells, bases + cover_houses,
                                    f"{d} in {', '.join(house_name(h) for h in bases)} lies only "
                                    f"in {', '.join(house_name(h) for h in cover_houses)}, which "
                                    f"{eliminated_text(elims)}")
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
                                f"{z}, which {eliminated_text(elims)}")
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
                            f"pivot {cell_name(pivot)} ({digits_text(DIGITS[mp])}) with "
                            f"{cell_name(a)} and {cell_name(b)}: one of the three is {z}, "
                            f"which {eliminated_text(elims)}")
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
                                f"so that colour is false, which {eliminated_text(elims)}")
            elims = tuple((c, d) for c in range(CELLS) if cand[c] & bit and c not in colour
                          and any(_sees(g, c, a) for a in sides[0])
                          and any(_sees(g, c, b) for b in sides[1]))
            if elims:
                return Step("Simple Colouring", (), elims, tuple(sorted(colour)), (),
                            f"colour trap on {d}: one of the two colours is true, which "
                            f"{eliminated_text(elims)}")
    return None


