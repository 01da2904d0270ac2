"""Star Battle benchmark: proof speed (against the Sprig notes' JavaScript counter), repair
success, generation rate on one core and on all cores, attempts per board."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipeline.catalog import Catalog
from pipeline.generate import fill
from pipeline.workers import worker_count
from pipeline.keyed import KeyedStream
from pipeline.starbattle import generate as generator
from pipeline.starbattle import solve as solver
from pipeline.starbattle.grade import BANDS
from pipeline.starbattle.board import Board

# A JavaScript solution counter to compare proof speed against (it reads the same JSON Lines
# and prints the same `total seconds: X` line as `pipeline count`); not part of this
# repository, so the comparison runs only when this variable names one.
PEER_COUNTER_VARIABLE = "STARBATTLE_PEER_COUNTER"


# Boards per band (all cores, one core, candidates for the repair rate); three-star boards are
# the expensive ones, so the sample is smaller.
SAMPLES = {1: (200, 40, 400), 2: (200, 40, 400), 3: (10, 2, 40)}
QUICK_SAMPLES = {1: (10, 2, 50), 2: (4, 1, 20), 3: (1, 1, 5)}


def run(quick: bool = False, levels=None) -> dict:
    solver.warm_up()
    workers = worker_count(None)
    results: dict = {"workers": workers, "bands": {}}
    with tempfile.TemporaryDirectory() as tmp:
        everything = Catalog(Path(tmp) / "all.sqlite")
        total_started = time.perf_counter()
        for band in BANDS:
            if levels and band.name not in levels:
                continue
            boards_all, boards_one, candidates = (QUICK_SAMPLES if quick else SAMPLES)[band.stars]
            row: dict = {"load_average_at_start": os.getloadavg()[0]}
            report = fill(everything, "starbattle", band.name, boards_all, workers=workers,
                          progress=False)
            row["boards_all_cores"] = report.added
            row["seconds_all_cores"] = round(report.seconds, 1)   # worker start-up included
            row["boards_per_minute_all_cores"] = round(60 * report.added / report.seconds, 1)
            records = list(everything.records("starbattle", band.name))
            attempts = [r.grade["attempts"] for r in records]
            row["median_attempts_per_board"] = statistics.median(attempts)
            row["max_attempts_per_board"] = max(attempts)
            with Catalog(Path(tmp) / f"one-{band.name}.sqlite") as single:
                one = fill(single, "starbattle", band.name, boards_one, workers=1, progress=False)
            row["boards_one_core"] = one.added
            row["boards_per_minute_one_core"] = round(60 * one.added / one.seconds, 1)
            row.update(_proof_speed(records))
            row["repair_success_rate"] = _repair_rate(band, candidates)
            row["load_average_at_end"] = os.getloadavg()[0]
            results["bands"][band.name] = row
            print(_line(band.name, row), file=sys.stderr)
        results["seconds_all_bands_all_cores"] = round(time.perf_counter() - total_started, 1)
        results["peer_comparison"] = _against_peer(everything, Path(tmp))
        everything.close()
    print(f"all bands, {boards_all} boards each: generation and measurement "
          f"{results['seconds_all_bands_all_cores']} s", file=sys.stderr)
    print(f"proof speed against the JavaScript counter: {results['peer_comparison']}",
          file=sys.stderr)
    return results


def _proof_speed(records) -> dict:
    nodes, micros = [], []
    for record in records:
        board = Board.from_puzzle(record.puzzle)
        nodes.append(generator.count_board(board, 2).nodes)
        repeats = 20 if board.stars == 1 else 3
        started = time.perf_counter()
        for _ in range(repeats):
            solver.count_puzzle(record.puzzle, 2)
        micros.append(1e6 * (time.perf_counter() - started) / repeats)
    return {"proof_nodes_median": statistics.median(nodes), "proof_nodes_max": max(nodes),
            "proof_us_median": round(statistics.median(micros), 1),
            "proof_us_max": round(max(micros), 1)}


def _repair_rate(band, candidates: int) -> float:
    stream = KeyedStream(f"bench:repair:{band.name}")
    repaired = tried = 0
    for i in range(candidates):
        candidate = generator.fresh_candidate(stream, band, f"bench:repair:{band.name}:{i}")
        if candidate is None:      # k stars: the pieces could not be joined into regions
            continue
        tried += 1
        repaired += generator.repair(stream, band, candidate) is not None
    return round(repaired / max(tried, 1), 3)


def _against_peer(catalog: Catalog, tmp: Path) -> dict:
    """Both counters behind the same interface on the same boards (limit 2)."""
    node = shutil.which("node")
    peer_counter = Path(os.environ.get(PEER_COUNTER_VARIABLE, ""))
    if node is None or not peer_counter.is_file():
        return {"skipped": f"node, or a counter named by {PEER_COUNTER_VARIABLE}, is not available"}
    boards = tmp / "boards.jsonl"
    with boards.open("w") as out:
        for record in catalog.records("starbattle"):
            if "stars_per_unit" not in record.puzzle:   # the peer counts one star a line
                out.write(record.to_json() + "\n")
    ours = _total_seconds([sys.executable, "-m", "pipeline", "count", str(boards), "--limit", "2"])
    peer = _total_seconds([node, str(peer_counter), str(boards), "--limit", "2"])
    return {"boards": sum(1 for _ in boards.open()), "ours_seconds": ours, "peer_seconds": peer,
            "speedup": round(peer / ours, 2) if ours else None}


def _total_seconds(command: list[str]) -> float:
    best = None
    for _ in range(3):
        output = subprocess.run(command, capture_output=True, text=True, check=True,
                                env=dict(os.environ)).stdout
        seconds = float(output.strip().splitlines()[-1].split(":")[1])
        best = seconds if best is None else min(best, seconds)
    return best


def _line(name: str, row: dict) -> str:
    return (f"{name:7s} proof nodes median {row['proof_nodes_median']:>6} max {row['proof_nodes_max']:>6}"
            f"  proof us median {row['proof_us_median']:>7} max {row['proof_us_max']:>7}"
            f"  repair {100 * row['repair_success_rate']:5.1f}%"
            f"  boards/min one core {row['boards_per_minute_one_core']:>7}"
            f" all cores {row['boards_per_minute_all_cores']:>7}"
            f"  median attempts {row['median_attempts_per_board']}")
