"""Colour, ink, bleed, PDF/X and thumbnail checks: pure functions of what was read back.

Each takes page contents (marks as the reader found them) and plain numbers from the printer
profile or the manifest, and returns `(measured, findings)`: a dict of what it measured and a
list of `(document, page, message)` tuples, empty when the check passes.

Total ink is computed from the colours the content paints, not from a raster. For flat vector
art that is exact as a bound: a printed point carries the inks of the topmost mark painting it
(knockout, which is how a PDF paints without overprint or transparency, and the colour check
fails any transparency), so no point carries more ink than the heaviest colour painted, and
that colour is carried wherever its mark shows. A mark hidden under others is counted anyway:
the check errs strict. The tests rasterise real covers in CMYK with ghostscript and find the
same maximum.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress, repeat
from operator import attrgetter, is_not, lt

from pipeline.geometry import Box
from pipeline.readback.findings import (glyph_colours, page_glyph_colours, painted,
                                        path_colours)
from pipeline.readback.reader import Glyph, ImageMark, PageContent, PathMark

TOLERANCE_PT = 0.01


def _describe(mark) -> str:
    if isinstance(mark, Glyph):
        return f"glyph {mark.text!r} at {mark.rendered_size:.1f} pt"
    if isinstance(mark, PathMark):
        paint = "filled" if mark.fill is not None else "stroked"
        return f"path {paint} at {mark.ink.as_list(1)}"
    return f"image at {mark.ink.as_list(1)}"


def total_ink(colour) -> float:
    """C+M+Y+K as a fraction (2.4 is 240 %); gray is K alone. Other spaces have no ink
    figure here (the colour-space check fails them)."""
    if colour.space == "DeviceCMYK":
        return sum(colour.values)
    if colour.space == "DeviceGray":
        return 1 - colour.values[0]
    return 0.0


def _is_rich_black(colour) -> bool:
    return (colour is not None and colour.space == "DeviceCMYK" and colour.values[3] >= 1.0
            and any(v > 0 for v in colour.values[:3]))


# --- colour spaces ---------------------------------------------------------------------------
def cover_colour_spaces(page: PageContent):
    """A cover paints in DeviceCMYK only: no RGB, no ICC-based colour, no gray (a gray
    black would be converted by the printer's RIP, the source of 'grey text')."""
    found, counts = [], {}
    for mark in page.marks:
        spaces = [c.space for c in painted(mark)]
        if isinstance(mark, ImageMark):
            spaces.append(mark.colour_space)
        for space in spaces:
            counts[space] = counts.get(space, 0) + 1
            if space != "DeviceCMYK":
                found.append(("cover", page.number, f"{space} on {_describe(mark)}"))
    for space in sorted(page.colour_spaces - {"DeviceCMYK"}):
        if space not in counts:
            found.append(("cover", page.number, f"colour space {space} is named in the page's "
                                                "resources"))
    return {"cover_colour_marks": counts}, found


# --- total ink, tints, rich black ------------------------------------------------------------
def ink_limits(page: PageContent, document: str, max_total: float, min_tint: float):
    """Every painted colour within the total ink limit, and no tint lighter than the minimum
    (a colour whose strongest ink is above 0 but under `min_tint`)."""
    found, heaviest, lightest = [], None, None
    for mark in page.marks:
        for colour in painted(mark):
            if colour.space not in ("DeviceCMYK", "DeviceGray"):
                continue
            ink = total_ink(colour)
            if heaviest is None or ink > heaviest[0]:
                heaviest = (ink, _describe(mark), list(colour.values))
            if ink > max_total + 1e-6:
                found.append((document, page.number, f"{ink:.0%} total ink (limit "
                                                     f"{max_total:.0%}): {_describe(mark)}"))
            strongest = max(colour.values) if colour.space == "DeviceCMYK" else ink
            if 0 < strongest < min_tint - 1e-6:
                found.append((document, page.number, f"a {strongest:.0%} tint is under the "
                                                     f"{min_tint:.0%} minimum: {_describe(mark)}"))
            if 0 < strongest and (lightest is None or strongest < lightest[0]):
                lightest = (strongest, _describe(mark))
    measured = {"limit": round(max_total * 100), "heaviest": None if heaviest is None else {
        "total_ink_pct": round(heaviest[0] * 100, 1), "mark": heaviest[1],
        "colour": heaviest[2]}, "lightest_tint_pct": None if lightest is None else
        round(lightest[0] * 100, 1)}
    return measured, found


def _black_text(colour, tints: bool) -> bool:
    """Text of this colour passes: 100 % K (DeviceGray 0 or CMYK 0/0/0/100), or with `tints`
    any gray or K alone."""
    solid = (colour.space == "DeviceGray" and colour.values[0] == 0) or (
        colour.space == "DeviceCMYK" and tuple(colour.values) == (0, 0, 0, 1))
    return solid or (tints and colour.is_gray_or_k)


def black_type(page: PageContent, document: str, rules, *, thin_lines: bool, tints: bool = False,
               rich_black: tuple[float, ...] | None = None):
    """Text is 100 % K (DeviceGray 0 or CMYK 0/0/0/100); with `tints` (a black-and-white
    interior, where every mark is black ink) a lighter K screen is allowed too, for light
    labels, but never another ink; with `thin_lines` (a cover), strokes thinner than
    `rules.thin_line_pt` are K ink alone; rich black only on fills at least
    `rules.rich_black_min_pt` across each way, and, given the printer's `rich_black`, only
    that one. `rules`: the cover rules (`pipeline.book.printers.cover_rules`)."""
    found, glyphs, thin = [], 0, 0
    marks = page.marks
    inked = page.ink_glyphs()   # the visible glyphs with ink: the text this judges
    # The colours of all the page's glyphs, when they all pass: those of the visible ones
    # with ink are among them (painted the same way); otherwise those exactly.
    colours = page_glyph_colours(page)
    if colours is None or not all(_black_text(colour, tints) for colour, _n in colours):
        colours = glyph_colours(inked)
    if colours is not None and all(_black_text(colour, tints) for colour, _n in colours):
        # No glyph fails: the glyphs are counted, and only the paths read, in their order.
        glyphs, marks = len(inked), page.paths
        if not thin_lines and not any(_is_rich_black(fill) or _is_rich_black(stroke)
                                      for fill, stroke, _n in path_colours(marks)):
            # Nor can a path: no rich black, and thin lines are only counted here.
            strokes = map(is_not, map(attrgetter("stroke"), marks), repeat(None))
            thin = sum(map(lt, map(attrgetter("line_width"), compress(marks, strokes)),
                           repeat(rules.thin_line_pt)))
            return {"glyphs": glyphs, "thin_lines": thin}, found
    for mark in marks:
        if isinstance(mark, Glyph) and mark.visible and mark.ink is not None:
            glyphs += 1
            colour = painted(mark)[0]
            if not _black_text(colour, tints):
                found.append((document, page.number, f"text is {colour.space} "
                                                     f"{list(colour.values)}, not 100 % K: "
                                                     f"{_describe(mark)}"))
        elif isinstance(mark, PathMark):
            if mark.stroke is not None and mark.line_width < rules.thin_line_pt:
                thin += 1
                if thin_lines and not mark.stroke.is_gray_or_k:
                    found.append((document, page.number, f"a {mark.line_width:.2f} pt line in "
                                                         f"{list(mark.stroke.values)}, not K "
                                                         f"alone: {_describe(mark)}"))
            if mark.fill is not None and _is_rich_black(mark.fill):
                if min(mark.ink.width, mark.ink.height) < rules.rich_black_min_pt:
                    found.append((document, page.number, f"rich black on a small area: "
                                                         f"{_describe(mark)}"))
                if rich_black is not None and any(
                        abs(v - w) > 1e-3 for v, w in zip(mark.fill.values, rich_black)):
                    found.append((document, page.number, f"rich black {list(mark.fill.values)} "
                                                         "is not the printer's "
                                                         f"{list(rich_black)}: "
                                                         f"{_describe(mark)}"))
            if mark.stroke is not None and _is_rich_black(mark.stroke):
                found.append((document, page.number, f"rich black on a line: "
                                                     f"{_describe(mark)}"))
    return {"glyphs": glyphs, "thin_lines": thin}, found


def paper_only(mark) -> bool:
    """A fill of paper white in DeviceCMYK or DeviceGray: it lays down no ink at all."""
    return (isinstance(mark, PathMark) and mark.stroke is None and mark.fill is not None
            and mark.fill.space in ("DeviceCMYK", "DeviceGray") and total_ink(mark.fill) == 0)


# --- bleed -----------------------------------------------------------------------------------
def bled_art(mark, bleed: Box) -> bool:
    """A path painted under a clip that reaches the bleed edge: art cropped by the trim."""
    if not isinstance(mark, PathMark) or not mark.clip:
        return False
    clip = mark.clip[-1].bounds
    return (clip.x0 <= bleed.x0 + TOLERANCE_PT or clip.x1 >= bleed.x1 - TOLERANCE_PT
            or clip.y0 <= bleed.y0 + TOLERANCE_PT or clip.y1 >= bleed.y1 - TOLERANCE_PT)


def colour_reaches_bleed(page: PageContent, variance: float, document: str = "cover"):
    """Inked colour that comes within `variance` (how far the trim may wander: the printer's
    1/16 in) of a trim edge runs on to the bleed
    edge there: otherwise a trim a little off leaves a white sliver (or a thin line of
    colour). Marks without ink (paper white) are exempt."""
    trim, bleed = page.trim, page.bleed_box or page.media_box
    found, checked = [], 0
    for mark in page.marks:
        if not isinstance(mark, PathMark) or mark.ink is None:
            continue
        if not any(total_ink(c) > 0 for c in painted(mark)):
            continue
        if bled_art(mark, bleed):
            continue   # inside an art field clipped at the bleed: the field runs on, not the mark
        ink = mark.ink
        sides = (("left", ink.x0, trim.x0, bleed.x0, +1), ("right", ink.x1, trim.x1, bleed.x1, -1),
                 ("bottom", ink.y0, trim.y0, bleed.y0, +1), ("top", ink.y1, trim.y1, bleed.y1, -1))
        for side, edge, trim_edge, bleed_edge, inward in sides:
            if trim_edge == bleed_edge:
                continue
            near = (edge - trim_edge) * inward <= variance
            reaches = (edge - bleed_edge) * inward <= TOLERANCE_PT
            if near and not reaches:
                checked += 1
                gap = (edge - bleed_edge) * inward
                found.append((document, page.number, f"colour stops {gap:.2f} pt short of the "
                                                     f"{side} bleed edge: {_describe(mark)}"))
    return {"short_of_bleed": len(found), "trim_variance_pt": variance}, found


# --- folds ------------------------------------------------------------------------------------
def colour_at_folds(page: PageContent, folds: list[float], variance: float):
    """No painted edge within `variance` of a spine fold (printers fold up to 1/16 in off):
    a colour change there shows on the wrong side of the fold. A mark that runs across the
    fold band is fine; glyphs are judged by the spine-text check."""
    found, nearest = [], None
    for mark in page.marks:
        if not isinstance(mark, PathMark) or mark.ink is None:
            continue
        for fold in folds:
            for edge in (mark.ink.x0, mark.ink.x1):
                gap = abs(edge - fold)
                if nearest is None or gap < nearest:
                    nearest = gap
                if gap < variance - TOLERANCE_PT:
                    found.append(("cover", page.number, f"a colour edge {gap:.2f} pt from the "
                                                        f"fold at x = {fold:.2f}: "
                                                        f"{_describe(mark)}"))
    return {"fold_variance_pt": variance,
            "nearest_edge_pt": None if nearest is None else round(nearest, 3)}, found


# --- the title at thumbnail size ---------------------------------------------------------------
def title_thumbnail(page: PageContent, front: Box, title: str, rules):
    """The title is set on the front, as its largest type, with an em of at least
    `rules.thumbnail_em_px` pixels when the front is shown `rules.thumbnail_height_px` pixels
    high (`rules`: the cover rules, `pipeline.book.printers.cover_rules`)."""
    height_px, em_min_px = rules.thumbnail_height_px, rules.thumbnail_em_px
    glyphs = [g for g in page.glyphs if g.visible and g.ink is not None
              and front.contains(g.ink, slack=0.5) and g.text.strip()]
    scale = height_px / front.height
    wanted = "".join(title.split())
    found = []
    # The title's glyphs: the sizes, largest first, whose glyphs spell it out.
    sizes = sorted({round(g.rendered_size, 2) for g in glyphs}, reverse=True)
    title_size = None
    for size in sizes:
        text = "".join(g.text for g in glyphs if round(g.rendered_size, 2) == size)
        if wanted and wanted in "".join(text.split()):
            title_size = size
            break
    if title_size is None:
        found.append(("cover", page.number, f"the title {title!r} is not set on the front"))
        return {"title_em_px": None}, found
    em_px = title_size * scale
    if em_px < em_min_px - 1e-6:
        found.append(("cover", page.number, f"the title is {title_size:.1f} pt: {em_px:.1f} px "
                                            f"at a {height_px} px high thumbnail, "
                                            f"under {em_min_px:g} px"))
    if sizes and title_size < sizes[0]:
        found.append(("cover", page.number, f"the title ({title_size:.1f} pt) is not the front's "
                                            f"largest type ({sizes[0]:.1f} pt)"))
    return {"title_pt": title_size, "title_em_px": round(em_px, 2),
            "minimum_em_px": em_min_px}, found


# --- PDF/X-1a ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PdfxFacts:
    """What PDF/X-1a asks of a file, read from it (see `pdfx_facts`)."""

    header_version: str
    output_intents: tuple      # (S, OutputConditionIdentifier, has ICC profile) each
    info: dict                 # document information, values as text
    has_id: bool
    encrypted: bool


def pdfx_facts(document) -> PdfxFacts:
    reader = document.reader
    root = reader.trailer["/Root"].get_object()
    intents = []
    for intent in (root.get("/OutputIntents") or []):
        intent = intent.get_object()
        intents.append((str(intent.get("/S")), str(intent.get("/OutputConditionIdentifier", "")),
                        "/DestOutputProfile" in intent))
    info_ref = reader.trailer.get("/Info")
    info = {str(k): str(v) for k, v in (info_ref.get_object() if info_ref else {}).items()}
    header = reader.pdf_header.replace("%PDF-", "")
    return PdfxFacts(header, tuple(intents), info, "/ID" in reader.trailer,
                     document.encrypted)


PDFX_VERSIONS = ("1.3", "1.4")


def pdfx_1a(facts: PdfxFacts, pages: list[PageContent], document: str):
    """One finding per PDF/X-1a:2001 requirement a file misses."""
    found = []

    def miss(message: str, page: int | None = None):
        found.append((document, page, message))

    intents = [i for i in facts.output_intents if i[0] == "/GTS_PDFX"]
    if len(intents) != 1:
        miss(f"output intent: {len(intents)} GTS_PDFX output intents, PDF/X wants exactly one")
    elif not (intents[0][1] or intents[0][2]):
        miss("output intent: no output condition identifier and no ICC profile")
    if facts.info.get("/GTS_PDFXVersion") != "PDF/X-1:2001":
        miss(f"GTS_PDFXVersion is {facts.info.get('/GTS_PDFXVersion')!r}, not 'PDF/X-1:2001'")
    if facts.info.get("/GTS_PDFXConformance") != "PDF/X-1a:2001":
        miss(f"GTS_PDFXConformance is {facts.info.get('/GTS_PDFXConformance')!r}, not "
             "'PDF/X-1a:2001'")
    if facts.info.get("/Trapped") not in ("/True", "/False"):
        miss(f"Trapped is {facts.info.get('/Trapped')!r}, not /True or /False")
    if not facts.info.get("/Title", "").strip():
        miss("no document title")
    if not facts.has_id:
        miss("no document ID")
    if facts.header_version not in PDFX_VERSIONS:
        miss(f"PDF version {facts.header_version}: PDF/X-1a:2001 is PDF 1.3 (1.4 tolerated)")
    if facts.encrypted:
        miss("encrypted")
    boxes = [p.number for p in pages if p.trim_box is None or p.bleed_box is None]
    if boxes:
        miss(f"{len(boxes)} page(s) without TrimBox and BleedBox, first page {boxes[0]}", boxes[0])
    transparent = [p.number for p in pages if p.transparency]
    if transparent:
        miss(f"transparency or soft masks on {len(transparent)} page(s)", transparent[0])
    allowed = {"DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern", "Indexed"}
    bad_space = sorted({s for p in pages for s in p.colour_spaces} - allowed)
    if bad_space:
        miss(f"colour spaces PDF/X-1a forbids: {', '.join(bad_space)}")
    unembedded = sorted({f.base_font for p in pages for f in p.fonts.values()
                         if f.standard_14 or not f.embedded})
    if unembedded:
        miss(f"fonts not embedded: {', '.join(unembedded)}")
    measured = {"version": facts.header_version, "output_intents": [list(i) for i in
                                                                    facts.output_intents],
                "conformance": facts.info.get("/GTS_PDFXConformance")}
    return measured, found
