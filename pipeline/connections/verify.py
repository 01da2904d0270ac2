"""The independent proof of a board: it shares no code with the generator.

It reads the category library as plain sets of printed names (the generator works on
bitmasks), finds every category that picks out exactly four of the board's tiles, and counts
the splits of the sixteen tiles into four such groups by trying every set of four of them
(the generator instead covers the board tile by tile).

The rule proved is the puzzle's own: a group's label claims exactly the board tiles in its
pool. So a board is sound when each printed label holds exactly its four tiles among the
sixteen, no other split of the sixteen into four label-claimed groups exists, and no label of an
easier tier claims a printed group (its printed tier would overstate it). A label of the same
or a harder tier may claim a group's four tiles too: that is the same split read another way,
listed under "also_claimed_by" and printed on the solution page.
"""

from __future__ import annotations

from itertools import combinations

from pipeline.connections.board import TIERS, Category, load_library, puzzle_language

CHECKER = "connections.verifier/1"


def claimed_groups(tiles: list[str], library: tuple[Category, ...]) -> dict[frozenset[str], list[str]]:
    """Every 4-set of board tiles that some category claims exactly, with those labels."""
    board = set(tiles)
    claimed: dict[frozenset[str], list[str]] = {}
    for category in library:
        fits = frozenset(board & category.pool)
        if len(fits) == 4:
            claimed.setdefault(fits, []).append(category.label)
    return claimed


def splits(tiles: list[str], library: tuple[Category, ...], limit: int) -> tuple[list[tuple[frozenset[str], ...]], int]:
    """Up to `limit` splits of the board into four claimed groups, and the sets of four tried."""
    board = frozenset(tiles)
    groups = sorted(claimed_groups(tiles, library), key=sorted)
    found: list[tuple[frozenset[str], ...]] = []
    tried = 0
    for four in combinations(groups, 4):
        tried += 1
        union = four[0] | four[1] | four[2] | four[3]
        if len(union) == 16 and union == board:
            found.append(four)
            if len(found) >= limit:
                break
    return found, tried


def verify(puzzle: dict, solution: dict) -> dict:
    """The proof of a board's records (its printed tiles and groups): `prove` on them, against
    the library of the board's language (its own names and labels)."""
    return prove(list(puzzle["tiles"]), list(solution["groups"]),
                 load_library(puzzle_language(puzzle)))


def prove(tiles: list[str], groups: list[dict], library: tuple[Category, ...] | None = None) -> dict:
    """Proof details; "unique" is True only when the printed groups are the one split
    (`library`: the English one unless given)."""
    library = library or load_library()
    by_label = {c.label: c for c in library}
    board = set(tiles)
    problems = []
    if len(tiles) != 16 or len(board) != 16:
        problems.append("the board needs sixteen different tiles")
    grouped: list[str] = []
    for number, group in enumerate(groups):
        category = by_label.get(group["label"])
        if category is None:
            problems.append(f"group {number}: label not in the library")
            continue
        if category.tier != group["tier"]:
            problems.append(f"group {number}: tier {group['tier']} but the library says {category.tier}")
        fits = board & category.pool
        if fits != set(group["tiles"]) or len(group["tiles"]) != 4:
            problems.append(f"group {number}: {category.label!r} claims {sorted(fits)} of the board")
        for other in library:  # the printed tier must be the group's plainest reading
            if TIERS.index(other.tier) < TIERS.index(category.tier) and \
                    board & other.pool == set(group["tiles"]):
                problems.append(f"group {number}: {other.label!r} ({other.tier}) claims it too")
                break
        grouped.extend(group["tiles"])
    if len(groups) != 4 or sorted(grouped) != sorted(tiles):
        problems.append("the four groups must split the sixteen tiles")
    claimed = claimed_groups(tiles, library)
    also = {group["label"]: [label for label in claimed.get(frozenset(group["tiles"]), [])
                             if label != group["label"]] for group in groups}
    found, tried = splits(tiles, library, limit=2)
    printed = {frozenset(group["tiles"]) for group in groups}
    unique = not problems and len(found) == 1 and set(found[0]) == printed
    return {"checker": CHECKER, "unique": unique, "groupings": len(found),
            "claimed_groups": len(claimed), "sets_tried": tried,
            "also_claimed_by": {label: others for label, others in also.items() if others},
            "problems": problems}
