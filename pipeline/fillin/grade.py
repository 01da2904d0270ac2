"""The Fill-In levels, declared once, and a board's grade measured from its solve.

A level is the hardest tier of technique the easiest-first solve needs (solve.py): easy only
tier 1 (a word of a unique length, or one crossing letter), medium tier 2 (two crossing
letters, a word with one slot left), hard tier 3 (what-if steps). The difficulty number adds
up the steps by tier and the what-ifs' lengths, so boards order within a level too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.family import BEYOND, Rating
from pipeline.fillin.solve import Solve
from pipeline.i18n import N_

PLAIN_LEVELS = ("easy", "medium", "hard")
TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
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
    language: str = "en"   # the language of the fill list its words come from

    @property
    def plain(self) -> str:
        """The English level this one repeats in another language ("easy" of "easy-de")."""
        return PLAIN_LEVELS[self.tier - 1]


PLAIN = (Level("easy", 11, 7, "word", 1), Level("medium", 13, 9, "word", 2),
         Level("hard", 15, 9, "letter", 3))
# The same levels filled from the German, French and Spanish lists (docs/crossword.md), named
# "<level>-<language>" as the word search's are, and printed by the same titles.
LANGUAGE_LEVELS = ("de", "fr", "es")
LEVEL_BY_NAME = {level.name: level for level in PLAIN + tuple(
    replace(level, name=f"{level.name}-{lang}", language=lang)
    for lang in LANGUAGE_LEVELS for level in PLAIN)}
LEVELS = tuple(LEVEL_BY_NAME)
LEVEL_TITLES = {name: TITLES[level.plain] for name, level in LEVEL_BY_NAME.items()}


def in_language(plain: str, language: str) -> str:
    """The level of that plain name in `language` ("easy", "de": "easy-de")."""
    return plain if language == "en" or plain == BEYOND else f"{plain}-{language}"


def level_of(result: Solve, language: str = "en") -> str:
    if not result.solved:
        return BEYOND
    top = max((step.tier for step in result.steps), default=1)
    return in_language(PLAIN_LEVELS[top - 1], language)


def difficulty(result: Solve) -> float:
    return round(sum(STEP_WEIGHT[step.tier] + step.length for step in result.steps), 1)


def rating_of(result: Solve, language: str = "en") -> Rating:
    return Rating(level_of(result, language), difficulty(result))


def grade_record(result: Solve, language: str = "en") -> dict:
    techniques: dict[str, int] = {}
    for step in result.steps:
        techniques[step.technique] = techniques.get(step.technique, 0) + 1
    return {"level": level_of(result, language), "difficulty": difficulty(result),
            "techniques": techniques, "steps": len(result.steps),
            "longest_what_if": max((s.length for s in result.steps), default=0)}
