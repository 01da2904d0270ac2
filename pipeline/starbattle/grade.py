"""The Star Battle bands, declared once: size, deduction contract, region shapes, starting stars.

Everything else (CLI choices, export strings, layout validation, the generator's bar) derives
from this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.family import BEYOND, Rating


@dataclass(frozen=True)
class Band:
    name: str
    size: int
    max_tier: int            # the band's top tier: the solve may use tiers 1..max_tier
    max_steps: int | None    # most steps the easiest-first solve may take (None: no limit)
    min_tier2: int           # tier-2 steps the solve must need at least
    min_tier3: int           # tier-3 steps at least
    min_tier4: int           # tier-4 steps at least
    min_tier3_up: int        # steps of tier 3 or above at least
    min_region: int          # region sizes allowed: min_region..max_region
    max_region: int
    min_distinct_sizes: int  # different region sizes a board must show
    start_star_percent: int  # share of boards that open with one star placed
    uses_long_growth: bool   # whether the "few long regions" growth profile is used
    stars: int = 1           # stars in every row, column and region
    min_top: int = 0         # k stars: steps of the band's top tier the solve must need
    starting_stars: int = 1  # k stars: stars printed on the boards that open with stars
    repair_rounds: int = 3   # k stars: repair rounds per row of the board
    count_by_lines: bool = False  # k stars: repair counts with the line-choice counter
    climb_tries: int = 0     # k stars: when > 0, repair climbs (generate.climb_regions_k),
                             # trying at most this many moves a round

    @property
    def tiers(self) -> tuple[int, ...]:
        """The tier numbers of this band's deduction (one star: 1-4; k stars: 1-6)."""
        return (1, 2, 3, 4) if self.stars == 1 else (1, 2, 3, 4, 5, 6)

    @property
    def cells(self) -> int:
        return self.size * self.size


BANDS: tuple[Band, ...] = (
    Band("easy", 6, max_tier=2, max_steps=16, min_tier2=0, min_tier3=0, min_tier4=0,
         min_tier3_up=0, min_region=2, max_region=10, min_distinct_sizes=3,
         start_star_percent=90, uses_long_growth=True),
    Band("medium", 7, max_tier=2, max_steps=None, min_tier2=2, min_tier3=0, min_tier4=0,
         min_tier3_up=0, min_region=2, max_region=12, min_distinct_sizes=3,
         start_star_percent=75, uses_long_growth=True),
    Band("tricky", 8, max_tier=3, max_steps=None, min_tier2=0, min_tier3=1, min_tier4=0,
         min_tier3_up=1, min_region=2, max_region=14, min_distinct_sizes=4,
         start_star_percent=60, uses_long_growth=False),
    Band("hard", 9, max_tier=3, max_steps=None, min_tier2=0, min_tier3=3, min_tier4=0,
         min_tier3_up=3, min_region=2, max_region=16, min_distinct_sizes=4,
         start_star_percent=45, uses_long_growth=False),
    Band("expert", 10, max_tier=4, max_steps=None, min_tier2=0, min_tier3=0, min_tier4=1,
         min_tier3_up=4, min_region=3, max_region=18, min_distinct_sizes=4,
         start_star_percent=30, uses_long_growth=False),
    # Two and three stars a line, with tiers of their own (solve.STAR_TIERS): quota,
    # neighbours, counting, blocks, pigeonhole, what-if. A band is the tiers its easiest-first
    # solve may use, and at least `min_top` steps of its top tier.
    Band("two-star-easy", 10, max_tier=3, max_steps=None, min_tier2=0, min_tier3=0,
         min_tier4=0, min_tier3_up=0, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, uses_long_growth=False, stars=2, min_top=1),
    Band("two-star-medium", 10, max_tier=5, max_steps=None, min_tier2=0, min_tier3=0,
         min_tier4=0, min_tier3_up=0, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, uses_long_growth=False, stars=2, min_top=1),
    Band("two-star-hard", 10, max_tier=6, max_steps=None, min_tier2=0, min_tier3=0,
         min_tier4=0, min_tier3_up=0, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, uses_long_growth=False, stars=2, min_top=1),
    # Three stars on 14x14: fresh boards have tens to thousands of solutions even with six
    # starting stars, so repair climbs (every move counted before it is kept) instead of
    # moving the busiest square of twelve listed rivals blind.
    Band("three-star", 14, max_tier=6, max_steps=None, min_tier2=0, min_tier3=0,
         min_tier4=0, min_tier3_up=0, min_region=6, max_region=28, min_distinct_sizes=5,
         start_star_percent=100, uses_long_growth=False, stars=3, min_top=1,
         starting_stars=6, climb_tries=12),
)

BAND_BY_NAME = {band.name: band for band in BANDS}
LEVELS = tuple(band.name for band in BANDS)


# --- rating a board made elsewhere ---------------------------------------------------------------

def step_weight(tier: int) -> int:
    """A step's share of a board's difficulty: each tier counts three times the one below
    (a what-if costs a solver far more than a last square of a line)."""
    return 3 ** (tier - 1)


def rate(puzzle: dict) -> Rating:
    """The first band (easiest first) of the board's size and stars a line whose tiers finish
    its easiest-first solve (any band of its stars when none has its size); BEYOND when the
    top tier does not. The band's minimum step counts are the generator's bar for keeping a
    board, not part of a level, so they are not asked here. Difficulty: the solve's steps,
    each weighted by its tier (`step_weight`), with the full solve's steps when beyond."""
    from pipeline.starbattle import solve as solver
    from pipeline.starbattle.board import Board

    board = Board.from_puzzle(puzzle)
    grade = solver.grade if board.stars == 1 else solver.grade_k
    same_stars = [band for band in BANDS if band.stars == board.stars]
    bands = [band for band in same_stars if band.size == board.size] or same_stars
    for band in bands:
        measured = grade(board, band.max_tier)
        if measured.solved:
            return Rating(band.name, _difficulty(measured.tier_counts))
    measured = grade(board, max(band.max_tier for band in same_stars))
    return Rating(BEYOND, _difficulty(measured.tier_counts))


def _difficulty(tier_counts: tuple[int, ...]) -> float:
    return float(sum(count * step_weight(tier) for tier, count in enumerate(tier_counts, 1)))
