"""The Codeword levels, declared once, and a board's grade measured from its solve.

Measured: the letters given, how many letters fall to pattern steps, and the what-ifs (how
many, and the longest). easy: three given and pattern steps alone; medium: two given and
pattern steps alone; hard: one given, or two and at least one what-if (generation also holds
hard grids to `rare_cells` cells of the rare letters). Three given and a what-if is medium;
a board the what-ifs do not finish is beyond. The difficulty number orders boards within a
level: ten for each letter fewer than three given, five a what-if and a quarter of each
what-if's length, and a tenth for each letter found only as the last place of a letter (a
step over the whole key, harder to see than a word's pattern).
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.codeword.solve import ONLY_NUMBER, WHAT_IF, Solve
from pipeline.family import BEYOND, Rating

LEVELS = ("easy", "medium", "hard")
LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
RARE = "JQXZKVWY"


@dataclass(frozen=True)
class Level:
    name: str
    size: int
    longest: int
    givens: tuple[int, ...]   # how many letters the puzzle gives, tried in this order
    seeded: str               # letters a slot is held to before filling
    rare_cells: int           # cells of RARE letters the grid must hold at least


LEVEL_BY_NAME = {
    "easy": Level("easy", 15, 9, (3,), "JQXZ", 0),
    "medium": Level("medium", 15, 9, (2,), "JQXZ", 0),
    "hard": Level("hard", 15, 9, (1, 2), "JQXZKVWY", 16),
}


def rare_cells(grid) -> int:
    return sum(1 for line in grid for ch in line if ch in RARE)


def what_ifs(result: Solve) -> list[int]:
    return [step.length for step in result.steps if step.technique == WHAT_IF]


def level_of(result: Solve, givens: int) -> str:
    if not result.solved:
        return BEYOND
    if what_ifs(result):
        return "hard" if givens <= 2 else "medium"
    return "easy" if givens >= 3 else "medium" if givens == 2 else "hard"


def difficulty(result: Solve, givens: int) -> float:
    lengths = what_ifs(result)
    last_places = sum(1 for step in result.steps if step.technique == ONLY_NUMBER)
    return round(10 * (3 - min(givens, 3)) + 5 * len(lengths) + sum(lengths) / 4
                 + last_places / 10, 2)


def rating_of(result: Solve, givens: int) -> Rating:
    return Rating(level_of(result, givens), difficulty(result, givens))


def grade_record(result: Solve, givens: int, grid) -> dict:
    lengths = what_ifs(result)
    return {"level": level_of(result, givens), "difficulty": difficulty(result, givens),
            "given": givens, "pattern_letters": sum(1 for s in result.steps if s.placed),
            "what_ifs": len(lengths), "longest_what_if": max(lengths, default=0),
            "rare_cells": rare_cells(grid)}
