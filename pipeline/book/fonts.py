"""TrueType fonts for the books: registration with reportlab, coverage and ink bounds.

The default face is the Bitstream Vera family that reportlab itself ships, found through the
installed package, so a fresh clone needs no font files. A layout may name its own TrueType
files under fonts/. Margins are checked on glyph outlines (fontTools), not on advance boxes:
an overhanging glyph can spill past its advance on either side.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.geometry import Box
from pipeline.errors import InputError


def bundled_font_dir() -> Path:
    import reportlab
    return Path(reportlab.__file__).resolve().parent / "fonts"


DEFAULT_FONTS = {"regular": "Vera.ttf", "bold": "VeraBd.ttf"}


class MissingGlyph(InputError):
    """Text asks for a character its font has no glyph for: a build error, never a blank box."""


@dataclass(frozen=True)
class Face:
    """One registered TrueType face: its reportlab name, file and glyph metrics."""

    name: str
    path: Path

    @property
    def metrics(self) -> "_Metrics":
        return _metrics(str(self.path))

    def check_covers(self, text: str, what: str = "text") -> None:
        if _covered(str(self.path), text):
            return
        missing = [ch for ch in dict.fromkeys(text) if ord(ch) not in self.metrics.cmap]
        if missing:
            listed = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
            raise MissingGlyph(f"font {self.path.name} has no glyph for {listed} in {what} "
                               f"{text!r}", field="fonts")

    def advance(self, text: str, size: float) -> float:
        return _advance(self.name, text, size)

    def wrap(self, text: str, size: float, width: float) -> list[str]:
        """Words filled into lines no wider than `width` (a single word may still be wider)."""
        lines, current = [], ""
        for word in text.split():
            trial = f"{current} {word}" if current else word
            if current and self.advance(trial, size) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        if current:
            lines.append(current)
        return lines

    def ink_box(self, text: str, x: float, y: float, size: float) -> Box | None:
        """Union of the glyph outline boxes of `text` set at baseline (x, y); None if no ink."""
        self.check_covers(text)
        box = _ink_at_origin(self.name, str(self.path), text, size)
        if box is None:
            return None
        return Box(x + box[0], y + box[1], x + box[2], y + box[3])


@dataclass(frozen=True)
class FontSet:
    regular: Face
    bold: Face

    def face(self, bold: bool) -> Face:
        return self.bold if bold else self.regular

    def describe(self) -> str:
        return f"{self.regular.path.name}, {self.bold.path.name}"


@dataclass(frozen=True)
class _Metrics:
    units_per_em: int
    cmap: dict
    bounds: dict  # glyph name -> (xMin, yMin, xMax, yMax) or None for a blank glyph


@lru_cache(maxsize=4096)
def _covered(path: str, text: str) -> bool:
    cmap = _metrics(path).cmap
    return all(ord(ch) in cmap for ch in text)


@lru_cache(maxsize=8192)
def _advance(name: str, text: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    return stringWidth(text, name, size)


@lru_cache(maxsize=8192)
def _ink_at_origin(name: str, path: str, text: str, size: float):
    """Ink box of `text` set at (0, 0), glyph by glyph from the outlines, pen moved by the
    same advances reportlab writes into the PDF."""
    m = _metrics(path)
    scale = size / m.units_per_em
    pen = 0.0
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for ch in text:
        bounds = m.bounds[m.cmap[ord(ch)]]
        if bounds is not None:
            gx0, gy0, gx1, gy1 = bounds
            x0 = min(x0, pen + gx0 * scale)
            x1 = max(x1, pen + gx1 * scale)
            y0 = min(y0, gy0 * scale)
            y1 = max(y1, gy1 * scale)
        pen += _advance(name, ch, size)
    if x0 == float("inf"):
        return None
    return (x0, y0, x1, y1)


@lru_cache(maxsize=None)
def _metrics(path: str) -> _Metrics:
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=False)
    glyf = font["glyf"]
    bounds = {}
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours == 0:
            bounds[name] = None
        else:
            glyph.recalcBounds(glyf)
            bounds[name] = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax)
    return _Metrics(font["head"].unitsPerEm, dict(font.getBestCmap()), bounds)


def missing_characters(path: Path, text: str) -> list[str]:
    """Characters of `text` (other than line breaks) that the font at `path` has no glyph for."""
    cmap = _metrics(str(path)).cmap
    return [ch for ch in dict.fromkeys(text) if ch not in "\n\r" and ord(ch) not in cmap]


def resolve_font_file(value: str, root: Path) -> Path:
    """A layout's font entry: a bare name of a bundled file (Vera.ttf) or a path under root."""
    bundled = bundled_font_dir() / value
    if "/" not in value and bundled.is_file():
        return bundled.resolve()
    return (root / value).resolve()


@lru_cache(maxsize=None)
def register_face(path: str) -> Face:
    """Register a TrueType file once, under a name derived from its path."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    file = Path(path)
    digest = hashlib.sha256(str(file).encode()).hexdigest()[:8]
    name = f"{file.stem}-{digest}"
    pdfmetrics.registerFont(TTFont(name, str(file)))
    _metrics(str(file))
    return Face(name, file)


def font_set(regular: Path, bold: Path) -> FontSet:
    return FontSet(register_face(str(regular)), register_face(str(bold)))


def check_truetype(path: Path) -> str | None:
    """None when `path` is a TrueType font with outlines we can measure, else the reason."""
    if not path.is_file():
        return "no such file"
    try:
        from fontTools.ttLib import TTFont
        font = TTFont(str(path), lazy=True)
        if "glyf" not in font:
            return "not a TrueType (glyf) font"
        font.getBestCmap()
    except Exception as error:  # fontTools raises many types for a damaged file
        return f"not a readable TrueType font ({type(error).__name__})"
    return None
