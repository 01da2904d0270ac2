"""Nonogram benchmark: uniqueness proofs a second on 25x25 boards, side by side with the
PyPI solver `nonogram` (3.1.1, its default dynamic-programming search with line propagation,
in the `bench` extra) on the same boards, and boards generated a second at each level.

The boards of the proof race are the 25x25 drawings of the first pictures (in the expert
level's order) that the repair made solvable by the grader: each a board with one solution.
The peer only finds a solution (it has no search for a second), so its rate is of solving,
ours of proving (a solution, then none other): ours does more work. Target: ten times its
rate. Generation: keys 1.. of each level, CPU seconds of this process; a key whose picture
lives at another level is counted as failed, as in a fill.
"""

from __future__ import annotations

import sys
import time

from pipeline.errors import GenerationFailed
from pipeline.nonogram.board import board_of, puzzle_of
from pipeline.nonogram.generate import generate, picture_order, placed, survey
from pipeline.nonogram.grade import LEVELS
from pipeline.nonogram.verify import count

VERSION = "nonogram/1"
FULL, QUICK = {"boards": 10, "keys": 8}, {"boards": 3, "keys": 2}
PROOF_RATIO_TARGET = 10.0


def race_boards(n: int) -> list[dict]:
    boards = []
    for icon in picture_order("expert"):
        got = placed(icon, "expert")
        if not isinstance(got, str):
            boards.append(puzzle_of(got[0], icon))
        if len(boards) == n:
            break
    return boards


def peer_rate(boards: list[dict]) -> float | None:
    """Boards the peer solves a second (None: the peer is not installed)."""
    try:
        import numpy as np
        from nonogram.src.core.solveurs import dynamic_optimized_programming as peer
        from nonogram.src.core.solveurs.solveur_utils import CASE_VIDE
    except ImportError:
        return None
    started = time.process_time()
    for puzzle in boards:
        grid = np.full((puzzle["rows"], puzzle["cols"]), CASE_VIDE)
        peer.solve(puzzle["row_clues"], puzzle["col_clues"], grid=grid, max_call=100,
                   weight_len=0, weight_colored=1)
    return len(boards) / (time.process_time() - started)


def proof_rate(boards: list[dict]) -> float:
    started = time.process_time()
    for puzzle in boards:
        assert count(puzzle, 2) == 1
    return len(boards) / (time.process_time() - started)


def run(quick: bool) -> dict:
    sizes = QUICK if quick else FULL
    boards = race_boards(sizes["boards"])
    ours, theirs = proof_rate(boards), peer_rate(boards)
    results: dict = {"proof_boards": len(boards), "proofs_per_second": round(ours, 2),
                     "peer_solves_per_second": None if theirs is None else round(theirs, 3)}
    results["ratio"] = None if theirs is None else round(ours / theirs, 1)
    results["ratio_target"] = PROOF_RATIO_TARGET
    print(f"25x25 proofs: {ours:.2f}/s; peer nonogram 3.1.1 solves: "
          f"{'not installed' if theirs is None else f'{theirs:.3f}/s'}"
          + ("" if theirs is None else f"; ratio {ours / theirs:.1f} (target "
             f"{PROOF_RATIO_TARGET:g})"), file=sys.stderr)
    results["levels"] = {}
    for level in LEVELS:
        made = failed = 0
        started = time.process_time()
        for n in range(1, sizes["keys"] + 1):
            try:
                generate(f"nonogram:{level}:{n}", level, VERSION)
                made += 1
            except GenerationFailed:
                failed += 1
        cpu = time.process_time() - started
        results["levels"][level] = {"boards": made, "failed": failed,
                                    "keys_per_second": round(sizes["keys"] / cpu, 3),
                                    "boards_per_second": round(made / cpu, 3)}
        print(f"{level:<8}{made:>3} boards {failed:>3} failed, "
              f"{made / cpu:.3f} boards/s ({sizes['keys'] / cpu:.3f} keys/s)", file=sys.stderr)
    if not quick:   # every icon at every size: about three CPU minutes
        results["pictures"] = survey()
        print(f"pictures by home level: {results['pictures']['homes']}", file=sys.stderr)
    return results
