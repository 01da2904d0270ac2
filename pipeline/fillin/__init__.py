"""Fill-In: a crossword grid whose every word is listed by length; the solver fits them in.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/crossword.md how they work.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.family import AnswerSigns, Family, Generated, Rating
from pipeline.fillin import draw
from pipeline.fillin import generate as generator
from pipeline.fillin import solve as solver
from pipeline.fillin.board import board_from_puzzle, dedupe_form
from pipeline.fillin.grade import LEVEL_BY_NAME, LEVEL_TITLES, LEVELS, rating_of
from pipeline.geometry import Box
from pipeline.ink import GridBox, Ink, panel_box

# The level whose panel a board of this many rows is printed with.
LEVEL_BY_ROWS = {spec.size: name for name, spec in LEVEL_BY_NAME.items()}

RULES = (
    "Fit every listed word into the grid, one letter a white square, across from left to "
    "right and down from top to bottom. Every word is used exactly once.",
    "The words are listed by length. The printed letters stay as they are. Every puzzle has "
    "exactly one solution, and it can be found by reasoning alone.",
)


class FillInFamily(Family):
    name = "fillin"
    title = "Fill-In"
    version = "fillin/1"
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
        """A layout's own word list, indexed for the level's fills (generate.own_index)."""
        return generator.own_index(path, level)

    def generate_from_words(self, key: str, level: str, words) -> Generated:
        return generator.generate(key, level, self.version, index=words)

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solver.count_solutions(puzzle, limit)

    def dedupe_form(self, puzzle: dict) -> str:
        return "fillin:" + dedupe_form(board_from_puzzle(puzzle))

    def near_duplicates(self, level: str) -> None:
        return None  # fills from a list of thousands of words do not come close

    def rate(self, puzzle: dict) -> Rating:
        return rating_of(solver.solve(puzzle))

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def panel_rows(self, level: str) -> float:
        return draw.PANEL_ROWS[level]

    def draw_panel(self, ink: Ink, puzzle: dict, box: Box) -> None:
        draw.draw_panel(ink, puzzle, box)

    def print_problem(self, measure, puzzle: dict, solution: dict, puzzle_cell: float,
                      solution_cell: float) -> str | None:
        """The word list must fit at 9 pt in the panel under the grid."""
        rows = draw.PANEL_ROWS[LEVEL_BY_ROWS.get(puzzle["rows"], "hard")]
        grid = GridBox(0.0, 0.0, puzzle_cell, puzzle["rows"], puzzle["cols"])
        return draw.panel_problem(measure, puzzle, panel_box(grid, rows))

    def rules_text(self) -> list[str]:
        return list(RULES)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The frame; every white cell without a printed letter stays empty; the listed
        words are printed by the puzzle itself."""
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, line in enumerate(puzzle["grid"]) for c, ch in enumerate(line)
            if ch == "."), printed=tuple(puzzle["words"]))


FAMILY = FillInFamily()
