"""Bridges (Hashiwokakero): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family); docs/families.md lists
what each module of the folder holds.
"""

from __future__ import annotations

from pipeline.bridges.board import Board, canonical_form, layout
from pipeline.bridges.grade import rate
from pipeline.bridges.solve import count_solutions
from pipeline.family import AnswerSigns, Family, Rating
from pipeline.i18n import N_


class BridgesFamily(Family):
    title = N_("Bridges")
    square_labels = True
    gives_hints = True
    teaches = True
    driver_bench_levels = {"scaling": "easy", "executors": "extreme"}

    def level_shape(self, level: str) -> tuple[int, int]:
        from pipeline.bridges.generate import RECIPES
        return RECIPES[level].height, RECIPES[level].width

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        found, _ = count_solutions(layout(Board.from_puzzle(puzzle)), limit)
        return found

    def dedupe_form(self, puzzle: dict) -> str:
        """The smallest spelling under the eight rotations and reflections; the four that turn
        the board a quarter swap width and height, so a board and its transpose are one."""
        return canonical_form(Board.from_puzzle(puzzle))

    def rate(self, puzzle: dict) -> Rating:
        return rate(layout(Board.from_puzzle(puzzle)))

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["height"], puzzle["width"]

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The island circles; a line along any solution bridge."""
        return AnswerSigns(
            outline="circles", outline_cells=tuple((r, c) for r, c, _n in puzzle["islands"]),
            links=tuple((tuple(a), tuple(b)) for a, b, _count in solution["bridges"]))


FAMILY = BridgesFamily()
