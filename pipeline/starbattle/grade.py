"""The Star Battle bands, declared once: size, deduction contract, region shapes, starting stars;
and how a board's grade is measured against them.

Everything else (CLI choices, export strings, layout validation, the generator's bar) derives
from the table of bands.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_
from pipeline.starbattle import solve
from pipeline.starbattle.board import Board


@dataclass(frozen=True)
class Band:
    name: str
    size: int
    max_tier: int            # the band's top tier: the solve may use tiers 1..max_tier
    min_region: int          # region sizes allowed: min_region..max_region
    max_region: int
    min_distinct_sizes: int  # different region sizes a board must show
    start_star_percent: int  # share of boards that open with one star placed
    # What the solve must need; a band states only the minimums it sets (0: none).
    max_steps: int | None = None  # most steps the easiest-first solve may take (None: no limit)
    min_tier2: int = 0       # tier-2 steps the solve must need at least
    min_tier3: int = 0       # tier-3 steps at least
    min_tier4: int = 0       # tier-4 steps at least
    min_tier3_up: int = 0    # steps of tier 3 or above at least
    uses_long_growth: bool = False  # whether the "few long regions" growth profile is used
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
        return tuple(tier.number for tier in solve.tiers(self.stars))

    @property
    def cells(self) -> int:
        return self.size * self.size


BANDS: tuple[Band, ...] = (
    Band("easy", 6, max_tier=2, max_steps=16, min_region=2, max_region=10,
         min_distinct_sizes=3, start_star_percent=90, uses_long_growth=True),
    Band("medium", 7, max_tier=2, min_tier2=2, min_region=2, max_region=12,
         min_distinct_sizes=3, start_star_percent=75, uses_long_growth=True),
    Band("tricky", 8, max_tier=3, min_tier3=1, min_tier3_up=1, min_region=2, max_region=14,
         min_distinct_sizes=4, start_star_percent=60),
    Band("hard", 9, max_tier=3, min_tier3=3, min_tier3_up=3, min_region=2, max_region=16,
         min_distinct_sizes=4, start_star_percent=45),
    Band("expert", 10, max_tier=4, min_tier4=1, min_tier3_up=4, min_region=3, max_region=18,
         min_distinct_sizes=4, start_star_percent=30),
    # Two and three stars a line, with tiers of their own (solve/tiers.py): quota,
    # neighbours, counting, blocks, pigeonhole, what-if. A band is the tiers its easiest-first
    # solve may use, and at least `min_top` steps of its top tier.
    Band("two-star-easy", 10, max_tier=3, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, stars=2, min_top=1),
    Band("two-star-medium", 10, max_tier=5, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, stars=2, min_top=1),
    Band("two-star-hard", 10, max_tier=6, min_region=4, max_region=20, min_distinct_sizes=4,
         start_star_percent=0, stars=2, min_top=1),
    # Three stars on 14x14: fresh boards have tens to thousands of solutions even with six
    # starting stars, so repair climbs (every move counted before it is kept) instead of
    # moving the busiest square of twelve listed rivals blind.
    Band("three-star", 14, max_tier=6, min_region=6, max_region=28, min_distinct_sizes=5,
         start_star_percent=100, stars=3, min_top=1,
         starting_stars=6, climb_tries=12),
)

BAND_BY_NAME = {band.name: band for band in BANDS}
LEVELS = tuple(band.name for band in BANDS)
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "tricky": N_("Tricky"),
                "hard": N_("Hard"), "expert": N_("Expert"),
                "two-star-easy": N_("Two-Star Easy"), "two-star-medium": N_("Two-Star Medium"),
                "two-star-hard": N_("Two-Star Hard"), "three-star": N_("Three-Star")}  # as print names each level


# --- measuring a board -----------------------------------------------------------------------

@dataclass(frozen=True)
class Grade:
    """The measures of an easiest-first solve, without the trace (the generator's fast path)."""

    status: str
    tier_counts: tuple[int, ...]              # steps of tiers 1..4 (one star), 1..6 (k stars)
    steps: int
    progress: int = 0                         # k stars: squares settled (starred or crossed)

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def measure(board: Board, max_tier: int | None = None) -> Grade:
    """The steps of each tier the easiest-first solve with tiers 1..`max_tier` (default: all of
    the board's tiers) takes, counted from the kernel's step arrays."""
    numbers = tuple(tier.number for tier in solve.tiers(board.stars))
    max_tier = numbers[-1] if max_tier is None else max_tier
    if board.stars == 1:
        status, steps, _, step_tier, *_ = solve.run_deduction(board, max_tier)
        settled = 0
    else:
        status, steps, stars, step_tier, _, _, step_crossed = \
            solve.run_deduction_k(board, max_tier)
        settled = sum(int(x).bit_count() for x in stars) + \
            sum(int(x).bit_count() for x in step_crossed[:steps].ravel())
    counts = np.bincount(step_tier[:steps], minlength=len(numbers) + 1)
    return Grade(solve.STATUS_NAMES[status], tuple(int(counts[t]) for t in numbers), steps,
                 settled)


def meets_contract(band: Band, grade: Grade) -> bool:
    if band.stars > 1:
        return (grade.solved and (band.max_steps is None or grade.steps <= band.max_steps)
                and grade.tier_counts[band.max_tier - 1] >= band.min_top)
    t1, t2, t3, t4 = grade.tier_counts
    return (grade.solved
            and (band.max_steps is None or grade.steps <= band.max_steps)
            and t2 >= band.min_tier2 and t3 >= band.min_tier3 and t4 >= band.min_tier4
            and t3 + t4 >= band.min_tier3_up)


def hardness(grade: Grade) -> tuple:
    """Ranking of near-misses: boards the band's tiers cannot finish first, then by tiers."""
    if len(grade.tier_counts) != 4:
        # k stars: fresh boards are mostly too hard for the band's tiers, so the nearest
        # misses are those the band's tiers take furthest.
        return (1 if grade.solved else 0, grade.progress) + tuple(reversed(grade.tier_counts))
    t1, t2, t3, t4 = grade.tier_counts
    return (0 if grade.solved else 1, t4, t3, t2, grade.steps)


def grade_record(band: Band, board: Board, solved: solve.Solve, attempts: int, searches: int,
                 mutated: bool) -> dict:
    """The grade a board's record keeps: the steps of each tier of its easiest-first solve, and
    how the search came by it."""
    return {
        "band": band.name,
        "tiers": {str(t): sum(step.tier == t for step in solved.steps) for t in band.tiers},
        "steps": len(solved.steps),
        "max_tier": max(step.tier for step in solved.steps),
        "starting_stars": len(board.givens),
        "attempts": attempts,
        "searches": searches,
        "mutated": mutated,
    }


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
    board = Board.from_puzzle(puzzle)
    same_stars = [band for band in BANDS if band.stars == board.stars]
    bands = [band for band in same_stars if band.size == board.size] or same_stars
    for band in bands:
        measured = measure(board, band.max_tier)
        if measured.solved:
            return Rating(band.name, _difficulty(measured.tier_counts))
    return Rating(BEYOND, _difficulty(measure(board).tier_counts))


def _difficulty(tier_counts: tuple[int, ...]) -> float:
    return float(sum(count * step_weight(tier) for tier, count in enumerate(tier_counts, 1)))
