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
from pipeline.readback.loaded import catalog_records, load_book, read_manifest, reading_back
from pipeline.readback.proof import write_proofs

MANIFEST = Path("build/manifest.json")
PARSER_RUNS = 3  # each parser timing is the best of this many (CPU seconds of this process)
CATALOG = Path("build/catalog.sqlite")


def _cpu(work) -> tuple[float, object]:
    best, result = None, None
    for _ in range(PARSER_RUNS):
        started = time.process_time()
        result = work()
        spent = time.process_time() - started
        best = spent if best is None else min(best, spent)
    return best, result


def parsers(path: Path) -> dict:
    """CPU seconds to decode every page's content stream and to tokenise it, with pypdf,
    with qpdf (pikepdf), and with the reader's own lexer, on one PDF.

    The lexer's operands are plain values (floats, str names, bytes strings, lists); qpdf's
    are pikepdf objects, timed raw, with the operators alone made bytes (what the
    interpreter's dispatch needs at the least), and with every operand made plain."""
    import decimal
    import io

    import pikepdf
    from pypdf import PdfReader

    from pipeline.readback.reader import content_operations

    data = Path(path).read_bytes()

    def pypdf_decode():
        return [page["/Contents"].get_object().get_data()
                for page in PdfReader(io.BytesIO(data)).pages]

    def qpdf_decode():
        with pikepdf.open(io.BytesIO(data)) as pdf:
            return [page.obj.Contents.read_bytes() for page in pdf.pages]

    pypdf_s, decoded = _cpu(pypdf_decode)
    qpdf_s, decoded_by_qpdf = _cpu(qpdf_decode)
    lexer_s, operations = _cpu(lambda: [content_operations(d) for d in decoded])

    def plain(value):
        if isinstance(value, pikepdf.Name):
            return str(value)
        if isinstance(value, pikepdf.String):
            return bytes(value)
        if isinstance(value, pikepdf.Array):
            return [plain(v) for v in value]
        if isinstance(value, pikepdf.Dictionary):
            return {str(k): plain(v) for k, v in value.items()}
        return float(value) if isinstance(value, decimal.Decimal) else value

    pdf = pikepdf.open(io.BytesIO(data))
    raw_s, _ = _cpu(lambda: [pikepdf.parse_content_stream(page) for page in pdf.pages])
    operators_s, _ = _cpu(lambda: [[(i.operands, i.operator.unparse())
                                    for i in pikepdf.parse_content_stream(page)]
                                   for page in pdf.pages])
    plain_s, _ = _cpu(lambda: [[([plain(o) for o in i.operands], i.operator.unparse())
                                for i in pikepdf.parse_content_stream(page)]
                               for page in pdf.pages])
    pdf.close()
    return {"pdf": str(path), "pages": len(decoded),
            "operations": sum(len(ops) for ops in operations),
            "same_decoded_bytes": decoded == decoded_by_qpdf,
            "decode_cpu_s": {"pypdf": round(pypdf_s, 3), "qpdf": round(qpdf_s, 3)},
            "tokenise_cpu_s": {"lexer": round(lexer_s, 3), "qpdf_raw": round(raw_s, 3),
                               "qpdf_operators_as_bytes": round(operators_s, 3),
                               "qpdf_plain_values": round(plain_s, 3)}}


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
            with reading_back():  # as `pipeline preflight --proofs` reads a book
                started = time.perf_counter()
                b = load_book(book, records)  # parses every page of both PDFs, once
                read = time.perf_counter() - started
                started = time.perf_counter()
                checks = run_checks(b)
                checking = time.perf_counter() - started
                copy = dict(book, interior=str(scratch / book["slug"] / "interior.pdf"))
                (scratch / book["slug"]).mkdir(parents=True)
                started = time.perf_counter()
                write_proofs(copy, report=None, interior=b.interior, cover=b.cover,
                             pages=b.pages, cover_page=b.cover_page)
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
            del b
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
        # the same per page, to set beside `pipeline books --force` per page (the writer)
        "read_check_proof_cpu_ms_per_page": round(1000 * totals["cpu_s"] / pages, 2),
        "seconds": {k: round(v, 3) for k, v in totals.items() if k != "pages"},
        "parsers": None if quick else parsers(Path(books[0]["interior"])),
        "page_digests": page_digest_cost(books),
    }


def page_digest_cost(books: list[dict]) -> dict:
    """CPU seconds for the page digests `pipeline diff` compares, on the largest book (both
    of its PDFs), best of PARSER_RUNS: what a diff adds to a build."""
    from pipeline.readback.diff import page_digests

    book = max(books, key=lambda b: b["page_count"])
    seconds, digests = _cpu(lambda: page_digests(Path(book["interior"]), Path(book["cover"])))
    return {"book": book["slug"], "pages": len(digests.interior) + len(digests.cover),
            "cpu_s": round(seconds, 3)}
