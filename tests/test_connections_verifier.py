"""The independent verifier: proves generated boards, rejects tampered and ambiguous ones."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from connections_fixtures import tiny_library
from pipeline.connections import FAMILY, solve, verify
from pipeline.connections.board import indexed_library, puzzle_language
from pipeline.connections.generate import groupings

SAMPLE = [(level, n) for level in FAMILY.levels for n in (1, 2, 3, 50, 333, 1000)]


@pytest.fixture(scope="module")
def boards():
    return {(level, n): FAMILY.generate(f"connections:{level}:{n}", level) for level, n in SAMPLE}


def test_generated_boards_are_proved_unique(boards):
    for generated in boards.values():
        proof = FAMILY.verify(generated.puzzle, generated.solution)
        assert proof["unique"] and proof["groupings"] == 1 and not proof["problems"]
        # The generator's own count (exact cover of bitmasks, tile by tile) agrees, on the
        # library of the board's language (German boards: German names and labels).
        library = indexed_library(puzzle_language(generated.puzzle))
        assert groupings(library, library.mask_of(generated.puzzle["tiles"]), 5) == 1


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
    assert solve.count_groupings(tiles, 10, library.categories) == 2
    assert groupings(library, library.mask_of(tiles), 10) == 2
    groups = [{"label": label, "tier": tier, "tiles": list(members)} for label, tier, members in
              (("R1", "yellow", "abcd"), ("R2", "green", "efgh"), ("R3", "yellow", "ijkl"),
               ("R4", "green", "mnop"))]
    proof = verify.prove(tiles, groups, library.categories)
    assert not proof["unique"] and proof["groupings"] == 2


def test_the_verifier_imports_nothing_from_the_generator():
    source = Path(verify.__file__).read_text()
    imported = {node.module for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom)}
    assert not any(name and "generate" in name for name in imported)
    assert "pipeline.connections.board" in imported  # the closed world, as plain sets


def test_a_group_with_an_easier_reading_is_rejected():
    # Four neighbours of Algeria that are the board's only African countries are simply
    # "In Africa": printed as blue, the group's tier would be overstated.
    library = tiny_library([
        ("In Africa", "yellow", "Libya Mali Niger Tunisia Egypt"),
        ("Borders Algeria", "blue", "Libya Mali Niger Tunisia Morocco"),
        ("G1", "green", "a b c d"), ("G2", "purple", "e f g h"), ("G3", "yellow", "i j k l"),
    ])
    tiles = "Libya Mali Niger Tunisia a b c d e f g h i j k l".split()
    groups = [{"label": "G3", "tier": "yellow", "tiles": tiles[12:16]},
              {"label": "G1", "tier": "green", "tiles": tiles[4:8]},
              {"label": "Borders Algeria", "tier": "blue", "tiles": tiles[0:4]},
              {"label": "G2", "tier": "purple", "tiles": tiles[8:12]}]
    proof = verify.prove(tiles, groups, library.categories)
    assert proof["groupings"] == 1 and not proof["unique"]
    assert any("In Africa" in problem for problem in proof["problems"])
    # With a fifth African country on the board the reading is gone.
    tiles[15] = "Egypt"
    library2 = tiny_library([("In Africa", "yellow", "Libya Mali Niger Tunisia Egypt"),
                             ("Borders Algeria", "blue", "Libya Mali Niger Tunisia Morocco"),
                             ("G1", "green", "a b c d"), ("G2", "purple", "e f g h"),
                             ("G3", "yellow", "i j k Egypt")])
    groups[0]["tiles"] = tiles[12:16]
    assert not any("In Africa" in p for p in verify.prove(tiles, groups, library2.categories)["problems"])
