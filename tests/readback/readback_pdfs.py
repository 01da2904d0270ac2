"""Small PDFs made with reportlab for the read-back tests: every fixture is built in the test."""

from __future__ import annotations

import io
import os

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pipeline.readback.reader import content_operations

FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
VERA = os.path.join(FONT_DIR, "Vera.ttf")
VERA_ITALIC = os.path.join(FONT_DIR, "VeraIt.ttf")


def register_fonts() -> None:
    if "TestVera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("TestVera", VERA))
        pdfmetrics.registerFont(TTFont("TestVeraIt", VERA_ITALIC))


def make_pdf(*pages, size=(200, 200), trim=None, bleed=None) -> bytes:
    """One page per callable; each gets a fresh canvas page with TestVera as its font."""
    register_fonts()
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=size, invariant=1, initialFontName="TestVera",
                      pageCompression=0)
    for draw in pages:
        if trim is not None:
            c.setTrimBox(trim)
        if bleed is not None:
            c.setBleedBox(bleed)
        c.setFont("TestVera", 10)
        draw(c)
        c.showPage()
    c.save()
    return buffer.getvalue()


def raw(c, code: str) -> None:
    """Append content-stream operators as written, for operators reportlab never emits."""
    c._code.append(code)


def plain(value):
    """pypdf's objects as the lexer's plain values."""
    name = type(value).__name__
    if name == "NameObject":
        return str(value)
    if name in ("TextStringObject", "ByteStringObject"):
        return bytes(value.original_bytes if hasattr(value, "original_bytes") else value)
    if name == "NumberObject":
        return int(value)
    if name == "FloatObject":
        return float(value)
    if name == "BooleanObject":
        return bool(value)
    if name == "NullObject":
        return None
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    return value


def same_as_pypdf(pdf_path_or_bytes):
    import io
    reader = PdfReader(io.BytesIO(pdf_path_or_bytes) if isinstance(pdf_path_or_bytes, bytes)
                       else pdf_path_or_bytes)
    checked = 0
    for page in reader.pages:
        stream = page.get_contents()
        if stream is None:
            continue
        theirs = [([plain(o) for o in ops], op) for ops, op in ContentStream(stream, reader).operations
                  if op != b"INLINE IMAGE"]
        ours = [(ops, op) for ops, op in content_operations(stream.get_data())
                if op != b"INLINE IMAGE"]
        assert ours == theirs
        checked += len(ours)
    return checked


def pikepdf_plain(value):
    """pikepdf's operands as the lexer's plain values."""
    import decimal

    import pikepdf
    if isinstance(value, pikepdf.Name):
        return str(value)
    if isinstance(value, pikepdf.String):
        return bytes(value)
    if isinstance(value, pikepdf.Array):
        return [pikepdf_plain(v) for v in value]
    if isinstance(value, pikepdf.Dictionary):
        return {str(k): pikepdf_plain(v) for k, v in value.items()}
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def same_as_pikepdf(pdf_path):
    """The lexer's operations equal qpdf's tokeniser's (through pikepdf), page by page;
    numbers compared as numbers (the lexer reads runs of numbers as floats)."""
    import pikepdf

    def number(value):
        if isinstance(value, list):
            return [number(v) for v in value]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return round(float(value), 9)
        return value

    checked = 0
    with pikepdf.open(pdf_path) as pdf:
        for page in pdf.pages:
            if "/Contents" not in page.obj:
                continue
            theirs = [(number([pikepdf_plain(o) for o in ins.operands]),
                       ins.operator.unparse()) for ins in pikepdf.parse_content_stream(page)
                      if isinstance(ins, pikepdf.ContentStreamInstruction)]
            data = b"\n".join(s.read_bytes() for s in (
                page.obj.Contents if isinstance(page.obj.Contents, pikepdf.Array)
                else [page.obj.Contents]))
            ours = [(number(ops), op) for ops, op in content_operations(data)
                    if op != b"INLINE IMAGE"]
            assert ours == theirs
            checked += len(ours)
    return checked
