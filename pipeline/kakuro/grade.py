"""The Kakuro levels, declared once, and the grading that decides a board's level.

A level is a set of techniques (solve.py's tiers) and a range of grid sizes. A board is of a
level when the easiest-first solve with that level's techniques finishes it and the solve with
the level below's does not. Its difficulty is the sum of its steps' weights: what a solver must
hold in mind for each.
"""

from __future__ import annotations

from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_
from pipeline.kakuro.board import Board
from pipeline.kakuro.solve import TECHNIQUES, Layout, Solve, solve

LEVELS = ("easy", "medium", "hard")
# The expert tier (hard + bounded what-if) is written and sound (solve.py, its tests), but its
# boards do not generate fast enough yet (docs/kakuro.md): it is no level of the catalog, and a
# board only what-ifs finish rates beyond.
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
# (least, greatest) side of a level's square grid, its clue row and column included
SIDES = {"easy": (8, 10), "medium": (10, 12), "hard": (12, 14)}
WEIGHTS = {"Run Remainder": 1.0, "Naked Single": 1.0, "Hidden Single": 1.2,
           "One-Combination Run": 1.5, "Run Combinations": 2.5, "Required Digit": 2.5,
           "Naked Pair": 3.5, "Naked Triple": 4.0, "Area Sum": 4.5, "What-If": 8.0}


def level_of(lay: Layout) -> tuple[str, Solve]:
    """The easiest level whose techniques finish the board (BEYOND when none does), and
    that solve (beyond: the solve with every technique, what-ifs too)."""
    for level in LEVELS:
        done = solve(lay, TECHNIQUES[level])
        if done.solved:
            return level, done
    return BEYOND, solve(lay, TECHNIQUES["expert"])


def accepts(lay: Layout, level: str) -> Solve | None:
    """The level's solve when the board is exactly of `level`, else None."""
    index = LEVELS.index(level)
    if index and solve(lay, TECHNIQUES[LEVELS[index - 1]]).solved:
        return None
    done = solve(lay, TECHNIQUES[level])
    return done if done.solved else None


def difficulty(done: Solve) -> float:
    return round(sum(WEIGHTS[s.technique] for s in done.steps), 1)


def grade_record(level: str, done: Solve) -> dict:
    """The grade a record keeps: its level, its steps per technique, its difficulty."""
    counts: dict[str, int] = {}
    for step in done.steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    return {"level": level, "steps": len(done.steps), "techniques": counts,
            "difficulty": difficulty(done)}


def rate(puzzle: dict) -> Rating:
    level, done = level_of(Layout.of(Board.from_puzzle(puzzle)))
    return Rating(level, difficulty(done))
