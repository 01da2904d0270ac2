"""Fill-In: a crossword grid whose every word is listed by length; the solver fits them in.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from pipeline.engines.crossword.families import CrosswordFamily
from pipeline.family import AnswerSigns, Generated, Rating, check_record_with
from pipeline.fillin.grade import rating_of
from pipeline.i18n import N_
from pipeline.ink import GridBox, Ink, panel_box
from pipeline.fillin import (bench as benchmark, board, draw, generate as generator, grade, hints,
                             solve, verify as checker)


class FillInFamily(CrosswordFamily):
    version = "fillin/2"   # 2: the fill list cleaned under the one offensive definition
    title = N_("Fill-In")

    generator, solver, boards, drawing, grades = generator, solve, board, draw, grade

    levels = grade.LEVELS
    levels_by_techniques = True
    level_titles = grade.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
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

    def rate(self, puzzle: dict) -> Rating:
        return rating_of(solve.solve(puzzle), puzzle.get("language", "en"))

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS[grade.LEVEL_BY_NAME[level].plain]

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        """The word list must fit at 9 pt in the panel under the grid."""
        rows = draw.PANEL_ROWS[grade.LEVEL_BY_NAME[level].plain]
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        return draw.panel_problem(measure, puzzle, panel_box(grid, rows))

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; every white cell without a printed letter stays empty; the listed
        words are printed by the puzzle itself."""
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, line in enumerate(puzzle["grid"]) for c, ch in enumerate(line)
            if ch == "."), printed=tuple(puzzle["words"]))


FAMILY = FillInFamily()
