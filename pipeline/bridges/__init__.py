"""Bridges (Hashiwokakero): the family object the catalog, the command line and books use.

Sections, as in every family: board (islands, connections, symmetries), solver (interval
narrowing, the grader), generator (solution first), verify (the independent checker), drawing.
"""

from __future__ import annotations

from typing import Sequence

from pipeline.bridges.board import Board, canonical_form, layout, parse_solution
from pipeline.bridges.generator import generate as _generate
from pipeline.bridges.solver import LEVELS, count_solutions, explain
from pipeline.bridges.verify import verify as _verify
from pipeline.errors import InputError
from pipeline.family import Generated
from pipeline.ink import GridBox, Ink

LINE_WIDTH = 0.9        # pt: bridges and island outlines (printers want at least 0.75)
DOUBLE_GAP = 0.16       # of a cell: the distance between the two lines of a double bridge
ISLAND_RADIUS = 0.40    # of a cell
MIN_TEXT = 7.0          # pt


class BridgesFamily:
    name = "bridges"
    title = "Bridges"
    version = "bridges/1"
    levels = LEVELS

    def generate(self, key: str, level: str) -> Generated:
        return _generate(key, level, self.version)

    def check_record(self, record: dict) -> None:
        if "puzzle" not in record:
            raise InputError("missing", field="puzzle")
        board = Board.from_puzzle(record["puzzle"])
        if "solution" in record:
            parse_solution(board, layout(board).links, record["solution"])

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        found, _ = count_solutions(layout(Board.from_puzzle(puzzle)), limit)
        return found

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return _verify(puzzle, solution)

    def dedupe_form(self, puzzle: dict) -> str:
        """The smallest spelling under the eight rotations and reflections; the four that turn
        the board a quarter swap width and height, so a board and its transpose are one."""
        return canonical_form(Board.from_puzzle(puzzle))

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        # Boards of 20 to 60 islands grown at random do not come close to one another; exact
        # duplicates under symmetry are caught by dedupe_form.
        return False

    def near_duplicates(self, level: str) -> None:
        return None  # no near-duplicate rule: nothing to index

    def explain(self, puzzle: dict) -> list[str]:
        return explain(layout(Board.from_puzzle(puzzle)))

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["height"], puzzle["width"]

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        _draw_islands(ink, puzzle, box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        # Bridges first, so the island discs (filled white) cover their ends.
        for (r1, c1), (r2, c2), count in solution["bridges"]:
            x1, y1 = box.cell_centre(r1, c1)
            x2, y2 = box.cell_centre(r2, c2)
            if count == 1:
                ink.line(x1, y1, x2, y2, width=LINE_WIDTH)
                continue
            gap = DOUBLE_GAP * box.cell / 2
            dx, dy = (0.0, gap) if r1 == r2 else (gap, 0.0)
            for sign in (-1, 1):
                ink.line(x1 + sign * dx, y1 + sign * dy, x2 + sign * dx, y2 + sign * dy,
                         width=LINE_WIDTH)
        _draw_islands(ink, puzzle, box)

    def rules_text(self) -> list[str]:
        return [
            "Each circle is an island. Join the islands with bridges so that every island "
            "has as many bridges as its number says.",
            "Bridges run straight across or down between two islands. They never cross "
            "each other and never pass over an island.",
            "Two islands may be joined by one bridge or by two, never more.",
            "When you are done, you can walk from any island to every other one over the "
            "bridges.",
        ]


def _draw_islands(ink: Ink, puzzle: dict, box: GridBox) -> None:
    radius = ISLAND_RADIUS * box.cell
    size = max(MIN_TEXT, 0.5 * box.cell)
    for r, c, number in puzzle["islands"]:
        x, y = box.cell_centre(r, c)
        ink.circle(x, y, radius, stroke=LINE_WIDTH, fill=1.0)
        # Digits sit on the baseline; about a third of the size down centres them.
        ink.text(x, y - 0.35 * size, str(number), size=size, anchor="middle")


FAMILY = BridgesFamily()
