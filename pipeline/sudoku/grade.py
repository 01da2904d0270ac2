"""The Sudoku levels, declared once, and how a board's level and difficulty are measured.

A level is a set of techniques, cumulative and easiest first. A board's level is the lowest
level whose techniques finish the easiest-first solve; `beyond` when even extreme's do not.
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
from typing import Sequence

from pipeline.family import BEYOND, Rating
from pipeline.sudoku.board import BOX_HOUSE
from pipeline.sudoku.solve import RANK, TECHNIQUES, Solve, Step, solve

# --- the levels ------------------------------------------------------------------------------

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
LEVEL_TITLES = {level: level.title() for level in LEVELS}  # as print names each level

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


def techniques_of(level: str):
    """The techniques a level allows: its own tier and every tier below, in solve order."""
    allowed = set().union(*(TIERS[name] for name in LEVELS[:LEVELS.index(level) + 1]))
    return tuple(t for t in TECHNIQUES if t.name in allowed)


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
    if TIER_OF[step.technique] == "extreme" and step.size > LONG_CHAIN:
        weight += CHAIN_STEP * ((step.size - LONG_CHAIN + 1) // 2)
    return round(weight, 2)


def level_of(result: Solve) -> str:
    if not result.solved:
        return BEYOND
    if not result.steps:
        return LEVELS[0]
    hardest = max(RANK[step.technique] for step in result.steps)
    return TIER_OF[TECHNIQUES[hardest].name]


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
    """The grade record of a board: its level, the techniques of its easiest-first solve
    with their counts, the difficulty, and what the difficulty is made of."""
    result = solve(givens)
    return grade_record(result, givens)


def grade_record(result: Solve, givens: Sequence[int]) -> dict:
    weights = [step_weight(step) for step in result.steps]
    return {"level": level_of(result),
            "techniques": result.counts(),
            "difficulty": difficulty(result),
            "hardest_step": max(weights, default=0.0),
            "steps": len(result.steps),
            "clues": sum(1 for d in givens if d),
            "least_open": min(result.open_moves, default=0),
            "status": result.status}


def rate(puzzle: dict) -> Rating:
    """The level and difficulty of a board made elsewhere, from one easiest-first solve."""
    from pipeline.sudoku.board import Board

    result = solve(Board.from_puzzle(puzzle).givens)
    return Rating(level_of(result), difficulty(result))
