"""Clued crosswords: the quick crossword and the Kreuzworträtsel, numbered clues in lists
beside a blocked grid, every clue from the shared clue table.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/clued.md how they work.
"""

from __future__ import annotations

from pipeline.clued import (bench as benchmark, board, draw, generate as generator, grade,
                            solve, verify as checker)
from pipeline.engines import clues
from pipeline.family import AnswerSigns, Family, Generated, check_record_with
from pipeline.geometry import Box
from pipeline.i18n import N_, language
from pipeline.ink import GridBox, panel_box


class CluedFamily(Family):
    # 2: pairs refused in a second read blocked in the clue tables; 3: a fill whose answer is
    # left without a clue is filled again with that answer barred from its slot
    version = "clued/3"
    title = N_("Quick Crossword")   # not "Crossword" alone: that is the shared grid engine's name

    levels = grade.LEVELS
    level_titles = grade.LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    rules = draw.RULES

    verify = staticmethod(checker.verify)
    explain = staticmethod(solve.explain)
    draw_puzzle = staticmethod(draw.draw_puzzle)
    draw_solution = staticmethod(draw.draw_solution)
    rate = staticmethod(grade.rate)

    def check_record(self, record: dict) -> None:
        check_record_with(record, board.check_puzzle, board.check_solution)

    def bench(self, quick: bool) -> dict:
        return benchmark.run(quick=quick)

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return checker.count(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        return board.dedupe_form(board.board_from_puzzle(puzzle))

    def level_language(self, level: str) -> str:
        return grade.LEVEL_BY_NAME[level].language

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The printed difficulty spans the levels of the board's language and kind of grid
        (large print, mini, standard)."""
        return grade.scale_of(level)

    def example_level(self, first_level: str) -> str:
        """The mini grid of the book's language: a larger one's lists do not fit the half page
        the how-to's example has."""
        return grade.LEVELS_BY_LANGUAGE[grade.LEVEL_BY_NAME[first_level].language][0].name

    def level_shape(self, level: str) -> tuple[int, int]:
        size = grade.LEVEL_BY_NAME[level].size
        return size, size

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def printed_credits(self) -> list[str]:
        """The clue table's sources, as their licences ask, in the book's language."""
        return [clues.credit(language())]

    def content_facts(self) -> list[str]:
        """How the clues were made, and from what, for the upload sheet."""
        how = clues.how_made("en").rstrip(".")
        return [how[0].lower() + how[1:] + "; their sources: "
                + "; ".join(f"{what} ({licence})" for what, licence in clues.SOURCES.values())]

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS[grade.LEVEL_BY_NAME[level].size]

    def draw_panel(self, ink, puzzle: dict, box: Box) -> None:
        draw.draw_panel(ink, puzzle, box)

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        """The clue lists must fit under the grid at 9 pt or more (12 pt at a large-print
        level)."""
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        return draw.panel_problem(measure, puzzle, panel_box(grid, self.panel_rows(level)),
                                  grade.LEVEL_BY_NAME[level].min_clue)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; every white cell's middle stays empty (its number sits in the corner);
        each number printed once in its cell."""
        cells = tuple((r, c) for r, line in enumerate(puzzle["grid"])
                      for c, ch in enumerate(line) if ch != "#")
        numbers = tuple(((r, c), str(n)) for r, c, n in draw.numbers_of(puzzle))
        return AnswerSigns(outline="frame", cells=cells, clues=numbers)


FAMILY = CluedFamily()
