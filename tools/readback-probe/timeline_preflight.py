"""Exploration: a forced preflight with proofs on 2 workers (as `pipeline preflight --proofs
--force` runs it), with each book's worker logging when it started and ended and its CPU time,
to see where the wall time goes. Run from the checkout:
PYTHONPATH=. .venv/bin/python tools/readback-probe/timeline_preflight.py"""
import json
import os
import sys
import time
from argparse import Namespace

from pipeline.readback import preflight

T0 = time.perf_counter()
LOG = "/tmp/pdfium_timeline.jsonl"
open(LOG, "w").close()
inner = preflight.check_and_report


def logged(book, *args, **kwargs):
    start, cpu = time.perf_counter() - T0, time.process_time()
    try:
        return inner(book, *args, **kwargs)
    finally:
        with open(LOG, "a") as out:
            out.write(json.dumps({"slug": book["slug"], "pid": os.getpid(), "start": start,
                                  "end": time.perf_counter() - T0,
                                  "cpu": time.process_time() - cpu}) + "\n")


preflight.check_and_report = logged
args = Namespace(manifest="build/manifest.json", books=sys.argv[1:], proofs=True, force=True,
                 quiet=True, workers=None, catalog="build/catalog.sqlite")
preflight.run(args)
end = time.perf_counter() - T0
rows = [json.loads(line) for line in open(LOG)]
first = min(r["start"] for r in rows)
print(f"first book started at {first:.2f} s; last ended at {max(r['end'] for r in rows):.2f} s;"
      f" run returned at {end:.2f} s")
print(f"books' own CPU {sum(r['cpu'] for r in rows):.2f} s, their wall summed "
      f"{sum(r['end'] - r['start'] for r in rows):.2f} s")
for r in sorted(rows, key=lambda r: r["start"])[:6]:
    print(f"  {r['slug']:28s} {r['start']:6.2f} -> {r['end']:6.2f}  cpu {r['cpu']:.2f}")
