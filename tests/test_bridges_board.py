"""Bridges records: validation of bad input, symmetries, drawing."""

import json

import pytest

from pipeline import cli
from pipeline.bridges import FAMILY
from pipeline.bridges.board import Board, canonical_form, connections, transformed
from pipeline.errors import InputError
from pipeline.ink import GridBox, RecordingInk

# A small solved board:   2 - 2      single bridges: across the top and down both sides
#                         |   |
#                         1   1
PUZZLE = {"width": 3, "height": 3, "islands": [[0, 0, 2], [0, 2, 2], [2, 0, 1], [2, 2, 1]]}
SOLUTION = {"bridges": [[[0, 0], [0, 2], 1], [[0, 0], [2, 0], 1], [[0, 2], [2, 2], 1]]}


def record(puzzle=PUZZLE, solution=SOLUTION):
    return {"id": "bridges-easy-0001", "family": "bridges", "puzzle": puzzle,
            "solution": solution}


def test_a_good_record_passes():
    FAMILY.check_record(record())


@pytest.mark.parametrize("islands, field, words", [
    ([[0, 0, 2], [0, 3, 2]], "puzzle.islands[1]", "off the 3x3 grid"),
    ([[0, 0, 2], [-1, 2, 2]], "puzzle.islands[1]", "off the 3x3 grid"),
    ([[0, 0, 9], [0, 2, 2]], "puzzle.islands[0]", "must be 1..8"),
    ([[0, 0, 0], [0, 2, 2]], "puzzle.islands[0]", "must be 1..8"),
    ([[0, 0, 2], [0, 1, 2]], "puzzle.islands[1]", "side by side"),
    ([[0, 0, 2], [1, 0, 2]], "puzzle.islands[1]", "side by side"),
    ([[0, 0, 2], [0, 0, 2]], "puzzle.islands[1]", "two islands"),
    ([[0, 0, 2], [0, 2]], "puzzle.islands[1]", "expected [row, col, number]"),
    ([[0, 0, 2], [0, 2, True]], "puzzle.islands[1]", "expected [row, col, number]"),
])
def test_bad_islands_name_the_field(islands, field, words):
    with pytest.raises(InputError) as caught:
        FAMILY.check_record({"puzzle": {"width": 3, "height": 3, "islands": islands}})
    assert caught.value.field == field
    assert words in caught.value.message
    assert "\n" not in str(caught.value)


def test_crossing_bridges_are_bad_input():
    # A plus: the horizontal 1-1 and the vertical 1-1 cross in the middle.
    puzzle = {"width": 5, "height": 5, "islands": [[0, 2, 1], [2, 0, 1], [2, 4, 1], [4, 2, 1]]}
    solution = {"bridges": [[[2, 0], [2, 4], 1], [[0, 2], [4, 2], 1]]}
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record(puzzle, solution))
    assert caught.value.field == "solution.bridges[1]"
    assert "crosses" in caught.value.message


@pytest.mark.parametrize("bridges, field, words", [
    ([[[0, 0], [0, 2], 3]], "solution.bridges[0]", "1 or 2"),
    ([[[0, 0], [2, 2], 1]], "solution.bridges[0]", "does not join"),
    ([[[0, 0], [0, 2], 1], [[0, 2], [0, 0], 1]], "solution.bridges[1]", "listed twice"),
    ([[[0, 0], [0, 2], 2]], "solution.bridges", "bridge ends"),
    ([[[0, 0], [0, 2]]], "solution.bridges[0]", "expected"),
])
def test_bad_bridges_name_the_field(bridges, field, words):
    with pytest.raises(InputError) as caught:
        FAMILY.check_record(record(solution={"bridges": bridges}))
    assert caught.value.field == field
    assert words in caught.value.message


def test_count_command_reports_bad_file_in_one_line(tmp_path, capsys):
    bad = record({"width": 3, "height": 3, "islands": [[0, 0, 2], [5, 2, 2]]}, SOLUTION)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record()) + "\n" + json.dumps(bad) + "\n")
    assert cli.main(["count", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"{path}:2:" in err and "puzzle.islands[1]" in err


def test_count_command_counts(tmp_path, capsys):
    path = tmp_path / "good.jsonl"
    path.write_text(json.dumps(record()) + "\n")
    assert cli.main(["count", str(path)]) == 0
    assert "bridges-easy-0001\t1" in capsys.readouterr().out


def test_connections_stop_at_the_nearest_island():
    board = Board.of(7, 1, [(0, 0, 1), (0, 3, 2), (0, 6, 1)])
    assert [(c.a, c.b) for c in connections(board)] == [(0, 1), (1, 2)]


def test_dedupe_form_is_the_same_for_all_eight_images():
    board = Board.of(6, 4, [(0, 0, 3), (0, 3, 2), (2, 0, 4), (2, 5, 1), (3, 3, 2)])
    forms = {canonical_form(transformed(board, s)) for s in range(8)}
    assert len(forms) == 1
    assert len({transformed(board, s) for s in range(8)}) == 8  # the images do differ
    moved = Board.of(6, 4, [(0, 0, 3), (0, 3, 2), (2, 0, 4), (2, 5, 1), (3, 2, 2)])
    assert canonical_form(moved) not in forms


def test_drawing_the_puzzle_draws_no_bridge_and_prints_legibly():
    box = GridBox(0, 0, 20, 3, 3)
    ink = RecordingInk()
    FAMILY.draw_puzzle(ink, PUZZLE, box)
    assert [c.verb for c in ink.calls if c.verb not in ("circle", "text")] == []
    assert sum(c.verb == "circle" for c in ink.calls) == 4
    solved = RecordingInk()
    FAMILY.draw_solution(solved, PUZZLE, SOLUTION, box)
    lines = [c for c in solved.calls if c.verb == "line"]
    assert len(lines) == 3
    double = RecordingInk()
    FAMILY.draw_solution(double, {"width": 3, "height": 1, "islands": [[0, 0, 2], [0, 2, 2]]},
                         {"bridges": [[[0, 0], [0, 2], 2]]}, GridBox(0, 0, 20, 1, 3))
    assert sum(c.verb == "line" for c in double.calls) == 2
    for call in solved.calls:
        options = dict(call.options)
        for key in ("width", "stroke"):
            if options.get(key) is not None:
                assert options[key] >= 0.75
        if call.verb == "text":
            assert options["size"] >= 7
        for key in ("gray", "fill"):
            if options.get(key) is not None:
                assert options[key] in (0.0, 1.0)


def test_boards_and_answers_round_trip_through_records():
    from pipeline.bridges.board import layout, parse_solution, solution_record

    board = Board.from_puzzle(PUZZLE)
    assert board.to_puzzle() == PUZZLE and Board.from_puzzle(board.to_puzzle()) == board
    lay = layout(board)
    counts = parse_solution(board, lay.links, SOLUTION)
    assert parse_solution(board, lay.links, solution_record(lay, counts)) == counts
    assert sorted(map(str, solution_record(lay, counts)["bridges"])) == \
        sorted(map(str, SOLUTION["bridges"]))
