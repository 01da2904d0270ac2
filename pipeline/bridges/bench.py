"""Bridges benchmark: generation speed, yield and proof effort per level.

Per level: boards per second on one core (wall clock and CPU time) and on all cores, median and p99 seconds per
board, yield (accepted boards / candidates grown), island density, and the nodes the
independent checker and the solver's search spent per proof. A 15x15 hard row is added for
comparison with other generators' published figures at that size.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from pipeline.bridges.generate import RECIPES, Recipe, generate
from pipeline.bridges.grade import LEVELS
from pipeline.generate_bench import cold_start_seconds

VERSION = "bridges/1"
ROWS = {level: (level, RECIPES[level]) for level in LEVELS}
ROWS["hard-15x15"] = ("hard", replace(RECIPES["hard"], width=15, height=15, islands=62,
                                      least_islands=45))
FULL = {"easy": 200, "medium": 200, "hard": 200, "expert": 100, "extreme": 40,
        "hard-15x15": 100}
QUICK = {"easy": 20, "medium": 20, "hard": 20, "expert": 10, "extreme": 4, "hard-15x15": 10}


def one(args: tuple[str, str, Recipe]) -> tuple[float, int, int, int, int]:
    """Generate one board: (seconds, candidates, islands, checker nodes, search nodes)."""
    key, level, recipe = args
    started = time.perf_counter()
    board = generate(key, level, VERSION, recipe)
    seconds = time.perf_counter() - started
    return (seconds, board.attempts, len(board.puzzle["islands"]), board.proof["nodes"],
            board.grade.get("search_nodes", 0))


def run(quick: bool) -> dict:
    counts = QUICK if quick else FULL
    workers = os.cpu_count() or 1
    one(("bridges:bench:warm", "easy", RECIPES["easy"]))  # compile or load kernels first
    cold = cold_start_seconds("bridges", "bridges:bench:cold", "easy")
    results: dict = {"workers": workers, "cold_start_seconds": round(cold, 3), "levels": {}}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, [(f"bridges:bench:warm{k}", "easy", RECIPES["easy"])
                            for k in range(workers)]))
        for row, (level, recipe) in ROWS.items():
            jobs = [(f"bridges:bench-{row}:{n}", level, recipe) for n in range(counts[row])]
            started, cpu_started = time.perf_counter(), time.process_time()
            measured = [one(job) for job in jobs]
            single = time.perf_counter() - started
            single_cpu = time.process_time() - cpu_started
            started = time.perf_counter()
            list(pool.map(one, [(f"bridges:bench-{row}-all:{n}", level, recipe)
                                for n in range(counts[row] * workers)]))
            parallel = time.perf_counter() - started
            seconds = sorted(m[0] for m in measured)
            results["levels"][row] = {
                "size": f"{recipe.width}x{recipe.height}",
                "boards": len(jobs),
                "boards_per_second_one_core": round(len(jobs) / single, 2),
                # CPU time of this process: what one core does when no one else wants it
                # (on a shared machine wall time also counts the waits for a core).
                "boards_per_cpu_second_one_core": round(len(jobs) / single_cpu, 2),
                "boards_per_second_all_cores": round(counts[row] * workers / parallel, 2),
                "median_seconds": round(statistics.median(seconds), 5),
                "p99_seconds": round(seconds[min(len(seconds) - 1, (99 * len(seconds)) // 100)], 5),
                "yield": round(len(jobs) / sum(m[1] for m in measured), 3),
                "density": round(statistics.mean(m[2] for m in measured)
                                 / (recipe.width * recipe.height), 3),
                "checker_nodes_per_proof": round(statistics.mean(m[3] for m in measured), 1),
                "search_nodes_per_proof": round(statistics.mean(m[4] for m in measured), 1),
            }
    _print_table(results)
    return results


def _print_table(results: dict) -> None:
    head = (f"{'level':<11}{'size':>6}{'1 core/s':>10}{'cpu/s':>8}{'all/s':>8}{'median s':>10}{'p99 s':>8}"
            f"{'yield':>7}{'density':>8}{'checker':>9}{'search':>8}")
    print(head, file=sys.stderr)
    for row, r in results["levels"].items():
        print(f"{row:<11}{r['size']:>6}{r['boards_per_second_one_core']:>10.1f}"
              f"{r['boards_per_cpu_second_one_core']:>8.1f}"
              f"{r['boards_per_second_all_cores']:>8.1f}{r['median_seconds']:>10.4f}"
              f"{r['p99_seconds']:>8.3f}{r['yield']:>7.2f}{r['density']:>8.2f}"
              f"{r['checker_nodes_per_proof']:>9.0f}{r['search_nodes_per_proof']:>8.0f}",
              file=sys.stderr)
    print(f"cold start (import + first board, kernels cached): "
          f"{results['cold_start_seconds']:.2f} s on {results['workers']} workers", file=sys.stderr)
