"""The Connections solve a reader can follow, and the counting the family uses.

A reader solves a board in three moves, which `explain` prints: find the labels that claim
exactly four of the sixteen tiles, set aside the themes one tile short (red herrings), and
pick the one choice of four claimed groups that covers the board. Counting solutions is the
same search the independent checker runs (verify.py): for this puzzle the checker's plain
enumeration of claimed groups is already the whole solve, so it is not written twice.
"""

from __future__ import annotations

import functools

from pipeline.connections.board import TIERS, Category, load_library, puzzle_language
from pipeline.connections.verify import claimed_groups, splits

# --- counting --------------------------------------------------------------------------------

def count_groupings(tiles: list[str], limit: int, library: tuple[Category, ...] | None = None) -> int:
    """Splits of the board into four claimed groups, counted up to `limit`."""
    return len(splits(tiles, library or load_library(), limit)[0])


@functools.lru_cache(maxsize=4096)
def groups_of(sorted_tiles: tuple[str, ...], language: str = "en") -> tuple[str, ...]:
    """The groups of the board's one split, each as its sorted tiles joined by commas."""
    found, _ = splits(list(sorted_tiles), load_library(language), limit=1)
    if not found:
        return ()
    return tuple(sorted(",".join(sorted(group)) for group in found[0]))


# --- the trace of one solve ------------------------------------------------------------------

def explain(puzzle: dict) -> list[str]:
    """Which labels claim exactly four tiles, which are herrings one short, and the one choice
    of four claimed groups that covers the board."""
    tiles = list(puzzle["tiles"])
    library = load_library(puzzle_language(puzzle))
    tier_of = {c.label: c.tier for c in library}
    claimed = claimed_groups(tiles, library)
    lines = []
    for group, labels in sorted(claimed.items(), key=lambda item: (
            TIERS.index(tier_of[item[1][0]]), item[1][0])):
        lines.append(f"{' / '.join(labels)} claims exactly {', '.join(sorted(group))}")
    board = set(tiles)
    short = sorted(c.label for c in library if len(board & c.pool) == 3)
    lines.append(f"{len(short)} themes hold three tiles and cannot be groups: "
                 + "; ".join(short))
    found, tried = splits(tiles, library, limit=2)
    if len(found) == 1:
        groups = sorted(found[0], key=lambda g: TIERS.index(tier_of[claimed[g][0]]))
        lines.append(f"of {len(claimed)} claimed groups, {tried} sets of four tried, one covers "
                     "all sixteen: " + " | ".join(
                         " / ".join(f"{label} ({tier_of[label]})" for label in claimed[g])
                         for g in groups))
    else:
        lines.append(f"{len(found)} splits cover all sixteen: the board is not unique")
    return lines
