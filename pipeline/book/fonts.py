"""TrueType fonts for the books: registration with reportlab, shaping, coverage and ink bounds.

The default face is Atkinson Hyperlegible (fonts/, OFL, see fonts/SOURCE.md), committed with
the project so a build needs no download. A layout may name its own TrueType files under
fonts/ (or one of the Vera files reportlab ships).

Every run of text is shaped with the font's kerning (HarfBuzz, through uharfbuzz) before it is
measured or drawn: `Face.shape` gives each character's pen position, the ink box and the
pieces to draw. reportlab sets a string with the font's plain advances, so a run is drawn as
one piece per stretch without kerning, each piece placed at its shaped position
(`Face.draw`). Margins and fits are checked on the glyph outlines (fontTools) at those shaped
positions, never on advance boxes: an overhanging glyph can spill past its advance.
"""

from __future__ import annotations

import re

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipeline.geometry import Box
from pipeline.errors import InputError

FONT_DIR = Path(__file__).resolve().parent.parent.parent / "fonts"


def bundled_font_dir() -> Path:
    import reportlab
    return Path(reportlab.__file__).resolve().parent / "fonts"


_WORD = re.compile(r"[^ \t\n\r\f\v]+")   # words split at breaking spaces only
DEFAULT_FONTS = {"regular": "AtkinsonHyperlegible-Regular.ttf",
                 "bold": "AtkinsonHyperlegible-Bold.ttf"}
# Ligatures and contextual alternates are switched off: reportlab writes characters, not glyph
# ids, so every character must stay its own glyph; kerning is all the shaping we take.
SHAPING_FEATURES = {"kern": True, "liga": False, "clig": False, "calt": False, "dlig": False}


@dataclass(frozen=True)
class Shaped:
    """A run shaped at 1 pt: pen position of each character, total advance, ink box and the
    pieces reportlab draws (offset, text), split wherever kerning moves the pen."""

    xs: tuple[float, ...]
    advance: float
    ink: tuple[float, float, float, float] | None
    pieces: tuple[tuple[float, str], ...]


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

    def shape(self, text: str) -> Shaped:
        return _shape(str(self.path), text)

    def advance(self, text: str, size: float) -> float:
        """Shaped (kerned) advance of `text` in points (a MissingGlyph error for a character
        the font lacks)."""
        return _shape(str(self.path), text).advance * size

    def draw(self, canvas, x: float, y: float, text: str, size: float) -> None:
        """Set `text` on a reportlab canvas at baseline (x, y) with the font's kerning: one
        text object, one show per font subset, the kerning as TJ adjustments (so a run reads
        back as one line); a run with no kerning is a plain Tj."""
        from reportlab.lib.rl_accel import fp_str

        # The text object after its position depends only on the text and size (reportlab
        # fixes a character's subset and code the first time a document uses it), so it is
        # made once per canvas.
        cache = canvas.__dict__.setdefault("_shaped_code", {})
        key = (self.name, text, size)
        body = cache.get(key)
        if body is None:
            body = cache[key] = self._text_code(canvas, text, size)
        canvas._code.append(f"BT 1 0 0 1 {fp_str(x)} {fp_str(y)} Tm {body} ET")

    def draw_many(self, canvas, placed, size: float) -> None:
        """Several (x, y, text) runs of one size in one text object, each its own show."""
        from reportlab.lib.rl_accel import fp_str

        cache = canvas.__dict__.setdefault("_shaped_code", {})
        parts = ["BT"]
        for x, y, text in placed:
            key = (self.name, text, size)
            body = cache.get(key)
            if body is None:
                body = cache[key] = self._text_code(canvas, text, size)
            parts.append(f"1 0 0 1 {fp_str(x)} {fp_str(y)} Tm {body}")
        parts.append("ET")
        canvas._code.append(" ".join(parts))

    def _text_code(self, canvas, text: str, size: float) -> str:
        from reportlab.lib.rl_accel import fp_str
        from reportlab.pdfbase.pdfmetrics import getFont

        font = getFont(self.name)
        doc = canvas._doc
        shaped = _shape(str(self.path), text)
        code = []
        current, items = None, []

        def flush():
            if len(items) == 1:   # nothing kerned: a plain show, quicker to read back
                code.append(f"{items[0]} Tj")
            elif items:
                code.append("[" + " ".join(items) + "] TJ")
            items.clear()

        for index, (offset, piece) in enumerate(shaped.pieces):
            for subset, data in font.splitString(piece, doc):
                if subset != current:
                    flush()
                    code.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf")
                    current = subset
                items.append(f"({canvas._escape(data)})")
            if index + 1 < len(shaped.pieces):
                # TJ numbers are thousandths of an em, subtracted from the pen position.
                plain = offset + _plain_advance(str(self.path), piece)
                items.append(fp_str(round((plain - shaped.pieces[index + 1][0]) * 1000, 3)))
        flush()
        return " ".join(code)

    def wrap(self, text: str, size: float, width: float) -> list[str]:
        """Words filled into lines no wider than `width` (a single word may still be wider):
        each line takes words while the line, shaped on its own, still fits.

        The paragraph is shaped once, and its pen positions say roughly where each line
        ends; the line is then shaped on its own and moved a word at a time until it fits
        and one more word would not (a line's width only grows with its words), so the
        result is that of trying every word, at a few shapings a line."""
        words = _WORD.findall(text)   # a no-break space (French "Grille\u00a0:") binds
        if not words:
            return []
        paragraph = " ".join(words)
        shaped = _shape(str(self.path), paragraph)
        starts, ends, at = [], [], 0
        for word in words:
            starts.append(at)
            ends.append(at + len(word))
            at += len(word) + 1

        def pen(index: int) -> float:
            return shaped.xs[index] if index < len(paragraph) else shaped.advance

        def fits(i: int, j: int) -> bool:   # words i..j-1 on one line
            return self.advance(" ".join(words[i:j]), size) <= width

        lines, i = [], 0
        while i < len(words):
            j = i + 1   # the estimate: as far as the paragraph's own positions reach
            while j < len(words) and (pen(ends[j]) - pen(starts[i])) * size <= width:
                j += 1
            while j > i + 1 and not fits(i, j):
                j -= 1
            while j < len(words) and fits(i, j + 1):
                j += 1
            lines.append(" ".join(words[i:j]))
            i = j
        return lines

    def ink_box(self, text: str, x: float, y: float, size: float) -> Box | None:
        """Union of the glyph outline boxes of `text` set at baseline (x, y); None if no ink."""
        self.check_covers(text)
        box = _shape(str(self.path), text).ink
        if box is None:
            return None
        return Box(x + box[0] * size, y + box[1] * size, x + box[2] * size, y + box[3] * size)


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
    advances: dict  # glyph name -> advance width in font units


@lru_cache(maxsize=4096)
def _covered(path: str, text: str) -> bool:
    cmap = _metrics(path).cmap
    return all(ord(ch) in cmap for ch in text)


def _plain_advance(path: str, text: str) -> float:
    """Advance of `text` at 1 pt from the font's own widths (what a PDF viewer moves by)."""
    m = _metrics(path)
    return sum(m.advances[m.cmap[ord(ch)]] for ch in text) / m.units_per_em


@lru_cache(maxsize=None)
def _harfbuzz_font(path: str):
    import uharfbuzz as hb
    face = hb.Face(hb.Blob.from_file_path(path))
    font = hb.Font(face)   # scale defaults to units per em
    return font


@lru_cache(maxsize=65536)
def _shape(path: str, text: str) -> Shaped:
    """Shape `text` once per font (positions scale with the size, so 1 pt is cached)."""
    import uharfbuzz as hb

    m = _metrics(path)
    missing = [ch for ch in dict.fromkeys(text) if ord(ch) not in m.cmap]
    if missing:
        listed = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        raise MissingGlyph(f"font {Path(path).name} has no glyph for {listed} in text "
                           f"{text!r}", field="fonts")
    unit = 1.0 / m.units_per_em
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(_harfbuzz_font(path), buffer, SHAPING_FEATURES)
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    if len(infos) != len(text) or any(i.cluster != n for n, i in enumerate(infos)):
        # The font merged or split characters; fall back to the plain advances.
        advances = [m.advances[m.cmap[ord(ch)]] for ch in text]
    else:
        advances = [p.x_advance for p in positions]
    xs, pieces = [], []
    pen = 0
    start = 0
    for n, ch in enumerate(text):
        xs.append(pen * unit)
        pen += advances[n]
        # A new piece after any character whose shaped advance is not its plain one.
        if advances[n] != m.advances[m.cmap[ord(ch)]] or n == len(text) - 1:
            pieces.append((xs[start], text[start:n + 1]))
            start = n + 1
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for n, ch in enumerate(text):
        bounds = m.bounds[m.cmap[ord(ch)]]
        if bounds is not None:
            gx0, gy0, gx1, gy1 = bounds
            x0 = min(x0, xs[n] + gx0 * unit)
            x1 = max(x1, xs[n] + gx1 * unit)
            y0 = min(y0, gy0 * unit)
            y1 = max(y1, gy1 * unit)
    ink = None if x0 == float("inf") else (x0, y0, x1, y1)
    return Shaped(tuple(xs), pen * unit, ink, tuple(pieces))


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
    advances = {name: width for name, (width, _lsb) in font["hmtx"].metrics.items()}
    return _Metrics(font["head"].unitsPerEm, dict(font.getBestCmap()), bounds, advances)


def missing_characters(path: Path, text: str) -> list[str]:
    """Characters of `text` (other than line breaks) that the font at `path` has no glyph for."""
    cmap = _metrics(str(path)).cmap
    return [ch for ch in dict.fromkeys(text) if ch not in "\n\r" and ord(ch) not in cmap]


def resolve_font_file(value: str, root: Path) -> Path:
    """A layout's font entry: a bare file name from the project's fonts/ folder (the default
    faces) or from reportlab's own (Vera.ttf), or a path under root (the layout's project)."""
    if "/" not in value:
        for folder in (FONT_DIR, bundled_font_dir()):
            if (folder / value).is_file():
                return (folder / value).resolve()
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
