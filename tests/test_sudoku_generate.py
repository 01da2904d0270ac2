"""Sudoku generation: boards regenerate from their keys (fingerprints), pass the independent
checker, and need exactly their level's techniques."""

import json
from pathlib import Path

import pytest

from pipeline.errors import GenerationFailed
from pipeline.records import fingerprint
from pipeline.sudoku import FAMILY
from pipeline.sudoku import generate as generator
from pipeline.sudoku.board import Board, CELLS
from pipeline.sudoku.grade import CLASSIC_LEVELS as LEVELS, TIER_OF, techniques_of
from pipeline.sudoku.solve import solve

FINGERPRINTS = Path(__file__).parent / "data" / "sudoku_fingerprints.json"
PER_LEVEL = 3


def entry(key, level, board):
    return {"key": key, "level": level, "generator": FAMILY.version,
            "clues": sum(1 for row in board.puzzle["givens"] for d in row if d),
            "difficulty": board.grade["difficulty"],
            "sha256": fingerprint(board.puzzle, board.solution)}


@pytest.fixture(scope="module")
def generated():
    out = []
    for level in LEVELS:
        for n in range(1, PER_LEVEL + 1):
            key = f"sudoku:{level}:{n}"
            out.append((key, level, FAMILY.generate(key, level)))
    return out


def test_boards_regenerate_from_their_keys(generated):
    known = json.loads(FINGERPRINTS.read_text())
    assert {e["level"] for e in known} == set(LEVELS)
    assert [entry(key, level, board) for key, level, board in generated] == known


def test_every_board_passes_the_independent_checker(generated):
    for key, _level, board in generated:
        proof = FAMILY.verify(board.puzzle, board.solution)
        assert proof["unique"] and proof["valid"], key
        assert board.proof == proof
        FAMILY.check_record({"puzzle": board.puzzle, "solution": board.solution})
        assert FAMILY.count_solutions(board.puzzle, 2) == 1


def test_each_board_needs_exactly_its_level(generated):
    """Tier separation: the level's techniques finish the board, the level below's do not."""
    for key, level, board in generated:
        givens = Board.from_puzzle(board.puzzle).givens
        assert solve(givens, techniques_of(level)).solved, key
        index = LEVELS.index(level)
        if index > 0:
            assert solve(givens, techniques_of(LEVELS[index - 1])).status == "stuck", key
        used = {TIER_OF[name] for name in board.grade["techniques"]}
        assert level in used and board.grade["level"] == level


def test_givens_are_symmetric_under_the_half_turn(generated):
    for key, _level, board in generated:
        flat = [d for row in board.puzzle["givens"] for d in row]
        assert all(bool(flat[c]) == bool(flat[CELLS - 1 - c]) for c in range(CELLS)), key


def test_difficulty_grows_with_the_level(generated):
    means = [sum(b.grade["difficulty"] for _k, lv, b in generated if lv == level) / PER_LEVEL
             for level in LEVELS]
    assert means == sorted(means)


def test_a_spent_budget_raises_generation_failed(monkeypatch):
    monkeypatch.setitem(generator.ATTEMPTS, "extreme", 1)
    monkeypatch.setattr(generator, "level_of", lambda result: "easy")
    with pytest.raises(GenerationFailed, match="no extreme board in 1 attempts"):
        FAMILY.generate("sudoku:extreme:1", "extreme")
