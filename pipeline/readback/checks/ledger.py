"""The ledger checks: no board of a book is another title's, and the upload sheet's
duplicated-content row says what the ledger says.

A book's boards are read from what was built, not from its layout: the ids the manifest
places on its puzzle and how-to pages, and their records (catalog or lock). Each is tested
against every other title, those of the ledger (layouts/ledger.jsonl, retired books
included) and the other books of the manifest, by the family's sameness
(pipeline/book/ledger.py: the same id, the same dedupe form, a near duplicate by the family's
rule). A puzzle may not be any other title's board; a how-to board may not be another title's
puzzle. Each conflict is one line naming both titles and both pages.

The other titles are gathered once for a preflight run (`shelf`) and handed to each
book as its `LedgerView`; the run's key for a book includes the ledger's bytes and the other
books' page ids (`view_keys`), so a book is checked again when another title changes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from pipeline.book.ledger import (Holding, Holdings, Ledger, board_form, book_holdings,
                                  conflict_line, conflict_pairs, ledger_facts, read_ledger)
from pipeline.readback.findings import Check
from pipeline.readback.loaded import LoadedBook

DEFAULT_LEDGER = "layouts/ledger.jsonl"


@dataclass(frozen=True)
class LedgerView:
    """What one book is checked against: the ledger, and every other title's boards; with
    the book's own boards as `book_holdings` makes them (their forms worked out once a run)."""

    ledger: Ledger
    others: Holdings
    mine: tuple[Holding, ...]


@dataclass(frozen=True)
class Shelf:
    """Every title's boards for one preflight run: each ledger the manifest names, read, and
    each book of the manifest's boards. A book's `LedgerView` is made from it where that book
    is checked (in its worker), not every view at once before any book is read."""

    ledgers: dict[Path, Ledger]
    built: dict[str, tuple[Holding, ...]]

    def view(self, book: dict) -> LedgerView:
        ledger = self.ledgers[ledger_file(book)]
        slug = book["slug"]
        others = [h for h in ledger.holdings if h.book != slug]
        others += [h for other, held in self.built.items() if other != slug for h in held]
        return LedgerView(ledger, Holdings(others), self.built[slug])


def ledger_file(book: dict) -> Path:
    return Path(book.get("ledger") or DEFAULT_LEDGER)


def view_keys(books: list[dict]) -> dict[str, str]:
    """slug -> the digest of what that book's ledger checks depend on besides its own files,
    for every book of the manifest."""
    ledger_bytes: dict[Path, bytes] = {}
    for book in books:
        path = ledger_file(book)
        if path not in ledger_bytes:
            try:
                ledger_bytes[path] = path.read_bytes()
            except OSError:
                ledger_bytes[path] = b"no ledger"
    # The other books' boards by role, not their titles or pages: those only word a
    # conflict, which fails whatever its words (a book another title renames keeps its report).
    held = {}
    for book in books:
        boards = sorted({(page.get("kind"), p.get("id")) for page in book.get("pages", [])
                         if page.get("kind") in ("puzzle", "howto")
                         for p in page.get("puzzles", [])})
        held[book["slug"]] = json.dumps([book["slug"], boards]).encode()
    ordered = sorted(held)
    keys = {}
    for book in books:
        digest = hashlib.sha256(ledger_bytes[ledger_file(book)])
        for slug in ordered:
            if slug != book["slug"]:
                digest.update(held[slug])
        keys[book["slug"]] = digest.hexdigest()
    return keys


def board_forms(ids: list[str], records: dict) -> list[tuple[str, str]]:
    """(id, `board_form`) of each board of `ids`: the costly part of a shelf, worked out
    apart (preflight spreads it over its workers)."""
    return [(board, board_form(records[board]["family"], records[board]["puzzle"]))
            for board in ids]


def shelf(books: list[dict], records: dict, forms: dict[str, str] | None = None) -> Shelf:
    """The shelf of every book of the manifest; `records` holds every printed id, `forms`
    (id -> form) the boards' forms where they are known already."""
    ledgers: dict[Path, Ledger] = {}
    built = {}
    for book in books:
        path = ledger_file(book)
        if path not in ledgers:
            ledgers[path] = read_ledger(path)
        built[book["slug"]] = tuple(book_holdings(book, records, ledgers[path], forms))
    return Shelf(ledgers, built)


def ledger_views(books: list[dict], records: dict) -> dict[str, LedgerView]:
    """slug -> its view, for every book of the manifest; `records` holds every printed id."""
    made = shelf(books, records)
    return {book["slug"]: made.view(book) for book in books}


def check_ledger(b: LoadedBook) -> Check:
    check = Check("ledger", "no board of the book is another title's (the ledger's or the "
                            "manifest's), by the family's sameness")
    view = b.ledger
    if view is None:
        check.measured = {"checked": False, "why": "no ledger view was given (the preflight "
                                                   "command gives one)"}
        return check
    mine = view.mine
    for held, found in conflict_pairs(mine, view.others, made_here=True):
        check.fail("interior", held.page, conflict_line(held, found))
    check.measured = {"checked": True, "boards": len(mine),
                      "other_titles": len({h.book for h in view.others.holdings}),
                      "other_boards": len(view.others)}
    return check


def check_ledger_row(b: LoadedBook) -> Check:
    check = Check("ledger_row", "the upload sheet's duplicated-content row says what the "
                                "ledger says of the book")
    view = b.ledger
    if view is None or b.upload is None:
        check.measured = {"checked": False}
        return check
    rows = [row for row in b.upload.get("fields", []) if row.get("key") == "duplicated_content"]
    if not rows:
        check.fail("book", None, "the upload sheet has no duplicated-content row")
        return check
    now = ledger_facts(b.book["slug"], list(view.mine), view.ledger, made_here=True)
    stated = rows[0].get("value") or {}
    for key, value in now.items():
        if stated.get(key) != value:
            check.fail("book", None, f"the sheet's duplicated-content row says {key} = "
                                     f"{stated.get(key)!r}, the ledger gives {value!r}; run "
                                     "`pipeline books` again")
    check.measured = {"checked": True, "ledger": now}
    return check
