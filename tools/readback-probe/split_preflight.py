"""Exploration: a forced preflight with proofs, every book in this one process (--workers 1),
timed by phase (CPU and wall): the read-back (load_book: the PDFs' marks), the checks, the
report, the SVG proofs, and the shared work before them (forms, shelf, records).
Run from the checkout: PYTHONPATH=. .venv/bin/python tools/readback-probe/split_preflight.py [BOOK ...]"""
import sys
import time
from argparse import Namespace
from collections import defaultdict

from pipeline.readback import preflight

spent = defaultdict(lambda: [0.0, 0.0])


def timed(name, function):
    def wrapper(*args, **kwargs):
        c, w = time.process_time(), time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name][0] += time.process_time() - c
            spent[name][1] += time.perf_counter() - w
    return wrapper


for name in ("load_book", "run_checks", "book_report", "write_proofs", "printed_forms",
             "catalog_records", "_before_the_checks", "shelf", "check_inputs"):
    setattr(preflight, name, timed(name, getattr(preflight, name)))
args = Namespace(manifest="build/manifest.json", books=sys.argv[1:], proofs=True, force=True,
                 quiet=True, workers=1, catalog="build/catalog.sqlite")
c, w = time.process_time(), time.perf_counter()
preflight.run(args)
total = time.process_time() - c, time.perf_counter() - w
for name, (cpu, wall) in spent.items():
    print(f"{name:20s} {cpu:7.2f} CPU s {wall:7.2f} s wall")
print(f"{'total':20s} {total[0]:7.2f} CPU s {total[1]:7.2f} s wall")
