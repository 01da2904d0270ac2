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

import sys
import time

from pipeline.codeword.generate import generate
from pipeline.codeword.grade import LEVELS
from pipeline.codeword.verify import verify

VERSION = "codeword/1"
FULL, QUICK = 30, 5
TARGETS = {"easy": 300, "medium": 300, "hard": 300, "proofs_per_second": 20}


def generation(quick: bool, made: list) -> dict:
    count = QUICK if quick else FULL
    generate("codeword:bench:warm", "easy", VERSION)   # read the dictionary first
    out = {}
    for level in LEVELS:
        started = time.process_time()
        attempts = 0
        for n in range(count):
            board = generate(f"codeword:bench-{level}:{n}", level, VERSION)
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


def run(quick: bool) -> dict:
    made: list = []
    results = {"generation": generation(quick, made)}
    results["proofs"] = proofs(made)
    print(f"{'level':<10}{'boards':>7}{'per core-minute':>17}{'target':>8}", file=sys.stderr)
    for level, row in results["generation"].items():
        print(f"{level:<10}{row['boards']:>7}{row['boards_per_core_minute']:>17.1f}"
              f"{row['target']:>8}", file=sys.stderr)
    p = results["proofs"]
    print(f"proofs {p['boards']} boards {p['proofs_per_second']} /s (target "
          f"{p['target']}), unique {p['unique']}", file=sys.stderr)
    return results
