"""Bridges generation: known boards from their keys, levels that hold, the independent checker."""

import json
from pathlib import Path

import pytest

from pipeline.bridges import FAMILY
from pipeline.bridges.board import Board, layout
from pipeline.bridges.grade import LEVELS, deduce
from pipeline.bridges.solve import SOLVED
from pipeline.records import fingerprint

FINGERPRINTS = Path(__file__).parent / "data" / "bridges_fingerprints.json"
PER_LEVEL = {"easy": 6, "medium": 6, "hard": 6, "expert": 4, "extreme": 3}


def known_keys():
    return [(f"bridges:{level}:{n}", level) for level, count in PER_LEVEL.items()
            for n in range(1, count + 1)]


def fingerprint_entry(key, level):
    board = FAMILY.generate(key, level)
    return {"key": key, "level": level, "generator": FAMILY.version,
            "islands": len(board.puzzle["islands"]),
            "sha256": fingerprint(board.puzzle, board.solution)}, board


@pytest.fixture(scope="module")
def generated():
    return [(key, level, *fingerprint_entry(key, level)) for key, level in known_keys()]


def test_boards_regenerate_from_their_keys(generated):
    known = json.loads(FINGERPRINTS.read_text())
    assert len(known) >= 25 and {entry["level"] for entry in known} == set(LEVELS)
    assert [entry for _, _, entry, _ in generated] == known


def test_every_board_passes_the_independent_checker(generated):
    for key, level, _, board in generated:
        proof = FAMILY.verify(board.puzzle, board.solution)
        assert proof["unique"] and proof["valid"], key
        assert board.proof["unique"] and board.proof["checker"] == proof["checker"]
        FAMILY.check_record({"puzzle": board.puzzle, "solution": board.solution})
        assert FAMILY.count_solutions(board.puzzle, 2) == 1


def test_boards_are_dense(generated):
    for key, _, _, board in generated:
        width, height = board.puzzle["width"], board.puzzle["height"]
        assert min(width, height) >= 10
        assert 5 * len(board.puzzle["islands"]) >= width * height, key


def test_each_board_needs_exactly_its_level(generated):
    for key, level, _, board in generated:
        lay = layout(Board.from_puzzle(board.puzzle))
        index = LEVELS.index(level)
        if index > 0:
            assert deduce(lay, LEVELS[index - 1]).status != SOLVED, key
        if level != "extreme":
            assert deduce(lay, level).status == SOLVED, key
        # Easy, medium and hard need no what-if at all; expert and extreme cannot do without.
        without_search = deduce(lay, "hard").status == SOLVED
        assert without_search == (level in ("easy", "medium", "hard")), key
        assert board.grade["level"] == level
        assert (board.grade["whatif_count"] > 0) == (level in ("expert", "extreme")), key


def test_the_checker_refuses_a_board_with_two_answers():
    # Four 3s at the corners of a square: the bridges go 1, 2, 1, 2 round it, either way.
    puzzle = {"width": 3, "height": 3,
              "islands": [[0, 0, 3], [0, 2, 3], [2, 0, 3], [2, 2, 3]]}
    one = {"bridges": [[[0, 0], [0, 2], 1], [[0, 2], [2, 2], 2], [[2, 0], [2, 2], 1],
                       [[0, 0], [2, 0], 2]]}
    proof = FAMILY.verify(puzzle, one)
    assert proof["valid"] and not proof["unique"] and proof["solutions"] == 2
    assert FAMILY.count_solutions(puzzle, 5) == 2


def test_the_checker_refuses_a_wrong_answer(generated):
    _, _, _, board = generated[0]
    wrong = {"bridges": [list(b) for b in board.solution["bridges"]]}
    wrong["bridges"][0] = wrong["bridges"][0][:2] + [3 - wrong["bridges"][0][2]]
    assert not FAMILY.verify(board.puzzle, wrong)["valid"]


def test_dedupe_form_sees_through_a_turn(generated):
    from pipeline.bridges.board import transformed
    _, _, _, board = generated[-1]
    turned = transformed(Board.from_puzzle(board.puzzle), 5).to_puzzle()
    assert turned != board.puzzle
    assert FAMILY.dedupe_form(turned) == FAMILY.dedupe_form(board.puzzle)


def test_generate_export_count_through_the_command_line(tmp_path, capsys):
    from pipeline import cli
    catalog = str(tmp_path / "catalog.sqlite")
    assert cli.main(["--catalog", catalog, "generate", "--family", "bridges", "--level", "hard",
                     "--count", "3", "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    # no frozen editions: the catalog's records alone (the Bridges books' locks hold more)
    assert cli.main(["--catalog", catalog, "export", "--family", "bridges",
                     "--layouts-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    records = [json.loads(line) for line in lines]
    assert records[0]["id"] == "bridges-hard-0001" and records[0]["key"] == "bridges:hard:1"
    assert set(records[0]["puzzle"]) == {"width", "height", "islands"}
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert cli.main(["count", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(f"{r['id']}\t1" in out for r in records)


def test_repairs_keep_the_grown_answer_a_solution():
    """Breaking a rival must leave our own answer valid: a repair that lays a bridge across
    one of ours (or cuts our network in two) would throw good candidates away unseen."""
    from pipeline.bridges import generate as generator
    from pipeline.bridges.board import layout_of
    from pipeline.bridges.solve import SEARCH_RULES, State
    from pipeline.keyed import KeyedStream

    stream = KeyedStream("bridges-repairs")
    repaired = 0
    for recipe in (generator.RECIPES["medium"], generator.RECIPES["expert"]):
        for _ in range(60):
            rows, cols, numbers, ends = generator.grow_arrays(stream, recipe)
            for _ in range(recipe.repairs):
                puzzle = {"width": recipe.width, "height": recipe.height,
                          "islands": [[r, c, n] for r, c, n in
                                      zip(rows.tolist(), cols.tolist(), numbers.tolist())]}
                ours = {"bridges": [[[int(rows[a]), int(cols[a])], [int(rows[b]), int(cols[b])],
                                     int(k)] for a, b, k in ends]}
                assert FAMILY.verify(puzzle, ours)["valid"]
                lay = layout_of(recipe.width, recipe.height, rows, cols, numbers)
                found, answers = State(lay).search(SEARCH_RULES, 2)
                if found < 2:
                    break
                done, rows, cols, numbers, ends = generator.repair(stream, recipe, rows, cols,
                                                                   ends, lay, answers)
                if not done:
                    break
                repaired += 1
    assert repaired >= 30


def test_explain_retraces_the_grade(generated):
    for key, level, _, board in generated:
        lines = FAMILY.explain(board.puzzle)
        assert lines[-1] == "solved", key
        whatifs = sum(line.startswith("what-if") for line in lines)
        assert whatifs == board.grade["whatif_count"], key
        used = {line.split(":")[0] for line in lines[:-1]}
        needed = {"easy": "saturation", "medium": "counting", "hard": "connectivity"}
        for rule, first_level in (("counting", "medium"), ("connectivity", "hard")):
            if LEVELS.index(level) < LEVELS.index(first_level):
                assert rule not in used, key
        if level in needed:
            assert needed[level] in used, key
