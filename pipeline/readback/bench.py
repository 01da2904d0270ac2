"""`pipeline bench` section: pages per second for reading back, preflight and SVG proofs.

Runs on the books of build/manifest.json (build them first with `pipeline books`); proofs are
written to a scratch folder so the build's own proofs are left alone.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from pipeline.readback.checks import run_checks
from pipeline.readback.loaded import catalog_records, load_book, read_manifest
from pipeline.readback.proof import write_proofs

MANIFEST = Path("build/manifest.json")
CATALOG = Path("build/catalog.sqlite")


def run(quick: bool) -> dict:
    if not MANIFEST.exists():
        return {"error": f"{MANIFEST} not found: run `pipeline books` first"}
    books = read_manifest(MANIFEST)
    if quick:
        books = books[:1]
    records = catalog_records(CATALOG, books) if CATALOG.exists() else {}
    totals = {"pages": 0, "read_s": 0.0, "preflight_s": 0.0, "proof_s": 0.0, "cpu_s": 0.0}
    per_book = {}
    scratch = Path(tempfile.mkdtemp(prefix="proof-bench-"))
    try:
        for book in books:
            cpu = time.process_time()
            started = time.perf_counter()
            b = load_book(book, records)  # parses every page of both PDFs
            read = time.perf_counter() - started
            started = time.perf_counter()
            checks = run_checks(b)
            checking = time.perf_counter() - started
            copy = dict(book, interior=str(scratch / book["slug"] / "interior.pdf"))
            (scratch / book["slug"]).mkdir(parents=True)
            started = time.perf_counter()
            write_proofs(copy, report=None, interior=b.interior, cover=b.cover, pages=b.pages)
            proofing = time.perf_counter() - started
            cpu = time.process_time() - cpu
            pages = b.page_count + 1  # and the cover
            per_book[book["slug"]] = {
                "pages": pages, "read_s": round(read, 3), "preflight_s": round(checking, 3),
                "proof_s": round(proofing, 3), "cpu_s": round(cpu, 3),
                "failed_checks": [c.name for c in checks if not c.passed]}
            totals["pages"] += pages
            totals["read_s"] += read
            totals["preflight_s"] += checking
            totals["proof_s"] += proofing
            totals["cpu_s"] += cpu
            print(f"  {book['slug']}: {pages} pages, read {read:.2f} s, preflight "
                  f"{checking:.2f} s, proof {proofing:.2f} s")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    pages = totals["pages"]
    return {
        "books": per_book, "pages": pages,
        "read_pages_per_s": round(pages / totals["read_s"], 1) if totals["read_s"] else None,
        # preflight as the command runs it: read back, then check
        "preflight_pages_per_s": round(pages / (totals["read_s"] + totals["preflight_s"]), 1),
        "proof_pages_per_s": round(pages / (totals["read_s"] + totals["proof_s"]), 1),
        # CPU seconds of this process for read + check + proof: wall time on a shared machine
        # depends on the load, this does not
        "read_check_proof_pages_per_cpu_s": round(pages / totals["cpu_s"], 1),
        "seconds": {k: round(v, 3) for k, v in totals.items() if k != "pages"},
    }
