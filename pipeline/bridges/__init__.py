"""Bridges (Hashiwokakero): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family); docs/families.md lists
what each module of the folder holds.
"""

from __future__ import annotations

from pipeline.bridges.board import Board, canonical_form, layout
from pipeline.bridges.grade import rate
from pipeline.bridges.solve import count_solutions
from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.i18n import N_
from pipeline.ink import GridBox, Ink
from pipeline.bridges import (bench as benchmark, board, draw, generate as generator, grade, hints,
                              solve, verify as checker)


class BridgesFamily(Family):
    title = N_("Bridges")
    square_labels = True
    gives_hints = True
    teaches = True
    driver_bench_levels = {"scaling": "easy", "executors": "extreme"}

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

    def level_shape(self, level: str) -> tuple[int, int]:
        from pipeline.bridges.generate import RECIPES
        return RECIPES[level].height, RECIPES[level].width

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        found, _ = count_solutions(layout(Board.from_puzzle(puzzle)), limit)
        return found

    def dedupe_form(self, puzzle: dict) -> str:
        """The smallest spelling under the eight rotations and reflections; the four that turn
        the board a quarter swap width and height, so a board and its transpose are one."""
        return canonical_form(Board.from_puzzle(puzzle))

    def rate(self, puzzle: dict) -> Rating:
        return rate(layout(Board.from_puzzle(puzzle)))

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["height"], puzzle["width"]

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The island circles; a line along any solution bridge."""
        return AnswerSigns(
            outline="circles", outline_cells=tuple((r, c) for r, c, _n in puzzle["islands"]),
            links=tuple((tuple(a), tuple(b)) for a, b, _count in solution["bridges"]))


FAMILY = BridgesFamily()
