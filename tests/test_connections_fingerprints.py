"""Known answers: boards regenerated from their keys must match their recorded fingerprints.

A change here means a key now gives a different board: bump FAMILY.version and rewrite the
file with `python tests/test_connections_fingerprints.py --write`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pipeline.connections import FAMILY
from pipeline.records import fingerprint

DATA = Path(__file__).parent / "data" / "connections_fingerprints.json"
NUMBERS = (1, 2, 3, 4, 5, 17, 99, 200, 4321)


def current() -> dict:
    boards = {}
    for level in FAMILY.levels:
        for number in NUMBERS:
            key = f"connections:{level}:{number}"
            generated = FAMILY.generate(key, level)
            boards[key] = fingerprint(generated.puzzle, generated.solution)
    return {"generator": FAMILY.version, "boards": boards}


def test_boards_match_their_fingerprints():
    recorded = json.loads(DATA.read_text())
    assert recorded["generator"] == FAMILY.version
    assert len(recorded["boards"]) >= 25
    assert current() == recorded


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
