"""The cover: its size from the formula, spine text, the safe zone, the barcode box."""

from __future__ import annotations

from pipeline.geometry import Box
from pipeline.readback import colour_checks
from pipeline.readback.barcode import decode_bars, decode_ean5, split_addon
from pipeline.readback.findings import TOLERANCE_PT, Check, clearance, describe, same
from pipeline.readback.loaded import LoadedBook
from pipeline.readback.reader import Glyph, PathMark


def _is_background(mark, g) -> bool:
    """A fill that covers a whole panel (back, spine or front) at least: the cover's ground."""
    return (isinstance(mark, PathMark) and mark.stroke is None and mark.fill is not None
            and any(mark.outline.contains(Box(*panel.as_tuple()), slack=TOLERANCE_PT)
                    for panel in (g.back, g.spine, g.front)))


def check_cover_size(b: LoadedBook) -> Check:
    g = b.cover_geometry()
    check = Check("cover_size", "cover size from the formula and the final interior page count")
    media = b.cover_page.media_box
    if not (same(media.width, g.width_pt) and same(media.height, g.height_pt)):
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


def check_spine_text(b: LoadedBook) -> Check:
    g = b.cover_geometry()
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
            gap, side = clearance(box, glyph.ink)
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


def check_safe_zone(b: LoadedBook) -> Check:
    g = b.cover_geometry()
    check = Check("safe_zone", "nothing but the background crosses the cover's safe zone")
    areas = [("back", Box(*g.back_safe.as_tuple())), ("front", Box(*g.front_safe.as_tuple()))]
    if g.spine_text_box is not None:
        areas.append(("spine", Box(*g.spine_text_box.as_tuple())))
    worst = None
    backgrounds = 0
    art = 0
    for mark in b.cover_page.ink_marks:
        if _is_background(mark, g):
            backgrounds += 1
            continue
        if colour_checks.paper_only(mark):
            continue   # white (no ink), such as the barcode box's ground
        if colour_checks.bled_art(mark, b.cover_page.bleed_box or b.cover_page.media_box):
            art += 1   # art cropped by the trim: its field runs into the bleed on purpose
            continue
        best = max(((clearance(box, mark.ink), name) for name, box in areas),
                   key=lambda item: item[0][0])
        (gap, side), panel = best
        if worst is None or gap < worst[0]:
            worst = (gap, panel, side, describe(mark))
        if gap < -1e-6:
            check.fail("cover", 1, f"{-gap:.2f} pt past the {panel} safe zone ({side}): "
                                   f"{describe(mark)}")
    check.measured = {"safe_zone_in": float(g.safe_zone_in), "backgrounds": backgrounds,
                      "bled_art_marks": art,
                      "worst": None if worst is None else {
                          "clearance_pt": round(worst[0], 3), "document": "cover", "page": 1,
                          "panel": worst[1],
                          "side": worst[2], "mark": worst[3]}}
    return check


def check_barcode_box(b: LoadedBook) -> Check:
    g = b.cover_geometry()
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
    main, addon = split_addon([(m.ink.x0, m.ink.x1) for m in bars])
    decoded = decode_bars(main) if main else None
    price = decode_ean5(addon) if addon else None
    if b.book.get("barcode") == "ean13+5" and price is None:
        check.fail("cover", 1, "the layout gives a price, and no EAN-5 add-on reads back")
    if addon and price is None:
        check.fail("cover", 1, "bars beside the EAN-13 read as no EAN-5 add-on")
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
                      "decoded": decoded, "addon": price, "other_marks": len(others)}
    return check
