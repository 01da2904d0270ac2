"""A book under test, loaded once: its manifest record, the catalog records it prints, both
PDFs read back into page contents, and the hashes of the bytes that were read.

Every check, the report and the proofs work from one `LoadedBook`, so a book's PDFs are parsed
once however many checks look at them. Loading reads the manifest and the catalog as data; it
never imports the layout code (the printer's numbers come from the profile table through
pipeline/book/printers.py).
"""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pipeline.book.printers import PrinterProfile, Trim, get_profile
from pipeline.errors import InputError
from pipeline.readback.reader import PageContent, PdfDocument, open_pdf


@dataclass(frozen=True)
class LoadedBook:
    """One book of the manifest with its PDFs read back."""

    book: dict  # the manifest record (docs/readback.md names the fields read)
    profile: PrinterProfile
    trim: Trim
    bleed: bool
    interior: PdfDocument
    pages: tuple[PageContent, ...]
    cover: PdfDocument
    cover_page: PageContent
    records: dict  # puzzle id -> {"family", "puzzle", "solution"} from the catalog
    upload: dict | None = None  # the upload sheet (build/<slug>/upload.json); None if absent
    # The other titles' boards and the ledger (checks/ledger.py `LedgerView`); None: not given
    ledger: object = None

    @property
    def page_count(self) -> int:
        """The final page count, as the printer will count it: the PDF's."""
        return self.interior.page_count

    @property
    def interior_sha256(self) -> str:
        return self.interior.sha256

    @property
    def cover_sha256(self) -> str:
        return self.cover.sha256

    @property
    def paper(self) -> str:
        return self.book.get("paper", "white")

    def cover_geometry(self):
        return self.profile.cover_geometry(self.trim, self.paper, self.page_count)

    def entries(self, kind: str) -> list[dict]:
        """The manifest's page entries of one kind ("puzzle", "solution", ...), in page order."""
        return [entry for entry in self.book.get("pages", []) if entry.get("kind") == kind]

    def page(self, number: int) -> PageContent | None:
        return self.pages[number - 1] if 1 <= number <= len(self.pages) else None


@contextmanager
def reading_back():
    """Python's cycle collector paused while a book is read back, checked and proofed.

    A book read back is millions of small objects (operations, segments, marks, boxes) that
    all stay alive until the book is done, and none of them form cycles; the collector,
    started by allocations, walks them again and again, which cost half of the reading
    (measured: lexing one book of the default set, 0.61 CPU s paused against 1.27 s running). The
    few cycles (pypdf's objects point back at their reader) are collected once the block
    ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def check_manifest_entry(book, manifest: str) -> None:
    """The fields the read-back needs (docs/readback.md)."""
    if not isinstance(book, dict):
        raise InputError("a book entry is not an object", file=manifest, field="books")
    for name, kind in (("slug", str), ("interior", str), ("cover", str), ("trim_in", dict),
                       ("page_count", int), ("pages", list)):
        if not isinstance(book.get(name), kind):
            raise InputError(f"missing or not a {kind.__name__}", file=manifest,
                             field=f"{book.get('slug', '?')}.{name}")
    for name in ("width", "height"):
        if not isinstance(book["trim_in"].get(name), (int, float)):
            raise InputError("missing or not a number", file=manifest,
                             field=f"{book['slug']}.trim_in.{name}")


def open_document(book: dict, field: str, root: Path = Path("."),
                  manifest: str = "build/manifest.json") -> PdfDocument:
    from pypdf.errors import PdfReadError

    path = root / book[field]
    try:
        return open_pdf(path)
    except FileNotFoundError:
        raise InputError(f"{path} does not exist; run `pipeline books` first", file=manifest,
                         field=f"{book['slug']}.{field}") from None
    except (PdfReadError, OSError, ValueError) as error:
        raise InputError(f"{path} is not a readable PDF ({error})", file=manifest,
                         field=f"{book['slug']}.{field}") from None


def load_book(book: dict, records: dict, root: Path = Path("."),
              manifest: str = "build/manifest.json", ledger=None,
              opened: dict | None = None) -> LoadedBook:
    """`opened`: the book's PDFs already opened (`open_document`), by field ("interior",
    "cover"); a field not in it is opened here."""
    check_manifest_entry(book, manifest)
    opened = opened or {}
    interior = opened.get("interior") or open_document(book, "interior", root, manifest)
    cover = opened.get("cover") or open_document(book, "cover", root, manifest)
    return LoadedBook(
        book=book, profile=get_profile(book.get("printer", "kdp")),
        trim=Trim(Fraction(str(book["trim_in"]["width"])),
                  Fraction(str(book["trim_in"]["height"]))),
        bleed=float(book.get("interior_bleed_in", 0)) > 0,
        interior=interior, pages=tuple(interior.pages()), cover=cover,
        cover_page=cover.page(1), records=book_records(book, records),
        upload=read_upload_sheet(book, root), ledger=ledger)


def read_upload_sheet(book: dict, root: Path = Path(".")) -> dict | None:
    """The book's upload sheet as the manifest names it; None when there is none to read
    (the upload checks then fail, saying so)."""
    name = book.get("upload")
    if not isinstance(name, str):
        return None
    try:
        sheet = json.loads((root / name).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    return sheet if isinstance(sheet, dict) else None


# ---------------------------------------------------------------------------------------------
# The manifest and the catalog


def read_manifest(path: Path) -> list[dict]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}; run `pipeline books` first",
                         file=str(path)) from None
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", file=str(path), line=error.lineno) from None
    books = data.get("books") if isinstance(data, dict) else None
    if not isinstance(books, list):
        raise InputError("no books list", file=str(path), field="books")
    return books


def select_books(books: list[dict], slugs: list[str], manifest: Path) -> list[dict]:
    for book in books:
        check_manifest_entry(book, str(manifest))
    if not slugs:
        return books
    by_slug = {book.get("slug"): book for book in books}
    for slug in slugs:
        if slug not in by_slug:
            raise InputError(f"no book {slug!r} in the manifest (known: "
                             f"{', '.join(map(str, by_slug))})", file=str(manifest), field="slug")
    return [by_slug[slug] for slug in slugs]


def printed_ids(book: dict) -> set[str]:
    return {p["id"] for entry in book.get("pages", []) for p in entry.get("puzzles", [])}


def catalog_records(catalog_path: Path, books: list[dict]) -> dict:
    """Every puzzle the books print, by id, from the catalog, and for a frozen book from its
    lock file (its records may not be in a fresh catalog: that is what freezing is for)."""
    from pipeline.catalog import Catalog

    ids = sorted(set().union(*(printed_ids(book) for book in books)) if books else ())
    if not ids:
        return {}
    out = {}
    with Catalog(catalog_path) as catalog:
        for start in range(0, len(ids), 500):
            for record in catalog.records(ids=ids[start:start + 500]):
                out[record.id] = {"family": record.family, "level": record.level,
                                  "puzzle": record.puzzle, "solution": record.solution}
    wanted = set(ids)
    for book in books:
        lock = book.get("lock")
        if not lock or not Path(lock).exists():
            continue
        for line in Path(lock).read_text(encoding="utf-8").splitlines():
            record = json.loads(line) if line.strip() else None
            if record and record.get("id") in wanted and record["id"] not in out:
                out[record["id"]] = {"family": record["family"], "level": record["level"],
                                     "puzzle": record["puzzle"],
                                     "solution": record["solution"]}
    return out


def book_records(book: dict, records: dict) -> dict:
    """The records of the puzzles one book prints (what a worker process is sent)."""
    return {pid: records[pid] for pid in printed_ids(book) if pid in records}
