"""Fonts as a PDF defines them: widths, ToUnicode, and the embedded TrueType program that gives
each glyph its outline (fontTools), so a glyph's ink box on the page is exact.

Codes are decoded the way reportlab writes its TrueType subsets (one-byte codes through the
subset's (1,0)/(3,0) cmap) and the way Type0 Identity-H fonts map CIDs (CIDToGIDMap). An
unembedded font still reads (widths, ToUnicode) and gets an approximate box.
"""

from __future__ import annotations

import io
import re

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from pipeline.geometry import Box
from pipeline.readback.reader.geometry import Matrix, apply
from pipeline.readback.reader.values import pdf_name

# The fonts every PDF reader must have; a reference to one unembedded is what printers reject.
STANDARD_14 = frozenset({
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
})



def _cmap_hex(text: str) -> int:
    return int(text, 16) if text else 0


def _utf16(hex_text: str) -> str:
    data = bytes.fromhex(hex_text)
    if len(data) % 2:
        return data.decode("latin-1")
    return data.decode("utf-16-be", errors="replace")


def parse_to_unicode(data: bytes) -> dict[int, str]:
    """The code -> text table of a ToUnicode CMap (bfchar and bfrange sections)."""
    text = data.decode("latin-1")
    table: dict[int, str] = {}
    for section in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>", section):
            table[_cmap_hex(src)] = _utf16(dst)
    for section in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, rest in re.findall(
                r"<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]*>)", section):
            start, end = _cmap_hex(lo), _cmap_hex(hi)
            if rest.startswith("["):
                for offset, dst in enumerate(re.findall(r"<([0-9A-Fa-f]*)>", rest)):
                    table[start + offset] = _utf16(dst)
            else:
                base = bytes.fromhex(rest[1:-1])
                for offset in range(end - start + 1):
                    last = int.from_bytes(base[-2:], "big") + offset
                    table[start + offset] = (base[:-2] + last.to_bytes(2, "big")).decode(
                        "utf-16-be", errors="replace")
    return table


class PdfFont:
    """A font resource as the PDF defines it, with its embedded TrueType program when present.

    Codes are decoded the way reportlab writes its TrueType subsets (simple /TrueType fonts whose
    embedded cmap maps each one-byte code to a glyph) and the way Type0 Identity-H fonts map
    two-byte CIDs to glyphs (CIDToGIDMap). Anything else still reads (widths, ToUnicode) but
    has no outlines."""

    def __init__(self, resource: str, font: dict):
        self.resource = resource
        self.subtype = pdf_name(font.get("/Subtype", "/Unknown"))
        self.base_font = pdf_name(font.get("/BaseFont", "/" + resource))
        self.two_byte = False
        self.widths: dict[int, float] = {}
        self.missing_width = 0.0
        self.ttfont: TTFont | None = None
        self._cid_to_gid: bytes | None = None
        self._bounds: dict[int, tuple | None] = {}
        self._shown: dict[int, tuple] = {}   # code -> what `show` needs, worked out once
        self.font_program = ""  # FontFile, FontFile2 or FontFile3, when embedded
        descriptor = None
        if self.subtype == "Type0":
            encoding = pdf_name(font.get("/Encoding", ""))
            # Identity-H/V and the UCS-2 CMaps reportlab names are two bytes per code; other
            # CMaps are not decoded (their glyphs still count, read as two-byte codes).
            self.two_byte = True
            self.encoding = encoding
            descendant = font["/DescendantFonts"][0].get_object()
            descriptor = descendant.get("/FontDescriptor")
            self.missing_width = float(descendant.get("/DW", 1000))
            self._read_cid_widths(descendant.get("/W"))
            gid_map = descendant.get("/CIDToGIDMap")
            if gid_map is not None and not isinstance(gid_map.get_object(), str) \
                    and hasattr(gid_map.get_object(), "get_data"):
                self._cid_to_gid = gid_map.get_object().get_data()
        else:
            self.encoding = pdf_name(font.get("/Encoding", "")) if not hasattr(
                font.get("/Encoding"), "keys") else "Differences"
            descriptor = font.get("/FontDescriptor")
            first = int(font.get("/FirstChar", 0))
            for offset, width in enumerate(font.get("/Widths") or []):
                self.widths[first + offset] = float(width)
        if descriptor is not None:
            descriptor = descriptor.get_object()
            self.missing_width = float(descriptor.get("/MissingWidth", self.missing_width))
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if key in descriptor:
                    self.font_program = key[1:]
                    if key == "/FontFile2":
                        data = descriptor[key].get_object().get_data()
                        self.ttfont = TTFont(io.BytesIO(data), lazy=True)
                    break
        to_unicode = font.get("/ToUnicode")
        self.to_unicode = (parse_to_unicode(to_unicode.get_object().get_data())
                           if to_unicode is not None else {})
        if self.ttfont is not None:
            self.units_per_em = self.ttfont["head"].unitsPerEm
            self._glyph_order = self.ttfont.getGlyphOrder()
            self.glyph_set = self.ttfont.getGlyphSet()
            self._code_map = self._simple_code_map() if not self.two_byte else {}

    def _read_cid_widths(self, array) -> None:
        if array is None:
            return
        # Entries are "first [w1 w2 ...]" or "first last w".
        items = list(array.get_object())
        i = 0
        while i + 1 < len(items):
            first = int(items[i])
            nxt = items[i + 1].get_object() if hasattr(items[i + 1], "get_object") else items[i + 1]
            if isinstance(nxt, list):
                for offset, width in enumerate(nxt):
                    self.widths[first + offset] = float(width)
                i += 2
            else:
                last, width = int(nxt), float(items[i + 2])
                for cid in range(first, last + 1):
                    self.widths[cid] = width
                i += 3

    def _simple_code_map(self) -> dict[int, int]:
        """One-byte code -> glyph index, from the embedded cmap (symbolic TrueType rules)."""
        cmap = self.ttfont["cmap"]
        order = {name: gid for gid, name in enumerate(self._glyph_order)}
        mapping: dict[int, int] = {}
        for platform, encoding in ((1, 0), (3, 0)):
            table = cmap.getcmap(platform, encoding)
            if table is None:
                continue
            for code, name in table.cmap.items():
                byte = code - 0xF000 if platform == 3 and code >= 0xF000 else code
                if 0 <= byte < 256:
                    mapping.setdefault(byte, order.get(name, 0))
        unicode_table = cmap.getcmap(3, 1)
        if unicode_table is not None:
            for code, text in self.to_unicode.items():
                if code not in mapping and len(text) == 1 and ord(text) in unicode_table.cmap:
                    mapping[code] = order.get(unicode_table.cmap[ord(text)], 0)
        return mapping

    @property
    def embedded(self) -> bool:
        return bool(self.font_program)

    @property
    def standard_14(self) -> bool:
        """A reference to one of the base-14 fonts that the PDF does not carry."""
        name = self.base_font.split("+", 1)[-1] if "+" in self.base_font[:7] else self.base_font
        return not self.embedded and name in STANDARD_14

    def codes(self, data: bytes) -> list[int]:
        if self.two_byte:
            return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
        return list(data)

    def width(self, code: int) -> float:
        """Advance width in thousandths of an em."""
        return self.widths.get(code, self.missing_width)

    def gid(self, code: int) -> int | None:
        if self.ttfont is None:
            return None
        if self.two_byte:
            if self._cid_to_gid is not None:
                i = 2 * code
                return int.from_bytes(self._cid_to_gid[i:i + 2], "big") if i + 1 < len(
                    self._cid_to_gid) else 0
            return code if code < len(self._glyph_order) else 0
        return self._code_map.get(code, 0)

    def text(self, code: int) -> str:
        if code in self.to_unicode:
            return self.to_unicode[code]
        return chr(code) if not self.two_byte and 32 <= code < 127 else ""

    def draw(self, gid: int, pen) -> None:
        """Draw glyph `gid` in font units onto a fontTools pen."""
        self.glyph_set[self._glyph_order[gid]].draw(pen)

    def outline_bounds(self, gid: int) -> tuple[float, float, float, float] | None:
        """Exact ink bounds of glyph `gid` in font units (None for a blank glyph)."""
        if gid not in self._bounds:
            pen = BoundsPen(self.glyph_set)
            self.draw(gid, pen)
            self._bounds[gid] = pen.bounds
        return self._bounds[gid]

    def shown(self, code: int) -> tuple:
        """(gid, advance in thousandths of an em, text, outline bounds or None) of a code:
        a page shows the same few codes thousands of times."""
        got = self._shown.get(code)
        if got is None:
            gid = self.gid(code)
            bounds = self.outline_bounds(gid) if gid is not None else None
            got = self._shown[code] = (gid, self.width(code), self.text(code), bounds)
        return got

    def ink_on_page(self, gid: int, matrix: Matrix) -> Box | None:
        """Bounds of glyph `gid` drawn with `matrix` (text space, 1 unit = 1 em, to page)."""
        bounds = self.outline_bounds(gid)
        if bounds is None:
            return None
        scale = 1.0 / self.units_per_em
        a, b, c, d, e, f = matrix
        if b == 0 and c == 0:  # no rotation or skew: the scaled bounds are exact
            xs = (a * bounds[0] * scale + e, a * bounds[2] * scale + e)
            ys = (d * bounds[1] * scale + f, d * bounds[3] * scale + f)
            return Box(min(xs), min(ys), max(xs), max(ys))
        pen = BoundsPen(self.glyph_set)
        self.draw(gid, TransformPen(pen, (a * scale, b * scale, c * scale, d * scale, e, f)))
        return Box(*pen.bounds) if pen.bounds else None

    def __repr__(self) -> str:
        return f"PdfFont({self.resource!r}, {self.base_font!r}, {self.subtype!r})"



def approximate_ink(font: PdfFont, code: int, trm: Matrix) -> Box:
    """An unembedded font has no outlines here: its advance box from baseline to cap height."""
    width = font.width(code) / 1000 or 0.5
    corners = [apply(trm, x, y) for x in (0, width) for y in (-0.2, 0.75)]
    return Box.of_points(corners)

