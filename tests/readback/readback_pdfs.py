"""Small PDFs made with reportlab for the read-back tests: every fixture is built in the test."""

from __future__ import annotations

import io
import os

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

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
