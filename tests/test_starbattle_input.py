"""Bad Star Battle records get one line naming the field, from the API and from the CLI."""

import json
import subprocess
import sys

import pytest

from pipeline.errors import InputError
from pipeline.starbattle import FAMILY

GOOD = {
    "id": "starbattle-easy-0001", "family": "starbattle", "level": "easy",
    "puzzle": {"size": 6, "regions": [[0, 0, 0, 0, 1, 1], [2, 2, 3, 0, 0, 1], [2, 2, 3, 1, 1, 1],
                                      [2, 4, 3, 3, 1, 5], [4, 4, 3, 3, 3, 5], [4, 4, 4, 3, 3, 5]],
               "stars": [[5, 1]]},
    "solution": {"stars": [[0, 3], [1, 0], [2, 4], [3, 2], [4, 5], [5, 1]]},
}


def broken(path: str, value):
    record = json.loads(json.dumps(GOOD))
    target = record
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return record


CASES = [
    ("wrong size", broken("puzzle.size", 7), "puzzle.regions"),
    ("size out of range", broken("puzzle.size", 40), "puzzle.size"),
    ("short row", broken("puzzle.regions.2", [2, 2, 3]), "puzzle.regions[2]"),
    ("region id out of range", broken("puzzle.regions.3.4", 9), "puzzle.regions[3][4]"),
    ("region id not a number", broken("puzzle.regions.0.0", "a"), "puzzle.regions[0][0]"),
    ("disconnected region", broken("puzzle.regions.5.5", 0), "puzzle.regions"),
    ("stars that touch", broken("puzzle.stars", [[5, 1], [4, 2]]), "puzzle.stars[1]"),
    ("star off the grid", broken("puzzle.stars", [[6, 1]]), "puzzle.stars[0]"),
    ("solution stars touch", broken("solution.stars.1", [1, 2]), "solution.stars[1]"),
    ("solution too short", broken("solution.stars", [[0, 3]]), "solution.stars"),
]


def test_the_good_record_is_accepted():
    FAMILY.check_record(GOOD)


@pytest.mark.parametrize("name,record,field", CASES, ids=[c[0] for c in CASES])
def test_bad_record_names_the_field(name, record, field):
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record)
    assert caught.value.field == field
    assert "\n" not in str(caught.value)


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pipeline", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_cli_count_reports_a_bad_record_in_one_line_with_file_line_and_field(tmp_path):
    path = tmp_path / "boards.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(CASES[3][1]) + "\n")
    result = run_cli("count", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{path}:2:" in lines[0] and "puzzle.regions[3][4]" in lines[0]


def test_cli_count_reports_bad_json_and_unknown_family(tmp_path):
    path = tmp_path / "boards.jsonl"
    path.write_text("{not json\n")
    result = run_cli("count", str(path))
    assert result.returncode == 2 and f"{path}:1:" in result.stderr
    path.write_text(json.dumps(dict(GOOD, family="no-such-family")) + "\n")
    result = run_cli("count", str(path))
    assert result.returncode == 2 and "family" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_count_counts_with_starting_stars_respected(tmp_path):
    free = json.loads(json.dumps(GOOD))
    free["id"] = "no-stars"
    free["puzzle"]["stars"] = []
    path = tmp_path / "boards.jsonl"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(free) + "\n")
    result = run_cli("count", str(path), "--limit", "50")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    counts = dict(line.split("\t") for line in lines[:-1])
    assert counts["starbattle-easy-0001"] == "1"
    assert int(counts["no-stars"]) >= 1
    assert lines[-1].startswith("total seconds: ")


def test_cli_unknown_level_is_one_line(tmp_path):
    result = run_cli("--catalog", str(tmp_path / "c.sqlite"), "generate", "--family",
                     "starbattle", "--level", "impossible", "--count", "1")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "level" in result.stderr
