"""Killer Sudoku's techniques: what the cage sums say, on the same candidate grid.

A cage is a group of the grid's geometry after the 27 houses, with its sum
(`Geometry.sums`); its cells are peers, so "no digit twice in a cage" is already kept by the
grid. What the techniques here add is the arithmetic, in three tiers (the names are the ones
Killer solving guides use):

  killer-easy    a cage of one cell, the last open cell of a cage (its sum less the digits
                 placed), a sum with one combination (3 in two cells is 1+2), and the sum
                 range (a digit that leaves the other open cells a sum they cannot reach);
  killer-medium  every combination of a cage, with the candidates: a digit no way of
                 filling the cage uses leaves it; a digit every combination needs, whose places
                 lie in one house, leaves the rest of the house (cage pointing); a digit whose
                 places in a house all lie in one cage leaves the cage's other cells (cage
                 claiming);
  killer-hard    the rule of 45: a row, a column, a box, or several rows or columns side by
                 side add up to 45 each; the cells of the region in cages that stick out
                 (innies) add up to what the cages inside leave, the cells outside it of the
                 cages that stick in (outies) to what they bring over; and when one cage
                 crosses the region's edge, it splits into two cages of known sums.

The arithmetic of sums of distinct digits (the combinations of a sum, what they leave each
open cell, the innies' fillings) is the sum engine's (`pipeline/engines/sums.py`), which Kakuro's
runs share; this module reads the cages off the grid and words the steps.

`KILLER_TECHNIQUES` interleaves them with the Sudoku techniques of each tier; grade.py cuts
the order into the Killer levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.engines import sums
from pipeline.sudoku.board import ALL_DIGITS, COL, HOUSES, Geometry, cell_name, house_name
from pipeline.sudoku.solve.basic import (INTERSECTIONS, SUBSETS, full_house, hidden_single,
                                         naked_single)
from pipeline.sudoku.solve.grid import (BIT, DIGITS, Grid, Step, Technique, cells_text,
                                        eliminated_text)
from pipeline.sudoku.solve.patterns import jellyfish, swordfish, x_wing, xy_wing, xyz_wing
from pipeline.engines.sums import combination_text
from pipeline.engines.sums import fillings as sum_fillings

MAX_INNIES = 4     # open cells of an innie or outie group worked out digit by digit
MAX_BAND = 4       # rows (columns) side by side that make one region of the rule of 45


def _regions() -> tuple[tuple[str, frozenset[int], int], ...]:
    """(name, cells, sum) of every region the rule of 45 reads: single rows, columns and
    boxes, and 2..MAX_BAND rows or columns side by side."""
    out = []
    for first, word in ((0, "row"), (COL, "column")):
        for length in range(1, MAX_BAND + 1):
            for start in range(9 - length + 1):
                houses = range(first + start, first + start + length)
                names = [house_name(h).split()[1] for h in houses]
                name = (f"{word} {names[0]}" if length == 1
                        else f"{word}s {names[0]}-{names[-1]}")
                out.append((name, frozenset(c for h in houses for c in HOUSES[h]), 45 * length))
    for box in range(18, 27):
        out.append((house_name(box), frozenset(HOUSES[box]), 45))
    return tuple(out)


REGIONS = _regions()


# --- what a cage still needs ----------------------------------------------------------------

def cage_text(g: Grid, cage: int) -> str:
    """"the 15 cage at B3": a cage by its sum and its first cell, as a solver finds it."""
    return f"the {g.geo.cage_sum(cage)} cage at {cell_name(g.geo.groups[cage][0])}"


def _open_part(g: Grid, cells) -> tuple[list[int], int, int]:
    """(open cells, mask of the digits placed, the sum placed) of some cells."""
    open_cells, placed, placed_sum = [], 0, 0
    for c in cells:
        d = g.value[c]
        if d:
            placed |= BIT[d]
            placed_sum += d
        else:
            open_cells.append(c)
    return open_cells, placed, placed_sum


def _state(g: Grid, cells) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The digits placed in some cells (0 where open) and their candidate masks: all that the
    cage techniques read of a cage. Between two steps of a solve most cages keep theirs, so
    what a technique finds in a cage is remembered by (sum, digits, masks)."""
    return tuple(map(g.value.__getitem__, cells)), tuple(map(g.cand.__getitem__, cells))


def _cage_states(g: Grid):
    """(cage, sum, cells, digits, masks) of every cage, in order (`_state`)."""
    for cage, total in zip(g.geo.cages, g.geo.sums):
        cells = g.geo.groups[cage]
        yield (cage, total, cells, *_state(g, cells))


def fillings(g: Grid, cells, total: int) -> tuple[list[int], tuple[int, ...], tuple[int, ...]]:
    """The ways distinct digits can fill the open `cells` to `total` with their candidates:
    (open cells, the digit combinations that can be placed, per open cell the digits some
    way uses)."""
    open_at, usable, support = sum_fillings(total, *_state(g, cells))
    return [cells[i] for i in open_at], usable, support


def _eliminations(g: Grid, cells, allowed) -> tuple[tuple[int, int], ...]:
    """The candidates of `cells` outside each one's `allowed` mask."""
    return tuple((c, d) for c, keep in zip(cells, allowed) for d in DIGITS[g.cand[c] & ~keep])


# --- killer-easy ----------------------------------------------------------------------------

def single_cell_cage(g: Grid) -> Step | None:
    """A cage of one cell holds its sum."""
    for cage, d in zip(g.geo.cages, g.geo.sums):
        cells = g.geo.groups[cage]
        if len(cells) == 1 and not g.value[cells[0]] and g.cand[cells[0]] & BIT[d]:
            return Step("Single-Cell Cage", ((cells[0], d),), (), cells, (cage,),
                        f"{cell_name(cells[0])} is a cage of one cell: {d}")
    return None


def cage_remainder(g: Grid) -> Step | None:
    """The last open cell of a cage holds its sum less the digits placed in it."""
    value = g.value
    for cage, total in zip(g.geo.cages, g.geo.sums):
        cells = g.geo.groups[cage]
        if len(cells) < 2:
            continue
        digits = tuple(map(value.__getitem__, cells))
        if digits.count(0) == 1:
            placed_sum = sum(digits)
            cell, d = cells[digits.index(0)], total - placed_sum
            if 1 <= d <= 9 and g.cand[cell] & BIT[d]:
                return Step("Cage Remainder", ((cell, d),), (), cells, (cage,),
                            f"{cell_name(cell)} is the last open cell of {cage_text(g, cage)}: "
                            f"{total} less {placed_sum} is {d}")
    return None


def unique_combination(g: Grid) -> Step | None:
    """What is left of a cage's sum has one combination of distinct digits for its open
    cells (3 in two cells is 1+2, 24 in three is 7+8+9): no other digit goes in them."""
    for cage, total, cells, digits, masks in _cage_states(g):
        found = sums.unique_combination(total, digits, masks)
        if found:
            combo, cuts = found
            open_cells, rest, elims = sums.cut_cells(cells, digits, total, cuts)
            return Step("Unique Combination", (), elims, tuple(open_cells), (cage,),
                        f"{rest} in the {len(open_cells)} open cells of "
                        f"{cage_text(g, cage)} is only {combination_text(combo)}, which "
                        f"{eliminated_text(elims)}")
    return None


def sum_range(g: Grid) -> Step | None:
    """A digit in an open cell of a cage leaves the other open cells a sum; when that is
    below the least or above the greatest they can make (distinct digits not placed in the
    cage, each cell's smallest or largest candidate), the digit cannot go there."""
    for cage, total, cells, digits, masks in _cage_states(g):
        cuts = sums.sum_range_cuts(total, digits, masks)
        if cuts:
            open_cells, rest, elims = sums.cut_cells(cells, digits, total, cuts)
            return Step("Sum Range", (), elims, tuple(open_cells), (cage,),
                        f"{cage_text(g, cage)} needs {rest} from {cells_text(open_cells)}; "
                        f"the other cells cannot make up what some digits leave, which "
                        f"{eliminated_text(elims)}")
    return None


# --- killer-medium --------------------------------------------------------------------------

def cage_combinations(g: Grid) -> Step | None:
    """Every combination of distinct digits that makes what is left of a cage's sum, and can
    be placed in its open cells with their candidates: a digit no such filling uses in a cell
    cannot go there."""
    for cage, total in zip(g.geo.cages, g.geo.sums):
        cells = g.geo.groups[cage]
        cuts = sums.combination_cuts(total, *_state(g, cells))
        if cuts:
            open_cells, usable, _support = fillings(g, cells, total)
            elims = sums.cuts_in_cells(cells, cuts)
            ways = " or ".join(combination_text(m) for m in usable)
            return Step("Cage Combinations", (), elims, tuple(open_cells), (cage,),
                        f"the open cells of {cage_text(g, cage)} hold {ways}, which "
                        f"{eliminated_text(elims)}")
    return None


def cage_pointing(g: Grid) -> Step | None:
    """A digit every combination of a cage needs, whose places in the cage lie in one house,
    is in that part of the house: it leaves the house's other cells."""
    for cage, total in zip(g.geo.cages, g.geo.sums):
        open_cells, usable, _support = fillings(g, g.geo.groups[cage], total)
        if not usable:
            continue
        needed = ALL_DIGITS
        for combo in usable:
            needed &= combo
        for d in DIGITS[needed]:
            where = [c for c in open_cells if g.cand[c] & BIT[d]]
            if not where:
                continue
            for house in sorted(set.intersection(*(set(g.geo.groups_of[c][:3]) for c in where))):
                elims = tuple((c, d) for c in g.places(house, d) if c not in where)
                if elims:
                    return Step("Cage Pointing", (), elims, tuple(where), (cage, house),
                                f"{cage_text(g, cage)} needs a {d}, and it can only go in "
                                f"{house_name(house)}, which {eliminated_text(elims)}")
    return None


def _cage_of(g: Grid, cell: int) -> int:
    return next(h for h in g.geo.groups_of[cell] if h >= g.geo.houses)


def cage_claiming(g: Grid) -> Step | None:
    """A digit whose places in a house all lie in one cage is in that part of the cage: it
    leaves the cage's cells outside the house."""
    cand = g.cand
    for house in range(g.geo.houses):
        # the candidates of the house's cells, cage by cage: only a digit in one cage's part
        # can be claimed
        parts: dict[int, int] = {}
        for c in g.geo.groups[house]:
            if cand[c]:
                cage = _cage_of(g, c)
                parts[cage] = parts.get(cage, 0) | cand[c]
        once = twice = 0
        for m in parts.values():
            twice |= once & m
            once |= m
        for d in DIGITS[once & ~twice]:
            where = g.places(house, d)
            cage = _cage_of(g, where[0])
            elims = tuple((c, d) for c in g.geo.groups[cage]
                          if c not in g.geo.groups[house] and g.cand[c] & BIT[d])
            if elims:
                return Step("Cage Claiming", (), elims, tuple(where), (house, cage),
                            f"in {house_name(house)}, {d} can only go in {cage_text(g, cage)}, "
                            f"which {eliminated_text(elims)}")
    return None


# --- killer-hard: the rule of 45 ------------------------------------------------------------

@dataclass(frozen=True)
class RegionCages:
    """How a geometry's cages lie on one region of the rule of 45."""

    inside: int                  # the sum of the cages wholly inside the region
    crossing: tuple[int, ...]    # the cages that cross its edge
    innies: tuple[int, ...]      # their cells inside the region, in reading order
    outies: tuple[int, ...]      # their cells outside it, in reading order


@lru_cache(maxsize=64)
def region_cages(geo: Geometry) -> tuple[RegionCages, ...]:
    """Per region of REGIONS, how the cages lie on it: the geometry's alone, so worked out
    once a board rather than at every step."""
    out = []
    for _name, cells, _sum in REGIONS:
        inside, crossing = 0, []
        for cage in geo.cages:
            members = geo.groups[cage]
            inner = sum(1 for c in members if c in cells)
            if inner == len(members):
                inside += geo.cage_sum(cage)
            elif inner:
                crossing.append(cage)
        out.append(RegionCages(
            inside, tuple(crossing),
            tuple(sorted(c for cage in crossing for c in geo.groups[cage] if c in cells)),
            tuple(sorted(c for cage in crossing for c in geo.groups[cage] if c not in cells))))
    return tuple(out)


def _free_support(g: Grid, open_cells: list[int], rest: int) -> tuple[int, ...] | None:
    """Per open cell the digits some filling uses, for open cells whose digits add up to
    `rest` and differ only where the cells are peers; None when there is no filling."""
    peers = g.geo.peers
    links = tuple(sum(1 << j for j, other in enumerate(open_cells) if other in peers[cell])
                  for cell in open_cells)
    return sums.free_fillings(rest, tuple(g.cand[c] for c in open_cells), links)


def _sum_group_step(g: Grid, name: str, cells: list[int], total: int, why: str,
                    houses: tuple[int, ...]) -> Step | None:
    """The step a group of cells of known sum gives: its one open cell placed, or the
    digits no filling uses removed."""
    open_cells, _placed, placed_sum = _open_part(g, cells)
    if not open_cells or len(open_cells) > MAX_INNIES:
        return None
    if len(open_cells) == 1:
        cell, d = open_cells[0], total - placed_sum
        if 1 <= d <= 9 and g.cand[cell] & BIT[d]:
            return Step(name, ((cell, d),), (), tuple(cells), houses,
                        f"{why}, so {cell_name(cell)} is {d}")
        return None
    support = _free_support(g, open_cells, total - placed_sum)
    if support is None:
        return None
    elims = _eliminations(g, open_cells, support)
    if elims:
        return Step(name, (), elims, tuple(cells), houses, f"{why}, which "
                    f"{eliminated_text(elims)}", size=len(cells))
    return None


def innies(g: Grid) -> Step | None:
    """The cells of a region in cages that stick out of it add up to the region's 45s less
    the cages wholly inside."""
    for (name, _cells, region_sum), lie in zip(REGIONS, region_cages(g.geo)):
        inside, crossing, inner = lie.inside, lie.crossing, lie.innies
        if not inner:
            continue
        total = region_sum - inside
        step = _sum_group_step(g, "Innies (Rule of 45)", inner, total,
                               f"{name} adds up to {region_sum} and its cages inside to "
                               f"{inside}, so the innies {cells_text(inner)} add up to {total}",
                               tuple(crossing))
        if step:
            return step
    return None


def outies(g: Grid) -> Step | None:
    """The cells outside a region of the cages that stick into it add up to what those
    cages and the cages inside bring over the region's 45s."""
    for (name, _cells, region_sum), lie in zip(REGIONS, region_cages(g.geo)):
        inside, crossing, outer = lie.inside, lie.crossing, lie.outies
        if not outer:
            continue
        total = inside + sum(g.geo.cage_sum(cage) for cage in crossing) - region_sum
        step = _sum_group_step(g, "Outies (Rule of 45)", outer, total,
                               f"the cages in and across {name} add up to "
                               f"{total + region_sum}, {total} more than {region_sum}, so the "
                               f"outies {cells_text(outer)} add up to {total}",
                               tuple(crossing))
        if step:
            return step
    return None


def split_cage(g: Grid) -> Step | None:
    """One cage crossing a region's edge: its part inside adds up to what the region's
    cages inside leave, its part outside to the rest of its sum; each part is a cage of
    distinct digits, and every combination of each is read."""
    for (name, cells, region_sum), lie in zip(REGIONS, region_cages(g.geo)):
        inside, crossing = lie.inside, lie.crossing
        if len(crossing) != 1:
            continue
        cage = crossing[0]
        members = g.geo.groups[cage]
        inner = [c for c in members if c in cells]
        outer = [c for c in members if c not in cells]
        inner_sum = region_sum - inside
        for part, total in ((inner, inner_sum), (outer, g.geo.cage_sum(cage) - inner_sum)):
            open_cells, usable, support = fillings(g, part, total)
            if len(open_cells) < 2 or not usable:
                continue
            elims = _eliminations(g, open_cells, support)
            if elims:
                return Step("Split Cage (Rule of 45)", (), elims, tuple(part), (cage,),
                            f"{name} leaves {inner_sum} for the part of {cage_text(g, cage)} "
                            f"inside it, so {cells_text(part)} add up to {total}: "
                            f"{' or '.join(combination_text(m) for m in usable)}, which "
                            f"{eliminated_text(elims)}", size=len(part))
    return None


# --- the order ------------------------------------------------------------------------------

# Easiest first: the order grade.py cuts into the Killer levels. Each tier's Sudoku
# techniques keep their order; the cage techniques go where a solver reaches for them.
KILLER_TECHNIQUES = (
    Technique("Full House", full_house),
    Technique("Single-Cell Cage", single_cell_cage),
    Technique("Cage Remainder", cage_remainder),
    Technique("Hidden Single", hidden_single),
    Technique("Naked Single", naked_single),
    Technique("Unique Combination", unique_combination),
    Technique("Sum Range", sum_range),
    *INTERSECTIONS,
    Technique("Cage Combinations", cage_combinations),
    Technique("Cage Pointing", cage_pointing),
    Technique("Cage Claiming", cage_claiming),
    *SUBSETS,
    Technique("Innies (Rule of 45)", innies),
    Technique("Outies (Rule of 45)", outies),
    Technique("Split Cage (Rule of 45)", split_cage),
    Technique("X-Wing", x_wing),
    Technique("XY-Wing", xy_wing),
    Technique("XYZ-Wing", xyz_wing),
    Technique("Swordfish", swordfish),
    Technique("Jellyfish", jellyfish),
)
KILLER_RANK = {t.name: k for k, t in enumerate(KILLER_TECHNIQUES)}

