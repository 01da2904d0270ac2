"""The one interface every puzzle family implements, and the registry that lists them.

Like the `game` struct of Simon Tatham's collection: the catalog, the command line and the
book layer only ever talk to a family through these names, never to its internals.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, Sequence

from pipeline.errors import InputError
from pipeline.ink import GridBox, Ink


@dataclass(frozen=True)
class Generated:
    """What a generator hands back for one key: the board, its grade and its proofs."""

    puzzle: dict
    solution: dict
    grade: dict
    proof: dict
    attempts: int  # candidates tried for this board (the benchmark reports it)


Cell = tuple[int, int]  # (row, col), row 0 at the top, as the manifest's grid places a board


@dataclass(frozen=True)
class AnswerSigns:
    """What the read-back must know to judge a printed puzzle page: how to see that the board
    is drawn where the manifest says, and where its answer would show if it were drawn too.
    All in the board's own cells; the read-back places them with the manifest's grid.

    `outline` is what shows the board is there: "frame" (one stroked rectangle round the whole
    grid), "circles" (a round outline centred in each of `outline_cells`) or "tiles" (a stroked
    box filling most of each of `outline_cells`)."""

    outline: str
    outline_cells: tuple[Cell, ...] = ()
    cells: tuple[Cell, ...] = ()  # cells whose middle must stay empty (answers not given)
    links: tuple[tuple[Cell, Cell], ...] = ()  # the open run between two cells stays empty
    words: tuple[str, ...] = ()  # phrases never printed on the page
    printed: tuple[str, ...] = ()  # text the puzzle prints itself (not searched for `words`)


@dataclass(frozen=True)
class Hint:
    """The key step of a board: where its easiest-first solve first needs its hardest technique.

    `text` names squares by the labels printed around a board (columns A, B, ... from the left,
    rows 1, 2, ... from the top). `reveals` is exactly what the step establishes, in the export
    record's coordinates (docs/books.md, "Hints"); nothing a later step finds. `figure` lists
    the squares (or islands) the step reasons on, for a small diagram; None when words suffice.
    """

    technique: str
    text: str
    reveals: dict
    figure: dict | None = None

    def to_manifest(self) -> dict:
        return {"technique": self.technique, "text": self.text, "reveals": self.reveals}


def square_name(row: int, col: int) -> str:
    """A square as printed around boards: column letter, then row number ("D4" is (3, 3))."""
    return f"{column_letter(col)}{row + 1}"


def column_letter(col: int) -> str:
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def square_list(squares) -> str:
    """"B3", "B3 and C4", "B3, C4 and D5": squares in reading order."""
    names = [square_name(r, c) for r, c in sorted(squares)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class Family(Protocol):
    name: str        # "starbattle"
    title: str       # "Star Battle": how pages and covers name the family
    version: str     # generator version, "starbattle/1"; bumped whenever a key's output changes
    levels: tuple[str, ...]  # easiest first

    def generate(self, key: str, level: str) -> Generated:
        """A proven, graded board of `level` from the keyed stream of `key` alone.

        Raises GenerationFailed when the attempt budget runs out."""

    def check_record(self, record: dict) -> None:
        """Validate a record's puzzle (and solution when present); InputError names the field."""

    def count_solutions(self, puzzle: dict, limit: int) -> int:
        """Solutions of `puzzle`, counted up to `limit` (givens respected)."""

    def verify(self, puzzle: dict, solution: dict) -> dict:
        """The independent checker: proof details with "unique": True only when `solution` is
        the one and only solution."""

    def dedupe_form(self, puzzle: dict) -> str:
        """A text equal for two boards exactly when one is a rotation or reflection of the other."""

    def too_similar(self, level: str, puzzle: dict, earlier: Sequence[dict]) -> bool:
        """Whether `puzzle` is too close to one of the `earlier` boards of the same level."""

    # Optional: `near_duplicates(level) -> NearDuplicates | None`, the same rule as
    # `too_similar` over an index that stays fast as the catalog grows (None: the level has no
    # near-duplicate rule). Families without it are tested with `too_similar` itself.

    def explain(self, puzzle: dict) -> list[str]:
        """The grader's easiest-first solve of `puzzle`, one line per step."""

    # Drawing (the book layer never knows which family it draws).
    def difficulty_scale(self, level: str) -> tuple[str, ...]:
        """The levels (easiest first) whose range the printed difficulty of `level` spans."""

    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        """(rows, cols) of the board's grid as laid out on a page."""

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        """The puzzle as printed: never any part of the solution beyond printed givens."""

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None: ...

    def rules_text(self) -> list[str]:
        """The rules, one paragraph per item, for the how-to-play page."""

    # Read-back (the print guard "no answer on a puzzle page" asks each family this).
    def answer_signs(self, puzzle: dict, solution: dict) -> AnswerSigns:
        """How the drawn board shows on paper, and where its answer would."""

    # Hints (only books with `hints = true` ask for them).
    def hint(self, puzzle: dict, solution: dict, grade: dict) -> Hint:
        """The board's key step: never more than that one step, never against `solution`."""

    def check_hint(self, puzzle: dict, solution: dict, reveals: dict) -> list[str]:
        """What in `reveals` disagrees with `solution` or names no square of the board
        (empty when the hint is sound)."""

    def draw_hint(self, ink: Ink, puzzle: dict, hint: Hint, box: GridBox) -> None:
        """The hint's figure: the board's outline with only the squares the step reasons on."""


class NearDuplicates(Protocol):
    """The earlier boards of one level, held so that a candidate is tested against all of them
    at once; `near` answers exactly as `Family.too_similar` over the same boards."""

    def sketch(self, puzzle: dict) -> Any:
        """What the test needs of a board: small, picklable, made where the board is made."""

    def near(self, sketch: Any) -> bool: ...

    def add(self, sketch: Any) -> None: ...

    def mark(self) -> Any:
        """Where the index stands now, for `near_since`."""

    def near_since(self, sketch: Any, mark: Any) -> bool:
        """`near` against only the boards added after `mark`."""

    def load(self, puzzles: Iterable[dict]) -> None:
        """The earlier boards of a catalog, in key order."""

    # Optional, for an index whose sketches are worth keeping in the catalog (loading them
    # is much quicker than parsing every puzzle): `STORED_FORM`, a tag every stored text
    # starts with; `stored(sketch) -> str`; `load_stored(texts)`, the same boards as `load`.


def load_index(index: NearDuplicates, catalog, family: str, level: str) -> None:
    """A level's earlier boards into `index`: from the sketches the catalog keeps when the
    index stores them, the rest (boards added by an older version, or in another form) from
    their puzzles, stored for the next load."""
    if not hasattr(index, "load_stored"):
        index.load(catalog.puzzles(family, level))
        return
    stored, missing = catalog.sketches(family, level, index.STORED_FORM)
    made = [(puzzle_id, index.stored(index.sketch(puzzle))) for puzzle_id, puzzle in missing]
    index.load_stored(stored + [text for _id, text in made])
    if made:
        catalog.store_sketches(family, level, made)


@dataclass
class PlainNearDuplicates:
    """`too_similar` over a list of the earlier puzzles: for families that keep no index."""

    family: "Family"
    level: str
    earlier: list = field(default_factory=list)

    def sketch(self, puzzle: dict) -> dict:
        return puzzle

    def near(self, sketch: dict) -> bool:
        return self.family.too_similar(self.level, sketch, self.earlier)

    def add(self, sketch: dict) -> None:
        self.earlier.append(sketch)

    def mark(self) -> int:
        return len(self.earlier)

    def near_since(self, sketch: dict, mark: int) -> bool:
        return self.family.too_similar(self.level, sketch, self.earlier[mark:])

    def load(self, puzzles: Iterable[dict]) -> None:
        self.earlier.extend(puzzles)


def near_duplicates(family: "Family", level: str) -> NearDuplicates | None:
    make = getattr(family, "near_duplicates", None)
    return make(level) if make is not None else PlainNearDuplicates(family, level)


_FAMILY_MODULES = {
    "starbattle": "pipeline.starbattle",
    "bridges": "pipeline.bridges",
    "connections": "pipeline.connections",
    "sudoku": "pipeline.sudoku",
}


def family_names() -> tuple[str, ...]:
    return tuple(_FAMILY_MODULES)


def family_module(name: str) -> str:
    """The package that holds family `name` (its modules have the names docs/families.md lists)."""
    get_family(name)  # an unknown name is an InputError
    return _FAMILY_MODULES[name]


def get_family(name: str) -> Family:
    if name not in _FAMILY_MODULES:
        raise InputError(f"unknown family {name!r} (known: {', '.join(_FAMILY_MODULES)})",
                         field="family")
    return importlib.import_module(_FAMILY_MODULES[name]).FAMILY


def check_level(family: Family, level: str) -> None:
    if level not in family.levels:
        raise InputError(f"unknown {family.name} level {level!r} (known: {', '.join(family.levels)})",
                         field="level")
