"""Connections: sixteen country names that split into four groups of four, one per tier.

The family object `FAMILY` is what the rest of the pipeline sees; docs/families.md lists
what each module of the folder holds.
"""

from __future__ import annotations

import functools
from typing import Sequence

from pipeline.connections import grade as grading
from pipeline.connections.board import load_library, puzzle_language
from pipeline.connections.grade import LEVEL_BY_NAME, LEVEL_TITLES, LEVELS
from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.i18n import N_, Messages, language
from pipeline.ink import GridBox, Ink
from pipeline.connections import (bench as benchmark, board, draw, generate as generator, hints,
                                  solve, verify as checker)

_ = Messages(__name__)

# The first paragraph of the rules: English boards have themes on capitals, the other
# languages' do not (board.py: capitals are named in English only).
THEMES = N_("The sixteen countries split into four groups of four. The countries of a group "
            "share a theme: a continent, a neighbour, a language, a currency, a capital, or "
            "something about how the name is spelled.")
THEMES_NO_CAPITALS = N_("The sixteen countries split into four groups of four. The countries "
                        "of a group share a theme: a continent, a neighbour, a language, a "
                        "currency, or something about how the name is spelled.")
RULES = (
    N_("A theme claims every country on the board that fits it, so no country fits the "
       "theme of a group it is not in. Some themes fit three or four countries across "
       "different groups: they are red herrings, not groups."),
    N_("Every country is a member state of the United Nations. Facts are as recorded in "
       "the country-converter, countryinfo and pycountry data tables."),
    N_("The groups run from the most obvious (yellow) through green and blue to the most "
       "devious (purple). Write a group number, 1 to 4, in each country's small square. "
       "Every board has exactly one answer."),
)

SHARED_TILES_LIMIT = 9   # a board sharing this many tiles with an earlier one is too similar
SHARED_GROUPS_LIMIT = 2  # ... or this many of its exact groups


class ConnectionsFamily(Family):
    title = N_("Connections")
    levels = tuple(level.name for level in LEVELS)
    level_titles = LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    cover_style = draw.COVER_STYLE
    gives_hints = True
    teaches = True



    # Generation ---------------------------------------------------------------------------
    verify = staticmethod(checker.verify)
    explain = staticmethod(solve.explain)
    lessons = staticmethod(draw.lessons)
    hint = staticmethod(hints.hint)
    check_hint = staticmethod(hints.check_hint)
    hint_names = staticmethod(hints.hint_names)
    draw_hint = staticmethod(draw.draw_hint)

    def check_record(self, record: dict) -> None:
        check_record_with(record, board.check_puzzle, board.check_solution)

    def draw_lesson(self, ink: Ink, puzzle: dict, lesson, box: GridBox) -> None:
        draw.draw_lesson(ink, puzzle, lesson.step, box)

    def bench(self, quick: bool) -> dict:
        return benchmark.run(quick=quick)

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level)

    # Records ------------------------------------------------------------------------------
    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solve.count_groupings(list(puzzle["tiles"]), limit,
                                     load_library(puzzle_language(puzzle)))

    # Hints --------------------------------------------------------------------------------
    def hint_tally(self, puzzle: dict, solution: dict, hint) -> dict:
        return hints.hint_tally(puzzle, solution, hint.reveals)

    def rate(self, puzzle: dict) -> Rating:
        return grading.rate(list(puzzle["tiles"]), puzzle_language(puzzle))

    # Dedupe -------------------------------------------------------------------------------
    def dedupe_form(self, puzzle: dict) -> str:
        """The sorted tiles and the sorted groups of the board's one split: the order the
        tiles are printed in does not make a different board."""
        groups = solve.groups_of(tuple(sorted(puzzle["tiles"])), puzzle_language(puzzle))
        return "|".join(sorted(puzzle["tiles"])) + "||" + "|".join(groups)

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """Too similar to an earlier board of its level when it shares SHARED_TILES_LIMIT or
        more tiles with it, or SHARED_GROUPS_LIMIT or more of its exact groups.

        One repeated group is allowed: a category whose pool has four or five members always
        gives (nearly) the same group, and over 200 boards about half repeat some group. Two
        boards sharing nine tiles or two groups are one puzzle half-solved twice."""
        tiles = tuple(sorted(puzzle["tiles"]))
        groups = set(solve.groups_of(tiles, puzzle_language(puzzle)))
        for other in earlier:
            other_tiles = tuple(sorted(other["tiles"]))
            if len(set(tiles).intersection(other_tiles)) >= SHARED_TILES_LIMIT:
                return True
            if len(groups.intersection(solve.groups_of(other_tiles, puzzle_language(other)))) \
                    >= SHARED_GROUPS_LIMIT:
                return True
        return False

    # Drawing ------------------------------------------------------------------------------
    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return (4, 4)

    def level_shape(self, level: str) -> tuple[int, int]:
        return (4, 4)

    def level_language(self, level: str) -> str:
        """The language of the level's tiles and group labels (`easy-de`: German)."""
        return LEVEL_BY_NAME[level].language

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels of the level's language, easiest first: hard-de prints the stars hard
        does."""
        lang = LEVEL_BY_NAME[level].language
        return tuple(spec.name for spec in LEVELS if spec.language == lang)

    def example_level(self, first_level: str) -> str:
        """The easiest level in the language of the book's first level: a German book's
        worked example is a German board."""
        lang = LEVEL_BY_NAME[first_level].language
        return next(spec.name for spec in LEVELS if spec.language == lang)

    def print_problem(self, ink: Ink, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        """Why the board cannot be printed at these pitches, or None (see draw.py)."""
        also = _also_claimed(puzzle, solution)
        return draw.print_problem(ink, list(puzzle["tiles"]), list(solution["groups"]), also,
                                     puzzle_cell, solution_cell)

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        draw.draw_puzzle(ink, list(puzzle["tiles"]), box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        also = _also_claimed(puzzle, solution)
        draw.draw_solution(ink, list(solution["groups"]), box, also)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The sixteen tiles; a group's label printed anywhere on the page."""
        tiles = tuple(puzzle["tiles"])
        return AnswerSigns(outline="tiles",
                           outline_cells=tuple(divmod(index, 4) for index in range(len(tiles))),
                           words=tuple(group["label"] for group in solution["groups"]),
                           printed=tiles)

    def rules_text(self) -> list[str]:
        """The rules in the book's language (its boards' language: a book does not mix)."""
        first = THEMES if language() == "en" else THEMES_NO_CAPITALS
        return [_(first)] + [_(paragraph) for paragraph in RULES]


def _also_claimed(puzzle: dict, solution: dict) -> dict:
    """Other labels that claim a group's four tiles (printed after the group's label)."""
    groups = tuple((g["tier"], g["label"], tuple(g["tiles"])) for g in solution["groups"])
    return _also_of(tuple(puzzle["tiles"]), groups, puzzle_language(puzzle))


@functools.lru_cache(maxsize=1024)
def _also_of(tiles: tuple, groups: tuple, lang: str) -> dict:
    as_dicts = [{"tier": t, "label": label, "tiles": list(members)}
                for t, label, members in groups]
    return checker.prove(list(tiles), as_dicts, load_library(lang))["also_claimed_by"]


FAMILY = ConnectionsFamily()
