"""The candidate grid of a digit puzzle's easiest-first solve: for each cell the digit placed in
it (0 while open) and the mask of the digits it may still take (0 once filled).

Placing a digit empties its cell's candidates and takes the digit from the cell's peers (the
cells that may not repeat it: a house, a run); a placement the candidates did not allow marks
the grid broken, for the family's contradiction test to see. Every family whose boards are
filled with the digits 1 to 9 keeps this one grid under its own geometry (houses and cages,
runs between blocks), so placing, crossing out and copying are written once. Masks are
`pipeline.engines.sums`'s: bit d - 1 for digit d.
"""

from __future__ import annotations

from typing import Sequence

from pipeline.engines.sums import ALL_DIGITS, BIT


class CandidateGrid:
    """Digits placed and candidates left. A filled cell has no candidates.

    A family's grid subclasses it with its geometry (`sharing` gives a grid on the same
    geometry, for `copy`), its contradiction test and its names for cells."""

    __slots__ = ("value", "cand", "broken", "peers")

    def __init__(self, cells: int, peers: Sequence[Sequence[int]]):
        self.value = [0] * cells
        self.cand = [ALL_DIGITS] * cells
        self.broken = False
        self.peers = peers

    def sharing(self) -> "CandidateGrid":
        """A grid of the same class on the same geometry and peers; its digits and candidates
        are set by the caller."""
        raise NotImplementedError

    def copy(self) -> "CandidateGrid":
        other = self.sharing()
        other.value, other.cand, other.broken = list(self.value), list(self.cand), self.broken
        return other

    def place(self, cell: int, d: int) -> None:
        bit = BIT[d]
        if self.value[cell] or not self.cand[cell] & bit:
            self.broken = True
        self.value[cell] = d
        self.cand[cell] = 0
        cand = self.cand
        for p in self.peers[cell]:
            cand[p] &= ~bit

    def apply(self, step) -> None:
        """What a step establishes: its `places` and `eliminates`, (cell, digit) pairs."""
        for cell, d in step.places:
            self.place(cell, d)
        for cell, d in step.eliminates:
            self.cand[cell] &= ~BIT[d]

    @property
    def solved(self) -> bool:
        return 0 not in self.value
