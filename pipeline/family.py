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
    def grid_shape(self, puzzle: dict) -> tuple[int, int]:
        """(rows, cols) of the board's grid as laid out on a page."""

    def draw_puzzle(self, ink: Ink, puzzle: dict, box: GridBox) -> None:
        """The puzzle as printed: never any part of the solution beyond printed givens."""

    def draw_solution(self, ink: Ink, puzzle: dict, solution: dict, box: GridBox) -> None: ...

    def rules_text(self) -> list[str]:
        """The rules, one paragraph per item, for the how-to-play page."""


class NearDuplicates(Protocol):
    """The earlier boards of one level, held so that a candidate is tested against all of them
    at once; `near` answers exactly as `Family.too_similar` over the same boards."""

    def sketch(self, puzzle: dict) -> Any:
        """What the test needs of a board: small, picklable, made where the board is made."""

    def near(self, sketch: Any) -> bool: ...

    def add(self, sketch: Any) -> None: ...

    def load(self, puzzles: Iterable[dict]) -> None:
        """The earlier boards of a catalog, in key order."""


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

    def load(self, puzzles: Iterable[dict]) -> None:
        self.earlier.extend(puzzles)


def near_duplicates(family: "Family", level: str) -> NearDuplicates | None:
    make = getattr(family, "near_duplicates", None)
    return make(level) if make is not None else PlainNearDuplicates(family, level)


_FAMILY_MODULES = {
    "starbattle": "pipeline.starbattle",
    "bridges": "pipeline.bridges",
    "connections": "pipeline.connections",
}


def family_names() -> tuple[str, ...]:
    return tuple(_FAMILY_MODULES)


def get_family(name: str) -> Family:
    if name not in _FAMILY_MODULES:
        raise InputError(f"unknown family {name!r} (known: {', '.join(_FAMILY_MODULES)})",
                         field="family")
    return importlib.import_module(_FAMILY_MODULES[name]).FAMILY


def check_level(family: Family, level: str) -> None:
    if level not in family.levels:
        raise InputError(f"unknown {family.name} level {level!r} (known: {', '.join(family.levels)})",
                         field="level")
