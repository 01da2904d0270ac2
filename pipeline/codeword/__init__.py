"""Codeword: a crossword grid with every letter replaced by a number from 1 to 26; a few
letters are given and the solver breaks the code.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.codeword import draw
from pipeline.codeword import generate as generator
from pipeline.codeword import solve as solver
from pipeline.codeword.board import board_from_puzzle, dedupe_form
from pipeline.codeword.grade import LEVEL_BY_NAME, LEVEL_TITLES, LEVELS, rating_of
from pipeline.family import AnswerSigns, Family, Generated, Rating
from pipeline.geometry import Box
from pipeline.ink import GridBox, Ink, panel_box

RULES = (
    "Every white square holds a letter, and every letter has its own number from 1 to 26: "
    "the same number is always the same letter, and every letter of the alphabet is used.",
    "A few letters are given. Write them in wherever their numbers appear, then work out the "
    "rest from the words taking shape; the key table and the alphabet under the grid keep "
    "track of what you have found. Every puzzle has exactly one solution.",
)


class CodewordFamily(Family):
    name = "codeword"
    title = "Codeword"
    version = "codeword/1"
    levels = LEVELS
    level_titles = LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    hint_figure_note = draw.HINT_FIGURE_NOTE
    gives_hints = True
    teaches = True

    def level_shape(self, level: str) -> tuple[int, int]:
        size = LEVEL_BY_NAME[level].size
        return size, size

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def read_words(self, path: Path, level: str):
        """A layout's own answer list, indexed for the level's fills (generate.own_index);
        the checking dictionary stays the large one."""
        return generator.own_index(path, level)

    def generate_from_words(self, key: str, level: str, words) -> Generated:
        return generator.generate(key, level, self.version, index=words)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solver.count_solutions(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        return "codeword:" + dedupe_form(board_from_puzzle(puzzle))

    def near_duplicates(self, level: str) -> None:
        return None

    def rate(self, puzzle: dict) -> Rating:
        board = board_from_puzzle(puzzle)
        return rating_of(solver.solve_board(board), len(board.given))

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS

    def draw_panel(self, ink: Ink, puzzle: dict, box: Box) -> None:
        draw.draw_panel(ink, puzzle, box)

    def print_problem(self, measure, puzzle: dict, solution: dict, puzzle_cell: float,
                      solution_cell: float) -> str | None:
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        return draw.panel_problem(puzzle_cell, panel_box(grid, draw.PANEL_ROWS))

    def rules_text(self) -> list[str]:
        return list(RULES)

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
