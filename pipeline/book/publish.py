"""`pipeline publish` and `pipeline ledger`: recording built books in the ledger, and showing
who holds what.

Publishing is the publisher's act, not the build's: a book is published when its files go to
the printer, and `pipeline publish BOOK` records then what it prints (every board, its role
and page) and its edition (a digest of every page, for `pipeline diff`). A board once held as
a puzzle stays held by that title for ever, even when its layout is retired or a later
edition prints other boards; a title's how-to boards are those of its last edition (a how-to
board is not sold, so an edition that changes them frees the old ones).

Publishing refuses a book one of whose puzzles another title holds (one line naming both
titles and both pages). A book whose only clash is a how-to board another title sells as a
puzzle has its puzzles recorded and nothing else, and is told to build again (its how-to
pages then draw around the new rows) and publish again: that is how a set of books built
before the ledger existed is published (docs/books.md, "The publication ledger").
"""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from pipeline.book.ledger import (Edition, Holdings, archive_folder, book_holdings, choose,
                                  conflicts, ledger_path, read_ledger, read_manifest_books,
                                  write_ledger)
from pipeline.atomic import staged_folder
from pipeline.errors import InputError
from pipeline.readback.diff import page_digests, pages_text, write_page_digests

def printed_records(entries: list[dict], catalog_path: Path) -> dict:
    """id -> {"family", "level", "puzzle"} of every board the entries print, from the catalog
    and, for frozen books, their locks."""
    from pipeline.catalog import Catalog

    ids = sorted({p["id"] for e in entries for page in e.get("pages", [])
                  for p in page.get("puzzles", [])})
    out: dict = {}
    for entry in entries:
        lock = entry.get("lock")
        if lock and Path(lock).exists():
            for line in Path(lock).read_text(encoding="utf-8").splitlines():
                if line.strip():
                    r = json.loads(line)
                    out[r["id"]] = {"family": r["family"], "level": r["level"],
                                    "puzzle": r["puzzle"]}
    wanted = [i for i in ids if i not in out]
    if wanted and Path(catalog_path).exists():
        with Catalog(catalog_path) as catalog:
            for start in range(0, len(wanted), 500):
                for r in catalog.records(ids=wanted[start:start + 500]):
                    out[r.id] = {"family": r.family, "level": r.level, "puzzle": r.puzzle}
    return out


# --- publish -----------------------------------------------------------------------------------
def publish(slugs, layouts: Path, manifest: Path, catalog_path: Path) -> int:
    """Record the books: first every book's puzzles (each against every other title, those
    recorded a moment before included), then, for each book whose how-to boards no other
    title sells, its how-to rows and its edition. Exit status 1 when a book was refused or
    only its puzzles were recorded."""
    ledger = read_ledger(ledger_path(layouts))
    entries = choose(read_manifest_books(manifest), slugs, manifest)
    for entry in entries:
        sold_against = Path(entry.get("ledger") or ledger.path)
        if sold_against.resolve() != ledger.path.resolve():
            raise InputError(f"{entry['slug']} was built against the ledger {sold_against}, "
                             f"not {ledger.path} (pass its folder as --layouts-dir)",
                             file=str(manifest), field="ledger")
    records = printed_records(entries, catalog_path)
    holdings = list(ledger.holdings)
    editions = list(ledger.editions)
    status = 0
    numbers, kept = {}, []
    for entry in entries:
        slug = entry["slug"]
        mine = book_holdings(entry, records, ledger)
        refused = conflicts([h for h in mine if h.role == "puzzle"],
                            Holdings(h for h in holdings if h.book != slug))
        if refused:
            for line in refused:
                print(f"{slug}: not published: {line}", file=sys.stderr)
            status = 1
            continue
        last = ledger.last_edition(slug)
        numbers[slug] = 1 if last is None else last.edition + 1
        held = {h.board for h in holdings if h.book == slug and h.role == "puzzle"}
        holdings += [replace(h, edition=numbers[slug]) for h in mine
                     if h.role == "puzzle" and h.board not in held]
        kept.append((entry, mine, last))
    for entry, mine, last in kept:
        slug, number = entry["slug"], numbers[entry["slug"]]
        how_to = [h for h in mine if h.role == "howto"]
        clashes = conflicts(how_to, Holdings(h for h in holdings if h.book != slug))
        if clashes:
            for line in clashes:
                print(f"{slug}: puzzles recorded, how-to pages not: {line}; run `pipeline "
                      f"books {slug}` and publish it again", file=sys.stderr)
            status = 1
            continue
        digests = page_digests(Path(entry["interior"]), Path(entry["cover"]))
        if last is not None and _same_pages(layouts, last, digests):
            print(f"{slug}: edition {last.edition} is already published with these pages",
                  file=sys.stderr)
            number = last.edition
        else:
            pages = write_page_digests(layouts, slug, number, digests)
            editions.append(Edition(slug, entry.get("title", slug), number, pages,
                                    digests.interior_sha256, digests.cover_sha256,
                                    entry["page_count"], entry.get("series"),
                                    entry.get("volume")))
            _archive(entry, number)
            print(f"{slug}: published edition {number} ({len(how_to)} how-to boards)",
                  file=sys.stderr)
        holdings = [h for h in holdings if not (h.book == slug and h.role == "howto")]
        holdings += [replace(h, edition=number) for h in how_to]
    write_ledger(ledger, holdings, editions)
    return status


def _same_pages(layouts: Path, edition: Edition, digests) -> bool:
    path = layouts / edition.pages
    return path.exists() and path.read_text(encoding="utf-8") == digests.text()


def _archive(entry: dict, number: int) -> None:
    """A copy of the published PDFs under build/editions/<slug>/<n>/: the diff gallery draws
    its before images from them (the ledger's page digests say what changed without them)."""
    with staged_folder(archive_folder(entry, number)) as staging:   # both PDFs or neither
        for field in ("interior", "cover"):
            shutil.copyfile(entry[field], staging / Path(entry[field]).name)


# --- pipeline ledger ---------------------------------------------------------------------------
def _ranges(boards: list[str]) -> str:
    """Board ids as key ranges by family and level: "<family>-<level> 101-200; ..."."""
    groups: dict[str, list[int]] = {}
    for board in boards:
        stem, _, number = board.rpartition("-")
        groups.setdefault(stem, []).append(int(number))
    return "; ".join(f"{stem} {pages_text(sorted(numbers))}" for stem, numbers in groups.items())


def show_ledger(slugs, layouts: Path, manifest: Path, catalog_path: Path, *,
                boards: bool = False) -> int:
    """Every title the ledger knows, what it holds, and every built book's conflicts with
    the other titles (the ledger's and the manifest's), one line each; exit 1 on a conflict."""
    ledger = read_ledger(ledger_path(layouts))
    titles = sorted({h.book for h in ledger.holdings} | {e.book for e in ledger.editions})
    for slug in titles:
        if slugs and slug not in slugs:
            continue
        mine = ledger.of(slug)
        last = ledger.last_edition(slug)
        puzzles = [h.board for h in mine if h.role == "puzzle"]
        how_to = sorted({h.board for h in mine if h.role == "howto"})
        name = (last.title if last else mine[0].title)
        series = f", {last.series} volume {last.volume}" if last and last.series else ""
        print(f"{slug} ({name!r}{series}): edition {last.edition if last else 'none'}; "
              f"{len(puzzles)} puzzles ({_ranges(puzzles)}); how-to {_ranges(how_to)}")
        if boards:
            for h in sorted(mine, key=lambda h: (h.role, h.page, h.board)):
                print(f"  {h.board}\t{h.role}\tpage {h.page}\tedition {h.edition}")
    try:
        built = read_manifest_books(manifest)
    except InputError:
        built = {}
    status = 0
    if built:
        records = printed_records(list(built.values()), catalog_path)
        held = {slug: book_holdings(entry, records, ledger) for slug, entry in built.items()}
        for slug in sorted(built):
            if slugs and slug not in slugs:
                continue
            if slug not in titles:
                print(f"{slug}: built, not published")
            others = Holdings([h for h in ledger.holdings if h.book != slug]
                              + [h for other, hs in held.items() if other != slug for h in hs])
            for line in conflicts(held[slug], others):
                print(f"conflict: {line}")
                status = 1
    if status == 0:
        print("no two titles share a board", file=sys.stderr)
    return status
