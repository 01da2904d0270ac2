"""One PDF page, as read back, drawn as a standalone SVG.

Paths keep their geometry, colour and stroke; text becomes the embedded font's glyph outlines
(each glyph's outline is defined once and placed with <use>), so a proof looks the same on a
machine without the fonts. A guides layer (trim, bleed, margins, gutter; on covers the spine,
safe zone and barcode box) is in the file but hidden; it shows when the SVG is opened with the
fragment #guides (CSS :target), which is how the gallery switches it on and off.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from html import escape
from itertools import chain
from operator import itemgetter

from fontTools.pens.svgPathPen import SVGPathPen

from pipeline.readback.reader import Colour, Glyph, ImageMark, PageContent, PathMark
from pipeline.geometry import Box

GUIDE_STYLES = {
    # kind: (stroke colour, dash, fill)
    "bleed": ("#d62728", "4 2", "none"),
    "trim": ("#1f77b4", "", "none"),
    "live": ("#e377c2", "3 2", "none"),
    "gutter": ("none", "", "rgba(23,190,207,0.18)"),
    "spine": ("#2ca02c", "", "none"),
    "safe": ("#ff7f0e", "3 2", "none"),
    "barcode": ("#9467bd", "", "rgba(148,103,189,0.15)"),
}


@dataclass(frozen=True)
class Guide:
    kind: str  # a key of GUIDE_STYLES
    label: str
    box: Box


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Numbers(dict):
    """`_num` remembered: a document places its glyphs at the same few hundred x and y
    positions on page after page (a grid's cells, a column's lines)."""

    def __missing__(self, value: float) -> str:
        text = self[value] = _num(value)
        return text


def _coefficient(value: float) -> str:
    """A matrix coefficient: glyph scales are small (12 pt / 2048 units), so keep 7 digits."""
    text = f"{value:.7g}"
    return "0" if text in ("-0", "0") else text


def _colour(colour: Colour | None) -> str:
    return "none" if colour is None else _hex(colour)


# The screen colour of each process ink printed solid on white (the usual sRGB stand-ins for
# SWOP cyan, magenta, yellow and black: #00AEEF, #EC008C, #FFF200, #231F20).
PROCESS_INKS = ((0, 174, 239), (236, 0, 140), (255, 242, 0), (35, 31, 32))


def cmyk_to_screen(values) -> tuple[float, float, float]:
    """DeviceCMYK shown on screen, approximately: each ink a filter that passes, channel by
    channel, (1 - v) + v x its solid colour, the filters multiplied (inks overlap on paper).
    No ICC profile: a proof for layout and colour choice, not a contract proof. K at 100 %
    comes out the dark gray of real black ink, as poppler shows it too."""
    rgb = [1.0, 1.0, 1.0]
    for v, ink in zip(values, PROCESS_INKS):
        for i in range(3):
            rgb[i] *= (1 - v) + v * ink[i] / 255
    return rgb[0], rgb[1], rgb[2]


@lru_cache(maxsize=1024)
def _hex(colour: Colour) -> str:
    """A pure function of a frozen value, memoised: a page uses a handful of colours often."""
    rgb = cmyk_to_screen(colour.values) if colour.space == "DeviceCMYK" and \
        len(colour.values) == 4 else colour.rgb()
    r, g, b = (max(0, min(255, round(c * 255))) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


class Coordinates(dict):
    """Path coordinates written to 0.01 pt (1/7200 in), remembered: a document draws its
    lines at the same few thousand x and y positions (a grid's lines, a page's frame), and
    writing a number costs several times looking it up. The operators of the segments
    ("M", "L", "C", "Z") stand for themselves. Zero is written each time it is asked for,
    never remembered: 0.0 and -0.0 are one key, and their forms differ ("0.00", "-0.00")."""

    def __init__(self):
        super().__init__((op, op) for op in "MLCZ")

    def __missing__(self, value: float) -> str:
        text = "%.2f" % value
        if value:
            self[value] = text
        return text


# Each segment's format, its operator and its coordinates written by `Coordinates`.
_SEGMENT_FORMATS = {"M": "%s%s %s", "L": "%s%s %s", "C": "%s%s %s %s %s %s %s", "Z": "%s"}
_OPERATOR = itemgetter(0)


def path_data(segments, coordinates: Coordinates | None = None) -> str:
    """Path data in page points to 0.01 pt: the whole path one format (each segment's, one
    after another) filled from all its values at once, each written once a document
    (`coordinates`, kept by the caller across its pages)."""
    coordinates = Coordinates() if coordinates is None else coordinates
    return ("".join(map(_SEGMENT_FORMATS.__getitem__, map(_OPERATOR, segments)))
            % tuple(map(coordinates.__getitem__, chain.from_iterable(segments))))


_CAPS = ("butt", "round", "square")
_JOINS = ("miter", "round", "bevel")


def _path_element(mark: PathMark, painted: dict | None = None,
                  coordinates: Coordinates | None = None) -> str:
    """A path's element; `painted` keeps, for one page, the attributes after its data by the
    paint that decides them (the colours by identity, as `_glyph_element` keeps them)."""
    key = (id(mark.fill), id(mark.stroke), mark.even_odd, mark.mean_line_width, mark.cap,
           mark.join, mark.dash, mark.alpha)
    paint = None if painted is None else painted.get(key)
    if paint is None:
        paint = _path_paint(mark)
        if painted is not None:
            painted[key] = paint
    return f'<path d="{path_data(mark.segments, coordinates)}" {paint}/>'


def _path_paint(mark: PathMark) -> str:
    attrs = [f'fill="{_colour(mark.fill)}"']
    if mark.fill is not None and mark.even_odd:
        attrs.append('fill-rule="evenodd"')
    if mark.stroke is not None:
        attrs.append(f'stroke="{_colour(mark.stroke)}"')
        # A zero width is the thinnest line the device can draw; one device pixel at 300 dpi.
        attrs.append(f'stroke-width="{_num(mark.mean_line_width or 0.24)}"')
        if mark.cap:
            attrs.append(f'stroke-linecap="{_CAPS[mark.cap % 3]}"')
        if mark.join:
            attrs.append(f'stroke-linejoin="{_JOINS[mark.join % 3]}"')
        if mark.dash[0] and any(mark.dash[0]):
            attrs.append(f'stroke-dasharray="{" ".join(_num(v) for v in mark.dash[0])}"')
            if mark.dash[1]:
                attrs.append(f'stroke-dashoffset="{_num(mark.dash[1])}"')
    if mark.alpha < 1:
        attrs.append(f'opacity="{_num(mark.alpha)}"')
    return " ".join(attrs)


def outline_path(font, gid: int, outlines: dict) -> str:
    """SVG path data of glyph `gid` in font units, drawn once per font and glyph."""
    key = (font, gid)
    if key not in outlines:
        pen = SVGPathPen(font.glyph_set, ntos=_num)
        font.draw(gid, pen)
        outlines[key] = pen.getCommands()
    return outlines[key]


class _GlyphDefs:
    """Each (font, glyph) outline once per page, in font units, referenced by id."""

    def __init__(self, outlines: dict):
        self.outlines = outlines
        self.ids: dict[tuple, str] = {}
        self.fonts: dict = {}
        self.elements: list[str] = []

    def ref(self, glyph: Glyph) -> str | None:
        font = glyph.font
        key = (font, glyph.gid)
        if key not in self.ids:
            font_number = self.fonts.setdefault(font, len(self.fonts))
            d = outline_path(font, glyph.gid, self.outlines)
            ident = f"f{font_number}g{glyph.gid}"
            self.ids[key] = ident if d else ""
            if d:
                self.elements.append(f'<path id="{ident}" d="{d}"/>')
        return self.ids[key] or None


_UNSEEN = object()


def _glyph_element(glyph: Glyph, defs: _GlyphDefs, placed: dict, numbers: dict) -> str | None:
    """A glyph's element. All but the position is the same for every glyph of one outline,
    size and paint on a page: written once per page (`placed`, the colours known by identity:
    one object per colour of a page, alive as long as the page), so most glyphs are looked up
    first and written as their position between the two parts kept. A glyph never placed is
    an invisible one, one without outlines (text instead) or the first of its kind."""
    (font, _code, gid, text, _size, _rendered, (a, b, c, d, e, f), _ink, fill, stroke,
     mode, alpha, _run, _clip) = glyph
    key = (font, gid, a, b, c, d, mode, id(fill), id(stroke), alpha)
    around = placed.get(key, _UNSEEN)
    if around is _UNSEEN:
        if not glyph.visible:
            return None
        if font.ttfont is None or gid is None:
            # No outlines to draw: fall back to text, marked so a proofreader sees it.
            if not text.strip():
                return None
            return (f'<text class="unembedded" transform="matrix({_coefficient(a)} '
                    f'{_coefficient(b)} {_coefficient(c)} {_coefficient(d)} {_num(e)} '
                    f'{_num(f)}) scale(1 -1)" font-size="1" fill="{_colour(fill)}">'
                    f'{escape(text)}</text>')
        ident = defs.ref(glyph)
        around = placed[key] = None if ident is None else (
            f'<use xlink:href="#{ident}" transform="matrix('
            f'{_glyph_scale(a, b, c, d, font.units_per_em)} ',
            f')" {_glyph_paint(mode % 4, fill, stroke, alpha)}/>')
    if around is None:
        return None
    return f"{around[0]}{numbers[e]} {numbers[f]}{around[1]}"


@lru_cache(maxsize=4096)
def _glyph_scale(a: float, b: float, c: float, d: float, units_per_em: int) -> str:
    """The linear part of a glyph's matrix, font units to page: a page sets thousands of
    glyphs in a handful of sizes, so each is written once."""
    scale = 1.0 / units_per_em
    return " ".join(_coefficient(v) for v in (a * scale, b * scale, c * scale, d * scale))


@lru_cache(maxsize=1024)
def _glyph_paint(mode: int, fill: Colour, stroke: Colour, alpha: float) -> str:
    paint = [f'fill="{_colour(fill)}"' if mode in (0, 2) else 'fill="none"']
    if mode in (1, 2):
        paint.append(f'stroke="{_colour(stroke)}"')
    if alpha < 1:
        paint.append(f'opacity="{_num(alpha)}"')
    return " ".join(paint)


def _image_element(mark: ImageMark) -> str:
    # Images are not decoded: a hatched placeholder shows where one sits.
    box = mark.ink
    return (f'<rect class="image" x="{_num(box.x0)}" y="{_num(box.y0)}" '
            f'width="{_num(box.width)}" height="{_num(box.height)}" fill="#bbbbbb" '
            f'stroke="#555555" stroke-width="0.5"/>')


def _guides_layer(guides, media: Box) -> str:
    items = []
    for guide in guides:
        stroke, dash, fill = GUIDE_STYLES[guide.kind]
        box = guide.box
        attrs = (f'x="{_num(box.x0)}" y="{_num(box.y0)}" width="{_num(box.width)}" '
                 f'height="{_num(box.height)}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="0.6"' + (f' stroke-dasharray="{dash}"' if dash else ""))
        items.append(f'<rect class="guide {guide.kind}" {attrs}><title>{escape(guide.label)}'
                     f'</title></rect>')
    return "\n".join(items)


def page_svg(page: PageContent, guides=(), title: str = "", outlines: dict | None = None,
             numbers: dict | None = None, coordinates: Coordinates | None = None) -> str:
    """The SVG text of one page; `guides` are drawn in the hidden #guides layer. `outlines`
    caches glyph outlines across the pages of one document, `numbers` (a `Numbers`) the
    written form of its glyphs' positions, `coordinates` that of its paths' points."""
    media = page.media_box
    numbers = Numbers() if numbers is None else numbers
    coordinates = Coordinates() if coordinates is None else coordinates
    defs = _GlyphDefs(outlines if outlines is not None else {})
    clips: dict = {}  # Clip -> id
    clip_elements: list[str] = []
    body = []
    placed: dict = {}
    painted: dict = {}
    append = body.append
    for mark in page.marks:
        if type(mark) is Glyph:   # most marks: checked first, by type (none is subclassed)
            element = _glyph_element(mark, defs, placed, numbers)
        elif isinstance(mark, PathMark):
            element = _path_element(mark, painted, coordinates)
        elif isinstance(mark, ImageMark):
            element = _image_element(mark)
        else:
            element = None
        if not element:
            continue
        for clip in reversed(mark.clip):  # innermost clip nearest the mark
            if clip not in clips:
                clips[clip] = f"c{len(clips)}"
                rule = ' clip-rule="evenodd"' if clip.even_odd else ""
                data = path_data(clip.segments, coordinates)
                clip_elements.append(f'<clipPath id="{clips[clip]}"><path d="{data}"{rule}/>'
                                     f'</clipPath>')
            element = f'<g clip-path="url(#{clips[clip]})">{element}</g>'
        append(element)
    width, height = media.width, media.height
    flip = f"matrix(1 0 0 -1 {_num(-media.x0)} {_num(media.y1)})"
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{_num(width)}pt" height="{_num(height)}pt" '
        f'viewBox="0 0 {_num(width)} {_num(height)}">',
        f"<title>{escape(title)}</title>",
        "<style>#guides{display:none}#guides:target{display:inline}</style>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f"<defs>{''.join(defs.elements)}{''.join(clip_elements)}</defs>",
        f'<g id="page" transform="{flip}">',
        *body,
        "</g>",
        f'<g id="guides" transform="{flip}">',
        _guides_layer(guides, media),
        "</g>",
        "</svg>",
        "",
    ])
