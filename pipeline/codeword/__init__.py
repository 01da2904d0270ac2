"""Codeword: a crossword grid with every letter replaced by a number from 1 to 26; a few
letters are given and the solver breaks the code.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from pipeline.codeword import draw
from pipeline.codeword import solve as solver
from pipeline.codeword.board import board_from_puzzle
from pipeline.codeword.grade import rating_of
from pipeline.crossword.families import CrosswordFamily
from pipeline.family import AnswerSigns, Rating
from pipeline.geometry import Box
from pipeline.ink import GridBox, Ink, panel_box


class CodewordFamily(CrosswordFamily):
    title = "Codeword"

    def rate(self, puzzle: dict) -> Rating:
        board = board_from_puzzle(puzzle)
        return rating_of(solver.solve_board(board), len(board.given))

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
