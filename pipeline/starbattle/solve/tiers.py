"""The techniques of the easiest-first solve, named once: tier by tier, easiest first.

One star a line and k stars a line have tiers of their own (the k-star deduction works on
quotas, not on single stars). Each tier's name is what the k-star trace and hints call it; the
hint names the technique by `hint`; the how-to page teaches it under the name, capitalised,
with `lesson`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.i18n import N_


@dataclass(frozen=True)
class Tier:
    number: int     # 1 is tried first; a step of tier t only when no easier tier gives one
    name: str
    hint: str       # the technique a hint names
    lesson: str     # the how-to page's sentence

    @property
    def title(self) -> str:
        return self.name.capitalize()


TIERS = {   # by stars a line: 1, and k (2 or more)
    1: (
        Tier(1, N_("last square"), N_("last square of a line"),
             N_("a row, column or region with one open square left must take its star there, "
             "because it needs exactly one.")),
        Tier(2, N_("clash"), N_("squares that see a whole line"),
             N_("a square that would touch, or share a line with, every open square of one row, "
             "column or region would leave that line without a star, so cross it out.")),
        Tier(3, N_("two lines"), N_("two lines together"),
             N_("two rows, columns or regions need two stars between them; list every way to "
             "place them, and cross out the squares that every way rules out.")),
        Tier(4, N_("three lines"), N_("three lines together"),
             N_("the same with three lines and their three stars: squares that every placement "
             "of the three rules out can never hold a star.")),
    ),
    2: (
        # a line whose open squares are exactly the stars it needs
        Tier(1, N_("quota"), N_("quota"),
             N_("a row, column or region whose open squares are exactly the stars it still needs "
             "takes a star on each of them.")),
        # a star here would leave some line without room for its stars
        Tier(2, N_("neighbours"), N_("neighbours"),
             N_("a star here would leave some row, column or region without room for the stars "
             "it needs, so the square is crossed out.")),
        # a region inside one row or column (or the reverse) fills its quota
        Tier(3, N_("counting"), N_("counting"),
             N_("a region lying inside rows (or columns) that need exactly its stars takes all of "
             "them: the other squares of those lines are crossed out.")),
        # 2x2 blocks tiling a band of two rows or columns, one star each at most
        Tier(4, N_("blocks"), N_("blocks"),
             N_("no 2x2 block holds two stars; the blocks that tile a band of two rows or columns "
             "hold all the stars the band needs, which rules squares out.")),
        # j regions inside a band of j rows or columns (or the reverse)
        Tier(5, N_("pigeonhole"), N_("pigeonhole"),
             N_("when j regions lie inside j rows (or columns), they take all those lines' "
             "stars, so the other squares of the lines are crossed out.")),
        # a star here forces, step by step, a line without room
        Tier(6, N_("what-if"), N_("what-if"),
             N_("suppose a star here: when the steps it forces leave some line without room for "
             "its stars, the square is crossed out.")),
    ),
}


def tiers(stars: int) -> tuple[Tier, ...]:
    """The tiers of boards with `stars` stars a line, easiest first."""
    return TIERS[1 if stars == 1 else 2]


def tier(stars: int, number: int) -> Tier:
    return tiers(stars)[number - 1]
