"""Sudoku (classic 9x9): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/sudoku.md how they work.
"""

from __future__ import annotations

from typing import Sequence

from pipeline.errors import InputError
from pipeline.family import AnswerSigns, Generated
from pipeline.ink import GridBox, Ink
from pipeline.sudoku import draw
from pipeline.sudoku import generate as generator
from pipeline.sudoku import solve as solver
from pipeline.sudoku.board import Board, canonical_form, parse_solution
from pipeline.sudoku.grade import LEVELS, difficulty_scale, rating
from pipeline.sudoku.verify import verify as verify_independently

RULES = (
    "Fill the grid so that every row, every column and every 3 x 3 box holds each of the "
    "digits 1 to 9 exactly once.",
    "The printed digits stay as they are. Every puzzle has exactly one solution, and it can "
    "be found by reasoning alone, without guessing.",
)
KILLER_RULES = (
    "Fill the grid so that every row, every column and every 3 x 3 box holds each of the "
    "digits 1 to 9 exactly once.",
    "The dashed outlines are cages. The digits in a cage add up to the small number in its "
    "corner, and no digit repeats within a cage.",
    "Every puzzle has exactly one solution, and it can be found by reasoning alone, without "
    "guessing.",
)


class SudokuFamily:
    name = "sudoku"
    title = "Sudoku"
    version = "sudoku/1"
    levels = LEVELS

    min_cell_mm = draw.MIN_CELL_MM
    square_labels = True

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels a level's difficulty is judged among (easiest first): the Killer
        levels for a Killer level, the classic ones for a classic level."""
        return difficulty_scale(level)

    def rate(self, puzzle: dict):
        return rating(puzzle)

    def level_shape(self, level: str) -> tuple[int, int]:
        return 9, 9

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def check_record(self, record: dict) -> None:
        if "puzzle" not in record:
            raise InputError("missing", field="puzzle")
        board = Board.from_puzzle(record["puzzle"])
        if "solution" in record:
            parse_solution(board, record["solution"])

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return solver.count_solutions(puzzle, limit)

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return verify_independently(puzzle, solution)

    def dedupe_form(self, puzzle: dict) -> str:
        """The smallest spelling under the eight rotations and reflections with the digits
        renamed in order of first appearance."""
        return "9:" + canonical_form(Board.from_puzzle(puzzle))

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        # Random full grids and random thinning do not come close to one another; exact
        # repeats up to symmetry and relabelling are caught by dedupe_form.
        return False

    def near_duplicates(self, level: str) -> None:
        return None  # no near-duplicate rule: nothing to index

    def explain(self, puzzle: dict) -> list[str]:
        return solver.explain(puzzle)

    def key_step(self, puzzle: dict) -> dict | None:
        """What a hint needs: the first step of the solve's hardest technique."""
        return solver.key_step(puzzle)

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return 9, 9

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        draw.draw_puzzle(ink, puzzle, box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        draw.draw_solution(ink, puzzle, solution, box)

    def rules_text(self) -> list[str]:
        return list(RULES)

    def rules_for(self, puzzle: dict, levels: Sequence[str] = ()) -> list[str]:
        """Killer boards (a puzzle with cages) have their cage rule."""
        return list(KILLER_RULES if puzzle.get("cages") else RULES)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's outer frame; a digit in the middle of any empty cell."""
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, row in enumerate(puzzle["givens"]) for c, d in enumerate(row)
            if not d))


FAMILY = SudokuFamily()
