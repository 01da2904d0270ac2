"""The full-wrap cover: back, spine and front on one page with bleed, in DeviceCMYK.

Its size comes from the printer's formula and the final interior page count; its look from
the layout's cover style (`cover_style.py`). The style's ground runs over the whole wrap, bleed
to bleed, so no colour changes at a fold; the spine's light band (behind spine text) and the
front's art stop at least the printer's fold variance away from each fold. The art is drawn
from the book's own boards through the family's drawing, clipped to a field that runs into the
bleed wherever it meets the trim. Every word is black type (100 % K) on a white card or the
light band. The barcode box is white: empty unless the layout gives an ISBN, in which case the
EAN-13 (and the EAN-5 price add-on when the layout gives a price) from reportlab's barcode
support is drawn there, 100 % K on white.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from decimal import Decimal

from pipeline.book.cmyk import K100, ArtInk, InkLimits, k_ink, set_fill
from pipeline.cover_colours import WHITE, CoverStyle
from pipeline.book.fonts import FontSet
from pipeline.book.interior import GRID_PAD, family_title, level_title
from pipeline.book.layout import Layout
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk, new_canvas, set_page_boxes
from pipeline.book.printers import BUFFER_PT, CoverGeometry, PrinterProfile, cover_rules
from pipeline.geometry import Box
from pipeline.i18n import Messages, and_list, in_running_text, language
from pipeline.family import get_family
from pipeline.ink import GridBox
from pipeline.records import PuzzleRecord

SPINE_TEXT_MAX_PT = 16
BARCODE_QUIET_PT = 6       # white around the bars inside the barcode box
TITLE_MAX_LINES = 3
CARD_PAD = 12.0            # inside a white card, around its type
LARGE_PRINT_STEP = 2.0     # large-print books set the back type this much larger
SAMPLE_CELL_MAX_PT = 40.0  # the back's sample puzzle: cells up to about 0.55 in, or more
                           # where few columns fill little more than half the card


_ = Messages(__name__)


@dataclass(frozen=True)
class Cover:
    data: bytes
    geometry: CoverGeometry
    spine_text: str | None
    spine_text_pt: float | None
    title_pt: float
    style: str


def level_counts(layout: Layout) -> list[str]:
    lines = []
    for section in layout.sections:
        lines.append(_("{count} {family} puzzles, {level}", count=section.count,
                       family=in_running_text(family_title(section.family)),
                       level=in_running_text(level_title(section.family, section.level))))
    return lines


def difficulty_range(layout: Layout) -> str:
    levels = list(dict.fromkeys(in_running_text(level_title(s.family, s.level))
                                for s in layout.sections))
    return levels[0] if len(levels) == 1 else _("{easiest} to {hardest}", easiest=levels[0],
                                                hardest=levels[-1])


def count_line(layout: Layout) -> str:
    total = sum(s.count for s in layout.sections)
    return _("{count} puzzles · {levels}", count=total, levels=difficulty_range(layout))


def default_blurb(layout: Layout) -> str:
    """The back-cover text a layout gets when it writes none: only what is true of this book.
    Its puzzles counted by what their levels call them (`kind_title`); "from gentle to
    demanding" only where `starts_gentle` (the front names the levels of any book); the
    levels' techniques only where every family declares `levels_by_techniques`."""
    families = list(dict.fromkeys(get_family(s.family).kind_title(s.level)
                                  for s in layout.sections))
    total = sum(s.count for s in layout.sections)
    # English prints the names with their capitals, as proper names.
    names = and_list(families if language() == "en" else map(in_running_text, families))
    if starts_gentle(layout):
        opening = _("{count} {families} puzzles, from gentle to demanding.", count=total,
                    families=names)
    else:
        opening = _("{count} {families} puzzles.", count=total, families=names)
    if all(get_family(s.family).levels_by_techniques for s in layout.sections):
        proof = _("Every puzzle has exactly one solution, proven by a checker independent of "
                  "the generator that made it, and every level is defined by the solving "
                  "techniques it needs.")
    else:
        proof = _("Every puzzle has exactly one solution, proven by a checker independent of "
                  "the generator that made it.")
    return " ".join((opening, proof, _("Rules and a worked example open the book; all "
                                       "solutions are at the back.")))


def starts_gentle(layout: Layout) -> bool:
    """Whether the book holds more than one level and, of every difficulty scale its levels
    are printed on, the easiest level: a book of hard to extreme boards is not gentle."""
    held = {(s.family, s.level) for s in layout.sections}
    scales = {(s.family, get_family(s.family).difficulty_scale(s.level))
              for s in layout.sections}
    return len(held) > 1 and all((family, scale[0]) in held for family, scale in scales)


def cover_boards(sections, per_section: int = 4) -> list[PuzzleRecord]:
    """The boards a cover draws from: the book's first puzzle (the back's sample), then the
    first few of every section in turn, so the art shows every level the book holds."""
    boards = [sections[0][0]]
    for i in range(per_section):
        for section in sections:
            if i < len(section) and section[i] not in boards:
                boards.append(section[i])
    return boards


def min_title_pt(trim_height_pt: float) -> float:
    """The smallest title that still reads on a thumbnail of the front as the book is listed
    (its height in pixels and the title's least em there: printers.toml `[cover_rules]`)."""
    rules = cover_rules()
    return rules.thumbnail_em_px * trim_height_pt / rules.thumbnail_height_px


def write_cover(layout: Layout, profile: PrinterProfile, fonts: FontSet, page_count: int,
                boards: list[PuzzleRecord]) -> Cover:
    """`boards`: the book's boards to draw from; the first is the back's sample puzzle."""
    geometry = profile.cover_geometry(layout.trim, layout.paper, page_count)
    style = layout.cover
    buffer = io.BytesIO()
    width, height = geometry.width_pt, geometry.height_pt
    canvas = new_canvas(buffer, width=width, height=height, fonts=fonts, title=layout.title,
                        author=layout.author)
    full = Box(0.0, 0.0, width, height)
    bleed = float(geometry.bleed_in * 72)
    set_page_boxes(canvas, width=width, height=height, trim=full.inset(bleed), bleed=full)
    rules = InkRules(profile.min_font_pt, profile.min_line_pt, profile.min_gray_fill)
    limits = InkLimits(profile.max_total_ink, profile.min_gray_fill, cover_rules().thin_line_pt)
    fold = profile.fold_variance_pt

    # The ground: one colour over the whole wrap, so nothing changes at a fold.
    set_fill(canvas, style.ground, limits, "ground")
    canvas.rect(0, 0, width, height, stroke=0, fill=1)

    buffer_pt = float(BUFFER_PT)
    title_pt = _front(canvas, fonts, rules, limits, layout, style, geometry, full, fold, boards)
    back_area = geometry.back_safe.inset(buffer_pt)
    _back(canvas, fonts, rules, limits, layout, back_area, geometry.barcode, boards[0])
    _barcode_box(canvas, fonts, rules, limits, layout, geometry.barcode, profile.min_font_pt)
    spine_text, spine_size = _spine(canvas, fonts, limits, layout, geometry, full, fold,
                                    profile.min_font_pt)
    canvas.showPage()
    canvas.save()
    return Cover(buffer.getvalue(), geometry, spine_text, spine_size, title_pt, style.name)


# --- front -------------------------------------------------------------------------------------
def fit_title(fonts: FontSet, title: str, width: float, largest: float) -> tuple[float, list[str]]:
    """The largest size up to `largest` at which the title wraps into at most three lines,
    each within `width`."""
    face = fonts.bold
    size = largest
    while size > 8:
        lines = face.wrap(title, size, width)
        if len(lines) <= TITLE_MAX_LINES and all(face.advance(l, size) <= width for l in lines):
            return size, lines
        size -= 1
    return size, face.wrap(title, size, width)


def _front(canvas, fonts, rules, limits, layout: Layout, style: CoverStyle, g: CoverGeometry,
           full: Box, fold: float, boards) -> float:
    safe = g.front_safe.inset(float(BUFFER_PT))
    inner_w = safe.width - 2 * CARD_PAD
    largest = style.title_pt or min(g.front.width / 6.2, 1.6 * min_title_pt(g.front.height))
    title_pt, title_lines = fit_title(fonts, layout.title, inner_w, largest)
    if style.title_pt:
        title_pt, title_lines = style.title_pt, fonts.bold.wrap(layout.title, style.title_pt,
                                                                 inner_w)
    sub_pt = style.subtitle_pt
    sub_lines = fonts.regular.wrap(layout.subtitle, sub_pt, inner_w) if layout.subtitle else []
    info_pt = max(12.0, sub_pt * 0.8)
    author_pt = max(11.0, sub_pt * 0.75)
    # The card's height from its lines: title, subtitle, count and levels, author.
    lead = 1.12
    volume_lines = [layout.volume_text] if layout.volume_text else []
    card_h = (2 * CARD_PAD + len(title_lines) * title_pt * lead + len(sub_lines) * sub_pt * 1.3
              + len(volume_lines) * info_pt * 1.3 + info_pt * 1.3 + author_pt * 1.3
              + sub_pt * 0.9)
    if style.title_place == "top":
        card = Box(safe.x0, safe.y1 - card_h, safe.x1, safe.y1)
        art = Box(g.front.x0 + 2 * fold, 0.0, full.x1, card.y0 - 0.04 * g.front.height)
    else:
        card = Box(safe.x0, safe.y0, safe.x1, safe.y0 + card_h)
        art = Box(g.front.x0 + 2 * fold, card.y1 + 0.04 * g.front.height, full.x1, full.y1)
    if art.height < 0.2 * g.front.height:
        raise LayoutError("the title card leaves too little of the front for the art")
    _art(canvas, fonts, limits, style, art, boards)

    # The white card and its type, black on white.
    set_fill(canvas, style.plate, limits, "title card")
    canvas.rect(card.x0, card.y0, card.width, card.height, stroke=0, fill=1)
    ink = k_ink(canvas, fonts, rules, card.inset(float(BUFFER_PT)))
    cx = (card.x0 + card.x1) / 2
    y = card.y1 - CARD_PAD
    for line in title_lines:
        y -= title_pt * lead
        ink.text(cx, y + title_pt * 0.22, line, size=title_pt, bold=True, anchor="middle")
    y -= sub_pt * 0.3
    for line in sub_lines:
        y -= sub_pt * 1.3
        ink.text(cx, y + sub_pt * 0.25, line, size=sub_pt, anchor="middle")
    for line in volume_lines:
        y -= info_pt * 1.3
        ink.text(cx, y + info_pt * 0.25, line, size=info_pt, bold=True, anchor="middle")
    y -= info_pt * 1.3 + sub_pt * 0.3
    ink.text(cx, y + info_pt * 0.25, count_line(layout), size=info_pt, bold=True,
             anchor="middle")
    ink.text(cx, card.y0 + CARD_PAD + author_pt * 0.2, layout.author, size=author_pt,
             anchor="middle")

    if layout.large_print:
        _badge(canvas, fonts, rules, limits, style, art, safe, card)
    return title_pt


def _badge(canvas, fonts, rules, limits, style: CoverStyle, art: Box, safe: Box, card: Box):
    """LARGE PRINT on a disc of the badge colour, inside the safe zone, over the art."""
    size = max(14.0, safe.width / 22)
    face = fonts.bold
    radius = max(face.advance("LARGE", size), face.advance("PRINT", size)) / 2 + size * 0.7
    cx = safe.x1 - radius - 4
    cy = (min(art.y1, safe.y1) - radius - 8) if art.y1 <= card.y0 + 1 else         (max(art.y0, safe.y0) + radius + 8)
    set_fill(canvas, style.badge, limits, "badge")
    canvas.circle(cx, cy, radius, stroke=0, fill=1)
    ink = k_ink(canvas, fonts, rules, Box(cx - radius, cy - radius, cx + radius, cy + radius))
    ink.text(cx, cy + size * 0.12, "LARGE", size=size, bold=True, anchor="middle")
    ink.text(cx, cy - size * 0.88, "PRINT", size=size, bold=True, anchor="middle")


def _art(canvas, fonts, limits, style: CoverStyle, area: Box, boards) -> None:
    """The book's boards, in the style's colours, clipped to `area` (which runs into the bleed
    where it meets the trim). Solutions are drawn: they are the richer picture, and the cover
    reveals nothing a reader solves (no board of the art is named)."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(area.x0, area.y0, area.width, area.height)
    canvas.clipPath(path, stroke=0, fill=0)
    if style.art == "closeup":
        _closeup(canvas, fonts, limits, style, area, boards)
    else:
        _mosaic(canvas, fonts, limits, style, area, boards)
    canvas.restoreState()


def _draw_board(canvas, fonts, limits, style, record: PuzzleRecord, grid: GridBox, tile: Box,
                colour, scale: float) -> None:
    set_fill(canvas, colour, limits, "art tile")
    canvas.rect(tile.x0, tile.y0, tile.width, tile.height, stroke=0, fill=1)
    family = get_family(record.family)
    ink = ArtInk(canvas, fonts, limits, ground=colour, dark=style.art_dark, scale=scale)
    family.draw_solution(ink, record.puzzle, record.solution, grid)


def _closeup(canvas, fonts, limits, style, area: Box, boards) -> None:
    """The largest board, big enough to run off the field's edges: a cropped detail."""
    record = max(boards, key=lambda r: _cells(r))
    rows, cols = get_family(record.family).grid_shape(record.puzzle)
    # About six columns across the field: regions and marks read as shapes, the rest of the
    # board runs off the edges.
    cell = max(area.width / 6.2, area.height / max(rows - 1.5, 1))
    grid = GridBox(round(area.x0 - cell * 0.6, 2), round(area.y0 - cell * 0.9, 2),
                   round(cell, 2), rows, cols)
    tile = Box(grid.x - cell, grid.y - cell, grid.x + grid.width + cell,
               grid.y + grid.height + cell)
    _draw_board(canvas, fonts, limits, style, record, grid, tile, style.accents[0],
                scale=cell / 24)


def _mosaic(canvas, fonts, limits, style, area: Box, boards) -> None:
    """Boards side by side in rows, each on its own colour, the rows shifted so the field's
    edges crop them."""
    gap = max(6.0, area.width / 60)
    across = 3
    side = (area.width + gap * 0.5) / (across - 0.4)
    row = 0
    y = area.y1 - side * 0.7
    index = 0
    while y + side > area.y0:
        x = area.x0 - side * (0.35 if row % 2 else 0.7)
        while x < area.x1:
            record = boards[index % len(boards)]
            colour = style.accents[index % len(style.accents)]
            rows, cols = get_family(record.family).grid_shape(record.puzzle)
            cell = (side - 2 * gap) / max(rows, cols)
            grid = GridBox(round(x + (side - cell * cols) / 2, 2),
                           round(y + (side - cell * rows) / 2, 2), round(cell, 2), rows, cols)
            tile = Box(x + gap / 2, y + gap / 2, x + side - gap / 2, y + side - gap / 2)
            _draw_board(canvas, fonts, limits, style, record, grid, tile, colour,
                        scale=max(1.0, cell / 24))
            x += side
            index += 1
        y -= side
        row += 1


def _cells(record: PuzzleRecord) -> int:
    rows, cols = get_family(record.family).grid_shape(record.puzzle)
    return rows * cols


# --- back --------------------------------------------------------------------------------------
def _back(canvas, fonts, rules, limits, layout: Layout, area: Box, barcode: Box,
          sample: PuzzleRecord) -> None:
    size = layout.cover.blurb_pt + (LARGE_PRINT_STEP if layout.large_print else 0.0)
    card = Box(area.x0, barcode.y1 + 10, area.x1, area.y1)
    set_fill(canvas, layout.cover.plate, limits, "back card")
    canvas.rect(card.x0, card.y0, card.width, card.height, stroke=0, fill=1)
    text_area = card.inset(CARD_PAD)
    ink = k_ink(canvas, fonts, rules, card.inset(float(BUFFER_PT)))
    head = size * 1.7
    y = _lines(ink, layout.title, text_area, text_area.y1, head, bold=True)
    y -= size * 0.5
    blurb = layout.blurb or default_blurb(layout)
    for paragraph in blurb.split("\n\n"):
        y = _lines(ink, " ".join(paragraph.split()), text_area, y, size, anchor="start")
        y -= size * 0.6
    y = _lines(ink, _("Inside this book:"), text_area, y - size * 0.2, size, bold=True,
               anchor="start")
    for line in level_counts(layout):
        y = _lines(ink, f"• {line}", text_area, y, size, anchor="start")
    # The sample: a real puzzle of the book, as printed inside, with its number.
    caption = _("Try one: Puzzle 1, {level}",
                level=in_running_text(level_title(sample.family, sample.level)))
    caption_y = text_area.y0 + size * 0.2
    room = Box(text_area.x0, caption_y + size * 1.6, text_area.x1, y - size * 0.8)
    family = get_family(sample.family)
    rows, cols = family.grid_shape(sample.puzzle)
    cell = min((room.width - 2 * GRID_PAD) / cols, (room.height - 2 * GRID_PAD) / rows,
               max(SAMPLE_CELL_MAX_PT, 0.55 * room.width / cols))
    if cell < 10:
        raise LayoutError("the back-cover text leaves no room for the sample puzzle")
    cell = int(cell * 100) / 100
    grid = GridBox(round((room.x0 + room.x1 - cell * cols) / 2, 2),
                   round((room.y0 + room.y1 - cell * rows) / 2, 2), cell, rows, cols)
    family.draw_puzzle(ink, sample.puzzle, grid)
    ink.text((text_area.x0 + text_area.x1) / 2, max(caption_y, grid.y - GRID_PAD - size * 1.4),
             caption, size=size, anchor="middle")


def _lines(ink: PdfInk, text: str, area: Box, top: float, size: float, *, bold: bool = False,
           anchor: str = "middle") -> float:
    lines = ink.fonts.face(bold).wrap(text, size, area.width)
    y = top
    for line in lines:
        y -= size * 1.3
        x = (area.x0 + area.x1) / 2 if anchor == "middle" else area.x0
        ink.text(x, y + size * 0.25, line, size=size, bold=bold, anchor=anchor)
    return y


def _barcode_box(canvas, fonts, rules, limits, layout: Layout, box: Box, min_font: float):
    """White: KDP prints its own barcode into an empty box; with an ISBN ours goes there."""
    set_fill(canvas, WHITE, limits, "barcode box")
    canvas.rect(box.x0, box.y0, box.width, box.height, stroke=0, fill=1)
    if layout.isbn:
        _barcode(k_ink(canvas, fonts, rules, box), layout.isbn, price_addon(layout.price_usd),
                 box, fonts, min_font)


def price_addon(price: Decimal | None) -> str | None:
    """The EAN-5 add-on of a US price: 5 then the price in cents ($12.99 -> 51299)."""
    if price is None:
        return None
    return f"5{int(price * 100):04d}"


def _shapes(group):
    for shape in getattr(group, "contents", []):
        if hasattr(shape, "contents"):
            yield from _shapes(shape)
        else:
            yield shape


def _barcode(ink: PdfInk, isbn: str, addon: str | None, box: Box, fonts: FontSet,
             min_font: float) -> None:
    """EAN-13 of the ISBN, and the EAN-5 add-on when given, bars and digits laid out by
    reportlab's widgets, drawn through the Ink (100 % K on white, digits in the book's face)."""
    from reportlab.graphics.barcode.eanbc import Ean5BarcodeWidget, Ean13BarcodeWidget
    from reportlab.graphics.shapes import Rect, String

    main = Ean13BarcodeWidget(isbn[:12])
    main.fontName = fonts.regular.name   # never the widget's default Helvetica
    parts = [(main, 0.0)]
    mx0, my0, mx1, my1 = main.getBounds()
    if addon:
        extra = Ean5BarcodeWidget(addon)
        extra.fontName = fonts.regular.name
        extra.barHeight = main.barHeight * 0.85
        # The add-on sits right of the main symbol, 9 modules after its right guard.
        ex0, _ey0, _ex1, _ey1 = extra.getBounds()
        parts.append((extra, mx1 + 9 * main.barWidth - ex0))
    drawn = []
    for widget, dx in parts:
        shapes = list(_shapes(widget.draw()))
        wx0, _wy0, wx1, _wy1 = widget.getBounds()
        background = shapes[0] if shapes and isinstance(shapes[0], Rect) and \
            shapes[0].width == (wx1 - wx0) else None
        drawn += [(shape, dx) for shape in shapes if shape is not background]
    printed = "".join(s.text for s, dx in drawn if isinstance(s, String) and dx == 0.0)
    if printed != isbn:
        raise LayoutError(f"the barcode would encode {printed}, not the ISBN {isbn}")
    if addon:
        added = "".join(s.text for s, dx in drawn if isinstance(s, String) and dx != 0.0)
        if added != addon:
            raise LayoutError(f"the add-on would read {added}, not {addon}")
    x0, y0 = mx0, my0
    x1 = max(dx + w.getBounds()[2] for w, dx in parts)
    y1 = max(w.getBounds()[3] for w, _ in parts)
    scale = min((box.width - 2 * BARCODE_QUIET_PT) / (x1 - x0),
                (box.height - 2 * BARCODE_QUIET_PT) / (y1 - y0))
    ox = box.x0 + (box.width - (x1 - x0) * scale) / 2 - x0 * scale
    oy = box.y0 + (box.height - (y1 - y0) * scale) / 2 - y0 * scale
    ink.rect(box.x0, box.y0, box.width, box.height, fill=1.0)
    for shape, dx in drawn:
        if isinstance(shape, Rect) and _is_white(shape.fillColor):
            continue   # a widget's own ground: the box is already white
        if isinstance(shape, Rect):
            ink.rect(ox + (shape.x + dx) * scale, oy + shape.y * scale, shape.width * scale,
                     shape.height * scale, fill=0.0)
        elif isinstance(shape, String):
            size = max(min_font, shape.fontSize * scale)
            ink.text(ox + (shape.x + dx) * scale, oy + shape.y * scale, shape.text, size=size,
                     anchor={"start": "start", "middle": "middle", "end": "end"}[shape.textAnchor])


def _is_white(colour) -> bool:
    if colour is None:
        return True
    rgb = colour.rgb() if hasattr(colour, "rgb") else (0, 0, 0)
    return all(c >= 0.999 for c in rgb)


def _spine(canvas, fonts: FontSet, limits: InkLimits, layout: Layout, geometry: CoverGeometry,
           full: Box, fold: float, min_font: float) -> tuple[str | None, float | None]:
    """Title (and author when it fits) down the spine, read top to bottom, black on a light
    band that keeps more than the fold variance from each fold; None when the printer forbids
    spine text at this page count or it cannot be set at the minimum size."""
    text_box = geometry.spine_text_box
    if text_box is None:
        return None, None
    spine = geometry.spine
    band = Box(spine.x0 + fold + 0.5, full.y0, spine.x1 - fold - 0.5, full.y1)
    box = Box(max(text_box.x0, band.x0 + float(BUFFER_PT)), text_box.y0,
              min(text_box.x1, band.x1 - float(BUFFER_PT)), text_box.y1)
    if box.width <= 2 * float(BUFFER_PT):
        return None, None
    face = fonts.bold
    title = f"{layout.title}  ·  {layout.volume_text}" if layout.volume_text else layout.title
    for text in (f"{title}  ·  {layout.author}", title):
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
        set_fill(canvas, layout.cover.plate, limits, "spine band")
        canvas.rect(band.x0, band.y0, band.width, band.height, stroke=0, fill=1)
        canvas.saveState()
        canvas.translate(cx, top)
        canvas.rotate(-90)
        canvas.setFillColorCMYK(*K100)
        face.draw(canvas, 0, 0, text, size)
        canvas.restoreState()
        return text, round(size, 2)
    return None, None
