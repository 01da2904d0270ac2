"""Sudoku benchmark: proof speed, grading speed, generation speed per level, and how well the
difficulty agrees with published ratings.

Two public data files, never part of the repository, read from `sudoku/` in the folder named by
the PIPELINE_DATA environment variable (the project's one name for where public data sets are
kept); with it unset, or a file missing there, its row is skipped with one line saying so:
  royle17.txt          Gordon Royle's 49,158 puzzles of 17 clues, one 81-character line each
                       ('.' empty): uniqueness proofs per second on one core;
  qqwing800_rated.tsv  800 qqwing boards with their Sudoku Explainer rating (se_er), HoDoKu
                       score and Solo level: boards graded per second, and the Spearman rank
                       correlations of our difficulty with se_er and hodoku_score, and of our
                       level with solo_level.
The other rows need no file: boards per core-minute for each level, and the independent
checker's uniqueness proofs per second for each level on the boards those runs made (a Killer
board has no givens: the cage sums carry it). Two wall-clock rows: a cold start with the kernels
cached, and the checker's compile in a fresh interpreter with an empty numba cache. Other
times are CPU seconds of this process (one core; on a shared machine wall time also counts
waits for a core).
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from pipeline.generate_bench import cold_start_seconds, print_table
from pipeline.sudoku.generate import generate
from pipeline.sudoku.grade import BEYOND, CLASSIC_LEVELS as LEVELS, KILLER_LEVELS, difficulty, \
    level_of
from pipeline.sudoku.solve import solve
from pipeline.sudoku.verify import count, count_many, read_cages

DATA_VARIABLE = "PIPELINE_DATA"   # the folder of public data sets; this family reads sudoku/
VERSION = "sudoku/1"
SOLO_LEVELS = ("Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable")
FULL = {"easy": 60, "medium": 60, "hard": 60, "expert": 40, "extreme": 30,
        "killer-easy": 40, "killer-medium": 40, "killer-hard": 40}
QUICK = {"easy": 5, "medium": 5, "hard": 5, "expert": 3, "extreme": 3,
         "killer-easy": 3, "killer-medium": 3, "killer-hard": 3}
QUICK_PROOFS = 5000
QUICK_GRADES = 200


def _data(name: str) -> Path | None:
    """The data file `name` under $PIPELINE_DATA/sudoku, None when the variable is unset or
    the file is not there."""
    folder = os.environ.get(DATA_VARIABLE)
    path = Path(folder, "sudoku", name) if folder else None
    return path if path is not None and path.is_file() else None


def _skipped(name: str) -> dict:
    """The row of a missing data file: one line, printed and kept in the results."""
    where = (f"{os.environ[DATA_VARIABLE]}/sudoku" if os.environ.get(DATA_VARIABLE)
             else f"${DATA_VARIABLE}/sudoku ({DATA_VARIABLE} is not set)")
    line = f"skipped: {name} not found in {where}"
    print(f"sudoku bench: {line}", file=sys.stderr)
    return {"skipped": line}


# --- rank correlation ------------------------------------------------------------------------

def ranks(values) -> list[float]:
    """Ranks 0.. with ties given their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a, b) -> float:
    ra, rb = ranks(a), ranks(b)
    n = len(ra)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / math.sqrt(va * vb) if va and vb else float("nan")


# --- the rows --------------------------------------------------------------------------------

def proofs(quick: bool) -> dict:
    path = _data("royle17.txt")
    if path is None:
        return _skipped("royle17.txt")
    lines = [line.strip() for line in path.read_text().split()]
    if quick:
        lines = lines[::max(1, len(lines) // QUICK_PROOFS)][:QUICK_PROOFS]
    boards = np.array([[0 if ch == "." else int(ch) for ch in line] for line in lines],
                      dtype=np.int64)
    count_many(boards[:10])   # load (or compile) the kernel first
    started = time.process_time()
    found, nodes = count_many(boards, 2)
    seconds = time.process_time() - started
    return {"boards": len(lines), "seconds": round(seconds, 3),
            "proofs_per_second": round(len(lines) / seconds),
            "unique": int((found == 1).sum()), "nodes_mean": round(float(nodes.mean()), 1),
            "nodes_max": int(nodes.max())}


def grading(quick: bool) -> dict:
    path = _data("qqwing800_rated.tsv")
    if path is None:
        return _skipped("qqwing800_rated.tsv")
    rows = [line.split("\t") for line in path.read_text().splitlines()[1:] if line.strip()]
    if quick:
        rows = rows[::max(1, len(rows) // QUICK_GRADES)][:QUICK_GRADES]
    solve([int(ch) for ch in rows[-1][0]])   # load the kernels first
    started = time.process_time()
    results = [solve([int(ch) for ch in row[0]]) for row in rows]
    seconds = time.process_time() - started
    ours = [difficulty(r) for r in results]
    levels = [(LEVELS + (BEYOND,)).index(level_of(r)) for r in results]
    by_level = {name: sum(1 for k in levels if k == i)
                for i, name in enumerate(LEVELS + (BEYOND,))}
    return {"boards": len(rows), "boards_per_second": round(len(rows) / seconds, 1),
            "spearman_difficulty_se_er": round(spearman(ours, [float(r[2]) for r in rows]), 4),
            "spearman_difficulty_hodoku_score":
                round(spearman(ours, [float(r[6]) for r in rows]), 4),
            "spearman_level_solo_level":
                round(spearman(levels, [SOLO_LEVELS.index(r[7]) for r in rows]), 4),
            "levels": by_level}


def generation(quick: bool, levels=LEVELS, made=None) -> dict:
    """Boards per core-minute for each of `levels`; the boards go into `made` when given."""
    counts = QUICK if quick else FULL
    generate("sudoku:bench:warm", "extreme", VERSION)   # load the kernels first
    generate("sudoku:bench:warm", "killer-easy", VERSION)
    out = {}
    for level in levels:
        started = time.process_time()
        attempts = 0
        for n in range(counts[level]):
            board = generate(f"sudoku:bench-{level}:{n}", level, VERSION)
            attempts += board.attempts
            if made is not None:
                made.append((level, board.puzzle))
        seconds = time.process_time() - started
        out[level] = {"boards": counts[level],
                      "boards_per_core_minute": round(60 * counts[level] / seconds, 1),
                      "attempts_per_board": round(attempts / counts[level], 1)}
    return out


def level_proofs(made: list[tuple[str, dict]]) -> dict:
    """Independent proofs (the checker's count to 2; a Killer board's cage sums are its only
    clues) per second for each level, on the (level, puzzle) boards the generation rows
    made."""
    out = {}
    for level in LEVELS + KILLER_LEVELS:
        puzzles = [p for lv, p in made if lv == level]
        cages = [read_cages(p) for p in puzzles]
        givens = [[d for row in p["givens"] for d in row] for p in puzzles]
        started = time.process_time()
        results = [count(g, 2, cages=c) for g, c in zip(givens, cages)]
        seconds = time.process_time() - started
        nodes = [r[1] for r in results]
        out[level] = {"boards": len(puzzles), "seconds": round(seconds, 3),
                      "proofs_per_second": round(len(puzzles) / max(seconds, 1e-9), 1),
                      "unique": sum(1 for r in results if r[0] == 1 and not r[2]),
                      "out_of_budget": sum(1 for r in results if r[2]),
                      "nodes_mean": round(sum(nodes) / len(nodes), 1), "nodes_max": max(nodes)}
    return out


def checker_compile_seconds() -> tuple[float, float]:
    """A fresh interpreter with an empty numba cache: import the checker, compile its kernels
    and prove one classic and one Killer board (wall seconds, CPU seconds of that process)."""
    code = ("import time; t = time.perf_counter(); from pipeline.sudoku.verify import count; "
            "count([0] * 81, 2); count([0] * 81, 2, cages=[(45, list(range(9)))]); "
            "print(time.perf_counter() - t, time.process_time())")
    with tempfile.TemporaryDirectory() as empty:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env={**os.environ, "NUMBA_CACHE_DIR": empty})
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def run(quick: bool) -> dict:
    made: list[tuple[str, dict]] = []
    results = {"proofs": proofs(quick), "grading": grading(quick),
               "generation": generation(quick, LEVELS, made),
               "killer_generation": generation(quick, KILLER_LEVELS, made),
               "cold_start_seconds": round(cold_start_seconds("sudoku", "sudoku:bench:cold",
                                                                "extreme"), 3),
               "checker_compile_seconds": [round(t, 3) for t in checker_compile_seconds()]}
    results["level_proofs"] = level_proofs(made)
    _print_table(results)
    return results


def _print_table(results: dict) -> None:
    p, g = results["proofs"], results["grading"]
    if "skipped" in p:
        print(f"proofs   skipped: {p['skipped']}", file=sys.stderr)
    else:
        print(f"proofs   {p['boards']:>6} 17-clue boards  {p['proofs_per_second']:>8} /s one core"
              f"  nodes mean {p['nodes_mean']} max {p['nodes_max']}  unique {p['unique']}",
              file=sys.stderr)
    if "skipped" in g:
        print(f"grading  skipped: {g['skipped']}", file=sys.stderr)
    else:
        print(f"grading  {g['boards']:>6} qqwing boards   {g['boards_per_second']:>8} /s one core"
              f"  levels {g['levels']}", file=sys.stderr)
        print(f"calibration  Spearman difficulty~se_er {g['spearman_difficulty_se_er']}"
              f"  difficulty~hodoku_score {g['spearman_difficulty_hodoku_score']}"
              f"  level~solo_level {g['spearman_level_solo_level']}", file=sys.stderr)
    print_table({**results["generation"], **results["killer_generation"]},
                (("boards", "boards", 7, ""),
                 ("per core-minute", "boards_per_core_minute", 17, ".1f"),
                 ("attempts", "attempts_per_board", 10, ".1f")), ("level", 14), sep="")
    print_table(results["level_proofs"],
                (("boards", "boards", 7, ""), ("per second", "proofs_per_second", 12, ""),
                 ("nodes mean", "nodes_mean", 12, ""), ("max", "nodes_max", 8, ""),
                 ("unique", "unique", 8, ""), ("out of budget", "out_of_budget", 15, "")),
                ("proofs", 14), sep="")
    wall, cpu = results["checker_compile_seconds"]
    print(f"checker cold compile (empty numba cache, import + one classic and one Killer "
          f"count): {wall:.2f} s wall, {cpu:.2f} s CPU", file=sys.stderr)
    print(f"cold start (import + first extreme board, kernels cached): "
          f"{results['cold_start_seconds']:.2f} s", file=sys.stderr)
