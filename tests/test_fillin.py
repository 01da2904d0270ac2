"""Fill-In: fingerprints, levels at exactly their level, the solve against the independent
placement search (and that against a plain enumeration), one-line errors, hints, and planted
faults for each clause of the contract."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

import family_fingerprints as fingerprints

from pipeline import cli
from pipeline.errors import InputError
from pipeline.fillin import FAMILY, solve, verify
from pipeline.fillin.grade import LEVEL_BY_NAME

DATA = Path(__file__).parent / "data" / "fillin_fingerprints.json"
NUMBERS = (1, 2, 3, 17, 250)


def made(level: str, n: int):
    return fingerprints.made(FAMILY, level, n)


def current() -> dict:
    return fingerprints.current(FAMILY, NUMBERS)


def test_boards_match_their_fingerprints():
    assert len(FAMILY.levels) == 12   # easy, medium, hard; and in German, French, Spanish
    fingerprints.check_against_file(FAMILY, NUMBERS, DATA)


@pytest.mark.parametrize("level", FAMILY.levels)
def test_boards_are_proven_and_rated_at_exactly_their_level(level):
    for n in range(1, 5):
        g = made(level, n)
        FAMILY.check_record({"puzzle": g.puzzle, "solution": g.solution})
        assert FAMILY.rate(g.puzzle).level == level
        proof = verify.verify(g.puzzle, g.solution)
        assert proof["unique"] and proof["solutions"] == 1
        assert FAMILY.count_solutions(g.puzzle, 2) == 1
        plain = LEVEL_BY_NAME[level].plain   # "easy" of "easy-de"
        size = {"easy": 11, "medium": 13, "hard": 15}[plain]
        assert (g.puzzle["rows"], g.puzzle["cols"]) == (size, size)
        words = g.puzzle["words"]
        assert len(set(words)) == len(words)
        shown = sum(ch.isalpha() for line in g.puzzle["grid"] for ch in line)
        if plain == "hard":
            assert shown <= 1
        else:
            assert shown >= 3   # a starter word


def test_the_solve_reaches_the_placement_the_checker_finds():
    for level in FAMILY.levels:
        g = made(level, 7)
        result = solve.solve(g.puzzle)
        assert result.solved and list(result.grid) == g.solution["grid"]


# --- a second placement -------------------------------------------------------------------------

TWO_WAYS = {"rows": 3, "cols": 7, "grid": ["...#...", "#######", "...#..."],
            "words": ["CAT", "DOG", "EMU", "OWL"]}


def test_a_second_placement_is_found_and_the_board_refused(tmp_path, capsys):
    """Planted fault: four 3-letter words in four slots that never cross fit 24 ways."""
    solution = {"grid": ["CAT#DOG", "#######", "EMU#OWL"]}
    proof = verify.verify(TWO_WAYS, solution)
    assert not proof["unique"] and proof["solutions"] == 2
    assert verify.plain_count(TWO_WAYS) == 24
    assert FAMILY.count_solutions(TWO_WAYS, 30) == 24
    record = {"id": "x", "family": "fillin", "puzzle": TWO_WAYS}
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(record) + "\n")
    status = cli.main(["grade", str(path)])
    out, err = capsys.readouterr()
    assert out.split("\t")[1] == "invalid" and status == 1
    assert len(err.strip().splitlines()) == 1


def test_a_board_with_one_crossing_changed_is_not_proven():
    """Planted fault: a solution that is not the one placement is refused."""
    g = made("easy", 1)
    wrong = copy.deepcopy(g.solution)
    wrong["grid"] = list(reversed(wrong["grid"]))
    assert not verify.verify(g.puzzle, wrong)["unique"]


def test_the_placement_search_agrees_with_the_plain_enumeration():
    small = [
        {"rows": 3, "cols": 3, "grid": ["...", ".#.", "..."],
         "words": ["ACE", "ARE", "EAR", "ERA"]},
        {"rows": 3, "cols": 3, "grid": ["C..", ".#.", "..."],
         "words": ["CAT", "CUB", "TOE", "BEE"]},
        TWO_WAYS,
        {"rows": 3, "cols": 7, "grid": ["C..#...", "#######", "...#..."],
         "words": ["CAT", "DOG", "EMU", "OWL"]},
    ]
    for puzzle in small:
        found, _nodes = verify.placements(puzzle, 100)
        assert len(found) == verify.plain_count(puzzle)
        assert FAMILY.count_solutions(puzzle, 100) == len(found)


def test_a_solver_rule_that_guesses_is_caught(monkeypatch):
    """Planted fault in the solve: a slot's candidates cut to the first one, so "two crossing
    letters" places a word while others still fit. The solve then disagrees with the checker."""
    boards = [made(level, n) for level in ("easy", "medium") for n in range(1, 4)]

    def disagreements() -> int:
        return sum(list(solve.solve(g.puzzle).grid) != g.solution["grid"] for g in boards)
    assert disagreements() == 0
    original = solve.fitting
    monkeypatch.setattr(solve, "fitting", lambda *a: (lambda m: m & -m)(original(*a)))
    assert disagreements() > 0


def test_generation_stops_where_the_solve_and_the_checker_disagree(monkeypatch):
    """The guard generation runs on every board it keeps: a solve that finishes at the level
    with a grid the checker's one placement does not give stops it (CheckersDisagree)."""
    import dataclasses

    from pipeline.errors import CheckersDisagree
    from pipeline.fillin import generate

    assert FAMILY.generate("fillin:easy:1", "easy").puzzle == made("easy", 1).puzzle
    real = generate.solve_board

    def misread(board, tier):   # planted: one letter of a finished solve read wrong
        result = real(board, tier)
        if not result.solved:
            return result
        grid = list(result.grid)
        col = next(c for c, ch in enumerate(grid[0]) if ch != "#")
        grid[0] = grid[0][:col] + ("Z" if grid[0][col] != "Z" else "Q") + grid[0][col + 1:]
        return dataclasses.replace(result, grid=tuple(grid))
    monkeypatch.setattr(generate, "solve_board", misread)
    with pytest.raises(CheckersDisagree):
        FAMILY.generate("fillin:easy:1", "easy")


# --- records -------------------------------------------------------------------------------------

@pytest.mark.parametrize("change,field", [
    (lambda p: p.update(rows=2), "puzzle.rows"),
    (lambda p: p["grid"].__setitem__(0, p["grid"][0][:-1]), "puzzle.grid[0]"),
    (lambda p: p["grid"].__setitem__(1, "x" + p["grid"][1][1:]), "puzzle.grid[1]"),
    (lambda p: p["words"].append(p["words"][0]), "puzzle.words"),
    (lambda p: p["words"].pop(), "puzzle.words"),
    (lambda p: p["words"].__setitem__(0, "ab1"), "puzzle.words[0]"),
])
def test_a_bad_record_is_one_line_naming_the_field(change, field):
    g = made("easy", 1)
    puzzle = copy.deepcopy(g.puzzle)
    change(puzzle)
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": puzzle})
    assert error.value.field == field
    assert "\n" not in str(error.value)


def test_a_solution_that_moves_a_block_is_refused():
    g = made("easy", 1)
    solution = copy.deepcopy(g.solution)
    first = solution["grid"][0]
    solution["grid"][0] = ("A" if first[0] == "#" else "#") + first[1:]
    with pytest.raises(InputError) as error:
        FAMILY.check_record({"puzzle": g.puzzle, "solution": solution})
    assert error.value.field == "solution.grid[0]"


# --- hints ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", FAMILY.levels)
def test_hints_reveal_one_word_of_the_solution(level):
    g = made(level, 2)
    hint = FAMILY.hint(g.puzzle, g.solution, g.grade)
    assert FAMILY.check_hint(g.puzzle, g.solution, hint.reveals) == []
    (r, c, direction, word), = hint.reveals["words"]
    assert word in hint.text and direction in "AD"
    wrong = {"words": [[r, c, direction, word[::-1] if word[::-1] != word else "XYZ"]]}
    assert FAMILY.check_hint(g.puzzle, g.solution, wrong)


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(current(), indent=2, sort_keys=True) + "\n")
