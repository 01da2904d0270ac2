"""The levels, declared once, and what is measured on a board to place it at exactly one.

A level is a grid size, a range of word counts, the directions words may read in, and a rule
on shared letters (easy: none; hard: at least a quarter of the words cross another) and on
decoys (expert: partial spellings of listed words elsewhere in the grid). The hidden-message
levels are hard and expert boards whose unused letters spell a message; their filler is the
message, so no decoys can be planted in it (docs/wordsearch.md).

The difficulty number is a model of search effort, not a fit to solving times (no human
solving times are available to fit it): for each word, the places it could start (cells
holding its first letter, times the allowed directions in which it fits from there), plus a
term for short words (fewer letters to confirm a find), plus decoys and shared letters. Each
level takes only the numbers of its band, so the number rises with the level on every board
(the bands below, docs/wordsearch.md).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, replace

from pipeline.family import Rating
from pipeline.i18n import N_
from pipeline.engines.lexicon import grid_spelling
from pipeline.wordsearch.board import DIRECTIONS, STEPS, Placement
from pipeline.wordsearch.solve import joined_text, line_order, occurrences

DECOY_LETTERS = 4        # a decoy: at least this many first letters of a listed word ...
EXPERT_DECOYS = 8        # ... and an expert board holds at least this many
START_WEIGHT = 1 / 20    # difficulty per place a word could start
SHORT_WEIGHT = 3.0       # difficulty per word, divided by its length
DECOY_WEIGHT = 1.0
SHARED_WEIGHT = 0.25


@dataclass(frozen=True)
class Level:
    name: str
    title: str
    rows: int
    cols: int
    fewest_words: int
    most_words: int
    directions: tuple[str, ...]
    shared: str            # "none", "allowed" or "quarter" (at least a quarter of the words)
    decoys: int            # at least this many decoys
    message: bool          # the unused letters spell a message
    band: tuple[float, float] = (0.0, float("inf"))   # the difficulty numbers it accepts
    language: str = "en"   # the language of the themes its words are drawn from

    def measures_problem(self, measures: dict) -> str | None:
        """Why a board's measures are not this level's (None: they are)."""
        if (measures["rows"], measures["cols"]) != (self.rows, self.cols):
            return f"a {measures['rows']}x{measures['cols']} grid, not {self.rows}x{self.cols}"
        if not self.fewest_words <= measures["words"] <= self.most_words:
            return f"{measures['words']} words, not {self.fewest_words}-{self.most_words}"
        if not set(measures["directions_used"]) <= set(self.directions):
            return f"words read {', '.join(measures['directions_used'])}"
        if self.shared == "none" and measures["shared_words"]:
            return f"{measures['shared_words']} words share letters"
        if self.shared == "quarter" and 4 * measures["shared_words"] < measures["words"]:
            return f"only {measures['shared_words']} of {measures['words']} words share a letter"
        if measures["decoys"] < self.decoys:
            return f"{measures['decoys']} decoys, fewer than {self.decoys}"
        if measures["message"] != self.message:
            return "a hidden message" if measures["message"] else "no hidden message"
        low, below = self.band
        if not low <= measures["difficulty"] < below:
            return f"difficulty {measures['difficulty']}, outside {low:g} to under {below:g}"
        return None


FORWARD = ("E", "S")
FOUR = ("E", "S", "SE", "NE")
# The difficulty bands: a board is accepted at a level only when its number falls in the
# level's band, so the number rises with the level on every board made, not only on average
# (each level's rules alone leave the hardest hard boards above the easiest expert ones).
# The edges sit where the levels' numbers over keys 1-300 were thinnest (docs/wordsearch.md);
# a board outside its band is passed over like any other that misses its level.
EASY_BELOW, MEDIUM_BELOW, HARD_BELOW = 29.0, 75.0, 170.0
MESSAGE_HARD_BELOW = 136.0      # the hidden-message levels, a scale of their own
INF = float("inf")
LEVELS = (
    Level("easy", N_("Easy"), 12, 12, 12, 16, FORWARD, "none", 0, False, (0.0, EASY_BELOW)),
    Level("medium", N_("Medium"), 15, 15, 18, 24, FOUR, "allowed", 0, False,
          (EASY_BELOW, MEDIUM_BELOW)),
    Level("hard", N_("Hard"), 17, 17, 24, 30, DIRECTIONS, "quarter", 0, False,
          (MEDIUM_BELOW, HARD_BELOW)),
    Level("expert", N_("Expert"), 20, 20, 30, 40, DIRECTIONS, "allowed", EXPERT_DECOYS, False,
          (HARD_BELOW, INF)),
    Level("hidden-message-hard", N_("Hard, Hidden Message"), 17, 17, 24, 30, DIRECTIONS,
          "quarter", 0, True, (0.0, MESSAGE_HARD_BELOW)),
    Level("hidden-message-expert", N_("Expert, Hidden Message"), 20, 20, 30, 40, DIRECTIONS,
          "quarter", 0, True, (MESSAGE_HARD_BELOW, INF)),
)
# The plain levels in German, French and Spanish: the same rules, words from that language's
# themes, named "<level>-<language>" and printed by the same titles (translated by the
# catalog). Spanish grids hold Ñ, which the scans read as the letter after Z (board.LETTERS).
LANGUAGE_LEVELS = ("de", "fr", "es")
LEVELS += tuple(replace(level, name=f"{level.name}-{lang}", language=lang)
                for lang in LANGUAGE_LEVELS for level in LEVELS[:3])
LEVEL_BY_NAME = {level.name: level for level in LEVELS}
LEVEL_TITLES = {level.name: level.title for level in LEVELS}


# --- measuring a board ---------------------------------------------------------------------------
def shared_words(placements: list[Placement], spellings: list[str], cols: int) -> int:
    """How many words have a letter in a cell another word uses too (`cols`: the grid's
    width, cells numbered row by row)."""
    runs = [_run(placement, len(spelling), cols)
            for placement, spelling in zip(placements, spellings)]
    users = Counter(cell for run in runs for cell in run)
    return sum(1 for run in runs if any(users[cell] > 1 for cell in run))


def _run(placement: Placement, length: int, cols: int) -> range:
    """The cells of a placement, numbered row by row."""
    dr, dc = STEPS[placement.direction]
    step = dr * cols + dc
    first = placement.row * cols + placement.col
    return range(first, first + step * length, step)


def decoys(text: str, where, cols: int, placements: list[Placement],
           spellings: list[str]) -> int:
    """Partial spellings: runs, in any of the eight directions, of a listed word's first
    DECOY_LETTERS letters (the word being longer) other than the start of the word's own
    placement; `text` and `where` are the grid's joined lines (solve.py)."""
    count = 0
    for placement, spelling in zip(placements, spellings):
        if len(spelling) <= DECOY_LETTERS:
            continue
        found = occurrences(text, where, spelling[:DECOY_LETTERS], cols)
        found.discard((placement.row, placement.col, placement.direction))
        count += len(found)
    return count


@functools.lru_cache(maxsize=256)
def _fits(rows: int, cols: int, reach: int, directions: tuple[str, ...]) -> tuple[int, ...]:
    """For each cell, the directions a word `reach` + 1 letters long fits in from it."""
    return tuple(sum(1 for d in directions if 0 <= r + STEPS[d][0] * reach < rows
                     and 0 <= c + STEPS[d][1] * reach < cols)
                 for r in range(rows) for c in range(cols))


def starts(cells_of: dict, rows: int, cols: int, spelling: str, directions) -> int:
    """The places a word could start: cells with its first letter (`cells_of`: letter ->
    cell indices), times the directions it fits in from each."""
    fits = _fits(rows, cols, len(spelling) - 1, tuple(directions))
    return sum(map(fits.__getitem__, cells_of.get(spelling[0], ())))


def measure(puzzle: dict, placements: list[Placement]) -> dict:
    """What a level is made of, measured on the board and its one solution."""
    letters = list(puzzle["letters"])
    rows, cols = len(letters), len(letters[0])
    spellings = [grid_spelling(p.word, puzzle["language"]) for p in placements]
    cells = "".join(letters)
    text = joined_text(list(cells), rows, cols)
    cells_of: dict = {}
    for index, letter in enumerate(cells):
        cells_of.setdefault(letter, []).append(index)
    shared = shared_words(placements, spellings, cols)
    found_decoys = decoys(text, line_order(rows, cols)[1], cols, placements, spellings)
    effort = sum(START_WEIGHT * starts(cells_of, rows, cols, s, puzzle["directions"])
                 + SHORT_WEIGHT / len(s) for s in spellings)
    difficulty = effort + DECOY_WEIGHT * found_decoys + SHARED_WEIGHT * shared
    return {"rows": len(letters), "cols": len(letters[0]), "words": len(placements),
            "directions_used": sorted({p.direction for p in placements},
                                      key=DIRECTIONS.index),
            "shared_words": shared, "decoys": found_decoys, "message": "message" in puzzle,
            "difficulty": round(difficulty, 2)}


def level_of(measures: dict, language: str = "en") -> str | None:
    """The one level of `language` whose every rule the measures meet (None: none)."""
    for level in LEVELS:
        if level.language == language and level.measures_problem(measures) is None:
            return level.name
    return None


def grade_record(level: str, measures: dict) -> dict:
    return {"level": level, **measures}


def rate(puzzle: dict, placements: list[Placement]) -> Rating:
    """A board's level by its measures; a board made elsewhere that meets no level's rules
    exactly is rated by its difficulty among the levels' floors (FLOORS)."""
    measures = measure(puzzle, placements)
    level = level_of(measures, puzzle["language"])
    if level is None:
        below = [name for name, floor in FLOORS if measures["difficulty"] >= floor]
        level = in_language(below[-1] if below else LEVELS[0].name, puzzle["language"])
    return Rating(level, measures["difficulty"])


def in_language(name: str, language: str) -> str:
    """The level of that name in `language`, where the language has one."""
    return f"{name}-{language}" if f"{name}-{language}" in LEVEL_BY_NAME else name


# The least difficulty of each plain level, its band's lower edge, for rating boards that
# keep no level's rules exactly.
FLOORS = tuple((level.name, level.band[0]) for level in LEVELS[:4])
