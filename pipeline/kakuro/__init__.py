"""Kakuro (cross sums): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family), wiring only;
docs/families.md lists what each module of the folder holds, docs/kakuro.md how they work.
"""

from __future__ import annotations

from pipeline.errors import InputError
from pipeline.family import AnswerSigns, Family, Generated, Hint, HintNames, Rating
from pipeline.ink import GridBox, Ink
from pipeline.kakuro import draw, hints
from pipeline.kakuro import generate as generator
from pipeline.kakuro.board import Board, canonical_form, parse_solution
from pipeline.kakuro.grade import LEVEL_TITLES, LEVELS, rate
from pipeline.kakuro.solve import explain
from pipeline.kakuro.verify import count, verify


class KakuroFamily(Family):
    name = "kakuro"
    title = "Kakuro"
    version = "kakuro/1"
    levels = LEVELS
    level_titles = LEVEL_TITLES
    min_cell_mm = draw.MIN_CELL_MM
    square_labels = True
    hint_figure_note = draw.HINT_FIGURE_NOTE
    gives_hints = True

    def level_shape(self, level: str) -> tuple[int, int]:
        side = generator.RECIPES[level].side
        return side, side

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def generate(self, key: str, level: str) -> Generated:
        return generator.generate(key, level, self.version)

    def check_record(self, record: dict) -> None:
        if "puzzle" not in record:
            raise InputError("missing", field="puzzle")
        board = Board.from_puzzle(record["puzzle"])
        if "solution" in record:
            parse_solution(board, record["solution"])

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return count(puzzle, limit)[0]

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return verify(puzzle, solution)

    def dedupe_form(self, puzzle: dict) -> str:
        """The smaller spelling of the board and its transpose (down and across swapped)."""
        return canonical_form(puzzle)

    def near_duplicates(self, level: str) -> None:
        return None  # random patterns and fills do not come close; repeats: dedupe_form

    def explain(self, puzzle: dict) -> list[str]:
        return explain(puzzle)

    def rate(self, puzzle: dict) -> Rating:
        return rate(puzzle)

    def hint(self, puzzle: dict, solution: dict, grade: dict) -> Hint:
        return hints.hint(puzzle, solution, grade)

    def check_hint(self, puzzle: dict, solution: dict, reveals: dict) -> list[str]:
        return hints.check_hint(puzzle, solution, reveals)

    def hint_names(self, reveals: dict) -> HintNames:
        return hints.hint_names(reveals)

    def draw_hint(self, ink: Ink, puzzle: dict, hint: Hint, box: GridBox) -> None:
        draw.draw_hint(ink, puzzle, hint, box)

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        draw.draw_puzzle(ink, puzzle, box)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        draw.draw_solution(ink, puzzle, solution, box)

    def rules_text(self) -> list[str]:
        return [
            "Fill every white cell with a digit from 1 to 9.",
            "A run is a line of white cells across or down. The digits of a run add up to the "
            "sum printed in the shaded cell before it: the sum below the diagonal is for the "
            "run going down, the sum above it for the run going across.",
            "No digit appears twice in a run. Every puzzle has exactly one solution, and it can "
            "be found by reasoning alone, without guessing.",
        ]

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's frame; a digit in the middle of any white cell; each block's sums in
        its cell (two of them when it carries both)."""
        cells = puzzle["cells"]
        clues = []
        for r, row in enumerate(cells):
            for c, entry in enumerate(row):
                if entry != 0:
                    clues += [((r, c), str(s)) for s in entry if s]
        return AnswerSigns(outline="frame", cells=tuple(
            (r, c) for r, row in enumerate(cells) for c, e in enumerate(row) if e == 0),
            clues=tuple(clues))


FAMILY = KakuroFamily()
