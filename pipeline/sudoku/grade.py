"""The Sudoku levels, declared once, and how a board's level and difficulty are measured.

A level is a set of techniques, cumulative and easiest first. A board's level is the lowest
level whose techniques finish the easiest-first solve; `beyond` when even extreme's do not.
Killer Sudoku's levels (`killer-easy`, `killer-medium`, `killer-hard`) are a ladder of their
own, over the Killer technique order (solve/killer.py): each tier adds cage techniques to the
Sudoku techniques of about the same reach.
One solve with every technique decides it: easiest-first, a solve limited to a level takes
the same steps as the full solve up to the first step of a technique above that level, and
gets stuck there. So the level is the tier of the hardest technique the full solve uses.

The difficulty is a number that orders boards the way solving time does, within and across
levels. It combines three observations:
  - Sudoku Explainer: a board is as hard as its hardest step, on a fixed scale of technique
    weights (`WEIGHTS`, SE's ratings where SE rates the technique; chains and forcing steps
    grow with their length, as in SE);
  - HoDoKu: every step costs something, so the sum of step weights counts too (a board of
    twenty pairs is harder than a board of one);
  - Pelanek ("Difficulty rating of Sudoku puzzles by a computational model"): what makes a
    position slow is how few moves are open at once; a step taken when only one single is
    on the board costs more than one of ten.
The coefficients were fitted by rank correlation against the ratings of 800 boards (SE,
HoDoKu, Solo; docs/sudoku.md gives the numbers and the command).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_
from pipeline.sudoku.board import BOX_HOUSE, Board
from pipeline.sudoku.solve import (KILLER_TECHNIQUES, TECHNIQUES, Solve, Step, Technique,
                                   rules_of, solve)

# --- the levels ------------------------------------------------------------------------------

CLASSIC_LEVELS = ("easy", "medium", "hard", "expert", "extreme")
KILLER_LEVELS = ("killer-easy", "killer-medium", "killer-hard")
LEVELS = CLASSIC_LEVELS + KILLER_LEVELS   # the family's levels: classic first, then Killer
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),  # as print
                "expert": N_("Expert"), "extreme": N_("Extreme"),               # names them
                "killer-easy": N_("Killer Easy"), "killer-medium": N_("Killer Medium"),
                "killer-hard": N_("Killer Hard")}
assert LEVEL_TITLES == {level: level.replace("-", " ").title() for level in LEVELS}
TIERS = {
    "easy": ("Full House", "Hidden Single", "Naked Single"),
    "medium": ("Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)"),
    "hard": ("Naked Pair", "Hidden Pair", "Naked Triple", "Hidden Triple", "Naked Quad",
             "Hidden Quad"),
    "expert": ("X-Wing", "XY-Wing", "XYZ-Wing", "Swordfish", "Simple Colouring", "Jellyfish"),
    "extreme": ("X-Chain", "XY-Chain", "AIC", "Nishio", "Cell Forcing Chain",
                "Unit Forcing Chain"),
}
TIER_OF = {name: level for level, names in TIERS.items() for name in names}
assert tuple(TIER_OF) == tuple(t.name for t in TECHNIQUES), "tiers must follow solve order"

KILLER_TIERS = {
    "killer-easy": ("Full House", "Single-Cell Cage", "Cage Remainder", "Hidden Single",
                    "Naked Single", "Unique Combination", "Sum Range"),
    "killer-medium": ("Locked Candidates Type 1 (Pointing)",
                      "Locked Candidates Type 2 (Claiming)", "Cage Combinations",
                      "Cage Pointing", "Cage Claiming", "Naked Pair", "Hidden Pair",
                      "Naked Triple", "Hidden Triple", "Naked Quad", "Hidden Quad"),
    "killer-hard": ("Innies (Rule of 45)", "Outies (Rule of 45)", "Split Cage (Rule of 45)",
                    "X-Wing", "XY-Wing", "XYZ-Wing", "Swordfish", "Jellyfish"),
}
KILLER_TIER_OF = {name: level for level, names in KILLER_TIERS.items() for name in names}
assert tuple(KILLER_TIER_OF) == tuple(t.name for t in KILLER_TECHNIQUES), \
    "Killer tiers must follow the Killer solve order"


@dataclass(frozen=True)
class Ladder:
    """The levels of one puzzle (classic Sudoku or Killer), easiest first, and the technique
    order they cut into tiers."""

    levels: tuple[str, ...]
    tier_of: dict[str, str]          # technique name -> the level that introduces it
    techniques: tuple[Technique, ...]

    def allows(self, level: str) -> tuple[Technique, ...]:
        """The techniques a level allows: its own tier and every tier below, in solve order."""
        allowed = self.levels[:self.levels.index(level) + 1]
        return tuple(t for t in self.techniques if self.tier_of[t.name] in allowed)


CLASSIC = Ladder(CLASSIC_LEVELS, TIER_OF, TECHNIQUES)
KILLER = Ladder(KILLER_LEVELS, KILLER_TIER_OF, KILLER_TECHNIQUES)


def ladder_of(level: str) -> Ladder:
    return KILLER if level in KILLER_LEVELS else CLASSIC


def techniques_of(level: str):
    """The techniques a level allows: its own tier and every tier below, in solve order."""
    return ladder_of(level).allows(level)


# Sudoku Explainer's ratings (hidden singles: 1.2 in a box, 1.5 in a line); simple colouring,
# which SE does not rate, between XYZ-Wing and the quads, as HoDoKu scores it.
WEIGHTS = {
    "Full House": 1.0, "Hidden Single": 1.5, "Naked Single": 2.3,
    "Locked Candidates Type 1 (Pointing)": 2.6, "Locked Candidates Type 2 (Claiming)": 2.8,
    "Naked Pair": 3.0, "X-Wing": 3.2, "Hidden Pair": 3.4, "Naked Triple": 3.6,
    "Swordfish": 3.8, "Hidden Triple": 4.0, "XY-Wing": 4.2, "XYZ-Wing": 4.4,
    "Simple Colouring": 4.6, "Naked Quad": 5.0, "Jellyfish": 5.2, "Hidden Quad": 5.4,
    "X-Chain": 6.6, "XY-Chain": 6.8, "AIC": 7.0, "Nishio": 7.5, "Cell Forcing Chain": 8.0,
    "Unit Forcing Chain": 8.2,
    # Killer's cage techniques: no published scale rates them; placed beside the Sudoku
    # techniques of the same tier, a single cage fact as cheap as a single, combinations as
    # dear as locked candidates, the rule of 45 between pairs and the wings.
    "Single-Cell Cage": 1.0, "Cage Remainder": 1.2, "Unique Combination": 1.7,
    "Sum Range": 2.0, "Cage Combinations": 2.7, "Cage Pointing": 2.9, "Cage Claiming": 2.9,
    "Innies (Rule of 45)": 3.3, "Outies (Rule of 45)": 3.5, "Split Cage (Rule of 45)": 3.9,
}
LONG_CHAIN = 4          # links; each two links more add CHAIN_STEP to a chain's weight
CHAIN_STEP = 0.1
BEYOND_WEIGHT = 9.0     # where the solve gets stuck: past every technique it knows

# difficulty = hardest + SUM_WEIGHT * log2(1 + sum of (weight - 1) over the steps)
#              + SCARCITY_WEIGHT * (share of steps taken with at most one single open)
SUM_WEIGHT = 0.2
SCARCITY_WEIGHT = 3.0


def step_weight(step: Step) -> float:
    weight = WEIGHTS[step.technique]
    if step.technique == "Hidden Single" and step.houses and step.houses[0] >= BOX_HOUSE:
        weight = 1.2
    if step.technique in TIERS["extreme"] and step.size > LONG_CHAIN:
        weight += CHAIN_STEP * ((step.size - LONG_CHAIN + 1) // 2)
    return round(weight, 2)


def level_of(result: Solve, ladder: Ladder = CLASSIC) -> str:
    if not result.solved:
        return BEYOND
    if not result.steps:
        return ladder.levels[0]
    return max((ladder.tier_of[step.technique] for step in result.steps),
               key=ladder.levels.index)


def difficulty(result: Solve) -> float:
    """The hardest step's weight, plus the log of the summed step weights, plus the share of
    steps taken with at most one single open. A board the solve gets stuck on counts a step
    of BEYOND_WEIGHT where it stopped."""
    weights = [step_weight(step) for step in result.steps]
    scarce = sum(1 for n in result.open_moves if n <= 1)
    if not result.solved:
        weights.append(BEYOND_WEIGHT)
        scarce += 1
    if not weights:
        return 0.0
    total = sum(w - 1.0 for w in weights)
    return round(max(weights) + SUM_WEIGHT * math.log2(1.0 + total)
                 + SCARCITY_WEIGHT * scarce / len(weights), 3)


# --- grading ---------------------------------------------------------------------------------

def grade(givens: Sequence[int]) -> dict:
    """The grade record of a classic board: its level, the techniques of its easiest-first
    solve with their counts, the difficulty, and what the difficulty is made of."""
    return grade_board(Board(tuple(givens)))


def grade_board(board: Board) -> dict:
    """The grade record of a board, classic or Killer."""
    result = solve_board(board)
    return grade_record(result, board.givens, KILLER if board.killer else CLASSIC)


def solve_board(board: Board) -> Solve:
    """The full easiest-first solve of a board with its own technique order and geometry."""
    order, geo, _rank = rules_of(board)
    return solve(board.givens, order, geo)


def rate(puzzle: dict) -> Rating:
    """What `pipeline grade` prints of a record: the level and the difficulty."""
    board = Board.from_puzzle(puzzle)
    result = solve_board(board)
    return Rating(level_of(result, KILLER if board.killer else CLASSIC), difficulty(result))


def difficulty_scale(level: str) -> tuple[str, ...]:
    """The levels a level's printed difficulty is judged among: its own ladder."""
    return ladder_of(level).levels


def grade_record(result: Solve, givens: Sequence[int], ladder: Ladder = CLASSIC) -> dict:
    weights = [step_weight(step) for step in result.steps]
    return {"level": level_of(result, ladder),
            "techniques": result.counts(),
            "difficulty": difficulty(result),
            "hardest_step": max(weights, default=0.0),
            "steps": len(result.steps),
            "clues": sum(1 for d in givens if d),
            "least_open": min(result.open_moves, default=0),
            "status": result.status}
