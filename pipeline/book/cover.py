"""The full-wrap cover: back, spine and front on one page with bleed.

Its size comes from the printer's formula and the final interior page count. Only the
background crosses the safe zone; the barcode box stays empty unless the layout gives an ISBN,
in which case the EAN-13 from reportlab's barcode support is drawn there, 100 % black on white.
Spine text is set only when the printer allows it at this page count and it fits at the
minimum type size or more with the clearance on each side.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pipeline.book.fonts import FontSet
from pipeline.book.interior import GRID_PAD, family_title, level_title
from pipeline.book.layout import Layout
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk, new_canvas, set_page_boxes
from pipeline.book.printers import BUFFER_PT, CoverGeometry, PrinterProfile
from pipeline.geometry import Box
from pipeline.family import get_family
from pipeline.ink import GridBox
from pipeline.records import PuzzleRecord

BACKGROUND_GRAY = 0.86     # a light tone over the whole wrap, bleed included
SPINE_TEXT_MAX_PT = 16
BARCODE_QUIET_PT = 6       # white around the bars inside the barcode box
TOP_SPACE = 0.05          # share of a panel left empty above its first line


@dataclass(frozen=True)
class Cover:
    data: bytes
    geometry: CoverGeometry
    spine_text: str | None
    spine_text_pt: float | None


def level_counts(layout: Layout) -> list[str]:
    lines = []
    for section in layout.sections:
        lines.append(f"{section.count} {family_title(section.family)} puzzles, "
                     f"{level_title(section.level)}")
    return lines


def default_blurb(layout: Layout) -> str:
    families = list(dict.fromkeys(family_title(s.family) for s in layout.sections))
    total = sum(s.count for s in layout.sections)
    return (f"{total} {' and '.join(families)} puzzles, from gentle to demanding. Every puzzle "
            "has exactly one solution, proven by a checker independent of the generator that "
            "made it, and every level is defined by the solving techniques it needs. Rules and "
            "a worked example open the book; all solutions are at the back.")


def write_cover(layout: Layout, profile: PrinterProfile, fonts: FontSet, page_count: int,
                showcase: PuzzleRecord) -> Cover:
    geometry = profile.cover_geometry(layout.trim, layout.paper, page_count)
    buffer = io.BytesIO()
    width, height = geometry.width_pt, geometry.height_pt
    canvas = new_canvas(buffer, width=width, height=height, fonts=fonts, title=layout.title,
                        author=layout.author)
    full = Box(0.0, 0.0, width, height)
    bleed = float(geometry.bleed_in * 72)
    set_page_boxes(canvas, width=width, height=height, trim=full.inset(bleed), bleed=full)
    rules = InkRules(profile.min_font_pt, profile.min_line_pt, profile.min_gray_fill)
    large = layout.large_print

    # The background: the one mark allowed across the safe zone and the fold lines.
    canvas.setFillGray(BACKGROUND_GRAY)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)

    buffer_pt = float(BUFFER_PT)
    front = PdfInk(canvas, fonts, rules, geometry.front_safe.inset(buffer_pt))
    _front(front, layout, geometry.front_safe.inset(buffer_pt), showcase)
    back_area = geometry.back_safe.inset(buffer_pt)
    back = PdfInk(canvas, fonts, rules, back_area)
    _back(back, layout, back_area, geometry.barcode, large)
    if layout.isbn:
        _barcode(PdfInk(canvas, fonts, rules, geometry.barcode), layout.isbn, geometry.barcode,
                 fonts, profile.min_font_pt)
    spine_text, spine_size = _spine(canvas, fonts, layout, geometry, profile.min_font_pt)
    canvas.showPage()
    canvas.save()
    return Cover(buffer.getvalue(), geometry, spine_text, spine_size)


def _front(ink: PdfInk, layout: Layout, area: Box, showcase: PuzzleRecord) -> None:
    width = area.width
    title_size = min(40.0, width / 9)
    y = _lines(ink, layout.title, area, area.y1 - area.height * TOP_SPACE, title_size, bold=True)
    if layout.subtitle:
        y = _lines(ink, layout.subtitle, area, y - title_size * 0.3, title_size * 0.45)
    author_size = title_size * 0.5
    author_y = area.y0 + author_size * 0.8
    ink.text((area.x0 + area.x1) / 2, author_y, layout.author, size=author_size,
             anchor="middle")
    # A real puzzle of the book as the decoration, on a white card.
    family = get_family(showcase.family)
    rows, cols = family.grid_shape(showcase.puzzle)
    room = Box(area.x0 + width * 0.12, author_y + author_size * 2.2, area.x1 - width * 0.12,
               y - title_size * 0.6)
    cell = min((room.width - 2 * GRID_PAD - 12) / cols, (room.height - 2 * GRID_PAD - 12) / rows)
    if cell < 6:
        return
    cell = int(cell * 100) / 100
    grid = GridBox(round((room.x0 + room.x1 - cell * cols) / 2, 2),
                   round((room.y0 + room.y1 - cell * rows) / 2, 2), cell, rows, cols)
    pad = GRID_PAD + 6
    ink.rect(grid.x - pad, grid.y - pad, grid.width + 2 * pad, grid.height + 2 * pad, fill=1.0)
    family.draw_puzzle(ink, showcase.puzzle, grid)


def _back(ink: PdfInk, layout: Layout, area: Box, barcode: Box, large: bool) -> None:
    size = 13.0 if large else 11.0
    blurb = layout.blurb or default_blurb(layout)
    text_area = Box(area.x0 + 6, barcode.y1 + 12, area.x1 - 6, area.y1 - area.height * TOP_SPACE)
    y = text_area.y1
    for paragraph in blurb.split("\n\n"):
        y = _lines(ink, " ".join(paragraph.split()), text_area, y, size, anchor="start")
        y -= size * 0.6
    y = _lines(ink, "Inside this book:", text_area, y - size * 0.4, size, bold=True,
               anchor="start")
    for line in level_counts(layout):
        y = _lines(ink, f"• {line}", text_area, y, size, anchor="start")
    if y < text_area.y0:
        raise LayoutError("the back-cover text runs into the barcode area")


def _lines(ink: PdfInk, text: str, area: Box, top: float, size: float, *, bold: bool = False,
           anchor: str = "middle") -> float:
    lines = ink.fonts.face(bold).wrap(text, size, area.width)
    y = top
    for line in lines:
        y -= size * 1.3
        x = (area.x0 + area.x1) / 2 if anchor == "middle" else area.x0
        ink.text(x, y + size * 0.25, line, size=size, bold=bold, anchor=anchor)
    return y


def ean13_digits(isbn: str) -> str:
    """The 13 digits the widget prints, taken from the widget itself: its own check digit must
    agree with the ISBN's (the widget silently recomputes the 13th digit)."""
    from reportlab.graphics.barcode.eanbc import Ean13BarcodeWidget

    widget = Ean13BarcodeWidget(isbn[:12])
    strings = [shape.text for shape in _shapes(widget.draw()) if hasattr(shape, "text")]
    return "".join(strings)


def _shapes(group):
    for shape in getattr(group, "contents", []):
        if hasattr(shape, "contents"):
            yield from _shapes(shape)
        else:
            yield shape


def _barcode(ink: PdfInk, isbn: str, box: Box, fonts: FontSet, min_font: float) -> None:
    """EAN-13 of the ISBN, its bars and digits laid out by reportlab's widget, drawn through
    the Ink (DeviceGray black on a white box, digits in the book's TrueType face)."""
    from reportlab.graphics.barcode.eanbc import Ean13BarcodeWidget
    from reportlab.graphics.shapes import Rect, String

    widget = Ean13BarcodeWidget(isbn[:12])
    widget.fontName = fonts.regular.name   # never the widget's default Helvetica
    drawing = widget.draw()
    shapes = list(_shapes(drawing))
    printed = "".join(s.text for s in shapes if isinstance(s, String))
    if printed != isbn:
        raise LayoutError(f"the barcode would encode {printed}, not the ISBN {isbn}")
    x0, y0, x1, y1 = widget.getBounds()
    scale = min((box.width - 2 * BARCODE_QUIET_PT) / (x1 - x0),
                (box.height - 2 * BARCODE_QUIET_PT) / (y1 - y0))
    ox = box.x0 + (box.width - (x1 - x0) * scale) / 2 - x0 * scale
    oy = box.y0 + (box.height - (y1 - y0) * scale) / 2 - y0 * scale
    ink.rect(box.x0, box.y0, box.width, box.height, fill=1.0)
    background = shapes[0] if shapes and isinstance(shapes[0], Rect) and \
        shapes[0].width == (x1 - x0) else None
    for shape in shapes:
        if shape is background:
            continue
        if isinstance(shape, Rect):
            ink.rect(ox + shape.x * scale, oy + shape.y * scale, shape.width * scale,
                     shape.height * scale, fill=0.0)
        elif isinstance(shape, String):
            size = max(min_font, shape.fontSize * scale)
            ink.text(ox + shape.x * scale, oy + shape.y * scale, shape.text, size=size,
                     anchor={"start": "start", "middle": "middle", "end": "end"}[shape.textAnchor])


def _spine(canvas, fonts: FontSet, layout: Layout, geometry: CoverGeometry,
           min_font: float) -> tuple[str | None, float | None]:
    """Title (and author when it fits) down the spine, read top to bottom; None when the
    printer forbids spine text at this page count or it cannot be set at the minimum size."""
    box = geometry.spine_text_box
    if box is None:
        return None, None
    face = fonts.bold
    for text in (f"{layout.title}  ·  {layout.author}", layout.title):
        face.check_covers(text, "spine text")
        # Across the spine the glyphs' ink height must fit the box width; along it, the
        # advance must fit the box height.
        ink_at_1 = face.ink_box(text, 0.0, 0.0, 1.0)
        depth = ink_at_1.y1 - ink_at_1.y0
        size = min(SPINE_TEXT_MAX_PT, (box.width - 2 * float(BUFFER_PT)) / depth)
        length = face.advance(text, size)
        if length > box.height - 2 * float(BUFFER_PT):
            size = min(size, (box.height - 2 * float(BUFFER_PT)) / face.advance(text, 1.0))
        if size < min_font:
            continue
        ink = face.ink_box(text, 0.0, 0.0, size)
        # Text space (u along the baseline, v up) turned a quarter clockwise: (u, v) lands on
        # (cx + v, top - u). Centre the ink in both directions.
        length = face.advance(text, size)
        cx = (box.x0 + box.x1) / 2 - (ink.y0 + ink.y1) / 2
        top = (box.y0 + box.y1) / 2 + length / 2
        placed = Box(cx + ink.y0, top - ink.x1, cx + ink.y1, top - ink.x0)
        if not box.inset(float(BUFFER_PT)).contains(placed):
            raise LayoutError(f"spine text {text!r} leaves its box")
        canvas.saveState()
        canvas.translate(cx, top)
        canvas.rotate(-90)
        canvas.setFillGray(0)
        face.draw(canvas, 0, 0, text, size)
        canvas.restoreState()
        return text, round(size, 2)
    return None, None
