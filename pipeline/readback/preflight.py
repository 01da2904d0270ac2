"""`pipeline preflight`: every print check on each book of the manifest, judged from its PDFs
read back and the printer's profile.

Each book is loaded once (`loaded`), checked by the table of small checks (`checks`), and
reported (`report`): build/<slug>/preflight.json and a table; with --proofs the SVG proofs are
drawn from the same reading. Books are spread over worker processes.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pipeline.atomic import write_json
from pipeline.readback.checks import run_checks
from pipeline.readback.loaded import (book_records, catalog_records, load_book, open_document,
                                      read_manifest, select_books)
from pipeline.readback.proof import write_proofs
from pipeline.readback.report import book_report, table


def check_and_report(book: dict, records: dict, manifest: str, proofs: bool) -> dict:
    """Read one book back, check it, write its preflight.json (and its proofs)."""
    b = load_book(book, records, manifest=manifest)
    rep = book_report(b, run_checks(b))
    write_json(Path(book["interior"]).parent / "preflight.json", rep)
    if proofs:  # from the same reading of the PDFs
        write_proofs(book, report=rep, interior=b.interior, cover=b.cover, pages=b.pages)
    return rep


def run(args) -> int:
    """`pipeline preflight [BOOK ...]`: check, write build/<slug>/preflight.json, print a
    table; exit status 1 when any check fails. Books are checked in parallel."""
    manifest = Path(args.manifest)
    books = select_books(read_manifest(manifest), args.books, manifest)
    records = catalog_records(args.catalog, books)
    for book in books:  # unreadable files are reported here, before any work is shared out
        for field in ("interior", "cover"):
            open_document(book, field, Path("."), str(manifest))
    proofs = getattr(args, "proofs", False)
    jobs = [(book, book_records(book, records), str(manifest), proofs) for book in books]
    workers = min(getattr(args, "workers", None) or os.cpu_count() or 1, len(books))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(check_and_report, *zip(*jobs)))
    else:
        reports = [check_and_report(*job) for job in jobs]
    print(table(reports))
    return 0 if all(r["passed"] for r in reports) else 1
