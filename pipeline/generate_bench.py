"""Benchmarks of the generation driver.

scaling: wall and CPU time per 1,000 boards as the catalog grows (a step of `step` boards
timed at each catalog size), peak memory, and how long loading the catalog takes at that size.
executors: boards per second through the local pool and through Dask LocalClusters.
And what a family's own benchmark shares: its cold start (`cold_start_seconds`) and its table
of levels on stderr (`print_table`).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipeline.catalog import Catalog
from pipeline.family import family_names, get_family, load_index
from pipeline.generate import fill

SCALING_SIZES = (1000, 5000, 20000, 50000)


def print_table(rows: dict, columns, first: tuple[str, int], sep: str = " ") -> None:
    """A benchmark's table on stderr: a heading line, then a line per (name, row) of `rows`.
    `first` is the first column's heading and width (the names, left-aligned); each of
    `columns` is (heading, key, width, format): the row's value at `key`, right-aligned."""
    heading, width = first
    print(sep.join([f"{heading:<{width}}"] + [f"{title:>{w}}" for title, _k, w, _f in columns]),
          file=sys.stderr)
    for name, row in rows.items():
        print(sep.join([f"{name:<{width}}"] + [f"{row[key]:>{w}{form}}"
                                                for _t, key, w, form in columns]),
              file=sys.stderr)


def cold_start_seconds(family: str, key: str, level: str) -> float:
    """A fresh interpreter: import the family, load its compiled kernels from cache, make the
    board of `key` at `level`."""
    code = ("import time; t = time.perf_counter(); from pipeline.family import get_family; "
            f"get_family({family!r}).generate({key!r}, {level!r}); "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def bench_levels(benchmark: str) -> list[tuple[str, str]]:
    """(family, level) for every family that names a level for `benchmark` (its
    `driver_bench_levels` slot), in registry order."""
    return [(name, get_family(name).driver_bench_levels[benchmark]) for name in family_names()
            if benchmark in get_family(name).driver_bench_levels]


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def _peak_mb() -> tuple[float, float]:
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def scaling_rows(family: str, level: str, sizes, *, step: int = 1000, workers=None,
                 path: Path | None = None, log=None) -> list[dict]:
    """Fill a fresh catalog size by size; at each size time the next `step` boards."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        path = path or Path(scratch) / "catalog.sqlite"
        with Catalog(path) as catalog:
            for size in sizes:
                report = fill(catalog, family, level, size, workers=workers, progress=False)
                if report.stopped:
                    rows.append({"size": size, "stopped": report.stopped})
                    break
                own0, children0 = _cpu()
                started = time.perf_counter()
                report = fill(catalog, family, level, size + step, workers=workers,
                              progress=False)
                wall = time.perf_counter() - started
                own1, children1 = _cpu()
                loaded = time.perf_counter()
                records = sum(1 for _ in catalog.records(family, level))
                load_records = time.perf_counter() - loaded
                loaded = time.perf_counter()
                index = get_family(family).near_duplicates(level)
                if index is not None:   # as a fill loads it
                    load_index(index, catalog, family, level)
                index_seconds = time.perf_counter() - loaded
                driver_mb, worker_mb = _peak_mb()
                row = {"size": size, "step": report.added, "records": records,
                       "wall_s_per_1000": round(wall * 1000 / max(1, report.added), 2),
                       "cpu_s_per_1000": round((own1 - own0 + children1 - children0) * 1000
                                               / max(1, report.added), 2),
                       "driver_cpu_s_per_1000": round((own1 - own0) * 1000
                                                      / max(1, report.added), 2),
                       "replaced": report.replaced, "candidates": report.candidates,
                       "load_records_s": round(load_records, 2),
                       "load_index_s": round(index_seconds, 2),
                       "peak_driver_mb": round(driver_mb), "peak_worker_mb": round(worker_mb),
                       "load_average": [round(x, 2) for x in os.getloadavg()]}
                if report.stopped:
                    row["stopped"] = report.stopped
                rows.append(row)
                if log:
                    log(f"{family} {level} at {size}: {row}")
                if report.stopped:
                    break
    return rows


def run_scaling(quick: bool) -> dict:
    out = {}
    for family, level in bench_levels("scaling"):
        sizes = (100, 300) if quick else SCALING_SIZES
        step = 100 if quick else 1000
        rows = scaling_rows(family, level, sizes, step=step,
                            log=lambda text: print(text, file=sys.stderr, flush=True))
        out[f"{family} {level}"] = rows
        for row in rows:
            print(f"{family} {level}: {row}", file=sys.stderr)
    return out


def _nothing(jobs):
    return []


def task_overhead(executor, tasks: int) -> float:
    """Seconds per task of a task that does nothing, kept `slots` deep as the driver does."""
    started, sent, done = time.perf_counter(), 0, 0
    while done < tasks:
        while sent < tasks and executor.in_flight() < executor.slots:
            executor.submit(_nothing, ())
            sent += 1
        done += len(executor.results())
    return (time.perf_counter() - started) / tasks


def executor_rows(count: int, overhead_tasks: int = 300) -> list[dict]:
    from pipeline.generate import LocalExecutor, open_executor

    rows = []
    levels = bench_levels("executors")
    setups = [("local pool, 2 processes", lambda: LocalExecutor(2)),
              ("Dask LocalCluster, 1 worker", lambda: open_executor("dask", workers=1,
                                                                     dashboard=False)),
              ("Dask LocalCluster, 2 workers", lambda: open_executor("dask", workers=2,
                                                                      dashboard=False))]
    for name, make in setups:
        with make() as executor:
            with tempfile.TemporaryDirectory() as scratch, \
                    Catalog(Path(scratch) / "warm.sqlite") as catalog:
                for family, level in levels:   # kernels loaded in every worker
                    fill(catalog, family, get_family(family).levels[0], executor.slots,
                         executor=executor, batch=1, progress=False)
            row = {"executor": name, "overhead_ms_per_task":
                   round(1000 * task_overhead(executor, overhead_tasks), 3)}
            for family, level in levels:
                with tempfile.TemporaryDirectory() as scratch, \
                        Catalog(Path(scratch) / "catalog.sqlite") as catalog:
                    started = time.perf_counter()
                    report = fill(catalog, family, level, count, executor=executor, batch=1,
                                  progress=False)
                    wall = time.perf_counter() - started
                row[f"{family} {level} boards/s"] = round(report.added / wall, 3)
                row[f"{family} {level} worker CPU s/board"] = round(
                    report.worker_seconds / max(1, report.candidates), 3)
            row["load_average"] = [round(x, 2) for x in os.getloadavg()]
            print(f"executors: {row}", file=sys.stderr, flush=True)
            rows.append(row)
    return rows


def run_executors(quick: bool) -> dict:
    return {"boards": 2 if quick else 12, "rows": executor_rows(2 if quick else 12,
                                                                 40 if quick else 300)}
