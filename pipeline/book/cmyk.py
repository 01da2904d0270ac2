"""Drawing a cover in DeviceCMYK: black that is 100 % K, colours checked as they are set.

Two inks for the cover:

- `k_ink`: the ordinary `PdfInk` (the print rules, the allowed area, glyph outlines) over a
  canvas whose gray operators are turned into K-only CMYK, so type, the barcode and the sample
  puzzle print on the black plate alone, as printers ask of text and thin lines.
- `ArtInk`: the drawing protocol for the art. A family draws its boards through it exactly as
  on a page; fills and heavy strokes come out in the style's colours, thin strokes stay 100 %
  K, and text is left out (art carries no words: every word on a cover is black type).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Any, Sequence

from pipeline.cover_colours import CMYK, WHITE
from pipeline.book.fonts import FontSet
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk, band_path, circle_path, dashed
from pipeline.geometry import Box

K100: CMYK = (0.0, 0.0, 0.0, 1.0)


@dataclass(frozen=True)
class InkLimits:
    max_total: float     # C+M+Y+K, as a fraction (2.4 for 240 %)
    min_tint: float      # the strongest ink of a colour that prints at all
    thin_line_pt: float  # a stroke thinner than this is a "thin line": 100 % K only


def check_colour(colour: CMYK, limits: InkLimits, what: str) -> CMYK:
    if len(colour) != 4 or any(not 0.0 <= v <= 1.0 for v in colour):
        raise LayoutError(f"{what} colour {colour} is not CMYK in 0..1")
    if sum(colour) > limits.max_total + 1e-9:
        raise LayoutError(f"{what} colour {colour} carries {sum(colour):.0%} ink, over "
                          f"{limits.max_total:.0%}")
    if 0 < max(colour) < limits.min_tint - 1e-9:
        raise LayoutError(f"{what} colour {colour} is lighter than the {limits.min_tint:.0%} "
                          "minimum tint")
    return colour


def set_fill(canvas, colour: CMYK, limits: InkLimits, what: str = "fill") -> None:
    canvas.setFillColorCMYK(*check_colour(colour, limits, what))


def set_stroke(canvas, colour: CMYK, width: float, limits: InkLimits, what: str = "line") -> None:
    if width < limits.thin_line_pt and colour != K100:
        raise LayoutError(f"a {width:.2f} pt {what} must be 100 % K, not {colour}")
    canvas.setStrokeColorCMYK(*check_colour(colour, limits, what))
    canvas.setLineWidth(width)


class _KCanvas:
    """A canvas whose gray operators paint with the K ink alone: gray g is K = 1 - g."""

    def __init__(self, canvas):
        self._canvas = canvas

    def __getattr__(self, name):
        return getattr(self._canvas, name)

    def setFillGray(self, gray):
        self._canvas.setFillColorCMYK(0, 0, 0, round(1 - gray, 6))

    def setStrokeGray(self, gray):
        self._canvas.setStrokeColorCMYK(0, 0, 0, round(1 - gray, 6))


def k_ink(canvas, fonts: FontSet, rules: InkRules, area: Box) -> PdfInk:
    return PdfInk(_KCanvas(canvas), fonts, rules, area)


@dataclass(eq=False)
class ArtInk:
    """The Ink protocol, painting a family's drawing in a style's colours.

    `scale` multiplies stroke widths (a board drawn with large cells keeps its proportions);
    `ground` is the colour under the board, `dark` the colour of full-black marks; a light gray
    fill takes the ground and white stays paper."""

    canvas: Any
    fonts: FontSet
    limits: InkLimits
    _: KW_ONLY
    ground: CMYK
    dark: CMYK
    scale: float = 1.0

    def _fill_colour(self, gray: float) -> CMYK:
        if gray >= 1.0:
            return WHITE
        if gray <= 0.0:
            return self.dark
        return self.ground

    def _stroke(self, width: float, gray: float = 0.0) -> None:
        width *= self.scale
        colour = self.dark if gray <= 0.5 else self.ground
        if width < self.limits.thin_line_pt:
            colour = K100
        set_stroke(self.canvas, colour, width, self.limits, "art line")

    def line(self, x1, y1, x2, y2, *, width, gray=0.0, cap="butt"):
        self._stroke(width, gray)
        self.canvas.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
        self.canvas.line(x1, y1, x2, y2)

    def lines(self, segments, *, width, gray=0.0, cap="butt", dash=None):
        if segments:
            self._stroke(width, gray)
            self.canvas.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
            dashed(self.canvas, segments, dash)

    def rect(self, x, y, width, height, *, stroke=None, fill=None):
        if fill is not None:
            set_fill(self.canvas, self._fill_colour(fill), self.limits, "art")
        if stroke is not None:
            self._stroke(stroke)
        self.canvas.setLineJoin(0)
        self.canvas.rect(x, y, width, height, stroke=int(stroke is not None),
                         fill=int(fill is not None))

    def circle(self, cx, cy, radius, *, stroke=None, fill=None):
        if fill is not None:
            set_fill(self.canvas, self._fill_colour(fill), self.limits, "art")
        if stroke is not None:
            self._stroke(stroke)
        path = circle_path(self.canvas, cx, cy, radius)
        self.canvas.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))

    def polygon(self, points: Sequence[tuple[float, float]], *, stroke=None, fill=None):
        if fill is not None:
            set_fill(self.canvas, self._fill_colour(fill), self.limits, "art")
        if stroke is not None:
            self._stroke(stroke)
        self.canvas.setLineJoin(1)
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        self.canvas.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))

    def band(self, x1, y1, x2, y2, *, radius, stroke, gray=0.0):
        self._stroke(stroke, gray)
        self.canvas.setLineJoin(1)
        self.canvas.drawPath(band_path(self.canvas, x1, y1, x2, y2, radius), stroke=1, fill=0)

    def text(self, x, y, text, *, size, bold=False, anchor="start", gray=0.0):
        return None   # no words in the art

    def texts(self, items, *, size, bold=False, gray=0.0):
        return None

    def text_width(self, text, *, size, bold=False):
        return self.fonts.face(bold).advance(text, size)
