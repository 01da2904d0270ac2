"""Fingerprints of a family's boards regenerated from their keys, the shape the fingerprint
files in tests/data/ hold: the generator version and one fingerprint per key."""

from __future__ import annotations

from pipeline.records import fingerprint


def made(family, level: str, n: int):
    return family.generate(f"{family.name}:{level}:{n}", level)


def current(family, numbers) -> dict:
    boards = {}
    for level in family.levels:
        for n in numbers:
            g = made(family, level, n)
            boards[f"{family.name}:{level}:{n}"] = fingerprint(g.puzzle, g.solution)
    return {"generator": family.version, "boards": boards}


def check_against_file(family, numbers, path) -> None:
    """The fingerprint file at `path` names the family's present generator and holds exactly
    the boards its keys make now."""
    import json
    recorded = json.loads(path.read_text())
    assert recorded["generator"] == family.version
    assert len(recorded["boards"]) == len(family.levels) * len(numbers)
    assert current(family, numbers) == recorded
