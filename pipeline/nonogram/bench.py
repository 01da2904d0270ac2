"""Nonogram benchmark: uniqueness proofs a second on 25x25 boards, side by side with the
PyPI solver `nonogram` (3.1.1, its default dynamic-programming search with line propagation,
in the `bench` extra) on the same boards, and boards generated a second at each level.

Two races, each on boards with one solution: the expert boards the frozen books hold (the
family's 25x25 boards, each needing a probe: the peer's line propagation stalls on them and
it searches), and the 25x25 drawings of the first pictures in the expert level's order that
the repair made solvable (most of them by line logic alone, which the peer's propagation
finishes without a search). The peer only finds a solution (it has no search for a second),
so its rate is of solving, ours of proving (a solution, then none other): ours does more
work. Target: ten times its rate. Generation: keys 1.. of each level, CPU seconds of this
process, the drawing and placing caches emptied before each level; a key whose picture lives
at another level is counted as failed, as in a fill.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pipeline.errors import GenerationFailed
from pipeline.nonogram.board import board_of, puzzle_of
from pipeline.nonogram.generate import draw, generate, picture_order, placed, survey
from pipeline.nonogram.grade import LEVELS
from pipeline.nonogram.verify import count

VERSION = "nonogram/1"
FULL, QUICK = {"boards": 10, "keys": 12}, {"boards": 3, "keys": 2}
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


LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"


def frozen_expert_boards() -> list[dict]:
    """The expert boards of the frozen books (each picture once); none outside a checkout."""
    boards: dict[str, dict] = {}
    for lock in sorted(LAYOUTS.glob("*.lock.jsonl")):
        for line in lock.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["family"] == "nonogram" and record["level"] == "expert":
                boards.setdefault(record["puzzle"]["picture"], record["puzzle"])
    return list(boards.values())


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


def race(name: str, boards: list[dict]) -> dict:
    ours, theirs = proof_rate(boards), peer_rate(boards)
    row = {"boards": len(boards), "proofs_per_second": round(ours, 2),
           "peer_solves_per_second": None if theirs is None else round(theirs, 3),
           "ratio": None if theirs is None else round(ours / theirs, 1),
           "ratio_target": PROOF_RATIO_TARGET}
    print(f"25x25 {name} ({len(boards)}): proofs {ours:.2f}/s; peer nonogram 3.1.1 solves "
          + ("not installed" if theirs is None else
             f"{theirs:.3f}/s; ratio {ours / theirs:.1f} (target {PROOF_RATIO_TARGET:g})"),
          file=sys.stderr)
    return row


def run(quick: bool) -> dict:
    sizes = QUICK if quick else FULL
    results: dict = {"races": {}}
    expert = frozen_expert_boards()[:sizes["boards"]]
    if expert:
        results["races"]["expert boards of the frozen books"] = race("expert boards", expert)
    results["races"]["first drawings"] = race("first drawings", race_boards(sizes["boards"]))
    results["levels"] = {}
    for level in LEVELS:
        placed.cache_clear()
        draw.cache_clear()
        made = failed = 0
        started = time.process_time()
        for n in range(1, sizes["keys"] + 1):
            try:
                generate(f"nonogram:{level}:{n}", level, VERSION)
                made += 1
            except GenerationFailed:
                failed += 1
        cpu = time.process_time() - started
        results["levels"][level] = {"keys": sizes["keys"], "boards": made, "failed": failed,
                                    "keys_per_second": round(sizes["keys"] / cpu, 3),
                                    "boards_per_second": round(made / cpu, 3)}
        print(f"{level:<8}{made:>3} boards {failed:>3} failed, "
              f"{made / cpu:.3f} boards/s ({sizes['keys'] / cpu:.3f} keys/s)", file=sys.stderr)
    if not quick:   # every icon at every size: about three CPU minutes
        placed.cache_clear()
        results["pictures"] = survey()
        print(f"pictures by home level: {results['pictures']['homes']}", file=sys.stderr)
    return results
