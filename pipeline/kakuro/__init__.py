"""Kakuro (cross sums): the family object the catalog, the command line and books use.

The family object behind the shared interface (pipeline.family.Family): its identity, print
facts and the few methods whose call is its own; `Family` serves the rest from the folder's
modules. docs/families.md lists what each module holds, docs/kakuro.md how they work.
"""

from __future__ import annotations

from pipeline.family import AnswerSigns, Family, Rating
from pipeline.i18n import N_
from pipeline.kakuro import generate as generator
from pipeline.kakuro.board import canonical_form
from pipeline.kakuro.grade import rate
from pipeline.kakuro.verify import count


class KakuroFamily(Family):
    title = N_("Kakuro")
    square_labels = True
    gives_hints = True
    teaches = True

    def level_shape(self, level: str) -> tuple[int, int]:
        side = generator.RECIPES[level].side
        return side, side

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["rows"], puzzle["cols"]

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return count(puzzle, limit)[0]

    def dedupe_form(self, puzzle: dict) -> str:
        """The smaller spelling of the board and its transpose (down and across swapped)."""
        return canonical_form(puzzle)

    def rate(self, puzzle: dict) -> Rating:
        return rate(puzzle)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """The grid's frame; a digit in the middle of any white cell; each block's sums in
        its cell (two of them when it carries both)."""
        cells = puzzle["cells"]
        return AnswerSigns(
            outline="frame",
            cells=tuple((r, c) for r, row in enumerate(cells) for c, e in enumerate(row)
                        if e == 0),
            clues=tuple(((r, c), str(s)) for r, row in enumerate(cells)
                        for c, e in enumerate(row) if e != 0 for s in e if s))


FAMILY = KakuroFamily()
