"""Codeword benchmark: boards per core-minute at each level, uniqueness proofs per second
(the independent key search under the large dictionary, on the boards those runs made), and
the solve's grading rate.

Targets (`TARGETS`): the 150-board book and the variety book's Codeword sections must
generate within about twenty seconds of one core cold, so 300 boards per core-minute at each
level; proofs at 20 a second keep the proof under a tenth of a board's cost. Times are CPU
seconds of this process (one core); the first board pays for reading and indexing the
131,000-word dictionary, so it is made before the clock starts.
"""

from __future__ import annotations

from pipeline.codeword.generate import generate
from pipeline.codeword.grade import PLAIN_LEVELS as LEVELS
from pipeline.codeword.verify import verify
from pipeline.engines.crossword.families import generation_rates, print_rates, proof_rate

VERSION = "codeword/2"
FULL, QUICK = 30, 5
TARGETS = {"easy": 300, "medium": 300, "hard": 300, "proofs_per_second": 20}


def run(quick: bool) -> dict:
    made: list = []
    generate("codeword:bench:warm", "easy", VERSION)   # read the dictionary first
    results = {"generation": generation_rates(generate, "codeword", LEVELS,
                                              QUICK if quick else FULL, VERSION, TARGETS, made)}
    results["proofs"] = proof_rate(verify, made, TARGETS["proofs_per_second"])
    print_rates(results)
    return results
