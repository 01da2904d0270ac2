"""Print rules over every mark of both PDFs: fonts, colour, document features, line width,
text size."""

from __future__ import annotations

from operator import attrgetter

from pipeline.readback.findings import (Check, describe, documents, page_glyph_colours,
                                        painted, path_colours)
from pipeline.readback.loaded import LoadedBook
from pipeline.readback.reader import ImageMark, PathMark


def check_fonts(b: LoadedBook) -> Check:
    check = Check("fonts", "fonts embedded, no standard-14 reference, no missing glyph")
    fonts, glyphs, missing = {}, 0, 0
    for document, pages in documents(b):
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
            every = page.glyphs
            glyphs += len(every)
            gids = list(map(attrgetter("gid"), every))
            if None not in gids and 0 not in gids:
                continue   # a missing glyph has no glyph index, or index 0
            for glyph in every:
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


def _ink(colour) -> float:
    """Share of full black a gray or K-only colour lays down."""
    return colour.values[-1] if colour.space == "DeviceCMYK" else 1 - colour.values[0]


def _label(colour) -> str:
    """A colour's line in the count of interior colours."""
    return colour.space if colour.space != "DeviceCMYK" else (
        "DeviceCMYK (K only)" if colour.is_gray_or_k else "DeviceCMYK")


def check_colour(b: LoadedBook) -> Check:
    lightest_allowed = b.profile.min_gray_fill
    check = Check("colour", f"interior DeviceGray or K only, gray fills at least "
                            f"{lightest_allowed:.0%}; no transparency anywhere")
    spaces: dict[str, int] = {}
    lightest = None
    for page in b.pages:
        marks = page.marks
        # A page whose glyphs all paint gray or K in colours already counted is counted by
        # colour: its glyphs add no finding and no new line, and its other marks are read
        # alone, in their order (a page with images is read mark by mark).
        colours = page_glyph_colours(page)
        if colours is not None and not page.images and all(
                colour.is_gray_or_k and _label(colour) in spaces for colour, _n in colours):
            for colour, count in colours:
                spaces[_label(colour)] += count
            marks = page.paths
        if marks is not page.marks:   # the paths alone: by pair of colours, if none fails
            counted = _count_path_colours(marks, spaces, lightest_allowed)
            if counted is not None:
                if counted[0] is not None and (lightest is None or counted[0] < lightest[0]):
                    lightest = (counted[0], page.number)
                marks = ()
        for mark in marks:
            if isinstance(mark, PathMark) and mark.fill is not None and mark.fill.is_gray_or_k:
                ink = _ink(mark.fill)
                if ink > 0 and (lightest is None or ink < lightest[0]):
                    lightest = (ink, page.number)
                if 0 < ink < lightest_allowed - 1e-9:
                    check.fail("interior", page.number, f"{ink:.0%} gray fill is lighter than "
                                                        f"{lightest_allowed:.0%}: {describe(mark)}")
            for colour in painted(mark):
                label = _label(colour)
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
    for document, pages in documents(b):
        for page in pages:
            transparent += bool(page.transparency)
            for reason in sorted(set(page.transparency)):
                check.fail(document, page.number, f"transparency: {reason}")
    check.measured = {"interior_colour_marks": spaces, "pages_with_transparency": transparent,
                      "lightest_fill": None if lightest is None else {
                          "ink": round(lightest[0], 3), "page": lightest[1]}}
    return check


def _count_path_colours(paths: list, spaces: dict, lightest_allowed: float):
    """What the colour check's loop over `paths` adds, asked once per pair of colour objects
    (`path_colours`): the label counts added to `spaces` (labels new to it in the order the
    paths first paint them) and (the lightest gray or K fill's ink above 0, or None,); None,
    with `spaces` left alone, when some path would fail (then read them one by one, so that
    findings keep their order)."""
    pairs = path_colours(paths)
    lightest = None
    for fill, stroke, _count in pairs:
        for colour in (fill, stroke):
            if colour is not None and not colour.is_gray_or_k:
                return None
        if fill is not None:
            ink = _ink(fill)
            if 0 < ink < lightest_allowed - 1e-9:
                return None
            if ink > 0 and (lightest is None or ink < lightest):
                lightest = ink
    for fill, stroke, count in pairs:
        for colour in (fill, stroke):
            if colour is not None:
                label = _label(colour)
                spaces[label] = spaces.get(label, 0) + count
    return (lightest,)


def check_document(b: LoadedBook) -> Check:
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


def _least(check: Check, b: LoadedBook, minimum: float, measured, failure) -> tuple | None:
    """The first smallest of what `measured(page)` gives, (values, items) in page order, over
    both documents, as (value, document, page, item); `check` fails every value under
    `minimum` with `failure(value, item)`. A page whose least value passes is not looked at
    one item at a time."""
    least = None
    for document, pages in documents(b):
        for page in pages:
            values, items = measured(page)
            if not values:
                continue
            lowest = min(values)
            if least is None or lowest < least[0]:   # the first of the page's smallest
                least = (lowest, document, page.number, items[values.index(lowest)])
            if lowest >= minimum - 1e-6:
                continue
            for value, item in zip(values, items):
                if value < minimum - 1e-6:
                    check.fail(document, page.number, failure(value, item))
    return least


def _strokes(page) -> tuple[list[float], list]:
    marks = [mark for mark in page.paths if mark.stroke is not None]
    return [mark.line_width for mark in marks], marks


def _inked_text(page) -> tuple[list[float], list]:
    inked = page.ink_glyphs()   # the visible glyphs with ink
    return list(map(attrgetter("rendered_size"), inked)), inked


def check_line_width(b: LoadedBook) -> Check:
    minimum = b.profile.min_line_pt
    check = Check("line_width", f"every stroke at least {minimum} pt")
    thinnest = _least(check, b, minimum, _strokes,
                      lambda width, mark: f"{width:.3f} pt: {describe(mark)}")
    check.measured = {"minimum_pt": minimum, "thinnest": None if thinnest is None else {
        "width_pt": round(thinnest[0], 4), "document": thinnest[1], "page": thinnest[2],
        "mark": describe(thinnest[3])}}
    return check


def check_text_size(b: LoadedBook) -> Check:
    minimum = b.profile.min_font_pt
    check = Check("text_size", f"all text at least {minimum} pt")
    smallest = _least(check, b, minimum, _inked_text, lambda size, glyph:
                      f"{size:.2f} pt text {glyph.text!r} ({glyph.font.base_font})")
    check.measured = {"minimum_pt": minimum, "smallest": None if smallest is None else {
        "size_pt": round(smallest[0], 3), "document": smallest[1], "page": smallest[2],
        "text": smallest[3].text}}
    return check
