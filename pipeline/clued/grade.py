"""The clued crossword levels, declared once, and a board's grade measured from its words.

A level is what the board is made of, each measured on the board: how familiar its answers
are and which clue relations it uses (the clue table's difficulty of every entry it prints:
1 common answers of up to 8 letters clued by synonyms; 2 up to 10 letters, broader terms too;
3 up to 12, definitions and colloquial senses too), its grid's size, and the share of letters
checked by a second word. No human solving times exist to fit the difficulty number to; it
adds up what the levels measure, so boards order within a level too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.clued.verify import candidates, fills
from pipeline.engines import clues
from pipeline.engines.crossword.grid import ACROSS, DOWN, runs
from pipeline.family import BEYOND, Rating
from pipeline.i18n import N_

LANGUAGES = ("en", "de", "es")


@dataclass(frozen=True)
class Level:
    name: str
    title: str
    language: str
    size: int          # the grid is size x size
    longest: int       # letters in the longest answer
    difficulty: int    # the clue table's entries of this difficulty and below
    # Blocks tried beyond the lattice's (the crossword engine's `extra`): fewer keep more
    # letters checked; the 15 x 15 grid takes more, or its long words fill slowly.
    extra_blocks: int
    # pt: the smallest the clue lists may be set on a puzzle page (large print: 12)
    min_clue: float = 9.0
    # The levels a board's printed difficulty (its stars) is placed among: those of its own
    # kind of grid ("standard", "large print", "mini"), in its language.
    scale: str = "standard"


# "mini" is the small grid of the how-to page's worked example (its clue lists fit the half
# page the example has) and of mini-crossword books. The "lp-" levels are large print: an
# 11 x 11 grid leaves room on the page for cells of 10 mm and clue lists of 12 pt or more.
# Levels run small grids first, so `level_for` gives a board the first level that holds it.
ENGLISH = (
    Level("mini", N_("Mini"), "en", 7, 7, 1, 3, scale="mini"),
    Level("lp-easy", N_("Easy"), "en", 11, 7, 1, 3, 12.0, "large print"),
    Level("lp-medium", N_("Medium"), "en", 11, 9, 2, 3, 12.0, "large print"),
    Level("easy", N_("Easy"), "en", 13, 8, 1, 4),
    Level("medium", N_("Medium"), "en", 13, 10, 2, 4),
    Level("hard", N_("Hard"), "en", 15, 12, 3, 15),
)
LEVELS_BY_LANGUAGE = {"en": ENGLISH} | {language: tuple(
    replace(level, name=f"{level.name}-{language}", language=language) for level in ENGLISH)
    for language in LANGUAGES[1:]}
LEVEL_SPECS = tuple(level for language in LANGUAGES for level in LEVELS_BY_LANGUAGE[language])
LEVELS = tuple(level.name for level in LEVEL_SPECS)
LEVEL_BY_NAME = {level.name: level for level in LEVEL_SPECS}
LEVEL_TITLES = {level.name: level.title for level in LEVEL_SPECS}


def scale_of(level: str) -> tuple[str, ...]:
    """The levels of `level`'s language and kind of grid, easiest first."""
    spec = LEVEL_BY_NAME[level]
    return tuple(other.name for other in LEVELS_BY_LANGUAGE[spec.language]
                 if other.scale == spec.scale)


def level_for(language: str, difficulty: int, size: int) -> str:
    """The easiest level of `language` whose entries and grid size hold the board's."""
    for level in LEVELS_BY_LANGUAGE[language]:
        if difficulty <= level.difficulty and size <= level.size:
            return level.name
    return LEVELS_BY_LANGUAGE[language][-1].name


def checked_share(grid, slots=None) -> float:
    """The share of white cells in two words (across and down). `slots`: the grid's runs
    (grid.runs), when the caller has them."""
    slots = runs(grid) if slots is None else slots
    across = {cell for slot in slots if slot.direction == ACROSS for cell in slot.cells}
    down = {cell for slot in slots if slot.direction == DOWN for cell in slot.cells}
    white = sum(len(line) - line.count("#") for line in grid)
    return len(across & down) / white


def difficulty_number(entry_difficulties, lengths, checked: float) -> float:
    """Higher is harder: the mean entry difficulty (x10), the mean answer length, and the
    share of unchecked letters (x10)."""
    n = len(entry_difficulties)
    return round(10 * sum(entry_difficulties) / n + sum(lengths) / n + 10 * (1 - checked), 1)


def grade_record(level: str, entry_difficulties, lengths, grid, slots=None) -> dict:
    checked = checked_share(grid, slots)
    return {"level": level, "difficulty": difficulty_number(entry_difficulties, lengths, checked),
            "checked_share": round(checked, 3),
            "entries_by_difficulty": {str(d): sum(1 for e in entry_difficulties if e == d)
                                      for d in (1, 2, 3)},
            "longest": max(lengths)}


def rate(puzzle: dict) -> Rating:
    """The level and difficulty of a proven board, measured from its one fill: each clue's
    entry in the table (its answer and text), the grid's size and its checked share."""
    found, _nodes = fills(puzzle, 2)
    if len(found) != 1:
        return Rating(BEYOND, 0.0)
    table = clues.table(puzzle["language"])
    texts = [clue["text"] for d in ("across", "down") for clue in puzzle["clues"][d]]
    difficulties, lengths = [], []
    for (cells, _options), text in zip(candidates(puzzle), texts):
        answer = "".join(found[0][cell] for cell in cells)
        difficulties.append(min(e.difficulty for e in table.clues_for(answer) if e.text == text))
        lengths.append(len(answer))
    level = level_for(puzzle["language"], max(difficulties), puzzle["rows"])
    return Rating(level, difficulty_number(difficulties, lengths, checked_share(puzzle["grid"])))
