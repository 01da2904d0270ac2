"""Kakuro (cross sums): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family): its identity, print
facts and the few methods whose call is its own; `Family` serves the rest from the folder's
modules. docs/families.md lists what each module holds, docs/kakuro.md how they work.
"""

from __future__ import annotations

from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.i18n import N_
from pipeline.ink import GridBox, Ink
from pipeline.kakuro.board import canonical_form
from pipeline.kakuro.grade import rate
from pipeline.kakuro.verify import count
from pipeline.kakuro import (bench as benchmark, board, draw, generate as generator, grade, hints,
                             solve, verify as checker)


class KakuroFamily(Family):
    title = N_("Kakuro")
    square_labels = True
    gives_hints = True
    teaches = True

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

    def level_shape(self, level: str) -> tuple[int, int]:
        side = generator.RECIPES[level].side
        return side, side

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return count(puzzle, limit)[0]

    def dedupe_form(self, puzzle: dict) -> str:
        """The smaller spelling of the board and its transpose (down and across swapped)."""
        return canonical_form(puzzle)

    def rate(self, puzzle: dict) -> Rating:
        return rate(puzzle)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's frame; a digit in the middle of any white cell; each block's sums in
        its cell (two of them when it carries both)."""
        cells = puzzle["cells"]
        return AnswerSigns(
            outline="frame",
            cells=tuple((r, c) for r, row in enumerate(cells) for c, e in enumerate(row)
                        if e == 0),
            clues=tuple(((r, c), str(s)) for r, row in enumerate(cells)
                        for c, e in enumerate(row) if e != 0 for s in e if s))


FAMILY = KakuroFamily()
