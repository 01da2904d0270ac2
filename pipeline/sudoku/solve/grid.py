"""The candidate grid every technique reads, the step every technique hands back, and the
texts steps are written with.

The state is a candidate grid (`Grid`): for each empty cell a 9-bit mask of the digits still
possible, for each filled cell its digit. Techniques read "each digit once in a house" from
the grid's geometry's houses and "two cells that share a group differ" from its peers, so a
variant with extra all-different groups (Killer's cages) gets the same grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from pipeline.engines.candidates import CandidateGrid
from pipeline.engines.sums import BIT, DIGITS, POPCOUNT
from pipeline.sudoku.board import ALL_DIGITS, CELLS, CLASSIC, Geometry, cell_name, house_name



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


class Grid(CandidateGrid):
    """The candidate grid (`pipeline.engines.candidates`) of the 81 cells, peers by the geometry's
    groups (houses, and a Killer board's cages)."""

    __slots__ = ("geo",)

    def __init__(self, givens: Sequence[int] = (), geo: Geometry = CLASSIC):
        super().__init__(CELLS, geo.peers)
        self.geo = geo
        for cell, d in enumerate(givens):
            if d:
                self.place(cell, d)

    def sharing(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.geo, other.peers = self.geo, self.peers
        return other

    def contradiction(self) -> bool:
        """An empty cell without candidates, a house with a missing digit that has no place
        left, a filled cage whose digits miss its sum (or a digit placed where it could not
        go)."""
        if self.broken:
            return True
        value, cand = self.value, self.cand
        # per cell its candidates, or the bit of its digit: no cell may have none, and every
        # house must have all nine between its cells
        marks = [m | BIT[d] for m, d in zip(cand, value)]
        if 0 in marks:
            return True
        for house in self.geo.groups[:self.geo.houses]:
            have = 0
            for cell in house:
                have |= marks[cell]
            if have != ALL_DIGITS:
                return True
        # Killer: a filled cage off its sum
        for cage, total in zip(self.geo.cages, self.geo.sums):
            digits = tuple(map(value.__getitem__, self.geo.groups[cage]))
            if 0 not in digits and sum(digits) != total:
                return True
        return False

    def places(self, house: int, d: int) -> list[int]:
        """The cells of `house` that still have candidate `d`."""
        bit = BIT[d]
        cand = self.cand
        return [cell for cell in self.geo.groups[house] if cand[cell] & bit]




@dataclass(frozen=True)
class Technique:
    name: str
    find: Callable[[Grid], Step | None]


# --- texts -----------------------------------------------------------------------------------

CELL_NAMES = tuple(cell_name(c) for c in range(CELLS))   # "A1".."I9", by cell


def cells_text(cells) -> str:
    names = [CELL_NAMES[c] for c in sorted(cells)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def eliminated_text(eliminates) -> str:
    """"removes 5 from D2 and F2; 1/7 from G3": digits with the same cells together."""
    by_digit: dict[int, list[int]] = {}
    for cell, d in eliminates:
        by_digit.setdefault(d, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for d, cells in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cells)), []).append(d)
    parts = [f"{digits_text(digits)} from {cells_text(cells)}"
             for cells, digits in by_cells.items()]
    return "removes " + "; ".join(parts)


def digits_text(digits) -> str:
    return "/".join(str(d) for d in sorted(digits))
