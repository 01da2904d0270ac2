"""A small stand-in family for the book tests: one mark in every row and column of a square.

It implements the whole family interface cheaply, so the book layer is tested without knowing
any real family. `SALT` lets a test change "the generator" the way a new version would.
"""

from __future__ import annotations

from pipeline.family import AnswerSigns, Generated
from pipeline.ink import GridBox, Ink
from pipeline.keyed import KeyedStream

SIZES = {"small": 5, "big": 7}
SALT = {"value": ""}


class Toy:
    name = "toy"
    title = "Toy Marks"
    version = "toy/1"
    levels = ("small", "big")

    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels a level's difficulty is judged among (easiest first): all of them."""
        return tuple(self.levels)


    def generate(self, key: str, level: str) -> Generated:
        stream = KeyedStream(key + SALT["value"])
        size = SIZES[level]
        columns = list(range(size))
        stream.shuffle(columns)
        marks = [[row, col] for row, col in enumerate(columns)]
        puzzle = {"size": size, "givens": marks[:1], "tag": key}
        solution = {"marks": marks}
        return Generated(puzzle, solution, {"level": level}, {"checker": "toy"}, 1)

    def check_record(self, record: dict) -> None:
        from pipeline.errors import InputError
        puzzle = record.get("puzzle")
        if not isinstance(puzzle, dict) or puzzle.get("size") not in SIZES.values():
            raise InputError("not a toy board", field="puzzle")

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        return 1

    def verify(self, puzzle: dict, solution: dict) -> dict:
        return {"unique": True}

    def dedupe_form(self, puzzle: dict) -> str:
        return repr(puzzle)

    def too_similar(self, level, puzzle, earlier) -> bool:
        return False

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        return puzzle["size"], puzzle["size"]

    def _grid(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        for i in range(1, puzzle["size"]):
            ink.line(box.x + i * box.cell, box.y, box.x + i * box.cell, box.y + box.height,
                     width=0.75, gray=0.4)
            ink.line(box.x, box.y + i * box.cell, box.x + box.width, box.y + i * box.cell,
                     width=0.75, gray=0.4)
        ink.rect(box.x, box.y, box.width, box.height, stroke=2.0)

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        self._grid(ink, puzzle, box)
        for r, c in puzzle["givens"]:
            ink.circle(*box.cell_centre(r, c), box.cell * 0.3, fill=0.0)

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None:
        self._grid(ink, puzzle, box)
        for r, c in solution["marks"]:
            ink.circle(*box.cell_centre(r, c), box.cell * 0.3, fill=0.0)

    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        givens = {tuple(g) for g in puzzle["givens"]}
        return AnswerSigns(outline="frame", cells=tuple(
            tuple(m) for m in solution["marks"] if tuple(m) not in givens))

    def rules_text(self) -> list[str]:
        return ["Put one mark in every row and every column.",
                "A printed mark is given: it is part of the solution."]


FAMILY = Toy()
