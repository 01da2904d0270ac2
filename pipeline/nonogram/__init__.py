"""Nonogram (picture logic, griddlers, hanjie): clues around a grid give the runs of filled
cells in each line; the filled cells make a picture.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/nonogram.md how they work.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import InputError
from pipeline.family import AnswerSigns, Family, Generated, Rating, check_record_with
from pipeline.geometry import Box
from pipeline.i18n import N_
from pipeline.ink import Ink
from pipeline.nonogram import (bench as benchmark, board, draw, generate as generator, grade,
                               solve, verify as checker)
from pipeline.nonogram.board import SOURCE


class NonogramFamily(Family):
    title = N_("Picture Logic")

    levels = grade.LEVELS
    level_titles = grade.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    rules = draw.RULES
    credits = (N_("Pictures: Font Awesome Free 6.6.0 by Fonticons, Inc., solid icons, "
                  "licensed under CC BY 4.0 (creativecommons.org/licenses/by/4.0); drawn to "
                  "each grid and, where a grid needed it, changed in a few cells."),)
    puzzle_file_suffixes = (".non",)

    verify = staticmethod(checker.verify)
    explain = staticmethod(solve.explain)
    draw_puzzle = staticmethod(draw.draw_puzzle)
    draw_solution = staticmethod(draw.draw_solution)
    rate = staticmethod(grade.rate)

    def check_record(self, record: dict) -> None:
        check_record_with(record, board.check_puzzle, board.check_solution)

    def read_puzzle_file(self, path: Path) -> list[dict]:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(getattr(error, "strerror", None) or "cannot be read as UTF-8 text",
                             file=str(path)) from None
        return [{"id": path.stem, "family": self.name,
                 "puzzle": board.read_non(text, str(path))}]

    def bench(self, quick: bool) -> dict:
        return benchmark.run(quick=quick)

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def level_shape(self, level: str) -> tuple[int, int]:
        side = grade.SIDES[level] + grade.CLUE_SLOTS[grade.SIDES[level]]
        return side, side

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return draw.block_shape(puzzle)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return checker.count(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        """A picture of the icon set is the same board whatever its grid (a buyer who has
        coloured in the cat has seen the cat): its source and icon name. A board from
        elsewhere: the smaller spelling of its clues and its transpose's."""
        picture = puzzle.get("picture", "")
        if picture.startswith(SOURCE + ":"):
            return picture
        rows, cols = puzzle["row_clues"], puzzle["col_clues"]
        return min(repr((rows, cols)), repr((cols, rows)))

    def solution_panel_rows(self, level: str) -> float:
        return draw.SOLUTION_PANEL_ROWS

    def draw_solution_panel(self, ink: Ink, puzzle: dict, solution: dict, box: Box) -> None:
        draw.draw_solution_name(ink, puzzle, solution, box)

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        return draw.print_problem(measure, puzzle, puzzle_cell, solution_cell)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The block's frame; the middle of every cell of the picture's grid stays empty
        (the clue cells beside it carry their numbers)."""
        slots = draw.clue_slots(puzzle)
        return AnswerSigns(outline="frame",
                           cells=tuple((slots + r, slots + c) for r in range(puzzle["rows"])
                                       for c in range(puzzle["cols"])))


FAMILY = NonogramFamily()
