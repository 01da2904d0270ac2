"""`pipeline bench` for Connections: boards per second and moves per board, per level.

Each key is built, then proved by the independent verifier; a board the verifier rejects is
counted as ambiguous (it would be a generator defect), a key whose search runs out of budget
as exhausted. Also measured: how often the first 200 boards of a level repeat a category.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from pipeline.connections import verify
from pipeline.connections.generate import Exhausted, build, tile_order
from pipeline.connections.grade import LEVELS as EVERY_LEVEL, herrings
from pipeline.connections.board import TIERS, indexed_library, load_library
from pipeline.generate_bench import print_table

# The English levels: the figures in docs/connections.md are theirs. The other languages'
# levels run on their own libraries; their bands were set from a count of their own
# (docs/connections.md, "Languages"), not from this benchmark.
LEVELS = tuple(level for level in EVERY_LEVEL if level.language == "en")

FULL_KEYS = 1700   # per level and unbanded: 6,800 keys in all
QUICK_KEYS = 40
BOOK = 200         # boards in a book, for the category-repeat figure


def percentile(sorted_values: list[int], fraction: float) -> int:
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return 0
    rank = max(1, -(-len(sorted_values) * int(fraction * 100) // 100))
    return sorted_values[rank - 1]


def measure_level(level: str | None, keys: int) -> dict:
    """Figures over keys 1..keys of `level` (None: boards of any herring count, the search
    with no level band, comparable with the seed generator's measurements)."""
    library = indexed_library()
    load_library()
    moves: list[int] = []
    exhausted = ambiguous = decoys = repairs = easier_readings = 0
    uses: Counter = Counter()
    herring_counts: list[int] = []
    started = time.perf_counter()
    for number in range(1, keys + 1):
        key = f"connections:{level or 'any'}:{number}"
        try:
            built = build(library, key, level)
        except Exhausted:
            exhausted += 1
            continue
        placements, tried = built.placements, built.moves
        decoys += built.decoys > 0
        repairs += built.repairs > 0
        tiles = tile_order(library, placements, key)
        groups = [{"tier": library.categories[p.category].tier,
                   "label": library.categories[p.category].label,
                   "tiles": list(library.tiles_of(p.tiles))} for p in placements]
        proof = verify.prove(tiles, groups)
        if not proof["unique"]:
            ambiguous += 1
        tier_of = {c.label: c.tier for c in load_library()}
        if any(TIERS.index(tier_of[other]) < TIERS.index(tier_of[label])
               for label, others in proof["also_claimed_by"].items() for other in others):
            easier_readings += 1
        moves.append(tried)
        board = sum(p.tiles for p in placements)
        herring_counts.append(len(herrings(library, board, tuple(p.category for p in placements))))
        if number <= BOOK:
            uses.update(group["label"] for group in groups)
    seconds = time.perf_counter() - started
    moves.sort()
    herring_counts.sort()
    in_book = min(keys, BOOK)
    return {
        "keys": keys, "boards": len(moves), "exhausted": exhausted, "ambiguous": ambiguous,
        "seconds": round(seconds, 3), "boards_per_second": round(len(moves) / seconds, 2),
        "moves_mean": round(sum(moves) / max(1, len(moves)), 2),
        "moves_median": percentile(moves, 0.50), "moves_p90": percentile(moves, 0.90),
        "moves_p99": percentile(moves, 0.99), "moves_max": moves[-1] if moves else 0,
        "boards_without_backtrack": sum(1 for m in moves if m == len(TIERS)),
        "boards_with_a_decoy": decoys,
        "boards_with_a_repair": repairs,
        "herrings_p10_median_p90": [percentile(herring_counts, f) for f in (0.10, 0.50, 0.90)],
        "herring_share_in_bands": {level.name: round(sum(
            level.fewest_herrings <= h <= level.most_herrings for h in herring_counts)
            / max(1, len(herring_counts)), 3) for level in LEVELS},
        # a group that a label of an easier tier also claims exactly (the verifier rejects it)
        "boards_with_an_easier_reading": easier_readings,
        f"categories_in_first_{in_book}": len(uses),
        f"most_boards_per_category_in_first_{in_book}": max(uses.values(), default=0),
    }

# The table run() prints: (heading, result key, width, format).
TABLE = (("boards/s", "boards_per_second", 9, ".1f"), ("mean", "moves_mean", 7, ".1f"),
         ("p90", "moves_p90", 5, "d"), ("p99", "moves_p99", 5, "d"), ("max", "moves_max", 6, "d"),
         ("exhausted", "exhausted", 9, "d"), ("ambiguous", "ambiguous", 9, "d"))


def run(quick: bool) -> dict:
    keys = QUICK_KEYS if quick else FULL_KEYS
    indexed_library()  # load the data tables before the clock starts
    results = {level.name: measure_level(level.name, keys) for level in LEVELS}
    results["any"] = measure_level(None, keys)
    tier_counts = Counter(c.tier for c in load_library())
    results["library"] = {tier: tier_counts[tier] for tier in TIERS}
    print_table({name: results[name] for name in [level.name for level in LEVELS] + ["any"]},
                TABLE, ("level", 8))
    print("library: " + ", ".join(f"{t} {n}" for t, n in results["library"].items()), file=sys.stderr)
    return results
