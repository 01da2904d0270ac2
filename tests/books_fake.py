"""A small stand-in family for the book tests: one mark in every row and column of a square.

It implements the whole family interface cheaply, hints included (no lessons), so the book
layer is tested without knowing any real family. `SALT` lets a test change "the generator" the
way a new version would.
"""

from __future__ import annotations

from pipeline.family import (AnswerSigns, Family, Generated, Hint, HintNames, Rating,
                             square_name, unknown_reveals)
from pipeline.ink import GridBox, Ink
from pipeline.keyed import KeyedStream

SIZES = {"small": 5, "big": 7}
SALT = {"value": ""}


class Toy(Family):
    name = "toy"
    title = "Toy Marks"
    levels = ("small", "big")
    level_titles = {"small": "Small", "big": "Big"}
    min_cell_mm = 5.0
    gives_hints = True

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

    def explain(self, puzzle: dict) -> list[str]:
        return [f"row {row + 1}: the one column left" for row in range(puzzle["size"])]

    def rate(self, puzzle: dict) -> Rating:
        level = next(name for name, size in SIZES.items() if size == puzzle["size"])
        return Rating(level, float(puzzle["size"]))

    def level_shape(self, level: str) -> tuple[int, int]:
        return SIZES[level], SIZES[level]

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

    def bench(self, quick: bool) -> dict:
        return {}   # a test double is never benchmarked

    # The hint: the mark of the first row without a given.
    def hint(self, puzzle: dict, solution: dict, grade: dict) -> Hint:
        given_rows = {r for r, _c in puzzle["givens"]}
        row, col = next(m for m in solution["marks"] if m[0] not in given_rows)
        return Hint("last column", f"Row {row + 1} has its mark at {square_name(row, col)}.",
                    {"marks": [[row, col]]}, {"squares": [[row, col]]})

    def check_hint(self, puzzle: dict, solution: dict, reveals: dict) -> list[str]:
        problems = unknown_reveals(reveals, ("marks",))
        marks = reveals.get("marks")
        if not isinstance(marks, list) or not marks:
            return problems + ["reveals.marks is missing"]
        return problems + [f"{mark} is not a mark of the solution" for mark in marks
                           if mark not in solution["marks"]]

    def hint_names(self, reveals: dict) -> HintNames:
        return HintNames(squares=frozenset(tuple(m) for m in reveals.get("marks", [])))

    def draw_hint(self, ink: Ink, puzzle: dict, hint: Hint, box: GridBox) -> None:
        self._grid(ink, puzzle, box)


FAMILY = Toy()
