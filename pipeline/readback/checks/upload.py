"""The upload sheet against the files: what the publisher types into the printer's form must be
what the book prints and what the PDFs measure.

KDP's manual review rejects a book whose title, subtitle or author differ between the setup
form, the title page, the copyright page, the cover and the spine; a trim or page count that
differs from the files is the most common rejection (docs/readback.md). The sheet is
build/<slug>/upload.json (pipeline/book/upload.py); these checks read it as data and judge the
PDFs as read back, never the layout.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from pipeline.geometry import Box
from pipeline.readback.labels import printed_label
from pipeline.readback.findings import Check, same_box
from pipeline.readback.loaded import LoadedBook

# How the copyright page words the title and the author (pipeline/book/build.py,
# front_matter). The read-back keeps its own copy on purpose: it judges what is printed.
COPYRIGHT_TITLE = "{title}: {subtitle}"
COPYRIGHT_AUTHOR = "By {author}"
SPINE_TEXTS = ("{title}", "{title} · {author}")
VOLUME_TEXT = "Volume {number}"   # a volume of a series: title page, cover front and spine
LONGEST_SPAN = 8  # printed lines a wrapped title or subtitle may take


def _value(sheet: dict, key: str):
    for row in sheet.get("fields", []):
        if row.get("key") == key:
            return row.get("value")
    return None


def _plain(text: str) -> str:
    return " ".join(text.split())


def runs(glyphs, box: Box | None = None) -> list[str]:
    """The printed lines of some glyphs, one per show operation, in painting order; with `box`,
    only the lines whose inked glyphs lie in it (spaces have no ink, so a line is kept or left
    whole)."""
    lines: dict[int, list] = {}
    for glyph in glyphs:
        if glyph.visible:
            lines.setdefault(glyph.run, []).append(glyph)
    out = []
    for line in lines.values():
        if box is not None and not any(_inside(glyph, box) for glyph in line):
            continue
        text = _plain("".join(glyph.text for glyph in line))
        if text:
            out.append(text)
    return out


def spans(lines: list[str]) -> set[str]:
    """Every run of consecutive lines joined with a space: a wrapped paragraph reads whole."""
    out = set()
    for start in range(len(lines)):
        for end in range(start + 1, min(len(lines), start + LONGEST_SPAN) + 1):
            out.add(" ".join(lines[start:end]))
    return out


def _inside(glyph, box: Box) -> bool:
    if glyph.ink is None:
        return False
    x = (glyph.ink.x0 + glyph.ink.x1) / 2
    y = (glyph.ink.y0 + glyph.ink.y1) / 2
    return box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1


TEXT_ROWS = ("title", "subtitle", "author")   # the sheet's rows the pages print


def _no_sheet(check: Check, b: LoadedBook) -> bool:
    """True when there is nothing to compare. A manifest entry that names no sheet passes,
    measured as `upload_sheet: None` (the read-back's hand-made test books have none; every
    book `pipeline books` writes names one, which tests/test_upload.py holds it to); a sheet
    it names that cannot be read fails."""
    if b.book.get("upload") is None:
        check.measured = {"upload_sheet": None}
        return True
    if b.upload is None:
        check.fail("book", None, f"the upload sheet {b.book['upload']} cannot be read; run "
                                 "`pipeline books`")
        return True
    return False


def _against_sheet(name: str, description: str):
    """A check of the pages against the upload sheet: `body(check, b, sheet)` runs only when
    there is a sheet to compare (`_no_sheet`)."""
    def made(body):
        @functools.wraps(body)
        def run(b: LoadedBook) -> Check:
            check = Check(name, description)
            if not _no_sheet(check, b):
                body(check, b, b.upload)
            return check
        return run
    return made


@_against_sheet("upload_text", "title, subtitle and author on the title page, the copyright "
                               "page, the cover front and the spine equal the upload sheet's")
def check_upload_text(check: Check, b: LoadedBook, sheet: dict) -> None:
    # The sheet's rows, "" where one is missing (a book may have no subtitle).
    title, subtitle, author = (_value(sheet, row) or "" for row in TEXT_ROWS)
    for what, text in (("title", title), ("author", author)):
        if not text:   # nothing to compare the pages with: never a pass
            check.fail("book", None, f"the upload sheet has no {what} row (or it is empty)")
    series = _value(sheet, "series") or {}
    volume = VOLUME_TEXT.format(number=series["number"]) if isinstance(series, dict) \
        and series.get("number") else ""
    if volume:   # the spine prints the volume after the title
        spine_title = f"{title} · {volume}"
    else:
        spine_title = title
    fronts = [entry["number"] for entry in b.entries("front")]
    g = b.cover_geometry()
    places = []
    if len(fronts) >= 1 and b.page(fronts[0]):
        places.append(("interior", fronts[0], "the title page", runs(b.page(fronts[0]).glyphs),
                       [("title", title), ("subtitle", subtitle), ("author", author),
                        ("volume", volume)]))
    else:
        check.fail("interior", None, "the manifest names no title page (kind front)")
    if len(fronts) >= 2 and b.page(fronts[1]):
        heading = printed_label(COPYRIGHT_TITLE, title=title, subtitle=subtitle) if subtitle \
            else title
        places.append(("interior", fronts[1], "the copyright page",
                       runs(b.page(fronts[1]).glyphs),
                       [("title and subtitle", heading),
                        ("author", printed_label(COPYRIGHT_AUTHOR, author=author))]))
    else:
        check.fail("interior", None, "the manifest names no copyright page (kind front)")
    front = Box(*g.front.as_tuple())
    places.append(("cover", 1, "the cover front", runs(b.cover_page.glyphs, front),
                   [("title", title), ("subtitle", subtitle), ("author", author),
                    ("volume", volume)]))
    found = {}
    for document, page, place, lines, wanted in places:
        printed = spans(lines)
        for what, text in wanted:
            if not text:
                continue
            ok = _plain(text) in printed
            found[f"{place}: {what}"] = ok
            if not ok:
                check.fail(document, page, f"{place} does not print the sheet's {what} "
                                           f"{text!r} (it prints {lines[:4]})")
    spine = Box(*g.spine.as_tuple())
    on_spine = runs(b.cover_page.glyphs, spine)
    if on_spine:
        allowed = {_plain(form.format(title=spine_title, author=author))
                   for form in SPINE_TEXTS}
        printed = " ".join(on_spine)
        found["the spine"] = printed in allowed
        if printed not in allowed:
            check.fail("cover", 1, f"the spine prints {printed!r}, the sheet's title and "
                                   f"author give {sorted(allowed)}")
    check.measured = {"title": title, "subtitle": subtitle, "author": author,
                      "spine_text": " ".join(on_spine) or None, "found": found}


@_against_sheet("upload_files", "the upload sheet's page count, trim, bleed, spine width and "
                                "file hashes equal the PDFs'")
def check_upload_files(check: Check, b: LoadedBook, sheet: dict) -> None:
    pages = _value(sheet, "page_count")
    if pages != b.page_count:
        check.fail("interior", None, f"the sheet says {pages} pages, interior.pdf has "
                                     f"{b.page_count}")
    trim = _value(sheet, "trim") or {}
    try:
        width, height = (Fraction(str(trim[side])) for side in ("width", "height"))
    except (KeyError, TypeError, ValueError):
        width = height = None
        check.fail("book", None, f"the sheet's trim {trim!r} is not a width and height")
    measured_trims = set()
    bleeds = set()
    for page in b.pages:
        box = page.trim
        measured_trims.add((round(box.width / 72, 4), round(box.height / 72, 4)))
        bleeds.add(page.bleed_box is not None and not same_box(page.bleed_box, box))
    if width is not None and measured_trims != {(round(float(width), 4),
                                                 round(float(height), 4))}:
        check.fail("interior", None, f"the sheet's trim is {float(width):g} x "
                                     f"{float(height):g} in, the interior's TrimBoxes are "
                                     f"{sorted(measured_trims)} in")
    bleed = _value(sheet, "bleed")
    if bleeds != {bool(bleed)}:
        check.fail("interior", None, f"the sheet says bleed {bleed}, the interior's pages "
                                     f"have bleed {sorted(bleeds)}")
    spine = _value(sheet, "spine_width")
    formula = float(b.cover_geometry().spine_in)
    if spine is None or abs(float(spine) - formula) > 1e-4:
        check.fail("cover", 1, f"the sheet's spine width {spine} in is not the "
                               f"{formula:.6f} in the interior's page count gives")
    for key, document, digest in (("interior_file", "interior", b.interior_sha256),
                                  ("cover_file", "cover", b.cover_sha256)):
        named = (_value(sheet, key) or {}).get("sha256")
        if named != digest:
            check.fail(document, None, f"the sheet names {document} sha256 {named}, the file "
                                       f"read has {digest}")
    check.measured = {"sheet_pages": pages, "pdf_pages": b.page_count, "sheet_trim_in": trim,
                      "pdf_trims_in": sorted(measured_trims), "sheet_bleed": bleed,
                      "sheet_spine_in": spine, "formula_spine_in": round(formula, 6)}
