"""Star Battle: one star in every row, column and region; no two stars touch, not even diagonally.

The family object behind the shared interface (pipeline.family.Family).
"""

from __future__ import annotations

from typing import Sequence

from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.i18n import N_, Messages
from pipeline.ink import GridBox, Ink
from pipeline.starbattle.grade import BAND_BY_NAME, rate
from pipeline.starbattle.board import Board, BorderIndex, border_distance, canonical_regions
from pipeline.starbattle import (bench as benchmark, board, draw, generate as generator, grade,
                                 hints, solve, verify as checker)

NEAR_DUPLICATE_EDGES = 4   # an easy board this close to an earlier one is replaced
RULES = [
    N_("Place stars in the grid so that every row, every column and every outlined region "
       "holds exactly one star."),
    N_("Two stars may never touch, not even diagonally."),
    N_("A printed star is given: it is part of the solution. Mark squares that cannot hold a "
       "star with a dot or a cross as you go."),
]
STAR_WORDS = {1: N_("one star"), 2: N_("two stars"), 3: N_("three stars"), 4: N_("four stars")}
_ = Messages(__name__)


def star_words(stars: int) -> str:
    return _(STAR_WORDS[stars]) if stars in STAR_WORDS else _("{count} stars", count=stars)


def rules_for_stars(stars: int) -> list[str]:
    """The rules for boards with `stars` stars a line (one star: RULES as they always read)."""
    if stars == 1:
        return [_(rule) for rule in RULES]
    return [_("Place stars in the grid so that every row, every column and every outlined "
              "region holds exactly {stars}.", stars=star_words(stars)),
            _("Two stars may never touch, not even diagonally: not in a row, not in a column, "
              "not at a corner."),
            _(RULES[2])]


class StarBattle(Family):
    title = N_("Star Battle")
    rules = tuple(RULES)
    square_labels = True             # columns A, B, C ... and rows 1, 2, 3 ... around the board
    gives_hints = True
    teaches = True
    driver_bench_levels = {"scaling": "easy", "executors": "expert"}

    levels = grade.LEVELS
    levels_by_techniques = True
    level_titles = grade.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    cover_style = draw.COVER_STYLE
    hint_figure_note = draw.HINT_FIGURE_NOTE

    verify = staticmethod(checker.verify)
    explain = staticmethod(solve.explain)
    draw_puzzle = staticmethod(draw.draw_puzzle)
    draw_solution = staticmethod(draw.draw_solution)
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

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels a level's difficulty is judged among: those with its stars a line, so
        the easiest two-star level is one star of five, not four. A star count with a single
        level (three stars) is judged after the levels with fewer stars, but more than one:
        three-star boards need the what-if tier like two-star-hard, on a bigger board."""
        stars = BAND_BY_NAME[level].stars
        same = tuple(name for name in self.levels if BAND_BY_NAME[name].stars == stars)
        if stars == 1 or len(same) > 1:
            return same
        return tuple(name for name in self.levels if 1 < BAND_BY_NAME[name].stars <= stars)

    def level_shape(self, level: str) -> tuple[int, int]:
        size = BAND_BY_NAME[level].size
        return size, size

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solve.count_puzzle(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        board = Board.from_puzzle(puzzle)
        # k stars: the same regions are another puzzle, so k is part of the form.
        shape = f"{board.size}" if board.stars == 1 else f"{board.size}x{board.stars}"
        return f"{shape}:" + "".join(chr(48 + g) for g in canonical_regions(board))

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """The rule as written, board by board; `near_duplicates` is the same rule indexed."""
        if level != "easy":
            return False
        board = Board.from_puzzle(puzzle)
        return any(border_distance(board, Board.from_puzzle(other)) <= NEAR_DUPLICATE_EDGES
                   for other in earlier)

    def near_duplicates(self, level: str) -> BorderIndex | None:
        return BorderIndex(NEAR_DUPLICATE_EDGES) if level == "easy" else None

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["size"], puzzle["size"]

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's outer frame; a star in any solution cell that is not a printed given."""
        givens = {tuple(star) for star in puzzle.get("stars", [])}
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, c in (tuple(star) for star in solution["stars"])
            if (r, c) not in givens))

    def rate(self, puzzle: dict) -> Rating:
        return rate(puzzle)

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        """The rules as they apply to `puzzle` (a how-to page's worked example), and a sentence
        for each other star count among `levels` (the levels the book prints)."""
        stars = puzzle.get("stars_per_unit", 1)
        rules = rules_for_stars(stars)
        for level in levels:
            band = BAND_BY_NAME[level]
            if band.stars != stars:
                rules.append(_("The {level} puzzles are {size} x {size} and hold {stars} in "
                               "every row, column and region.", level=self.level_title(level),
                               size=band.size, stars=star_words(band.stars)))
        return rules

    def example_level(self, level: str) -> str:
        """The level whose board shows how `level` is played: the easiest of its star count."""
        stars = BAND_BY_NAME[level].stars
        return next(band.name for band in BAND_BY_NAME.values() if band.stars == stars)



FAMILY = StarBattle()
