"""The Fill-In levels, declared once, and a board's grade measured from its solve.

A level is the hardest tier of technique the easiest-first solve needs (solve.py): easy only
tier 1 (a word of a unique length, or one crossing letter), medium tier 2 (two crossing
letters, a word with one slot left), hard tier 3 (what-if steps). The difficulty number adds
up the steps by tier and the what-ifs' lengths, so boards order within a level too.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.family import BEYOND, Rating
from pipeline.fillin.solve import Solve

LEVELS = ("easy", "medium", "hard")
LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
STEP_WEIGHT = {1: 1.0, 2: 3.0, 3: 10.0}


@dataclass(frozen=True)
class Level:
    """What a level's boards are: size, the longest word, the starter the puzzle prints, and
    the one tier of technique its solve needs at most and at least."""

    name: str
    size: int
    longest: int
    starter: str   # "word": one whole word given; "letter": none or one letter
    tier: int


LEVEL_BY_NAME = {
    "easy": Level("easy", 11, 7, "word", 1),
    "medium": Level("medium", 13, 9, "word", 2),
    "hard": Level("hard", 15, 9, "letter", 3),
}


def level_of(result: Solve) -> str:
    if not result.solved:
        return BEYOND
    top = max((step.tier for step in result.steps), default=1)
    return LEVELS[top - 1]


def difficulty(result: Solve) -> float:
    return round(sum(STEP_WEIGHT[step.tier] + step.length for step in result.steps), 1)


def rating_of(result: Solve) -> Rating:
    return Rating(level_of(result), difficulty(result))


def grade_record(result: Solve) -> dict:
    techniques: dict[str, int] = {}
    for step in result.steps:
        techniques[step.technique] = techniques.get(step.technique, 0) + 1
    return {"level": level_of(result), "difficulty": difficulty(result),
            "techniques": techniques, "steps": len(result.steps),
            "longest_what_if": max((s.length for s in result.steps), default=0)}
