"""The category library: tiers, pools and names, checked against the data."""

from __future__ import annotations

from collections import Counter
from math import gcd

from pipeline.connections.generate import DECK_STRIDE, deck_stride
from pipeline.connections.board import TIERS, indexed_library, load_library, tile_names

SEED_TRIVIA_MODE = {"yellow": 20, "green": 53, "blue": 33, "purple": 9}


def by_label():
    return {c.label: c for c in load_library()}


def test_every_tier_has_at_least_the_seeds_candidates():
    counts = Counter(c.tier for c in load_library())
    for tier in TIERS:
        assert counts[tier] >= SEED_TRIVIA_MODE[tier], tier


def test_the_deck_stride_reaches_every_category():
    counts = Counter(c.tier for c in load_library())
    for tier in TIERS:
        assert gcd(counts[tier], DECK_STRIDE) == 1, tier
    assert deck_stride(indexed_library()) == DECK_STRIDE   # English boards as they were
    for lang in ("de", "fr", "es"):
        counts = Counter(c.tier for c in load_library(lang))
        stride = deck_stride(indexed_library(lang))
        assert all(gcd(counts[tier], stride) == 1 for tier in TIERS), lang
    # French has 49 yellow categories: with the stride of 7 only every seventh would lead.
    assert Counter(c.tier for c in load_library("fr"))["yellow"] % DECK_STRIDE == 0
    assert deck_stride(indexed_library("fr")) != DECK_STRIDE


def test_names_are_193_plain_and_distinct():
    names = tile_names()
    assert len(names) == len(set(names)) == 193
    for name in names:
        assert name.isascii() and all(ch.isalpha() or ch in " -'." for ch in name), name
    assert "Ivory Coast" in names and "Turkey" in names and "Cote d'Ivoire" not in names


def test_pools_are_closed_and_distinct():
    names = set(tile_names())
    pools = [c.pool for c in load_library()]
    assert len(pools) == len(set(pools))
    for category in load_library():
        assert len(category.pool) >= 4 and category.pool <= names and category.tier in TIERS


def test_facts_read_from_the_data():
    library = by_label()
    assert library["Original BRIC country"].pool == {"Brazil", "China", "India", "Russia"}
    assert library["Member of the G7"].pool == {"Canada", "France", "Germany", "Italy", "Japan",
                                                "United Kingdom", "United States"}
    assert {"Spain", "Belgium", "Switzerland"} <= library["Borders France"].pool
    assert "United Kingdom" not in library["Borders France"].pool
    assert len(library["Name ends in -stan"].pool) == 7
    assert "Mexico" in library["Spanish is an official language"].pool
    assert library["In South America"].pool >= {"Brazil", "Chile", "Peru"}
    assert "Kenya" in library["Currency is called a shilling"].pool


def test_name_categories_follow_the_printed_names():
    library = by_label()
    assert all(len(name) == 4 for name in library["Name of four letters"].pool)
    assert all(name.startswith("B") for name in library["Name starts with B"].pool)
    assert {n for n in tile_names() if n.startswith("B")} == library["Name starts with B"].pool
