"""`pipeline grade`: records of any family, graded by the family's own grader.

Boards made from keys here must come back at the level they were made for; malformed and
not-unique puzzles print `invalid` with one line on stderr; unusable input is exit 2.
"""

from __future__ import annotations

import copy
import json

import pytest

from pipeline import cli
from pipeline.family import family_names, get_family

# A few keys of each family's levels whose boards are quick to make: every registered family
# must be listed (a family missing here fails the test rather than being left out).
LEVELS_TO_TRY = {"starbattle": ("easy", "medium", "tricky"), "bridges": ("easy", "medium", "hard"),
                 "connections": ("easy", "medium", "hard", "medium-de", "easy-fr", "hard-es"),
                 "sudoku": ("easy", "medium", "killer-easy"),
                 "kakuro": ("easy", "medium"),
                 "wordsearch": ("easy", "medium", "hard", "medium-de", "hard-fr"),
                 "fillin": ("easy", "medium", "hard"), "codeword": ("easy", "medium", "hard"),
                 "nonogram": ("easy",), "clued": ("mini", "medium", "easy-de")}
# The key numbers tried (default 1 and 2): a nonogram key gives a board only where its picture
# is at home at the level (docs/nonogram.md), and easy key 1's is not.
NUMBERS = {"nonogram": (2, 3)}


def _record(name: str, level: str, number: int) -> dict:
    family = get_family(name)
    made = family.generate(f"{name}:{level}:{number}", level)
    return {"id": f"{name}-{level}-{number:04d}", "family": name, "level": level,
            "puzzle": made.puzzle, "solution": made.solution}


def _grade(tmp_path, records, capsys) -> tuple[int, list[list[str]], list[str]]:
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    return status, [line.split("\t") for line in out.splitlines()], err.splitlines()


@pytest.mark.parametrize("name", family_names())
def test_boards_grade_at_the_level_they_were_made_for(tmp_path, capsys, name):
    assert name in LEVELS_TO_TRY, f"list a few quick levels of {name} in LEVELS_TO_TRY"
    records = [_record(name, level, n) for level in LEVELS_TO_TRY[name]
               for n in NUMBERS.get(name, (1, 2))]
    status, rows, err = _grade(tmp_path, records, capsys)
    assert status == 0 and err == []
    assert [row[:2] for row in rows] == [[r["id"], r["level"]] for r in records]
    assert all(float(row[2]) >= 0 for row in rows)


def test_a_solution_is_optional(tmp_path, capsys):
    record = _record("starbattle", "easy", 3)
    del record["solution"]
    status, rows, _ = _grade(tmp_path, [record], capsys)
    assert status == 0 and rows[0][:2] == [record["id"], "easy"]


def test_malformed_and_ambiguous_puzzles_are_invalid_with_one_line_each(tmp_path, capsys):
    good = _record("starbattle", "easy", 1)
    broken = copy.deepcopy(good)
    broken["id"] = "broken"
    broken["puzzle"]["regions"][0][0] = 99
    ambiguous = copy.deepcopy(good)
    ambiguous["id"] = "ambiguous"
    ambiguous["puzzle"]["stars"] = []
    ambiguous["puzzle"]["regions"] = [[0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 2, 2],
                                      [3, 3, 4, 4, 5, 5], [3, 3, 4, 4, 5, 5],
                                      [3, 3, 4, 4, 5, 5], [3, 3, 4, 4, 5, 5]]
    del ambiguous["solution"]
    status, rows, err = _grade(tmp_path, [good, broken, ambiguous], capsys)
    assert status == 1
    assert rows[0][:2] == [good["id"], "easy"]
    assert rows[1] == ["broken", "invalid", "-"] and rows[2] == ["ambiguous", "invalid", "-"]
    assert len(err) == 2
    assert err[0].startswith("pipeline: ") and "records.jsonl:2: puzzle.regions[0][0]:" in err[0]
    assert "records.jsonl:3: puzzle:" in err[1] and "solution" in err[1]


def test_a_record_without_a_family_is_bad_input(tmp_path, capsys):
    status, rows, err = _grade(tmp_path, [{"id": "x", "puzzle": {}}], capsys)
    assert status == 2 and rows == []
    assert len(err) == 1 and "records.jsonl:1: family: missing" in err[0]
