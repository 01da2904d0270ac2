"""Preflight: every print check, judged from the PDFs read back and the printer's profile.

Each check reports what it measured (the worst value found and where), so a pass says how
close it came and a failure says what to fix. Checks run on the marks the reader finds in the
bytes the printer gets, never on the layout's intentions; the printer's numbers come from the
book layer's profile table (pipeline/book/printers.toml), which is data, not layout code.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

from pipeline.book.printers import BUFFER_PT, PT_PER_IN, PrinterProfile, Trim, get_profile
from pipeline.errors import InputError
from pipeline.geometry import Box
from pipeline.readback.answers import answer_leaks, describe
from pipeline.readback.barcode import decode_bars
from pipeline.readback.reader import (Glyph, ImageMark, PageContent, PathMark, PdfDocument,
                                      open_pdf)

TOLERANCE_PT = 0.01  # page sizes: PDFs store points to a few decimals
SHOWN_PER_CHECK = 40  # findings kept in the report per check (the count is always complete)


@dataclass(frozen=True)
class Finding:
    document: str  # interior, cover or book
    page: int | None
    message: str

    def to_dict(self) -> dict:
        return {"document": self.document, "page": self.page, "message": self.message}


@dataclass
class Check:
    name: str
    title: str
    measured: dict = field(default_factory=dict)
    findings: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.findings

    def fail(self, document: str, page: int | None, message: str) -> None:
        self.findings.append(Finding(document, page, message))

    def to_dict(self) -> dict:
        return {"name": self.name, "title": self.title, "passed": self.passed,
                "measured": self.measured, "failures": len(self.findings),
                "findings": [f.to_dict() for f in self.findings[:SHOWN_PER_CHECK]]}


@dataclass
class BookUnderTest:
    """One book of the manifest with its PDFs read back."""

    book: dict
    profile: PrinterProfile
    trim: Trim
    bleed: bool
    interior: PdfDocument
    pages: list[PageContent]
    cover: PdfDocument
    cover_page: PageContent
    records: dict  # puzzle id -> record dict (family, puzzle, solution)

    @property
    def page_count(self) -> int:
        """The final page count, as the printer will count it: the PDF's."""
        return self.interior.page_count


def open_document(book: dict, field: str, root: Path, manifest: str) -> PdfDocument:
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


def check_manifest_entry(book, manifest: str) -> None:
    """The fields the read-back needs, as DESIGN.md section 4 gives them."""
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


def load_book(book: dict, records: dict, root: Path = Path("."),
              manifest: str = "build/manifest.json") -> BookUnderTest:
    check_manifest_entry(book, manifest)
    profile = get_profile(book.get("printer", "kdp"))
    trim = Trim(Fraction(str(book["trim_in"]["width"])), Fraction(str(book["trim_in"]["height"])))
    interior = open_document(book, "interior", root, manifest)
    cover = open_document(book, "cover", root, manifest)
    return BookUnderTest(
        book=book, profile=profile, trim=trim, bleed=float(book.get("interior_bleed_in", 0)) > 0,
        interior=interior, pages=list(interior.pages()), cover=cover, cover_page=cover.page(1),
        records=records)


def _where(page: PageContent, mark) -> str:
    return f"page {page.number}: {describe(mark)}"


# ---------------------------------------------------------------------------------------------
# Interior and cover: fonts, colour, document features, line width, text size


def check_fonts(b: BookUnderTest) -> Check:
    check = Check("fonts", "fonts embedded, no standard-14 reference, no missing glyph")
    fonts, glyphs, missing = {}, 0, 0
    for document, pages in (("interior", b.pages), ("cover", [b.cover_page])):
        for page in pages:
            for font in page.fonts.values():
                key = (document, font.base_font)
                if key in fonts:
                    continue
                fonts[key] = font
                if font.standard_14:
                    check.fail(document, page.number,
                               f"standard-14 font {font.base_font} is referenced, not embedded")
                elif not font.embedded:
                    check.fail(document, page.number, f"font {font.base_font} is not embedded")
            for glyph in page.glyphs:
                glyphs += 1
                if glyph.missing:
                    missing += 1
                    check.fail(document, page.number,
                               f"glyph for code {glyph.code} ({glyph.text!r}) is missing from "
                               f"{glyph.font.base_font}")
    check.measured = {
        "fonts": sorted({f"{font.base_font} ({font.subtype}, "
                         f"{font.font_program or 'not embedded'})" for font in fonts.values()}),
        "glyphs": glyphs, "missing_glyphs": missing}
    return check


def _colours(mark) -> list:
    if isinstance(mark, PathMark):
        return [c for c in (mark.fill, mark.stroke) if c is not None]
    if isinstance(mark, Glyph):
        return [mark.fill if mark.render_mode % 4 in (0, 2) else mark.stroke]
    return []


def _ink(colour) -> float:
    """Share of full black a gray or K-only colour lays down."""
    return colour.values[-1] if colour.space == "DeviceCMYK" else 1 - colour.values[0]


def check_colour(b: BookUnderTest) -> Check:
    lightest_allowed = b.profile.min_gray_fill
    check = Check("colour", f"interior DeviceGray or K only, gray fills at least "
                            f"{lightest_allowed:.0%}; no transparency anywhere")
    spaces: dict[str, int] = {}
    lightest = None
    for page in b.pages:
        for mark in page.marks:
            if isinstance(mark, PathMark) and mark.fill is not None and mark.fill.is_gray_or_k:
                ink = _ink(mark.fill)
                if ink > 0 and (lightest is None or ink < lightest[0]):
                    lightest = (ink, page.number)
                if 0 < ink < lightest_allowed - 1e-9:
                    check.fail("interior", page.number, f"{ink:.0%} gray fill is lighter than "
                                                        f"{lightest_allowed:.0%}: {describe(mark)}")
            for colour in _colours(mark):
                label = colour.space if colour.space != "DeviceCMYK" else (
                    "DeviceCMYK (K only)" if colour.is_gray_or_k else "DeviceCMYK")
                spaces[label] = spaces.get(label, 0) + 1
                if not colour.is_gray_or_k:
                    check.fail("interior", page.number,
                               f"{colour.space} {list(colour.values)} on {describe(mark)}")
            if isinstance(mark, ImageMark) and mark.colour_space != "DeviceGray":
                check.fail("interior", page.number, f"image in {mark.colour_space}")
        for space in page.colour_spaces - {"DeviceGray", "DeviceCMYK"}:
            if not any(f.page == page.number for f in check.findings):
                check.fail("interior", page.number, f"colour space {space} is used")
    transparent = 0
    for document, pages in (("interior", b.pages), ("cover", [b.cover_page])):
        for page in pages:
            transparent += bool(page.transparency)
            for reason in sorted(set(page.transparency)):
                check.fail(document, page.number, f"transparency: {reason}")
    check.measured = {"interior_colour_marks": spaces, "pages_with_transparency": transparent,
                      "lightest_fill": None if lightest is None else {
                          "ink": round(lightest[0], 3), "page": lightest[1]}}
    return check


def check_document(b: BookUnderTest) -> Check:
    check = Check("document", "no annotations, bookmarks or encryption")
    counts = {}
    for document, doc, pages in (("interior", b.interior, b.pages),
                                 ("cover", b.cover, [b.cover_page])):
        annotations = sum(p.annotations for p in pages)
        counts[document] = {"annotations": annotations, "bookmarks": doc.has_outlines,
                            "encrypted": doc.encrypted}
        for page in pages:
            if page.annotations:
                check.fail(document, page.number, f"{page.annotations} annotation(s)")
        if doc.has_outlines:
            check.fail(document, None, "the PDF has bookmarks (an outline)")
        if doc.encrypted:
            check.fail(document, None, "the PDF is encrypted")
    check.measured = counts
    return check


def check_line_width(b: BookUnderTest) -> Check:
    minimum = b.profile.min_line_pt
    check = Check("line_width", f"every stroke at least {minimum} pt")
    thinnest = None
    for document, pages in (("interior", b.pages), ("cover", [b.cover_page])):
        for page in pages:
            for mark in page.paths:
                if mark.stroke is None:
                    continue
                if thinnest is None or mark.line_width < thinnest[0]:
                    thinnest = (mark.line_width, document, page.number, describe(mark))
                if mark.line_width < minimum - 1e-6:
                    check.fail(document, page.number, f"{mark.line_width:.3f} pt: "
                                                      f"{describe(mark)}")
    check.measured = {"minimum_pt": minimum, "thinnest": None if thinnest is None else {
        "width_pt": round(thinnest[0], 4), "document": thinnest[1], "page": thinnest[2],
        "mark": thinnest[3]}}
    return check


def check_text_size(b: BookUnderTest) -> Check:
    minimum = b.profile.min_font_pt
    check = Check("text_size", f"all text at least {minimum} pt")
    smallest = None
    for document, pages in (("interior", b.pages), ("cover", [b.cover_page])):
        for page in pages:
            for glyph in page.glyphs:
                if not glyph.visible or glyph.ink is None:
                    continue
                size = glyph.rendered_size
                if smallest is None or size < smallest[0]:
                    smallest = (size, document, page.number, glyph.text)
                if size < minimum - 1e-6:
                    check.fail(document, page.number,
                               f"{size:.2f} pt text {glyph.text!r} ({glyph.font.base_font})")
    check.measured = {"minimum_pt": minimum, "smallest": None if smallest is None else {
        "size_pt": round(smallest[0], 3), "document": smallest[1], "page": smallest[2],
        "text": smallest[3]}}
    return check


# ---------------------------------------------------------------------------------------------
# Interior geometry: page boxes and counts, blank runs, live area


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE_PT


def _same_box(a: Box | None, b) -> bool:
    return a is not None and all(_same(x, y) for x, y in zip(
        (a.x0, a.y0, a.x1, a.y1), (b.x0, b.y0, b.x1, b.y1)))


def check_page_boxes(b: BookUnderTest) -> Check:
    check = Check("page_boxes", "page size, TrimBox and BleedBox as the printer wants")
    sizes = set()
    for page in b.pages:
        frame = b.profile.page_frame(b.trim, b.bleed, page.number)
        media = page.media_box
        sizes.add((round(media.width, 3), round(media.height, 3)))
        if not (_same(media.width, frame.width) and _same(media.height, frame.height)):
            check.fail("interior", page.number,
                       f"page is {media.width:.3f} x {media.height:.3f} pt, the printer wants "
                       f"{frame.width:.3f} x {frame.height:.3f} pt")
        if not _same_box(page.trim_box, frame.trim):
            check.fail("interior", page.number, f"TrimBox {page.trim_box and page.trim_box.as_list()}"
                                                f", expected {list(frame.trim.as_tuple())}")
        if not _same_box(page.bleed_box, frame.bleed):
            check.fail("interior", page.number,
                       f"BleedBox {page.bleed_box and page.bleed_box.as_list()}, expected "
                       f"{list(frame.bleed.as_tuple())}")
    check.measured = {"page_sizes_pt": sorted(sizes), "trim_in": str(b.trim), "bleed": b.bleed}
    return check


def check_page_count(b: BookUnderTest) -> Check:
    low, high = b.profile.page_range(b.trim, b.book.get("paper", "white"))
    count = b.page_count
    check = Check("page_count", f"even page count within the printer's {low}-{high} pages")
    if b.profile.value("even_page_count") and count % 2:
        check.fail("interior", None, f"{count} pages is odd")
    if not low <= count <= high:
        check.fail("interior", None, f"{count} pages is outside {low}-{high}")
    if b.book.get("page_count") != count:
        check.fail("interior", None, f"the manifest says {b.book.get('page_count')} pages, the "
                                     f"PDF has {count}")
    check.measured = {"pages": count, "range": [low, high], "manifest": b.book.get("page_count")}
    return check


def check_blank_pages(b: BookUnderTest) -> Check:
    limit = b.profile.max_blank_run
    check = Check("blank_pages", f"no more than {limit} blank pages in a row")
    runs, current = [], []
    for page in b.pages:
        if page.ink_marks:
            if current:
                runs.append(current)
            current = []
        else:
            current.append(page.number)
    if current:
        runs.append(current)
    for run in runs:
        if len(run) > limit:
            check.fail("interior", run[0], f"{len(run)} blank pages in a row: pages "
                                           f"{run[0]}-{run[-1]}")
    longest = max(runs, key=len, default=[])
    check.measured = {"blank_pages": sum(len(r) for r in runs), "longest_run": len(longest),
                      "longest_run_pages": [longest[0], longest[-1]] if longest else None}
    return check


def _clearance(live: Box, ink: Box) -> tuple[float, str]:
    """The smallest distance from `ink` to the live area's edges (negative: crossing)."""
    sides = {"left": ink.x0 - live.x0, "bottom": ink.y0 - live.y0, "right": live.x1 - ink.x1,
             "top": live.y1 - ink.y1}
    side = min(sides, key=sides.get)
    return sides[side], side


def _is_designed_bleed(page: PageContent, ink: Box) -> bool:
    """A mark drawn on purpose into the bleed: it reaches the BleedBox edge beyond the trim."""
    bleed, trim = page.bleed_box, page.trim
    if bleed is None or _same_box(bleed, trim):
        return False
    return ((ink.x0 <= bleed.x0 + TOLERANCE_PT and bleed.x0 < trim.x0)
            or (ink.x1 >= bleed.x1 - TOLERANCE_PT and bleed.x1 > trim.x1)
            or (ink.y0 <= bleed.y0 + TOLERANCE_PT and bleed.y0 < trim.y0)
            or (ink.y1 >= bleed.y1 - TOLERANCE_PT and bleed.y1 > trim.y1))


def live_area(b: BookUnderTest, number: int) -> Box:
    """Trim less the printer's margins (gutter by final page count, mirrored) less 1 pt."""
    live = b.profile.live_area_pt(b.trim, b.bleed, number, b.page_count,
                                  extra_in=BUFFER_PT / PT_PER_IN)
    return Box(live.x0, live.y0, live.x1, live.y1)


def check_live_area(b: BookUnderTest) -> Check:
    check = Check("live_area", "every glyph outline and path inside trim less margins "
                               "(mirrored gutter by final page count) less 1 pt")
    worst = None
    bleeds = 0
    for page in b.pages:
        live = live_area(b, page.number)
        for mark in page.ink_marks:
            if _is_designed_bleed(page, mark.ink):
                bleeds += 1
                continue
            gap, side = _clearance(live, mark.ink)
            if worst is None or gap < worst[0]:
                worst = (gap, page.number, side, describe(mark))
            if gap < -1e-6:
                check.fail("interior", page.number,
                           f"{-gap:.2f} pt past the {side} margin: {describe(mark)}")
    m = b.profile.margins_in(b.bleed, b.page_count)
    check.measured = {
        "margins_in": {k: float(v) for k, v in m.items()}, "buffer_pt": float(BUFFER_PT),
        "designed_bleeds": bleeds,
        "worst": None if worst is None else {"clearance_pt": round(worst[0], 3), "page": worst[1],
                                             "side": worst[2], "mark": worst[3]}}
    return check


# ---------------------------------------------------------------------------------------------
# Puzzles: answers and numbering


def _puzzle_pages(b: BookUnderTest, kind: str):
    for entry in b.book.get("pages", []):
        if entry.get("kind") == kind:
            yield entry


def check_answers(b: BookUnderTest) -> Check:
    check = Check("answers", "no part of an answer drawn on a puzzle page")
    checked = 0
    for entry in _puzzle_pages(b, "puzzle"):
        number = entry["number"]
        if not 1 <= number <= len(b.pages):
            check.fail("interior", number, "the manifest names a page the PDF does not have")
            continue
        page = b.pages[number - 1]
        for puzzle in entry.get("puzzles", []):
            record = b.records.get(puzzle["id"])
            if record is None:
                check.fail("interior", number, f"{puzzle['id']} is not in the catalog")
                continue
            checked += 1
            for leak in answer_leaks(page, record["family"], puzzle["grid"], record["puzzle"],
                                     record["solution"]):
                check.fail("interior", number, f"{puzzle['id']}: {leak}")
    check.measured = {"puzzles_checked": checked}
    return check


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def check_numbering(b: BookUnderTest) -> Check:
    """Puzzle n of the book is printed as n on its page and on its solution's page, the two
    agree with the manifest and the catalog, and each points at the other's page."""
    check = Check("numbering", "puzzles and solutions numbered alike, each pointing to the other")
    on_puzzle_pages = [(e["number"], p["id"]) for e in _puzzle_pages(b, "puzzle")
                       for p in e.get("puzzles", [])]
    on_solution_pages = [(e["number"], p["id"]) for e in _puzzle_pages(b, "solution")
                         for p in e.get("puzzles", [])]
    puzzle_order = [pid for _, pid in on_puzzle_pages]
    solution_order = [pid for _, pid in on_solution_pages]
    if puzzle_order != solution_order:
        missing = sorted(set(puzzle_order) - set(solution_order))
        extra = sorted(set(solution_order) - set(puzzle_order))
        check.fail("book", None, "solutions are not in puzzle order"
                   + (f"; no solution for {missing[:5]}" if missing else "")
                   + (f"; solutions of no puzzle {extra[:5]}" if extra else ""))
    if len(set(puzzle_order)) != len(puzzle_order):
        check.fail("book", None, "a puzzle appears twice")
    for pid in puzzle_order:
        record = b.records.get(pid)
        if record is None:
            check.fail("book", None, f"{pid} is not in the catalog")
    solution_page = {pid: page for page, pid in on_solution_pages}
    puzzle_page = {pid: page for page, pid in on_puzzle_pages}
    texts = {}

    def numbers_on(page_number: int) -> set[int]:
        if page_number not in texts:
            texts[page_number] = (_numbers(b.pages[page_number - 1].text)
                                  if 1 <= page_number <= len(b.pages) else set())
        return texts[page_number]

    for index, pid in enumerate(puzzle_order, start=1):
        page = puzzle_page[pid]
        if index not in numbers_on(page):
            check.fail("interior", page, f"puzzle {index} ({pid}) is not numbered {index}")
        if pid in solution_page:
            target = solution_page[pid]
            if target not in numbers_on(page):
                check.fail("interior", page, f"puzzle {index} does not point to its solution "
                                             f"on page {target}")
            if index not in numbers_on(target):
                check.fail("interior", target, f"solution {index} ({pid}) is not numbered "
                                               f"{index}")
            if page not in numbers_on(target):
                check.fail("interior", target, f"solution {index} does not point back to "
                                               f"page {page}")
    check.measured = {"puzzles": len(puzzle_order), "solutions": len(solution_order)}
    return check


# ---------------------------------------------------------------------------------------------
# Cover


def _geometry(b: BookUnderTest):
    return b.profile.cover_geometry(b.trim, b.book.get("paper", "white"), b.page_count)


def _is_background(mark, g) -> bool:
    """A fill that covers a whole panel (back, spine or front) at least: the cover's ground."""
    return (isinstance(mark, PathMark) and mark.stroke is None and mark.fill is not None
            and any(mark.outline.contains(Box(*panel.as_tuple()), slack=TOLERANCE_PT)
                    for panel in (g.back, g.spine, g.front)))


def check_cover_size(b: BookUnderTest) -> Check:
    g = _geometry(b)
    check = Check("cover_size", "cover size from the formula and the final interior page count")
    media = b.cover_page.media_box
    if not (_same(media.width, g.width_pt) and _same(media.height, g.height_pt)):
        check.fail("cover", 1, f"cover is {media.width / 72:.4f} x {media.height / 72:.4f} in, "
                               f"the formula gives {float(g.width_in):.4f} x "
                               f"{float(g.height_in):.4f} in")
    size = b.book.get("cover_size_in", {})
    if abs(float(size.get("width", 0)) - float(g.width_in)) > 1e-4 or abs(
            float(size.get("height", 0)) - float(g.height_in)) > 1e-4:
        check.fail("book", None, f"the manifest's cover size {size} disagrees with the formula")
    if abs(float(b.book.get("spine_width_in", -1)) - float(g.spine_in)) > 1e-4:
        check.fail("book", None, f"the manifest's spine {b.book.get('spine_width_in')} in "
                                 f"disagrees with the formula's {float(g.spine_in):.5f} in")
    if b.cover.page_count != 1:
        check.fail("cover", None, f"the cover has {b.cover.page_count} pages, not 1")
    check.measured = {"cover_in": [round(media.width / 72, 5), round(media.height / 72, 5)],
                      "formula_in": [round(float(g.width_in), 5), round(float(g.height_in), 5)],
                      "spine_in": round(float(g.spine_in), 6), "interior_pages": b.page_count}
    return check


def check_spine_text(b: BookUnderTest) -> Check:
    g = _geometry(b)
    allowed = g.spine_text_box is not None
    check = Check("spine_text", "spine text only when the page count allows it, inside the "
                                "spine's clearance, at least the minimum size")
    spine = Box(*g.spine.as_tuple())
    glyphs = [m for m in b.cover_page.glyphs if m.visible and m.ink is not None
              and m.ink.overlaps(spine)]
    if glyphs and not allowed:
        check.fail("cover", 1, f"{len(glyphs)} glyph(s) on the spine of a {b.page_count}-page "
                               f"book: spine text needs "
                               f"{b.profile.value('spine_text_min_pages')} pages and room for "
                               f"the clearance")
    worst = None
    if allowed:
        box = Box(*g.spine_text_box.as_tuple())
        for glyph in glyphs:
            gap, side = _clearance(box, glyph.ink)
            if worst is None or gap < worst[0]:
                worst = (gap, side, glyph.text)
            if gap < -1e-6:
                check.fail("cover", 1, f"spine glyph {glyph.text!r} is {-gap:.2f} pt inside the "
                                       f"{side} clearance")
            if glyph.rendered_size < b.profile.min_font_pt - 1e-6:
                check.fail("cover", 1, f"spine text {glyph.rendered_size:.2f} pt is below "
                                       f"{b.profile.min_font_pt} pt")
    check.measured = {"spine_in": round(float(g.spine_in), 6), "spine_text_allowed": allowed,
                      "spine_glyphs": len(glyphs), "spine_text": "".join(m.text for m in glyphs),
                      "worst_clearance_pt": None if worst is None else round(worst[0], 3)}
    return check


def check_safe_zone(b: BookUnderTest) -> Check:
    g = _geometry(b)
    check = Check("safe_zone", "nothing but the background crosses the cover's safe zone")
    areas = [("back", Box(*g.back_safe.as_tuple())), ("front", Box(*g.front_safe.as_tuple()))]
    if g.spine_text_box is not None:
        areas.append(("spine", Box(*g.spine_text_box.as_tuple())))
    worst = None
    backgrounds = 0
    for mark in b.cover_page.ink_marks:
        if _is_background(mark, g):
            backgrounds += 1
            continue
        best = max(((_clearance(box, mark.ink), name) for name, box in areas),
                   key=lambda item: item[0][0])
        (gap, side), panel = best
        if worst is None or gap < worst[0]:
            worst = (gap, panel, side, describe(mark))
        if gap < -1e-6:
            check.fail("cover", 1, f"{-gap:.2f} pt past the {panel} safe zone ({side}): "
                                   f"{describe(mark)}")
    check.measured = {"safe_zone_in": float(g.safe_zone_in), "backgrounds": backgrounds,
                      "worst": None if worst is None else {
                          "clearance_pt": round(worst[0], 3), "document": "cover", "page": 1,
                          "panel": worst[1],
                          "side": worst[2], "mark": worst[3]}}
    return check


def check_barcode_box(b: BookUnderTest) -> Check:
    g = _geometry(b)
    box = Box(*g.barcode.as_tuple())
    check = Check("barcode_box", "barcode box empty, or holding only the EAN-13 of the ISBN")
    manifest_box = b.book.get("barcode_box_pt")
    if manifest_box is not None:
        given = Box(manifest_box["x"], manifest_box["y"], manifest_box["x"] + manifest_box["width"],
                    manifest_box["y"] + manifest_box["height"])
        if not all(abs(p - q) <= 0.01 for p, q in zip(given.as_list(), box.as_list())):
            check.fail("book", None, f"the manifest's barcode box {given.as_list(2)} is not the "
                                     f"printer's {box.as_list(2)}")
    isbn = str(b.book.get("isbn") or "").replace("-", "")
    bars, others = [], []
    for mark in b.cover_page.ink_marks:
        if not mark.ink.overlaps(box) or _is_background(mark, g):
            continue
        if isinstance(mark, PathMark) and mark.stroke is None and mark.fill is not None:
            ink = 1 - sum(mark.fill.rgb()) / 3
            if ink == 0:
                continue  # the white ground the barcode sits on
            if isbn and ink == 1:
                bars.append(mark)
                continue
        if isbn and isinstance(mark, Glyph) and mark.text.strip().isdigit():
            continue  # the human-readable digits under the bars
        others.append(mark)
    decoded = decode_bars([(m.ink.x0, m.ink.x1) for m in bars]) if bars else None
    for mark in others[:10]:
        check.fail("cover", 1, f"in the barcode box: {describe(mark)}")
    if len(others) > 10:
        check.fail("cover", 1, f"and {len(others) - 10} more marks in the barcode box")
    if isbn:
        if decoded != isbn:
            check.fail("cover", 1, f"the bars read {decoded or 'as no EAN-13'}, the ISBN is "
                                   f"{isbn}")
        for mark in bars:
            if not mark.fill.is_gray_or_k:
                check.fail("cover", 1, f"bar in {mark.fill.space}, not 100% black")
                break
    check.measured = {"box_pt": box.as_list(2), "isbn": isbn or None, "bars": len(bars),
                      "decoded": decoded, "other_marks": len(others)}
    return check


CHECKS: tuple[Callable[[BookUnderTest], Check], ...] = (
    check_fonts, check_live_area, check_answers, check_numbering, check_page_boxes,
    check_page_count, check_blank_pages, check_colour, check_document, check_line_width,
    check_text_size, check_cover_size, check_spine_text, check_safe_zone, check_barcode_box,
)


def run_checks(b: BookUnderTest) -> list[Check]:
    return [check(b) for check in CHECKS]


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def report(book: dict, checks: list[Check], root: Path = Path(".")) -> dict:
    return {
        "slug": book["slug"], "printer": book.get("printer"),
        "interior_sha256": file_sha256(root / book["interior"]),
        "cover_sha256": file_sha256(root / book["cover"]),
        "passed": all(c.passed for c in checks),
        "checks": [c.to_dict() for c in checks],
    }


def _summary(check: dict) -> str:
    m = check["measured"]
    for key in ("worst", "thinnest", "smallest"):
        if isinstance(m.get(key), dict):
            item = m[key]
            value = next(v for k, v in item.items() if k.endswith("_pt"))
            return f"{key} {value} pt on {item.get('document', 'interior')} p{item.get('page', 1)}"
    flat = {}
    for key, value in m.items():
        if isinstance(value, dict):
            for inner, item in value.items():
                if not isinstance(item, (dict, list)):
                    flat[f"{key}.{inner}"] = item
        elif not isinstance(value, list):
            flat[key] = value
    return ", ".join(f"{k} {v}" for k, v in list(flat.items())[:4])


def table(reports: list[dict]) -> str:
    lines = []
    for rep in reports:
        lines.append(f"{rep['slug']} ({rep['printer']}): "
                     f"{'PASS' if rep['passed'] else 'FAIL'}")
        for check in rep["checks"]:
            status = "ok  " if check["passed"] else "FAIL"
            detail = _summary(check)
            if not check["passed"]:
                first = check["findings"][0]
                where = f" p{first['page']}" if first["page"] else ""
                detail = f"{check['failures']} x, first: {first['document']}{where}: " \
                         f"{first['message']}"
            lines.append(f"  {status} {check['name']:<12} {detail[:110]}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# The manifest and the catalog


def read_manifest(path: Path) -> list[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
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


def catalog_records(catalog_path: Path, books: list[dict]) -> dict:
    """Every puzzle the books print, by id, from the catalog."""
    from pipeline.catalog import Catalog

    ids = sorted({p["id"] for book in books for entry in book.get("pages", [])
                  for p in entry.get("puzzles", [])})
    if not ids:
        return {}
    out = {}
    with Catalog(catalog_path) as catalog:
        for start in range(0, len(ids), 500):
            for record in catalog.records(ids=ids[start:start + 500]):
                out[record.id] = {"family": record.family, "puzzle": record.puzzle,
                                  "solution": record.solution}
    # A frozen book prints its lock's records, which a fresh catalog does not hold.
    for book in books:
        lock = book.get("lock")
        if lock and Path(lock).exists():
            for line in Path(lock).read_text(encoding="utf-8").splitlines():
                record = json.loads(line) if line.strip() else None
                if record and record.get("id") in ids and record["id"] not in out:
                    out[record["id"]] = {"family": record["family"], "puzzle": record["puzzle"],
                                         "solution": record["solution"]}
    return out


def write_json_atomically(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)


def check_and_report(book: dict, records: dict, manifest: str, proofs: bool) -> dict:
    """Read one book back, check it, write its preflight.json (and its proofs)."""
    b = load_book(book, records, manifest=manifest)
    rep = report(book, run_checks(b))
    write_json_atomically(Path(book["interior"]).parent / "preflight.json", rep)
    if proofs:  # from the same reading of the PDFs
        from pipeline.readback.proof import write_proofs

        write_proofs(book, report=rep, interior=b.interior, cover=b.cover, pages=b.pages)
    return rep


def _book_records(book: dict, records: dict) -> dict:
    ids = {p["id"] for entry in book.get("pages", []) for p in entry.get("puzzles", [])}
    return {pid: records[pid] for pid in ids if pid in records}


def run(args) -> int:
    """`pipeline preflight [BOOK ...]`: check, write build/<slug>/preflight.json, print a
    table; exit status 1 when any check fails. Books are checked in parallel."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    manifest = Path(args.manifest)
    books = select_books(read_manifest(manifest), args.books, manifest)
    records = catalog_records(args.catalog, books)
    for book in books:  # unreadable files are reported here, before any work is shared out
        for field in ("interior", "cover"):
            open_document(book, field, Path("."), str(manifest))
    proofs = getattr(args, "proofs", False)
    jobs = [(book, _book_records(book, records), str(manifest), proofs) for book in books]
    workers = min(getattr(args, "workers", None) or os.cpu_count() or 1, len(books))
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(check_and_report, *zip(*jobs)))
    else:
        reports = [check_and_report(*job) for job in jobs]
    print(table(reports))
    return 0 if all(r["passed"] for r in reports) else 1
