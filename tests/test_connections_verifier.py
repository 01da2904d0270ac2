"""The independent verifier: proves generated boards, rejects tampered and ambiguous ones."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from connections_fixtures import tiny_library
from pipeline.connections import FAMILY, verifier

SAMPLE = [(level, n) for level in FAMILY.levels for n in (1, 2, 3, 50, 333, 1000)]


@pytest.fixture(scope="module")
def boards():
    return {(level, n): FAMILY.generate(f"connections:{level}:{n}", level) for level, n in SAMPLE}


def test_generated_boards_are_proved_unique(boards):
    for generated in boards.values():
        proof = FAMILY.verify(generated.puzzle, generated.solution)
        assert proof["unique"] and proof["groupings"] == 1 and not proof["problems"]
        assert FAMILY.count_solutions(generated.puzzle, 5) == 1


def test_swapping_two_tiles_between_groups_is_rejected(boards):
    generated = boards[("medium", 1)]
    groups = [dict(g, tiles=list(g["tiles"])) for g in generated.solution["groups"]]
    groups[0]["tiles"][0], groups[1]["tiles"][0] = groups[1]["tiles"][0], groups[0]["tiles"][0]
    proof = FAMILY.verify(generated.puzzle, {"groups": groups})
    assert not proof["unique"] and len(proof["problems"]) >= 2


def test_a_wrong_tier_is_rejected(boards):
    generated = boards[("easy", 2)]
    groups = [dict(g) for g in generated.solution["groups"]]
    groups[0]["tier"], groups[3]["tier"] = groups[3]["tier"], groups[0]["tier"]
    assert not FAMILY.verify(generated.puzzle, {"groups": groups})["unique"]


def test_two_splits_are_counted():
    # Each half of the board splits two ways: rows or columns of a 2 x 2 square of themes.
    library = tiny_library([
        ("R1", "yellow", "a b c d"), ("R2", "green", "e f g h"),
        ("C1", "blue", "a b e f"), ("C2", "purple", "c d g h"),
        ("R3", "yellow", "i j k l"), ("R4", "green", "m n o p"),
    ])
    tiles = list("abcdefghijklmnop")
    assert verifier.count_groupings(tiles, 10, library.categories) == 2
    groups = [{"label": label, "tier": tier, "tiles": list(members)} for label, tier, members in
              (("R1", "yellow", "abcd"), ("R2", "green", "efgh"), ("R3", "yellow", "ijkl"),
               ("R4", "green", "mnop"))]
    proof = verifier.prove(tiles, groups, library.categories)
    assert not proof["unique"] and proof["groupings"] == 2


def test_the_verifier_imports_nothing_from_the_generator():
    source = Path(verifier.__file__).read_text()
    imported = {node.module for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom)}
    assert not any(name and "generator" in name for name in imported)
    assert "pipeline.connections.library" in imported  # the closed world, as plain sets
