"""Codeword: a crossword grid with every letter replaced by a number from 1 to N (26, or 24 in
Spanish: the key alphabet, board.KEY_ALPHABETS); a few letters are given and the solver breaks
the code.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.codeword.board import KEY_ALPHABETS, board_from_puzzle
from pipeline.codeword.grade import rating_of
from pipeline.engines.crossword.families import CrosswordFamily
from pipeline.family import AnswerSigns, Generated, Rating, check_record_with
from pipeline.geometry import Box
from pipeline.i18n import N_, language
from pipeline.ink import GridBox, Ink, panel_box
from pipeline.codeword import (bench as benchmark, board, draw, generate as generator, grade, hints,
                               solve, verify as checker)


class CodewordFamily(CrosswordFamily):
    version = "codeword/2"   # 2: the fill list cleaned under the one offensive definition
    title = N_("Codeword")

    generator, solver, boards, drawing, grades = generator, solve, board, draw, grade

    levels = grade.LEVELS
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

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        return grade.star_scale(grade.LEVEL_BY_NAME[level].language)

    def rules_text(self) -> list[str]:
        """The rules in the book's language, counting its key alphabet's letters."""
        return self._rules(language())

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        return self._rules(puzzle.get("language", "en"))

    def _rules(self, lang: str) -> list[str]:
        count = len(KEY_ALPHABETS.get(lang, KEY_ALPHABETS["en"]))
        return [self.words()(paragraph, count=count) for paragraph in self.rules]

    def check_record(self, record: dict) -> None:
        check_record_with(record, board.check_puzzle, board.check_solution)

    def draw_lesson(self, ink: Ink, puzzle: dict, lesson, box: GridBox) -> None:
        draw.draw_lesson(ink, puzzle, lesson.step, box)

    def bench(self, quick: bool) -> dict:
        return benchmark.run(quick=quick)

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def rate(self, puzzle: dict) -> Rating:
        board = board_from_puzzle(puzzle)
        return rating_of(solve.solve_board(board), len(board.given), board.language)

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS

    def solution_panel_rows(self, level: str) -> float:
        return draw.SOLUTION_PANEL_ROWS

    def draw_solution_panel(self, ink: Ink, puzzle: dict, solution: dict, box: Box) -> None:
        draw.draw_solution_key(ink, puzzle, solution, box)

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        answer = GridBox(0.0, 0.0, solution_cell, puzzle["rows"], puzzle["cols"])
        return (draw.panel_problem(puzzle_cell, panel_box(grid, draw.PANEL_ROWS))
                or draw.solution_key_problem(measure,
                                             panel_box(answer, draw.SOLUTION_PANEL_ROWS)))

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; the middle of every cell whose number is not given stays empty; each
        white cell's code number in its corner."""
        given = puzzle["given"]
        cells = puzzle["cells"]
        return AnswerSigns(
            outline="frame",
            cells=tuple((r, c) for r, row in enumerate(cells) for c, n in enumerate(row)
                        if n and str(n) not in given),
            clues=tuple(((r, c), str(n)) for r, row in enumerate(cells)
                        for c, n in enumerate(row) if n))


FAMILY = CodewordFamily()
