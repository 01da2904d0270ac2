"""Kakuro benchmark: boards generated per core-minute at each level, and uniqueness proofs
(the independent checker's search to a second solution) per second on the boards made.

Targets (why: a book section of 67 boards must generate within the build's budget on the
two cores `make books` gets, or its boards are frozen in a lock file): see docs/kakuro.md.
"""

from __future__ import annotations

import sys
import time

from pipeline.kakuro.generate import generate
from pipeline.kakuro.grade import LEVELS
from pipeline.kakuro.verify import count

VERSION = "kakuro/1"
FULL = {"easy": 20, "medium": 20, "hard": 8}
QUICK = {"easy": 4, "medium": 4, "hard": 2}


def run(quick: bool) -> dict:
    counts = QUICK if quick else FULL
    results: dict = {"levels": {}}
    puzzles = []
    for level in LEVELS:
        made = failed = 0
        started = time.process_time()
        for n in range(counts[level]):
            try:
                board = generate(f"kakuro:bench-{level}:{n}", level, VERSION)
            except Exception:   # a key whose budget runs out counts as failed, as in a fill
                failed += 1
                continue
            made += 1
            puzzles.append(board.puzzle)
        cpu = time.process_time() - started
        results["levels"][level] = {
            "boards": made, "failed": failed,
            "boards_per_core_minute": round(60 * made / cpu, 2) if cpu else None}
    started = time.process_time()
    for puzzle in puzzles:
        count(puzzle, 2)
    cpu = time.process_time() - started
    results["proofs_per_second"] = round(len(puzzles) / cpu, 2) if cpu else None
    for level, row in results["levels"].items():
        print(f"{level:<8}{row['boards']:>4} boards {row['failed']:>3} failed "
              f"{row['boards_per_core_minute']} per core-minute", file=sys.stderr)
    print(f"uniqueness proofs: {results['proofs_per_second']} per second", file=sys.stderr)
    return results
