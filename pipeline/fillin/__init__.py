"""Fill-In: a crossword grid whose every word is listed by length; the solver fits them in.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from pipeline.crossword.families import CrosswordFamily
from pipeline.family import AnswerSigns, Rating
from pipeline.fillin import draw
from pipeline.fillin import solve as solver
from pipeline.fillin.grade import rating_of
from pipeline.ink import GridBox, panel_box


class FillInFamily(CrosswordFamily):
    title = "Fill-In"

    def rate(self, puzzle: dict) -> Rating:
        return rating_of(solver.solve(puzzle))

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS[level]

    def print_problem(self, measure, level: str, puzzle: dict, solution: dict,
                      puzzle_cell: float, solution_cell: float) -> str | None:
        """The word list must fit at 9 pt in the panel under the grid."""
        rows = draw.PANEL_ROWS[level]
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        return draw.panel_problem(measure, puzzle, panel_box(grid, rows))

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; every white cell without a printed letter stays empty; the listed
        words are printed by the puzzle itself."""
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, line in enumerate(puzzle["grid"]) for c, ch in enumerate(line)
            if ch == "."), printed=tuple(puzzle["words"]))


FAMILY = FillInFamily()
