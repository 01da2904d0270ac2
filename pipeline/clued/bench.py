"""Clued crossword benchmark: boards per core-minute at each level of each language (the
uniqueness proof by the independent checker included in each board's time), and proofs per
second on the boards made.

Targets (`TARGETS`): a book of 100 boards should cost under half a minute of one core cold,
so 200 boards per core-minute at every level.
"""

from __future__ import annotations

from pipeline.clued.generate import generate
from pipeline.clued.grade import LEVELS
from pipeline.clued.verify import verify
from pipeline.engines.crossword.families import generation_rates, print_rates, proof_rate

VERSION = "clued/1"
FULL, QUICK = 40, 6
TARGETS = {**{level: 200 for level in LEVELS}, "proofs_per_second": 50}


def run(quick: bool) -> dict:
    made: list = []
    results = {"generation": generation_rates(generate, "clued", LEVELS,
                                              QUICK if quick else FULL, VERSION, TARGETS, made)}
    results["proofs"] = proof_rate(verify, made, TARGETS["proofs_per_second"])
    print_rates(results)
    return results
