"""The PDF side of the drawing protocol, and the one place a reportlab canvas is made.

`PdfInk` implements `pipeline.ink.Ink` over a reportlab canvas. It also enforces the print
rules as it draws: DeviceGray only, lines and text no thinner or smaller than the printer's
minimum, light fills no lighter than its minimum gray, every glyph in the font, and every mark
(glyph outlines, not text boxes) inside the area the page allows. A layout mistake therefore
stops the build instead of reaching the printer.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Sequence

from pipeline.book.fonts import FontSet
from pipeline.geometry import Box

_CAPS = {"butt": 0, "round": 1, "square": 2}
_KAPPA = 0.5522847498  # 4/3 (sqrt 2 - 1): quarter-circle Bezier handles


class LayoutError(RuntimeError):
    """A mark would break a print rule (outside its area, too thin, too small, too light)."""


@dataclass(frozen=True)
class InkRules:
    min_font_pt: float
    min_line_pt: float
    min_gray_fill: float


def new_canvas(buffer: io.BytesIO, *, width: float, height: float, fonts: FontSet, title: str,
               author: str):
    """Every canvas the books use, with every option explicit: invariant output (fixed dates
    and document id, so identical inputs give identical bytes), a registered TrueType font as
    the initial font (otherwise the page preamble names Helvetica), no compression choices
    left to global configuration."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1,
                    initialFontName=fonts.regular.name, initialFontSize=10,
                    initialLeading=12, pdfVersion=(1, 4), enforceColorSpace=None)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("pipeline")
    canvas.setProducer("pipeline (reportlab)")
    canvas.setSubject("")
    canvas.setKeywords("")
    return canvas


def set_page_boxes(canvas, *, width: float, height: float, trim: Box, bleed: Box) -> None:
    canvas.setPageSize((width, height))
    canvas.setTrimBox(trim.as_tuple())
    canvas.setBleedBox(bleed.as_tuple())


class PdfInk:
    """Ink over a reportlab canvas, confined to `area` (in the page's points)."""

    def __init__(self, canvas, fonts: FontSet, rules: InkRules, area: Box):
        self.canvas = canvas
        self.fonts = fonts
        self.rules = rules
        self.area = area

    # --- guards ---------------------------------------------------------------------------
    def _inside(self, box: Box, what: str) -> None:
        eps = 1e-6
        a = self.area
        if box.x0 < a.x0 - eps or box.y0 < a.y0 - eps or box.x1 > a.x1 + eps or box.y1 > a.y1 + eps:
            raise LayoutError(f"{what} at ({box.x0:.2f}, {box.y0:.2f})-({box.x1:.2f}, "
                              f"{box.y1:.2f}) leaves the allowed area ({a.x0:.2f}, {a.y0:.2f})-"
                              f"({a.x1:.2f}, {a.y1:.2f})")

    def _line_width(self, width: float) -> None:
        if width < self.rules.min_line_pt:
            raise LayoutError(f"line width {width} pt is under the {self.rules.min_line_pt} pt "
                              "minimum")
        self.canvas.setLineWidth(width)

    def _gray(self, gray: float, what: str) -> float:
        if not 0.0 <= gray <= 1.0:
            raise LayoutError(f"{what} gray {gray} is outside 0..1")
        # A light fill must still carry enough ink to print (1 is paper white, 0 black).
        if 0.0 < 1.0 - gray < self.rules.min_gray_fill:
            raise LayoutError(f"{what} gray {gray} is lighter than the "
                              f"{self.rules.min_gray_fill:.0%} minimum")
        return gray

    def _paint(self, stroke: float | None, fill: float | None) -> tuple[int, int]:
        if stroke is not None:
            self._line_width(stroke)
            self.canvas.setStrokeGray(0)
        if fill is not None:
            self.canvas.setFillGray(self._gray(fill, "fill"))
        return int(stroke is not None), int(fill is not None)

    # --- the Ink protocol ------------------------------------------------------------------
    def line(self, x1, y1, x2, y2, *, width, gray=0.0, cap="butt"):
        half = width / 2
        self._inside(Box(min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half,
                         max(y1, y2) + half), "line")
        self._line_width(width)
        self.canvas.setStrokeGray(self._gray(gray, "line"))
        self.canvas.setLineCap(_CAPS[cap])
        self.canvas.line(x1, y1, x2, y2)

    def lines(self, segments, *, width, gray=0.0, cap="butt", dash=None):
        if not segments:
            return
        half = width / 2
        self._inside(Box(min(min(s[0], s[2]) for s in segments) - half,
                         min(min(s[1], s[3]) for s in segments) - half,
                         max(max(s[0], s[2]) for s in segments) + half,
                         max(max(s[1], s[3]) for s in segments) + half), "lines")
        self._line_width(width)
        self.canvas.setStrokeGray(self._gray(gray, "line"))
        self.canvas.setLineCap(_CAPS[cap])
        dashed(self.canvas, segments, dash)

    def rect(self, x, y, width, height, *, stroke=None, fill=None):
        half = (stroke or 0) / 2
        self._inside(Box(x - half, y - half, x + width + half, y + height + half), "rectangle")
        s, f = self._paint(stroke, fill)
        self.canvas.setLineJoin(0)
        self.canvas.rect(x, y, width, height, stroke=s, fill=f)

    def circle(self, cx, cy, radius, *, stroke=None, fill=None):
        reach = radius + (stroke or 0) / 2
        self._inside(Box(cx - reach, cy - reach, cx + reach, cy + reach), "circle")
        s, f = self._paint(stroke, fill)
        path = circle_path(self.canvas, cx, cy, radius)
        self.canvas.drawPath(path, stroke=s, fill=f)

    def polygon(self, points: Sequence[tuple[float, float]], *, stroke=None, fill=None):
        half = (stroke or 0) / 2
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self._inside(Box(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half),
                     "polygon")
        s, f = self._paint(stroke, fill)
        self.canvas.setLineJoin(1)  # round joins keep the stroke within half its width
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, stroke=s, fill=f)

    def band(self, x1, y1, x2, y2, *, radius, stroke, gray=0.0):
        reach = radius + stroke / 2
        self._inside(Box(min(x1, x2) - reach, min(y1, y2) - reach, max(x1, x2) + reach,
                         max(y1, y2) + reach), "band")
        self._line_width(stroke)
        self.canvas.setStrokeGray(self._gray(gray, "band"))
        self.canvas.setLineJoin(1)
        self.canvas.drawPath(band_path(self.canvas, x1, y1, x2, y2, radius), stroke=1, fill=0)

    def text(self, x, y, text, *, size, bold=False, anchor="start", gray=0.0):
        if size < self.rules.min_font_pt:
            raise LayoutError(f"text {text!r} at {size} pt is under the "
                              f"{self.rules.min_font_pt} pt minimum")
        face = self.fonts.face(bold)
        face.check_covers(text)
        advance = face.advance(text, size)
        start = {"start": x, "middle": x - advance / 2, "end": x - advance}[anchor]
        box = face.ink_box(text, start, y, size)
        if box is not None:
            self._inside(box, f"text {text!r}")
        self.canvas.setFillGray(self._gray(gray, "text"))
        face.draw(self.canvas, start, y, text, size)

    def text_width(self, text, *, size, bold=False):
        return self.fonts.face(bold).advance(text, size)

    # --- helpers for the book layer (not part of the protocol) --------------------------------
    def texts(self, items, *, size, gray=0.0, bold=False) -> None:
        """Many short texts of one size in one text object: `items` are (x, y, text, anchor).
        The same guards as `text`; fewer operators for a page's labels."""
        if size < self.rules.min_font_pt:
            raise LayoutError(f"text at {size} pt is under the {self.rules.min_font_pt} pt "
                              "minimum")
        face = self.fonts.face(bold)
        placed = []
        for x, y, text, anchor in items:
            advance = face.advance(text, size)
            start = {"start": x, "middle": x - advance / 2, "end": x - advance}[anchor]
            box = face.ink_box(text, start, y, size)
            if box is not None:
                self._inside(box, f"text {text!r}")
            placed.append((start, y, text))
        self.canvas.setFillGray(self._gray(gray, "text"))
        face.draw_many(self.canvas, placed, size)

    def polygons(self, shapes, *, stroke=None, fill=None) -> None:
        """Several closed polygons painted as one path (subpaths), e.g. a row of stars."""
        half = (stroke or 0) / 2
        xs = [p[0] for points in shapes for p in points]
        ys = [p[1] for points in shapes for p in points]
        self._inside(Box(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half),
                     "polygons")
        s, f = self._paint(stroke, fill)
        self.canvas.setLineJoin(1)
        path = self.canvas.beginPath()
        for points in shapes:
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.close()
        self.canvas.drawPath(path, stroke=s, fill=f)


def circle_path(canvas, cx: float, cy: float, radius: float):
    """A circle as four Bezier quarters with the usual handle length: the same curve
    reportlab's circle() draws, without recomputing arc segments for every island."""
    k = radius * _KAPPA
    path = canvas.beginPath()
    path.moveTo(cx + radius, cy)
    path.curveTo(cx + radius, cy + k, cx + k, cy + radius, cx, cy + radius)
    path.curveTo(cx - k, cy + radius, cx - radius, cy + k, cx - radius, cy)
    path.curveTo(cx - radius, cy - k, cx - k, cy - radius, cx, cy - radius)
    path.curveTo(cx + k, cy - radius, cx + radius, cy - k, cx + radius, cy)
    path.close()
    return path


def band_path(canvas, x1: float, y1: float, x2: float, y2: float, radius: float):
    """A stadium round the run from (x1, y1) to (x2, y2): the side `radius` to the left of
    the run, a half circle round the far end (two Bezier quarters), the other side back, a
    half circle round the near end. A run of one point is a circle."""
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = ((x2 - x1) / length, (y2 - y1) / length) if length else (1.0, 0.0)
    nx, ny = -uy * radius, ux * radius       # the left normal, `radius` long
    ax, ay = ux * radius, uy * radius        # along the run, `radius` long
    k = _KAPPA
    path = canvas.beginPath()
    path.moveTo(x1 + nx, y1 + ny)
    for (px, py), quarters in (((x2, y2), (((nx, ny), (ax, ay)), ((ax, ay), (-nx, -ny)))),
                               ((x1, y1), (((-nx, -ny), (-ax, -ay)), ((-ax, -ay), (nx, ny))))):
        path.lineTo(px + quarters[0][0][0], py + quarters[0][0][1])
        for (qx, qy), (ox, oy) in quarters:   # a quarter circle from offset q to offset o
            path.curveTo(px + qx + k * ox, py + qy + k * oy, px + ox + k * qx,
                         py + oy + k * qy, px + ox, py + oy)
    path.close()
    return path


def dashed(canvas, segments, dash: tuple[float, float] | None) -> None:
    """Stroke the segments as one path, dashed (on, off) when `dash` is given, then set the
    line solid again for whatever is drawn next."""
    if dash is None:
        canvas.lines(segments)
        return
    canvas.setDash(list(dash), 0)
    canvas.lines(segments)
    canvas.setDash()
