"""The generator against the seed's failure cases, each as a small fixture, and on real keys."""

from __future__ import annotations

import pytest

from connections_fixtures import FlatSpill, tiny_library
from pipeline.connections import verify
from pipeline.connections.generate import (Placement, Search, Spill, board_number, build,
                                            easier_readings, swap_decoy)
from pipeline.connections.board import indexed_library
from pipeline.keyed import KeyedStream

# Seed 12 in flags mode: yellow spills ET; a blue candidate also spills ET and is undone;
# green then takes ET although it still fits yellow.
SEED_12 = [
    ("Horizontal stripes", "yellow", "AM AT BO CO ET"),
    ("Crosses", "green", "CH DK FI IS"),
    ("Green, yellow and red", "blue", "BJ CM ET GH ML"),
    ("Pan-African colours", "green", "ET GH GN SN CM"),
]


def label_index(library, label):
    return [c.label for c in library.categories].index(label)


def place(search, library, label, tiles):
    search.place(label_index(library, label), library.mask_of(tiles.split()))


def test_seed_12_undo_keeps_the_tile_yellow_forbids():
    library = tiny_library(SEED_12)
    search = Search(library, KeyedStream("fixture"), None)
    place(search, library, "Horizontal stripes", "AM AT BO CO")  # spills ET
    place(search, library, "Crosses", "CH DK FI IS")
    place(search, library, "Green, yellow and red", "BJ CM GH ML")  # spills ET again
    search.undo()
    search.undo()
    free = search.can_place(label_index(library, "Pan-African colours"))
    assert not free & library.mask_of(["ET"]), "ET fits yellow and must stay forbidden"


def test_seed_12_undo_with_a_flat_spill_lets_the_tile_through():
    # The planted fault: the same steps with the seed's plain-set spill do let ET through,
    # so the test above can fail.
    library = tiny_library(SEED_12)
    search = Search(library, KeyedStream("fixture"), None)
    search.spill = FlatSpill(len(library.names))
    place(search, library, "Horizontal stripes", "AM AT BO CO")
    place(search, library, "Crosses", "CH DK FI IS")
    place(search, library, "Green, yellow and red", "BJ CM GH ML")
    search.undo()
    search.undo()
    free = search.can_place(label_index(library, "Pan-African colours"))
    assert free & library.mask_of(["ET"])


def test_spill_counts_each_category():
    spill = Spill(8)
    spill.add(0b0110)
    spill.add(0b0100)
    spill.remove(0b0100)
    assert spill.mask == 0b0110 and spill.forbids(2)
    spill.remove(0b0110)
    assert spill.mask == 0


# An earlier tile in a later library pool: yellow places Asia's tiles, then purple's pool
# holds one of them. Only the backward look rejects it (the forward spill never sees it).
LATER_POOL = [
    ("In Asia", "yellow", "China India Japan Oman"),
    ("Name of four letters", "purple", "Oman Chad Cuba Fiji Peru"),
]


def test_a_later_pool_holding_an_earlier_tile_is_rejected():
    library = tiny_library(LATER_POOL)
    search = Search(library, KeyedStream("fixture"), None)
    place(search, library, "In Asia", "China India Japan Oman")
    assert search.can_place(label_index(library, "Name of four letters")) == 0


def test_the_board_that_check_would_let_through_is_ambiguous():
    # The planted fault: skip the backward look and the board has Oman fitting two labels;
    # the verifier rejects it.
    library = tiny_library(LATER_POOL)
    tiles = "China India Japan Oman Chad Cuba Fiji Peru".split()
    groups = [{"label": "In Asia", "tier": "yellow", "tiles": tiles[:4]},
              {"label": "Name of four letters", "tier": "purple", "tiles": tiles[4:]}]
    proof = verify.prove(tiles + [], groups, library.categories)
    assert not proof["unique"]
    assert any("Name of four letters" in problem for problem in proof["problems"])


# A decoy that fits another group: swapping a tile for another member of its own group's pool
# is fine only when no other label on the board claims it.
DECOY = [
    ("In Africa", "yellow", "Chad Mali Niger Sudan Togo Peru_"),
    ("Name of four letters", "green", "Cuba Fiji Iran Laos Togo"),
    ("In Europe", "blue", "Spain Italy Malta Greece"),
    ("Island nations", "purple", "Japan Samoa Tonga Nauru"),
]


def decoy_board():
    library = tiny_library(DECOY)
    placements = tuple(Placement(label_index(library, label), library.mask_of(tiles.split()))
                       for label, tiles in (("In Africa", "Chad Mali Niger Sudan"),
                                            ("Name of four letters", "Cuba Fiji Iran Laos"),
                                            ("In Europe", "Spain Italy Malta Greece"),
                                            ("Island nations", "Japan Samoa Tonga Nauru")))
    return library, placements


def test_a_decoy_that_fits_another_group_is_rejected():
    library, placements = decoy_board()
    index = {name: i for i, name in enumerate(library.names)}
    # Togo is in Africa's pool, but it also has four letters: the seed's decoy would take it.
    assert swap_decoy(library, placements, 0, index["Chad"], index["Togo"]) is None
    # Peru_ (a member of Africa's pool only) is an honest decoy.
    swapped = swap_decoy(library, placements, 0, index["Chad"], index["Peru_"])
    assert swapped is not None
    tiles = [library.names[i] for p in swapped for i in range(len(library.names)) if p.tiles >> i & 1]
    groups = [{"label": library.categories[p.category].label,
               "tier": library.categories[p.category].tier,
               "tiles": [n for n in tiles if library.mask_of([n]) & p.tiles]} for p in swapped]
    assert verify.prove(tiles, groups, library.categories)["unique"]


def test_the_seed_decoy_board_is_ambiguous():
    library, placements = decoy_board()
    tiles = "Togo Mali Niger Sudan Cuba Fiji Iran Laos Spain Italy Malta Greece Japan Samoa Tonga Nauru".split()
    groups = [{"label": "In Africa", "tier": "yellow", "tiles": tiles[0:4]},
              {"label": "Name of four letters", "tier": "green", "tiles": tiles[4:8]},
              {"label": "In Europe", "tier": "blue", "tiles": tiles[8:12]},
              {"label": "Island nations", "tier": "purple", "tiles": tiles[12:16]}]
    assert not verify.prove(tiles, groups, library.categories)["unique"]


# Completeness: yellow must leave E out, or green cannot be placed. A search that draws one
# subset per category (the seed's) fails on most keys; ours tries the others.
ONE_GOOD_SUBSET = [
    ("Yellow", "yellow", "A B C D E"),
    ("Green", "green", "E G1 G2 G3 G4"),
    ("Blue", "blue", "B1 B2 B3 B4"),
    ("Purple", "purple", "P1 P2 P3 P4"),
]


def test_the_search_tries_other_subsets_of_a_category():
    library = tiny_library(ONE_GOOD_SUBSET)
    for n in range(20):
        found = Search(library, KeyedStream(f"k{n}"), None).run()
        assert found is not None
        assert library.tiles_of(found[0].tiles) == ("A", "B", "C", "D")


def test_one_subset_per_category_fails_on_most_keys():
    # The planted fault: the seed's single draw per category.
    library = tiny_library(ONE_GOOD_SUBSET)
    failures = sum(Search(library, KeyedStream(f"k{n}"), None, subsets_per_category=1).run() is None
                   for n in range(20))
    assert failures >= 10


def test_board_numbers_follow_the_key():
    assert board_number("connections:easy:17") == 17
    assert board_number("connections:easy:17#2") == 17 + 74
    assert board_number("something else") == board_number("something else")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_real_keys_keep_both_way_pools(level):
    library = indexed_library()
    for n in range(1, 6):
        built = build(library, f"connections:{level}:{n}", level)
        placements, moves = built.placements, built.moves
        board = sum(p.tiles for p in placements)
        assert board.bit_count() == 16 and moves >= 4
        for p in placements:  # each label holds exactly its own four tiles of the board
            assert library.masks[p.category] & board == p.tiles
        assert easier_readings(library, placements) == []


def test_a_repaired_leaf_that_is_then_rejected_leaves_the_search_state_alone():
    # connections:hard:205 once came out ambiguous: a leaf was repaired (a swap took away an
    # easier reading), then rejected for its herring count, and the undo that followed took
    # back the swapped group's spill instead of the placed one's. The verifier caught it.
    from pipeline.connections.generate import tile_order
    library = indexed_library()
    built = build(library, "connections:hard:205", "hard")
    tiles = tile_order(library, built.placements, "connections:hard:205")
    groups = [{"tier": library.categories[p.category].tier,
               "label": library.categories[p.category].label,
               "tiles": list(library.tiles_of(p.tiles))} for p in built.placements]
    assert verify.prove(tiles, groups)["unique"]
