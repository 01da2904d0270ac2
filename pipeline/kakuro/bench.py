"""Kakuro benchmark: boards generated per core-minute at each level, and uniqueness proofs
(the independent checker's search to a second solution) per second on the boards made.

Targets (TARGETS): a level's 300 catalog boards within about five minutes of two cores for
easy and medium, so a fresh catalog fills while a book builds; hard within half an hour (its
books are frozen, so it only has to keep up with a catalog fill); proofs at least ten a second,
so checking a 300-board level takes half a minute at most.
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
TARGETS = {"easy": 30.0, "medium": 30.0, "hard": 5.0, "proofs_per_second": 10.0}


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
        row["target"] = TARGETS[level]
        row["met"] = bool(row["boards_per_core_minute"]) and \
            row["boards_per_core_minute"] >= TARGETS[level]
        print(f"{level:<8}{row['boards']:>4} boards {row['failed']:>3} failed "
              f"{row['boards_per_core_minute']} per core-minute (target {TARGETS[level]}, "
              f"{'met' if row['met'] else 'NOT met'})", file=sys.stderr)
    results["proofs_target"] = TARGETS["proofs_per_second"]
    print(f"uniqueness proofs: {results['proofs_per_second']} per second (target "
          f"{TARGETS['proofs_per_second']})", file=sys.stderr)
    return results
