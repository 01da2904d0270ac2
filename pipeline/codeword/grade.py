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

from dataclasses import dataclass, replace

from pipeline.codeword.solve import ONLY_NUMBER, WHAT_IF, Solve
from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_

PLAIN_LEVELS = ("easy", "medium", "hard")
TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
RARE = "JQXZKVWY"


@dataclass(frozen=True)
class Level:
    name: str
    size: int
    longest: int
    givens: tuple[int, ...]   # how many letters the puzzle gives, tried in this order
    seeded: str               # letters a slot is held to before filling
    rare_cells: int           # cells of RARE letters the grid must hold at least
    language: str = "en"      # the language of the fill list and the dictionary
    plain: str = ""           # the English level this one repeats ("easy" of "easy-de")


PLAIN = (Level("easy", 15, 9, (3,), "JQXZ", 0, plain="easy"),
         Level("medium", 15, 9, (2,), "JQXZ", 0, plain="medium"),
         Level("hard", 15, 9, (1, 2), "JQXZKVWY", 16, plain="hard"))
# The same levels in German and French (docs/crossword.md), named as the word search's are,
# each seeding the letters its fill list has fewest words of four letters or more with
# (counted at Zipf >= 3.0: German Q 102, X 197, Y 285, J 288; French W 39, K 138, Z 399,
# J 410). Hard boards hold cells of English's rare letters as English ones do, French ones
# 12 rather than 16: French fills reach them less (16 in 1 fill of 200, 12 in 14).
# Spanish keys have 24 letters, no K or W (board.KEY_ALPHABETS); of the other 24 its fill list
# has fewest such words with Y 120, X 236, Q 266, Z 485, J 490, then H 601, F 1074, V 1270.
SEEDED = {"de": ("QXYJ", "QXYJKVWZ"), "fr": ("WKZJ", "WKZJQXYV"), "es": ("YXQZ", "YXQZJHFV")}
HARD_RARE_CELLS = {"de": 16, "fr": 12, "es": 11}
LEVEL_BY_NAME = {level.name: level for level in PLAIN + tuple(
    replace(level, name=f"{level.name}-{lang}", language=lang,
            seeded=SEEDED[lang][level.name == "hard"],
            rare_cells=HARD_RARE_CELLS[lang] if level.rare_cells else 0)
    for lang in SEEDED for level in PLAIN)}
LEVELS = tuple(LEVEL_BY_NAME)
LEVEL_TITLES = {name: TITLES[level.plain] for name, level in LEVEL_BY_NAME.items()}
# The printed stars (Family.difficulty_scale): the scale the levels printed before Spanish
# had, all nine of English, German and French, kept so that no printed book changes (it gives
# a German or French board more stars than its English level; the stars say nothing of the
# board itself). A Spanish level takes its English level's place, so it prints English's.
STAR_LEVELS = tuple(name for name, level in LEVEL_BY_NAME.items() if level.language != "es")


def star_scale(language: str) -> tuple[str, ...]:
    if language != "es":
        return STAR_LEVELS
    return tuple(in_language(LEVEL_BY_NAME[name].plain, language)
                 if LEVEL_BY_NAME[name].language == "en" else name for name in STAR_LEVELS)


def in_language(plain: str, language: str) -> str:
    """The level of that plain name in `language` ("easy", "de": "easy-de")."""
    return plain if language == "en" or plain == BEYOND else f"{plain}-{language}"


def rare_cells(grid) -> int:
    return sum(1 for line in grid for ch in line if ch in RARE)


def what_ifs(result: Solve) -> list[int]:
    return [step.length for step in result.steps if step.technique == WHAT_IF]


def level_of(result: Solve, givens: int, language: str = "en") -> str:
    if not result.solved:
        return BEYOND
    if what_ifs(result):
        return in_language("hard" if givens <= 2 else "medium", language)
    return in_language("easy" if givens >= 3 else "medium" if givens == 2 else "hard",
                       language)


def difficulty(result: Solve, givens: int) -> float:
    lengths = what_ifs(result)
    last_places = sum(1 for step in result.steps if step.technique == ONLY_NUMBER)
    return round(10 * (3 - min(givens, 3)) + 5 * len(lengths) + sum(lengths) / 4
                 + last_places / 10, 2)


def rating_of(result: Solve, givens: int, language: str = "en") -> Rating:
    return Rating(level_of(result, givens, language), difficulty(result, givens))


def grade_record(result: Solve, givens: int, grid, language: str = "en") -> dict:
    lengths = what_ifs(result)
    return {"level": level_of(result, givens, language), "difficulty": difficulty(result, givens),
            "given": givens, "pattern_letters": sum(1 for s in result.steps if s.placed),
            "what_ifs": len(lengths), "longest_what_if": max(lengths, default=0),
            "rare_cells": rare_cells(grid)}
