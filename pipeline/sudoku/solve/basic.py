"""The techniques of the easier tiers: singles, locked candidates (intersections of a box
and a line), and naked and hidden subsets."""

from __future__ import annotations

from functools import reduce
from itertools import combinations
from operator import or_
from typing import Callable

from pipeline.sudoku.board import BOX_HOUSE, CELLS, COL, box_of, cell_name, house_name
from pipeline.sudoku.solve.grid import (BIT, DIGITS, POPCOUNT, Grid, Step, Technique, cells_text,
                                        digits_text, eliminated_text)


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


def one_place(cand, cells) -> int:
    """The digits (a mask) with exactly one place among `cells`."""
    once = twice = 0
    for cell in cells:
        m = cand[cell]
        twice |= once & m
        once |= m
    return once & ~twice


def hidden_single(g: Grid) -> Step | None:
    """A digit with one place left in a house goes there (boxes first, then rows, columns)."""
    cand = g.cand
    for house in _box_first(g):
        cells = g.geo.groups[house]
        alone = one_place(cand, cells)
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
        cells = g.geo.groups[house]
        alone = one_place(cand, cells)
        if alone:
            for cell in cells:
                if cand[cell] & alone:
                    found.add(cell)
    return len(found)


# --- intersections ---------------------------------------------------------------------------

# Locked candidates look at the 27 segments where a row crosses a box and the 27 where a
# column does: three cells each. Segment 3 * line + k is the line's cells in its k-th box
# (k = 0..2 left to right, or top to bottom for a column). A digit is locked in a segment
# when two of its cells may hold it and the rest of the box (pointing) or the rest of the
# line (claiming) may not; the step is there when the rest of the other one still may.
ROW_SEGMENTS = tuple(tuple(r * 9 + 3 * k + i for i in range(3))
                     for r in range(9) for k in range(3))
COL_SEGMENTS = tuple(tuple((3 * k + i) * 9 + c for i in range(3))
                     for c in range(9) for k in range(3))


def _segment_neighbours(s: int) -> tuple[int, int, int, int]:
    """The other two segments of segment s's line, and the other two of its box."""
    line, k = divmod(s, 3)
    band = line - line % 3
    across = [3 * other + k for other in range(band, band + 3) if other != line]
    return 3 * line + (k + 1) % 3, 3 * line + (k + 2) % 3, across[0], across[1]


SEGMENT_NEIGHBOURS = tuple(_segment_neighbours(s) for s in range(27))
# Per box 0..8, its three row segments and its three column segments.
BOX_SEGMENTS = tuple((tuple(3 * (3 * (box // 3) + i) + box % 3 for i in range(3)),
                      tuple(3 * (3 * (box % 3) + i) + box // 3 for i in range(3)))
                     for box in range(9))


def _locked(cand, segments, pointing: bool) -> list[int]:
    """Per segment, the digits locked in it whose step eliminates something: for pointing,
    locked against the rest of the box with places left in the rest of the line; for
    claiming, the other way round."""
    seen, twice = [], []
    for a, b, c in segments:
        x, y, z = cand[a], cand[b], cand[c]
        seen.append(x | y | z)
        twice.append(x & y | x & z | y & z)
    out = []
    for s, (line1, line2, box1, box2) in enumerate(SEGMENT_NEIGHBOURS):
        line_rest, box_rest = seen[line1] | seen[line2], seen[box1] | seen[box2]
        if pointing:
            out.append(twice[s] & ~box_rest & line_rest)
        else:
            out.append(twice[s] & ~line_rest & box_rest)
    return out


def pointing(g: Grid) -> Step | None:
    """Locked candidates type 1: a digit confined to one row (column) inside a box leaves the
    rest of that row (column)."""
    rows, cols = _locked(g.cand, ROW_SEGMENTS, True), _locked(g.cand, COL_SEGMENTS, True)
    for box, (row_segments, col_segments) in enumerate(BOX_SEGMENTS):
        maybe = 0
        for s in row_segments:
            maybe |= rows[s]
        for s in col_segments:
            maybe |= cols[s]
        for d in DIGITS[maybe]:
            step = _pointing(g, BOX_HOUSE + box, d)
            if step is not None:
                return step
    return None


def _pointing(g: Grid, box: int, d: int) -> Step | None:
    return _confined(g, "Locked Candidates Type 1 (Pointing)", box, d,
                     lambda where: (where[0] // 9, COL + where[0] % 9))


def _confined(g: Grid, technique: str, house: int, d: int, holders) -> Step | None:
    """A digit whose places in `house` all lie in one other house leaves the rest of that one.

    Pointing looks from a box at the row and the column of its first place, claiming from a
    line at the box of its first place (`holders`: those houses, given the places); the step,
    its wording included, is otherwise the same for both."""
    where = g.places(house, d)
    if len(where) < 2:
        return None
    for holder in holders(where):
        if all(c in g.geo.groups[holder] for c in where):
            out = [c for c in g.places(holder, d) if c not in where]
            if out:
                elims = tuple((c, d) for c in out)
                return Step(technique, (), elims, tuple(where), (house, holder),
                            f"in {house_name(house)}, {d} is only in "
                            f"{house_name(holder)}, which {eliminated_text(elims)}")
    return None


def claiming(g: Grid) -> Step | None:
    """Locked candidates type 2: a digit confined to one box inside a row (column) leaves the
    rest of that box."""
    lines = _locked(g.cand, ROW_SEGMENTS, False) + _locked(g.cand, COL_SEGMENTS, False)
    for line in range(BOX_HOUSE):
        for d in DIGITS[lines[3 * line] | lines[3 * line + 1] | lines[3 * line + 2]]:
            step = _claiming(g, line, d)
            if step is not None:
                return step
    return None


def _claiming(g: Grid, line: int, d: int) -> Step | None:
    return _confined(g, "Locked Candidates Type 2 (Claiming)", line, d,
                     lambda where: (BOX_HOUSE + box_of(where[0]),))


# --- subsets ---------------------------------------------------------------------------------

SUBSET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def _subset_technique(kind: str, n: int, in_house) -> Callable[[Grid], Step | None]:
    """The technique "<kind> Pair/Triple/Quad" for n: the first step `in_house(g, house, n,
    name)` finds, house by house."""
    name = f"{kind} {SUBSET_NAMES[n]}"

    def find(g: Grid) -> Step | None:
        for house in range(g.geo.houses):
            step = in_house(g, house, n, name)
            if step is not None:
                return step
        return None

    find.__name__ = f"{kind.lower()}_{SUBSET_NAMES[n].lower()}"
    return find


def _naked_in_house(g: Grid, house: int, n: int, name: str) -> Step | None:
    """n cells of a house with only n digits between them: those digits leave the house's
    other cells."""
    cand = g.cand
    cells = [c for c in g.geo.groups[house] if 2 <= POPCOUNT[cand[c]] <= n]
    others_all = [c for c in g.geo.groups[house] if cand[c]]
    if len(others_all) <= n:
        return None
    for chosen in combinations(cells, n):
        union = reduce(or_, map(cand.__getitem__, chosen))
        if POPCOUNT[union] != n:
            continue
        elims = tuple((c, d) for c in others_all if c not in chosen
                      for d in DIGITS[cand[c] & union])
        if elims:
            return Step(name, (), elims, chosen, (house,),
                        f"{cells_text(chosen)} hold only {digits_text(DIGITS[union])} "
                        f"in {house_name(house)}, which {eliminated_text(elims)}")
    return None


def _hidden_in_house(g: Grid, house: int, n: int, name: str) -> Step | None:
    """n digits that have only the same n cells of a house between them: those cells hold
    nothing else."""
    cand = g.cand
    house_cells = g.geo.groups[house]
    masks = [cand[c] for c in house_cells]
    if len(masks) - masks.count(0) <= n:
        return None
    # per digit its places in the house, bit i standing for the house's i-th cell
    where = [0] * 10
    for i, m in enumerate(masks):
        for d in DIGITS[m]:
            where[d] |= 1 << i
    few = [d for d in range(1, 10) if 2 <= POPCOUNT[where[d]] <= n]
    for digits in combinations(few, n):
        spots = reduce(or_, map(where.__getitem__, digits))
        if POPCOUNT[spots] != n:
            continue
        cells = sorted(c for i, c in enumerate(house_cells) if spots >> i & 1)
        keep = reduce(or_, map(BIT.__getitem__, digits))
        elims = tuple((c, d) for c in cells for d in DIGITS[cand[c] & ~keep])
        if elims:
            return Step(name, (), elims, tuple(cells), (house,),
                        f"in {house_name(house)}, {digits_text(digits)} fit only in "
                        f"{cells_text(cells)}, which {eliminated_text(elims)}")
    return None


def naked_subset(n: int) -> Callable[[Grid], Step | None]:
    """n cells of a house with only n digits between them (`_naked_in_house`)."""
    return _subset_technique("Naked", n, _naked_in_house)


def hidden_subset(n: int) -> Callable[[Grid], Step | None]:
    """n digits with only the same n cells of a house between them (`_hidden_in_house`)."""
    return _subset_technique("Hidden", n, _hidden_in_house)


naked_pair, naked_triple, naked_quad = naked_subset(2), naked_subset(3), naked_subset(4)
hidden_pair, hidden_triple, hidden_quad = hidden_subset(2), hidden_subset(3), hidden_subset(4)


# --- the blocks both technique orders take whole --------------------------------------------

INTERSECTIONS = (
    Technique("Locked Candidates Type 1 (Pointing)", pointing),
    Technique("Locked Candidates Type 2 (Claiming)", claiming),
)
SUBSETS = (
    Technique("Naked Pair", naked_pair),
    Technique("Hidden Pair", hidden_pair),
    Technique("Naked Triple", naked_triple),
    Technique("Hidden Triple", hidden_triple),
    Technique("Naked Quad", naked_quad),
    Technique("Hidden Quad", hidden_quad),
)
