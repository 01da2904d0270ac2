"""One-line errors for bad theme files and bad records, and `pipeline grade` on word searches
made elsewhere: a level for a good board, `invalid` with the reason for a word that is missing
or appears twice."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from pipeline.errors import InputError
from pipeline.wordsearch import FAMILY
from pipeline.wordsearch.board import load_theme

GOOD = FAMILY.generate("wordsearch:medium:1", "medium")


def theme_error(tmp_path, text, name="garden.txt") -> str:
    path = tmp_path / name
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_theme(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_good_theme_file_loads(tmp_path):
    path = tmp_path / "garden.txt"
    path.write_text("title: In the Garden\n# a comment\nrose\n\nwatering can\n", encoding="utf-8")
    theme = load_theme(path)
    assert theme.title == "In the Garden"
    assert theme.words == ("ROSE", "WATERING CAN")
    assert theme.spellings == ("ROSE", "WATERINGCAN")


@pytest.mark.parametrize("text, where, says", [
    (None, "garden.txt: themes:", "no such theme file"),
    ("title: Garden\n", "garden.txt: word:", "the theme has no words"),
    ("rose\ntulip\n", "garden.txt:1: title:", "the first line must be"),
    ("title: Garden\nrose\ncrème\n", "garden.txt:3: word:", "has no 'È'"),
    ("title: Garden\nrose\ntulip\nRose\n", "garden.txt:4: word:", "appears twice (first on line 2)"),
    ("title: Garden\nox\n", "garden.txt:2: word:", "fewer than 3 letters"),
])
def test_bad_theme_files_are_one_line_errors(tmp_path, text, where, says):
    message = theme_error(tmp_path, text)
    assert where in message and says in message, message


def record_error(mutate) -> str:
    record = {"puzzle": copy.deepcopy(GOOD.puzzle), "solution": copy.deepcopy(GOOD.solution)}
    mutate(record)
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record)
    return str(caught.value)


@pytest.mark.parametrize("mutate, field", [
    (lambda r: r["puzzle"].pop("letters"), "puzzle.letters"),
    (lambda r: r["puzzle"].update(rows=3), "puzzle.letters"),
    (lambda r: r["puzzle"]["letters"].__setitem__(0, "abc"), "puzzle.letters[0]"),
    (lambda r: r["puzzle"]["letters"].__setitem__(
        0, "1" + r["puzzle"]["letters"][0][1:]), "puzzle.letters[0]"),
    (lambda r: r["puzzle"].update(directions=["UP"]), "puzzle.directions"),
    (lambda r: r["puzzle"].update(language="xx"), "puzzle.language"),
    (lambda r: r["puzzle"]["words"].append(r["puzzle"]["words"][0]), "puzzle.words["),
    (lambda r: r["puzzle"]["words"].append("ZYZZYVA"), "puzzle.words["),
    (lambda r: r["solution"]["placements"][0].update(direction="UP"), "direction"),
    (lambda r: r["solution"]["placements"][0].update(row=99), "solution.placements[0]"),
    (lambda r: r["solution"]["placements"].pop(), "solution.placements"),
])
def test_bad_records_name_their_field(mutate, field):
    message = record_error(mutate)
    assert field in message and "\n" not in message, message


def run_grade(tmp_path, records) -> subprocess.CompletedProcess:
    path = tmp_path / "boards.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pipeline", "grade", str(path)],
                          capture_output=True, text=True)


def test_grade_rates_boards_made_elsewhere_and_says_why_one_is_invalid(tmp_path):
    boards = {level: FAMILY.generate(f"wordsearch:{level}:2", level) for level in FAMILY.levels}
    records = [{"id": level, "family": "wordsearch", "puzzle": made.puzzle}
               for level, made in boards.items()]
    missing = copy.deepcopy(GOOD.puzzle)
    missing["words"] = sorted(missing["words"] + ["ZYZZYVA"])
    twice = copy.deepcopy(GOOD.puzzle)
    word = twice["words"][0]
    letters = [list(line) for line in twice["letters"]]
    # a second copy of the word's letters down the last column, where the board is re-read
    for i, ch in enumerate(word.replace(" ", "")):
        letters[i][-1] = ch
    twice["letters"] = ["".join(line) for line in letters]
    records += [{"id": "missing", "family": "wordsearch", "puzzle": missing},
                {"id": "twice", "family": "wordsearch", "puzzle": twice}]
    done = run_grade(tmp_path, records)
    lines = dict(line.split("\t", 1) for line in done.stdout.splitlines())
    for level in FAMILY.levels:
        assert lines[level].split("\t")[0] == level
    assert lines["missing"] == "invalid\t-"
    assert "'ZYZZYVA' is not in the grid" in done.stderr
    assert done.returncode == 1
    if lines["twice"] == "invalid\t-":
        assert f"{word!r} appears" in done.stderr
