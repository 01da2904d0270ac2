"""Puzzle records: the JSON Lines export contract (docs/contracts.md).

A record separates what identifies a puzzle (`puzzle` and `solution`, hashed into `sha256`)
from how it was made (`key`, `generator`, `grade`, `proof`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Iterator, TextIO

from pipeline.errors import InputError

RECORD_FIELDS = ("id", "family", "level", "key", "generator", "puzzle", "solution", "grade",
                 "proof", "sha256")


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces: the form that is hashed and compared."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(puzzle: dict, solution: dict) -> str:
    """SHA-256 of the canonical JSON of puzzle and solution."""
    text = canonical_json({"puzzle": puzzle, "solution": solution})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def puzzle_id(family: str, level: str, number: int) -> str:
    return f"{family}-{level}-{number:04d}"


def puzzle_key(family: str, level: str, number: int) -> str:
    return f"{family}:{level}:{number}"


# A level's boards made from word data a layout names (pipeline/engines/worddata.py) live apart from
# the boards of the family's own data: under the level's name, this mark and the data's
# digest ("easy+3fa2c1d9ab12ef01"), which the catalog, the id and the key carry in the
# level's place. The record's `level` stays the level; its `words` field holds the digest.
SPACE_MARK = "+"


def level_space(level: str, words: str | None = None) -> str:
    """The catalog's name for the boards of `level` made from the word data of digest `words`
    (None: the family's own data, named by the level alone, as always)."""
    return level if words is None else f"{level}{SPACE_MARK}{words}"


def space_level(space: str) -> str:
    """The level of a catalog level name (`level_space`'s inverse on its first part)."""
    return space.split(SPACE_MARK, 1)[0]


@dataclass(frozen=True)
class PuzzleRecord:
    id: str
    family: str
    level: str
    key: str
    generator: str
    puzzle: dict
    solution: dict
    grade: dict
    proof: dict
    sha256: str
    # Extra fields the contract allows (for example a replacement variant); exported after the
    # fixed ones.
    extra: dict = field(default_factory=dict)

    @property
    def space(self) -> str:
        """The catalog's name for this board's level: the level, with the digest of the word
        data it was made from when a layout named its own (`level_space`)."""
        return level_space(self.level, self.extra.get("words"))

    def to_dict(self) -> dict:
        out = {name: getattr(self, name) for name in RECORD_FIELDS}
        out.update(self.extra)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(", ", ": "), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict) -> "PuzzleRecord":
        extra = {k: v for k, v in data.items() if k not in RECORD_FIELDS}
        return cls(**{name: data[name] for name in RECORD_FIELDS}, extra=extra)


def read_records(stream: TextIO, filename: str) -> Iterator[tuple[int, dict]]:
    """Yield (line number, object) for each non-blank JSON line; bad JSON is an InputError."""
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise InputError(f"not valid JSON ({error.msg} at column {error.colno})",
                             file=filename, line=number) from None
        if not isinstance(data, dict):
            raise InputError("a record must be a JSON object", file=filename, line=number)
        yield number, data


def require(data: dict, name: str, kind: type | tuple[type, ...], prefix: str = "") -> Any:
    """Fetch data[name], checking presence and type; errors name the field."""
    label = f"{prefix}{name}"
    if name not in data:
        raise InputError("missing", field=label)
    value = data[name]
    if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise InputError(f"expected {_kind_name(kind)}, got a boolean", field=label)
    if not isinstance(value, kind):
        raise InputError(f"expected {_kind_name(kind)}, got {type(value).__name__}", field=label)
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "a boolean"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)
