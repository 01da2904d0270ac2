"""Known answers: boards regenerated from their keys must match their recorded fingerprints,
and the difficulty number rises with the level on every fingerprinted board.

A change here means a key now gives a different board: bump FAMILY.version and rewrite the
file with `python tests/test_wordsearch_fingerprints.py --write`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pipeline.records import fingerprint
from pipeline.wordsearch import FAMILY

DATA = Path(__file__).parent / "data" / "wordsearch_fingerprints.json"
NUMBERS = (1, 2, 3, 17, 99)
PLAIN = ("easy", "medium", "hard", "expert")   # the levels a difficulty scale orders


def boards() -> dict:
    return {f"wordsearch:{level}:{n}": FAMILY.generate(f"wordsearch:{level}:{n}", level)
            for level in FAMILY.levels for n in NUMBERS}


def current(made=None) -> dict:
    made = made or boards()
    return {"generator": FAMILY.version,
            "boards": {key: fingerprint(g.puzzle, g.solution) for key, g in made.items()}}


def test_boards_match_their_fingerprints_and_difficulty_rises_with_level():
    recorded = json.loads(DATA.read_text())
    assert recorded["generator"] == FAMILY.version
    made = boards()
    assert current(made) == recorded
    for easier, harder in zip(PLAIN, PLAIN[1:]):
        top = max(g.grade["difficulty"] for k, g in made.items() if k.split(":")[1] == easier)
        low = min(g.grade["difficulty"] for k, g in made.items() if k.split(":")[1] == harder)
        assert top < low, (easier, top, harder, low)
    for key, g in made.items():
        assert FAMILY.rate(g.puzzle).level == key.split(":")[1]


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
