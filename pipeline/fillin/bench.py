"""Fill-In benchmark: boards per core-minute at each level, and uniqueness proofs per second
(the independent placement search on the boards those runs made).

The crossword engine's own row: 15 x 15 American-style fills (every letter in two words, words
of at most 7 letters, from the fill list at Zipf >= 2.5) per core-minute, each pattern tried
once with a node budget; the fills that fail count against the rate.

Targets (`TARGETS`), from what `make books` may spend cold: the three word-puzzle books print
85 easy, 85 medium and 10 hard Fill-In boards, and should cost under half a minute of one
core to generate, so 720 easy boards per core-minute (7 s), 360 medium (14 s) and 300 hard
(2 s) (medium is the dearest: its starter must leave a two-letter step, and a third of the
fills give none, so several are made for one board). Proofs: 50 a second, so proving never costs more than a tenth of generating. American fills:
3 a core-minute. No book prints them (the families fill open patterns, a hundred times
quicker); at 3 a minute a 150-puzzle edition of them is under an hour of one core, made once
and frozen (`pipeline freeze`), which is the use they would have.
Times are CPU seconds of this process (one core).
"""

from __future__ import annotations

import sys
import time

from pipeline.crossword import fill, grid, words
from pipeline.fillin.generate import generate
from pipeline.keyed import KeyedStream
from pipeline.fillin.grade import LEVELS
from pipeline.fillin.verify import verify

VERSION = "fillin/1"
FULL, QUICK = 40, 6
TARGETS = {"easy": 720, "medium": 360, "hard": 300, "proofs_per_second": 50,
           "american_fills_per_core_minute": 3}
AMERICAN = {"full": 20, "quick": 4, "budget": 3000, "branching": 6, "longest": 7}


def generation(quick: bool, made: list) -> dict:
    count = QUICK if quick else FULL
    out = {}
    for level in LEVELS:
        started = time.process_time()
        attempts = 0
        for n in range(count):
            board = generate(f"fillin:bench-{level}:{n}", level, VERSION)
            attempts += board.attempts
            made.append((board.puzzle, board.solution))
        seconds = time.process_time() - started
        rate = 60 * count / seconds
        out[level] = {"boards": count, "boards_per_core_minute": round(rate, 1),
                      "attempts_per_board": round(attempts / count, 2),
                      "target": TARGETS[level], "met": rate >= TARGETS[level]}
    return out


def proofs(made: list) -> dict:
    started = time.process_time()
    results = [verify(p, s) for p, s in made]
    seconds = time.process_time() - started
    rate = len(made) / seconds
    return {"boards": len(made), "proofs_per_second": round(rate, 1),
            "unique": sum(r["unique"] for r in results),
            "nodes_max": max(r["nodes"] for r in results),
            "target": TARGETS["proofs_per_second"], "met": rate >= TARGETS["proofs_per_second"]}


def american_fills(quick: bool) -> dict:
    index = words.fill_index(2.5)
    count = AMERICAN["quick" if quick else "full"]
    started = time.process_time()
    filled, nodes = 0, []
    for n in range(count):
        stream = KeyedStream(f"crossword:bench-american:{n}")
        pattern = None
        while pattern is None:
            pattern = grid.american_pattern(stream, 15, 15, longest=AMERICAN["longest"])
        result = fill.fill(grid.layout(pattern), index, stream,
                           branching=AMERICAN["branching"], budget=AMERICAN["budget"])
        if result is not None:
            filled += 1
            nodes.append(result.nodes)
    seconds = time.process_time() - started
    rate = 60 * filled / seconds
    target = TARGETS["american_fills_per_core_minute"]
    return {"patterns": count, "filled": filled, "fills_per_core_minute": round(rate, 2),
            "nodes_median": sorted(nodes)[len(nodes) // 2] if nodes else None,
            "target": target, "met": rate >= target}


def run(quick: bool) -> dict:
    made: list = []
    results = {"generation": generation(quick, made)}
    results["proofs"] = proofs(made)
    results["american_15x15"] = american_fills(quick)
    print(f"{'level':<10}{'boards':>7}{'per core-minute':>17}{'target':>8}", file=sys.stderr)
    for level, row in results["generation"].items():
        print(f"{level:<10}{row['boards']:>7}{row['boards_per_core_minute']:>17.1f}"
              f"{row['target']:>8}", file=sys.stderr)
    p = results["proofs"]
    print(f"proofs {p['boards']} boards {p['proofs_per_second']} /s (target "
          f"{p['target']}), unique {p['unique']}", file=sys.stderr)
    a = results["american_15x15"]
    print(f"American 15x15 fills {a['filled']} of {a['patterns']}: "
          f"{a['fills_per_core_minute']} per core-minute (target {a['target']})",
          file=sys.stderr)
    return results
