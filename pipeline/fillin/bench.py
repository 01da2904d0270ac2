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

from pipeline.engines.crossword import fill, grid, words
from pipeline.engines.crossword.families import generation_rates, print_rates, proof_rate
from pipeline.fillin.generate import generate
from pipeline.keyed import KeyedStream
from pipeline.fillin.grade import PLAIN_LEVELS as LEVELS
from pipeline.fillin.verify import verify

VERSION = "fillin/2"
FULL, QUICK = 40, 6
TARGETS = {"easy": 720, "medium": 360, "hard": 300, "proofs_per_second": 50,
           "american_fills_per_core_minute": 3}
AMERICAN = {"full": 20, "quick": 4, "budget": 3000, "branching": 6, "longest": 7}


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
    results = {"generation": generation_rates(generate, "fillin", LEVELS,
                                              QUICK if quick else FULL, VERSION, TARGETS, made)}
    results["proofs"] = proof_rate(verify, made, TARGETS["proofs_per_second"])
    results["american_15x15"] = american_fills(quick)
    print_rates(results)
    a = results["american_15x15"]
    print(f"American 15x15 fills {a['filled']} of {a['patterns']}: "
          f"{a['fills_per_core_minute']} per core-minute (target {a['target']})",
          file=sys.stderr)
    return results
