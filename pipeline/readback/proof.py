"""SVG proofs: every page of a book's interior and its cover as SVG, and a gallery to page
through them, written to build/<slug>/proofs/.

The gallery (index.html) is plain HTML and CSS with no script and no network request: pages
as thumbnails in reading spreads (even page left, odd page right), each a link to its SVG, with
the preflight findings beside the page they concern. A checkbox switches the guides layer on
in the thumbnails and in the pages they open (the SVG shows it under the fragment #guides).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from pathlib import Path

from pipeline.atomic import staged_folder
from pipeline.book.printers import PrinterProfile, Trim, get_profile
from pipeline.geometry import Box
from pipeline.readback.checks import run_checks
from pipeline.readback.loaded import (catalog_records, load_book, open_document, read_manifest,
                                      read_upload_sheet, reading_back, select_books)
from pipeline.readback.report import book_report, file_sha256
from pipeline.readback.reader import PageContent, PdfDocument, open_pdf
from pipeline.readback.upload_page import UPLOAD_PAGE, upload_html
from pipeline.readback.svg import GUIDE_STYLES, Coordinates, Guide, Numbers, page_svg

GUIDE_NAMES = {"bleed": "bleed", "trim": "trim", "live": "printer's margins",
               "gutter": "gutter", "spine": "spine", "safe": "cover safe zone",
               "barcode": "barcode box"}


@dataclass(frozen=True)
class BookFrame:
    """What the guides need: the printer's rules for this book's trim, bleed and page count."""

    profile: PrinterProfile
    trim: Trim
    bleed: bool
    paper: str
    page_count: int

    @classmethod
    def of(cls, book: dict, page_count: int) -> "BookFrame":
        trim = Trim(Fraction(str(book["trim_in"]["width"])),
                    Fraction(str(book["trim_in"]["height"])))
        return cls(get_profile(book.get("printer", "kdp")), trim,
                   float(book.get("interior_bleed_in", 0)) > 0, book.get("paper", "white"),
                   page_count)


def _box(box) -> Box:
    return Box(box.x0, box.y0, box.x1, box.y1)


def interior_guides(frame: BookFrame, page: PageContent) -> list[Guide]:
    n = page.number
    trim = page.trim
    margins = frame.profile.margins_in(frame.bleed, frame.page_count)
    live = _box(frame.profile.live_area_pt(frame.trim, frame.bleed, n, frame.page_count))
    guides = []
    if page.bleed_box is not None and page.bleed_box != trim:
        guides.append(Guide("bleed", "bleed", page.bleed_box))
    guides.append(Guide("trim", "trim", trim))
    # The gutter: on the left of odd pages, on the right of even pages.
    gutter = (Box(trim.x0, trim.y0, live.x0, trim.y1) if n % 2
              else Box(live.x1, trim.y0, trim.x1, trim.y1))
    guides.append(Guide("gutter", f"gutter {float(margins['inside']):g} in "
                                  f"({frame.page_count} pages)", gutter))
    guides.append(Guide("live", f"margins: {float(margins['outside']):g} in outside, top and "
                                f"bottom; {float(margins['inside']):g} in inside", live))
    return guides


def cover_guides(frame: BookFrame, page: PageContent) -> list[Guide]:
    g = frame.profile.cover_geometry(frame.trim, frame.paper, frame.page_count)
    guides = [Guide("bleed", f"bleed {float(g.bleed_in):g} in", page.media_box),
              Guide("trim", "back cover trim", _box(g.back)),
              Guide("trim", "front cover trim", _box(g.front)),
              Guide("spine", f"spine {float(g.spine_in):.4f} in", _box(g.spine)),
              Guide("safe", f"safe zone {float(g.safe_zone_in):g} in", _box(g.back_safe)),
              Guide("safe", f"safe zone {float(g.safe_zone_in):g} in", _box(g.front_safe)),
              Guide("barcode", "barcode box", _box(g.barcode))]
    if g.spine_text_box is not None:
        guides.append(Guide("safe", "spine text area", _box(g.spine_text_box)))
    return guides


def page_file(number: int, count: int) -> str:
    return f"interior-{number:0{max(3, len(str(count)))}d}.svg"


# ---------------------------------------------------------------------------------------------
# The gallery

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#e9e9ee;color:#222}
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ccc;position:sticky;top:0;z-index:1}
h1{font-size:18px;margin:0 0 4px}
.status{font-weight:600}.pass{color:#176b2c}.fail{color:#a4161a}
main{padding:16px 20px}
.spread{display:flex;justify-content:center;gap:0;margin:0 0 22px}
.slot{width:220px;display:flex;flex-direction:column}
.slot.left{align-items:flex-end}.slot.right{align-items:flex-start}
figure{margin:0;display:flex;flex-direction:column}
figure img{display:block;width:200px;height:auto;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.35)}
figcaption{font-size:12px;color:#555;margin-top:4px}
.notes{width:210px;font-size:12px;margin:0 8px}
.notes ul{margin:4px 0;padding-left:16px;color:#a4161a}
.cover img{width:460px}
.with-guides{display:none}
#show-guides:checked ~ main .with-guides{display:block}
#show-guides:checked ~ main .plain{display:none}
.book-findings{color:#a4161a}
.legend{display:none;font-size:12px;margin-top:4px}
.legend span{display:inline-block;margin-right:12px}
.legend i{display:inline-block;width:18px;height:10px;margin-right:4px;vertical-align:middle}
#show-guides:checked ~ header .legend{display:block}
#show-guides{position:absolute;opacity:0;pointer-events:none}
label[for=show-guides]{display:inline-block;border:1px solid #888;border-radius:4px;padding:1px 8px;
cursor:pointer;background:#f4f4f4}
#show-guides:checked ~ header label[for=show-guides]{background:#cfe3ff;border-color:#1f77b4}
#show-guides:focus-visible ~ header label[for=show-guides]{outline:2px solid #1f77b4}
table.checks{border-collapse:collapse;font-size:12px;margin-top:6px}
table.checks td{padding:1px 8px 1px 0;vertical-align:top}
"""


def _figure(src: str, alt: str, caption: str, css: str = "") -> str:
    """A thumbnail that links to its SVG; the with-guides twin loads only when shown."""
    return (f'<figure class="{css}">'
            f'<a class="plain" href="{src}"><img src="{src}" alt="{escape(alt)}"></a>'
            f'<a class="with-guides" href="{src}#guides"><img src="{src}#guides" '
            f'alt="{escape(alt)} with guides" loading="lazy"></a>'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _notes(findings: list[dict]) -> str:
    if not findings:
        return ""
    items = "".join(f"<li>{escape(f['check'])}: {escape(f['message'])}</li>" for f in findings)
    return f'<div class="notes"><ul>{items}</ul></div>'


def gallery_html(book: dict, page_count: int, kinds: dict, report: dict | None) -> str:
    """index.html: the cover, then the interior in spreads with the findings beside them."""
    by_page: dict[tuple[str, int | None], list[dict]] = {}
    for check in (report or {}).get("checks", []):
        for finding in check["findings"]:
            key = (finding["document"], finding["page"])
            by_page.setdefault(key, []).append({"check": check["name"], **finding})
    status = ""
    rows = ""
    if report is not None:
        passed = report["passed"]
        status = (f'<span class="status {"pass" if passed else "fail"}">preflight '
                  f'{"passed" if passed else "failed"}</span>')
        rows = "".join(
            f'<tr><td class="{"pass" if c["passed"] else "fail"}">'
            f'{"ok" if c["passed"] else "FAIL"}</td><td>{escape(c["name"])}</td>'
            f'<td>{escape(c["title"])}</td></tr>' for c in report["checks"])
    book_level = [f for (doc, page), items in by_page.items() if page is None or doc == "book"
                  for f in items]
    parts = [
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Proofs: {escape(book.get('title', book['slug']))}</title>",
        f"<style>{_CSS}</style></head><body>",
        '<input type="checkbox" id="show-guides">',
        "<header>",
        f"<h1>{escape(book.get('title', book['slug']))}</h1>",
        f"<div>{page_count} interior pages and the cover, {escape(str(book.get('printer')))} "
        f"{escape(str(book['trim_in']['width']))} x {escape(str(book['trim_in']['height']))} in. "
        f"{status} <label for=\"show-guides\">show guides (trim, bleed, margins, gutter; spine, "
        f"safe zone, barcode box)</label></div>",
    ]
    if book.get("upload"):
        parts.append(f'<div><a href="{UPLOAD_PAGE}">upload sheet</a>: what to enter in the '
                     "printer's setup form</div>")
    legend = "".join(
        f'<span><i style="border:2px {"dashed" if dash else "solid"} '
        f'{stroke if stroke != "none" else "transparent"};background:{fill if fill != "none" else "transparent"}">'
        f"</i>{escape(GUIDE_NAMES[kind])}</span>"
        for kind, (stroke, dash, fill) in GUIDE_STYLES.items())
    parts.append(f'<div class="legend">{legend}</div>')
    if rows:
        parts.append(f'<details><summary>preflight checks</summary><table class="checks">'
                     f"{rows}</table></details>")
    if book_level:
        parts.append('<ul class="book-findings">' + "".join(
            f"<li>{escape(f['check'])} ({escape(f['document'])}): {escape(f['message'])}</li>"
            for f in book_level) + "</ul>")
    parts.append("</header><main>")
    parts.append('<section class="spread cover">'
                 + _figure("cover.svg", "Cover", "cover (back, spine, front)")
                 + _notes(by_page.get(("cover", 1), [])) + "</section>")

    def slot(number: int | None, side: str) -> str:
        if number is None:
            return f'<div class="slot {side}"></div>'
        caption = f"page {number}" + (f" · {kinds[number]}" if number in kinds else "")
        return (f'<div class="slot {side}">'
                + _figure(page_file(number, page_count), f"Page {number}", caption)
                + "</div>")

    # Reading spreads: page 1 alone on the right, then (2, 3), (4, 5), ...
    spreads = [(None, 1)] + [(n, n + 1 if n + 1 <= page_count else None)
                             for n in range(2, page_count + 1, 2)]
    for left, right in spreads:
        notes_left = _notes(by_page.get(("interior", left), [])) if left else ""
        notes_right = _notes(by_page.get(("interior", right), [])) if right else ""
        parts.append(f'<section class="spread">'
                     f'<div class="notes">{notes_left}</div>{slot(left, "left")}'
                     f'{slot(right, "right")}<div class="notes">{notes_right}</div></section>')
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------
# Writing a book's proofs


def fresh_report(book: dict, root: Path = Path(".")) -> dict | None:
    """build/<slug>/preflight.json when it was made from the PDFs as they are now."""
    path = (root / book["interior"]).parent / "preflight.json"
    if not path.exists():
        return None
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
        if (report.get("interior_sha256") != file_sha256(root / book["interior"])
                or report.get("cover_sha256") != file_sha256(root / book["cover"])):
            return None
    except (OSError, json.JSONDecodeError, AttributeError):
        return None
    return report


@dataclass(frozen=True)
class ProofResult:
    folder: Path
    pages: int
    seconds: float


def write_proofs(book: dict, *, report: dict | None = None, root: Path = Path("."),
                 interior: PdfDocument | None = None, cover: PdfDocument | None = None,
                 pages: list[PageContent] | None = None,
                 cover_page: PageContent | None = None) -> ProofResult:
    """Write build/<slug>/proofs/ whole, or leave the previous proofs as they were. `pages`
    and `cover_page`, when given, are the PDFs' pages already read back (by preflight): they
    are drawn as they are, not read again."""
    started = time.perf_counter()
    interior = interior or open_pdf(root / book["interior"])
    cover = cover or open_pdf(root / book["cover"])
    count = interior.page_count
    frame = BookFrame.of(book, count)
    folder = (root / book["interior"]).parent / "proofs"
    with staged_folder(folder) as staging:
        title = book.get("title", book["slug"])
        outlines: dict = {}
        numbers, coordinates = Numbers(), Coordinates()
        for page in (pages if pages is not None else interior.pages()):
            svg = page_svg(page, interior_guides(frame, page), f"{title}: page {page.number}",
                           outlines, numbers, coordinates)
            (staging / page_file(page.number, count)).write_text(svg, encoding="utf-8")
        cover_page = cover_page if cover_page is not None else cover.page(1)
        (staging / "cover.svg").write_text(
            page_svg(cover_page, cover_guides(frame, cover_page), f"{title}: cover", outlines),
            encoding="utf-8")
        kinds = {entry["number"]: entry.get("kind", "") for entry in book.get("pages", [])}
        (staging / "index.html").write_text(gallery_html(book, count, kinds, report),
                                            encoding="utf-8")
        sheet = read_upload_sheet(book, root)
        if sheet is not None:
            (staging / UPLOAD_PAGE).write_text(upload_html(sheet, title, report),
                                               encoding="utf-8")
    return ProofResult(folder, count + 1, time.perf_counter() - started)


def run(args) -> int:
    """`pipeline proof [BOOK ...]`: SVG proofs and the gallery for each book of the manifest."""
    manifest = Path(args.manifest)
    books = select_books(read_manifest(manifest), args.books, manifest)
    records = None
    for book in books:
        report = fresh_report(book)
        if report is None:  # findings beside the pages need a preflight of these very PDFs
            if records is None:
                records = catalog_records(args.catalog, books)
            with reading_back():
                b = load_book(book, records, manifest=str(manifest))
                report = book_report(b, run_checks(b))
                result = write_proofs(book, report=report, interior=b.interior, cover=b.cover,
                                      pages=b.pages, cover_page=b.cover_page)
                del b
        else:
            interior = open_document(book, "interior", Path("."), str(manifest))
            cover = open_document(book, "cover", Path("."), str(manifest))
            with reading_back():
                result = write_proofs(book, report=report, interior=interior, cover=cover)
        print(f"{book['slug']}: {result.pages} pages proofed in {result.seconds:.1f} s -> "
              f"{result.folder / 'index.html'}")
    return 0
