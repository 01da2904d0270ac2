"""`pipeline diff BOOK`: the pages that changed since the book's last published edition, and
a gallery page showing each of them before, after and as an overlay.

A page is judged from its bytes: its digest is the sha256 of its decoded content streams,
the names and code-to-character tables (ToUnicode) of the font subsets and the bytes of the
images it uses, and its page boxes (pikepdf). The subsets' glyph programs are not hashed:
reportlab numbers a subset's glyphs in order of first use, and the table says what each code
means, which is what a page's bytes need besides their own; a change that adds a character
to a subset marks every page of that subset changed (never the other way round: a page whose
codes now mean other characters is never called unchanged). The digests of a
published edition are kept in the repository, beside the ledger
(layouts/editions/<slug>-<n>.pages.jsonl, a few dozen bytes a page), so which pages changed
is known after build/ is deleted; the before images need the published PDFs themselves,
which `pipeline publish` copies to build/editions/<slug>/<n>/ (an archive the publisher
keeps with what was uploaded): without them the gallery shows the after pages only.

The gallery, build/<slug>/proofs/diff.html, uses the proofs' own SVG of each page after
(drawn again when the proofs are missing) and draws the before page from the archived PDF
with the same code; the overlay lays the two over each other with `mix-blend-mode:
difference`, so what stayed is black and what moved shows. `pipeline proof` writes the
proofs folder whole, so it is run before `pipeline diff`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

from pipeline.atomic import staged_folder, write_text
from pipeline.book.ledger import (EDITIONS_FOLDER, archive_folder, choose, ledger_path,
                                  read_ledger, read_manifest_books)
from pipeline.errors import InputError
from pipeline.ranges import number_runs

GALLERY = "diff.html"
BEFORE_FOLDER = "diff"


# --- values ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PageDigests:
    interior: tuple[str, ...]      # per page, in order
    cover: tuple[str, ...]
    interior_sha256: str
    cover_sha256: str

    def text(self) -> str:
        rows = [{"file": "interior", "page": n, "sha256": d}
                for n, d in enumerate(self.interior, start=1)]
        rows += [{"file": "cover", "page": n, "sha256": d}
                 for n, d in enumerate(self.cover, start=1)]
        return "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)


@dataclass(frozen=True)
class PageChanges:
    """One file's pages, by what happened to them since the edition."""

    file: str
    unchanged: tuple[int, ...]
    changed: tuple[int, ...]
    added: tuple[int, ...]
    removed: tuple[int, ...]


# --- digests -----------------------------------------------------------------------------------
def _page_digest(page) -> str:
    import pikepdf

    digest = hashlib.sha256()
    obj = page.obj
    for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
        if box in obj:
            digest.update(f"{box}{[float(v) for v in obj[box]]}".encode())
    contents = obj.get("/Contents")
    streams = contents if isinstance(contents, pikepdf.Array) else [contents] if contents else []
    for stream in streams:
        digest.update(stream.read_bytes())
    resources = obj.get("/Resources", {})
    fonts = resources.get("/Font", {})
    for name in sorted(fonts.keys()):
        font = fonts[name]
        digest.update(f"{name}={font.get('/BaseFont')}".encode())
        # What the page's codes mean: the subset's code-to-character table (the same codes
        # meaning other characters would otherwise look unchanged).
        to_unicode = font.get("/ToUnicode")
        if to_unicode is not None:
            digest.update(to_unicode.read_bytes())
    images = resources.get("/XObject", {})
    for name in sorted(images.keys()):
        digest.update(name.encode() + images[name].read_raw_bytes())
    return digest.hexdigest()


def file_digests(path: Path) -> tuple[tuple[str, ...], str]:
    import pikepdf

    data = Path(path).read_bytes()
    with pikepdf.open(path) as pdf:
        pages = tuple(_page_digest(page) for page in pdf.pages)
    return pages, hashlib.sha256(data).hexdigest()


def page_digests(interior: Path, cover: Path) -> PageDigests:
    inner, inner_sha = file_digests(interior)
    outer, outer_sha = file_digests(cover)
    return PageDigests(inner, outer, inner_sha, outer_sha)


def edition_pages_path(slug: str, edition: int) -> str:
    """Where an edition's page digests are kept, relative to the layouts folder."""
    return f"{EDITIONS_FOLDER}/{slug}-{edition}.pages.jsonl"


def write_page_digests(layouts: Path, slug: str, edition: int, digests: PageDigests) -> str:
    name = edition_pages_path(slug, edition)
    (Path(layouts) / EDITIONS_FOLDER).mkdir(parents=True, exist_ok=True)
    write_text(Path(layouts) / name, digests.text())
    return name


def read_page_digests(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"interior": [], "cover": []}
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError:
        raise InputError("the edition's page digests are missing", file=str(path)) from None
    for number, line in enumerate(lines, start=1):
        try:
            row = json.loads(line)
            out[row["file"]].append(row["sha256"])
        except (ValueError, KeyError, TypeError):
            raise InputError("not a page digest row", file=str(path), line=number) from None
    return out


# --- comparing ---------------------------------------------------------------------------------
def compare(file: str, before: list[str], after: tuple[str, ...]) -> PageChanges:
    """Page n against page n: the same bytes, other bytes, or a page only one side has."""
    common = min(len(before), len(after))
    same = tuple(n + 1 for n in range(common) if before[n] == after[n])
    other = tuple(n + 1 for n in range(common) if before[n] != after[n])
    return PageChanges(file, same, other, tuple(range(common + 1, len(after) + 1)),
                       tuple(range(common + 1, len(before) + 1)))


def pages_text(numbers) -> str:
    return ", ".join(number_runs(numbers, dash="-")) or "none"


def diff_book(entry: dict, layouts: Path) -> tuple[object, list[PageChanges]]:
    """The book's last published edition and its pages compared with the build's."""
    ledger = read_ledger(ledger_path(layouts))
    edition = ledger.last_edition(entry["slug"])
    if edition is None:
        raise InputError(f"{entry['slug']} has no published edition in the ledger; run "
                         f"`pipeline publish {entry['slug']}`", file=str(ledger.path))
    before = read_page_digests(Path(layouts) / edition.pages)
    now = page_digests(Path(entry["interior"]), Path(entry["cover"]))
    return edition, [compare("interior", before["interior"], now.interior),
                     compare("cover", before["cover"], now.cover)]


# --- the gallery -------------------------------------------------------------------------------
_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#e9e9ee;color:#222}
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ccc}
h1{font-size:18px;margin:0 0 4px}
section{padding:12px 20px}
.row{display:flex;gap:16px;align-items:flex-start}
figure{margin:0}
figure img{display:block;width:300px;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.35)}
.overlay{position:relative;width:300px}
.overlay img+img{position:absolute;left:0;top:0;mix-blend-mode:difference}
figcaption{font-size:12px;color:#555;margin-top:4px}
.missing{width:300px;height:120px;display:flex;align-items:center;justify-content:center;
background:#f7f7f7;color:#888;font-size:12px;text-align:center}
"""


def _svg_pages(pdf: Path, numbers, title: str) -> dict[int, str]:
    from pipeline.readback.reader import open_pdf
    from pipeline.readback.svg import Coordinates, Numbers, page_svg

    document = open_pdf(pdf)
    outlines: dict = {}
    numbers_cache, coordinates = Numbers(), Coordinates()
    return {n: page_svg(document.page(n), (), f"{title}: page {n}", outlines, numbers_cache,
                        coordinates)
            for n in numbers if 1 <= n <= document.page_count}


def _after_name(file: str, number: int, count: int) -> str:
    from pipeline.readback.proof import page_file

    return "cover.svg" if file == "cover" else page_file(number, count)


def write_gallery(entry: dict, edition, changes: list[PageChanges]) -> Path:
    """build/<slug>/proofs/diff.html, and the before pages it shows under proofs/diff/."""
    proofs = Path(entry["interior"]).parent / "proofs"
    with staged_folder(proofs / BEFORE_FOLDER) as staging:   # swapped in whole, then the page
        html = _gallery_html(entry, edition, changes, proofs, staging)
    write_text(proofs / GALLERY, html)
    return proofs / GALLERY


def _gallery_html(entry: dict, edition, changes: list[PageChanges], proofs: Path,
                  staging: Path) -> str:
    """The gallery page, its before (and missing after) pages written into `staging`, which
    becomes proofs/diff/."""
    title = entry.get("title", entry["slug"])
    count = entry["page_count"]
    archive = archive_folder(entry, edition.edition)
    sections = []
    for change in changes:
        shown = change.changed + change.added + change.removed
        if not shown:
            continue
        name = Path(entry[change.file]).name
        old_pdf = archive / name
        before = _svg_pages(old_pdf, change.changed + change.removed, title) \
            if old_pdf.exists() else {}
        missing_after = [n for n in change.changed + change.added
                         if not (proofs / _after_name(change.file, n, count)).exists()]
        after = _svg_pages(Path(entry[change.file]), missing_after, title)
        for number in shown:
            old = f"{BEFORE_FOLDER}/{change.file}-{number:04d}-before.svg"
            if number in before:
                write_text(staging / Path(old).name, before[number])
            new = _after_name(change.file, number, count)
            if number in after:
                new = f"{BEFORE_FOLDER}/{change.file}-{number:04d}-after.svg"
                write_text(staging / Path(new).name, after[number])
            what = ("changed" if number in change.changed else
                    "added" if number in change.added else "removed")
            before_html = (f'<img src="{old}" alt="before">' if number in before else
                           f'<div class="missing">before: edition {edition.edition}\'s PDF is '
                           f'not in {escape(str(archive))}</div>')
            after_html = ('<img src="%s" alt="after">' % new if what != "removed" else
                          '<div class="missing">removed</div>')
            overlay = (f'<div class="overlay"><img src="{old}" alt=""><img src="{new}" '
                       'alt=""></div>' if number in before and what == "changed" else
                       '<div class="missing">no overlay</div>')
            sections.append(
                f'<section><h2>{change.file} page {number}: {what}</h2><div class="row">'
                f"<figure>{before_html}<figcaption>before (edition {edition.edition})"
                f"</figcaption></figure><figure>{after_html}<figcaption>after (this build)"
                f"</figcaption></figure><figure>{overlay}<figcaption>overlay (difference: "
                "black where nothing changed)</figcaption></figure></div></section>")
    summary = "".join(
        f"<p>{c.file}: changed {pages_text(c.changed)}; added {pages_text(c.added)}; removed "
        f"{pages_text(c.removed)}; unchanged {pages_text(c.unchanged)}</p>" for c in changes)
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{escape(title)}: "
            f"changes since edition {edition.edition}</title><style>{_CSS}</style></head><body>"
            f"<header><h1>{escape(title)}: changes since edition {edition.edition}</h1>"
            f"{summary}<p><a href=\"index.html\">all pages</a></p></header>"
            + ("".join(sections) or "<section>No page changed.</section>") + "</body></html>")


def run_diff(slug: str, layouts: Path, manifest: Path, *, gallery: bool = True) -> int:
    (entry,) = choose(read_manifest_books(manifest), [slug], manifest)
    edition, changes = diff_book(entry, layouts)
    print(f"{slug}: this build against edition {edition.edition}")
    for change in changes:
        print(f"{change.file}: changed {pages_text(change.changed)}; added "
              f"{pages_text(change.added)}; removed {pages_text(change.removed)}; unchanged "
              f"{pages_text(change.unchanged)}")
    if gallery:
        print(f"gallery: {write_gallery(entry, edition, changes)}", file=sys.stderr)
    return 0
