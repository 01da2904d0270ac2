"""Known answers: boards regenerated from their keys must match their recorded fingerprints,
and the difficulty number rises with the level on every fingerprinted board.

A change here means a key now gives a different board: bump FAMILY.version and rewrite the
file with `python tests/test_wordsearch_fingerprints.py --write`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from pipeline.records import fingerprint
from pipeline.wordsearch import FAMILY
from pipeline.wordsearch.board import read_placements
from pipeline.wordsearch.grade import (FLOORS, HARD_BELOW, LEVEL_BY_NAME, MEDIUM_BELOW,
                                       level_of, measure)

DATA = Path(__file__).parent / "data" / "wordsearch_fingerprints.json"
NUMBERS = (1, 2, 3, 17, 99)
# the levels each difficulty scale orders: the plain levels in each language, and the
# hidden-message levels
SCALES = (("easy", "medium", "hard", "expert"), ("easy-de", "medium-de", "hard-de"),
          ("easy-fr", "medium-fr", "hard-fr"), ("easy-es", "medium-es", "hard-es"),
          ("hidden-message-hard", "hidden-message-expert"))


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
    assert not overlaps(made)
    for key, g in made.items():
        assert FAMILY.rate(g.puzzle).level == key.split(":")[1]


def overlaps(made: dict) -> list:
    """Each pair of levels next to each other on a scale where the easier one's hardest
    board scores no lower than the harder one's easiest."""
    found = []
    for scale in SCALES:
        assert set(scale) <= set(FAMILY.levels)
        for easier, harder in zip(scale, scale[1:]):
            top = max(g.grade["difficulty"] for k, g in made.items() if k.split(":")[1] == easier)
            low = min(g.grade["difficulty"] for k, g in made.items() if k.split(":")[1] == harder)
            if top >= low:
                found.append((easier, top, harder, low))
    return found


def test_levels_overlapping_in_difficulty_are_caught():
    """The guard fails on boards whose numbers overlap: one expert board given the hardest
    hard board's number."""
    made = boards()
    hard = max(g.grade["difficulty"] for k, g in made.items() if k.split(":")[1] == "hard")
    key = "wordsearch:expert:1"
    made[key] = replace(made[key], grade={**made[key].grade, "difficulty": hard})
    assert ("hard", hard, "expert", hard) in overlaps(made)


def test_a_board_outside_its_levels_band_is_not_accepted_there():
    """Each level takes only the difficulty numbers in its band: the rules of hard met at
    the number of an expert board place it at no level (and a board made elsewhere is then
    rated by the bands' floors)."""
    made = FAMILY.generate("wordsearch:hard:1", "hard")
    placements = read_placements(made.puzzle, made.solution)
    measures = measure(made.puzzle, placements)
    assert level_of(measures) == "hard"
    for difficulty, problem in ((HARD_BELOW, "outside 75 to under 170"),
                                (MEDIUM_BELOW - 0.01, "outside 75 to under 170")):
        planted = {**measures, "difficulty": difficulty}
        assert problem in LEVEL_BY_NAME["hard"].measures_problem(planted)
        assert level_of(planted) is None
    assert [name for name, _floor in FLOORS] == list(SCALES[0])


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
