"""Sudoku (classic 9x9): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/sudoku.md how they work.
"""

from __future__ import annotations

from typing import Sequence

from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.i18n import N_
from pipeline.ink import GridBox, Ink
from pipeline.sudoku.board import Board, canonical_form
from pipeline.sudoku.grade import KILLER_LEVELS, difficulty_scale, rate
from pipeline.sudoku import (bench as benchmark, board, draw, generate as generator, grade, hints,
                             solve, verify as checker)


class SudokuFamily(Family):
    title = N_("Sudoku")
    square_labels = True
    gives_hints = True
    teaches = True

    levels = grade.LEVELS
    levels_by_techniques = True
    level_titles = grade.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    cover_style = draw.COVER_STYLE
    hint_figure_note = draw.HINT_FIGURE_NOTE
    rules = draw.RULES

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

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels a level's difficulty is judged among (easiest first): the Killer
        levels for a Killer level, the classic ones for a classic level."""
        return difficulty_scale(level)

    def kind_title(self, level: str) -> str:
        """A Killer level's puzzles go by their own name."""
        return self.words()(draw.KILLER_TITLE) if level in KILLER_LEVELS else self.printed_title()

    def level_shape(self, level: str) -> tuple[int, int]:
        return 9, 9

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solve.count_solutions(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        """The smallest spelling under the eight rotations and reflections with the digits
        renamed in order of first appearance."""
        return "9:" + canonical_form(Board.from_puzzle(puzzle))

    def rate(self, puzzle: dict) -> Rating:
        return rate(puzzle)

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return 9, 9

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        """Killer boards (a puzzle with cages) have their cage rule."""
        rules = draw.KILLER_RULES if puzzle.get("cages") else self.rules
        return [self.words()(p) for p in rules]

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's outer frame; a digit in the middle of any empty cell; each cage's sum
        in the corner of its first cell (reading order), as draw.py prints it."""
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, row in enumerate(puzzle["givens"]) for c, d in enumerate(row)
            if not d), clues=tuple(
            (tuple(min(map(tuple, cage["cells"]))), str(cage["sum"]))
            for cage in puzzle.get("cages", ())))

    def example_level(self, first_level: str) -> str:
        """A Killer book's worked example is a Killer board, the easiest."""
        return KILLER_LEVELS[0] if first_level in KILLER_LEVELS else self.levels[0]

    def min_cell_mm_for(self, level: str) -> float:
        """Killer cells carry a 7 pt sum in a quarter of the cell: 10 mm at least."""
        return draw.KILLER_MIN_CELL_MM if level in KILLER_LEVELS else self.min_cell_mm


FAMILY = SudokuFamily()
