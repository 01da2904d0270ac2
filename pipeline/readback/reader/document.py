"""An opened PDF: its pages' boxes, resources and annotations, document-level facts (outlines,
encryption, the sha256 of the bytes read), and each page's marks on demand.

pypdf reads the file (cross-references, objects, resources, fonts); qpdf, through pikepdf,
decodes the streams; the lexer and the interpreter turn each page's content into marks.
"""

from __future__ import annotations

import hashlib
import io
from functools import cached_property
from pathlib import Path
from typing import Iterator

import pikepdf
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from pipeline.geometry import Box
from pipeline.readback.reader.compiled_text import TextFonts
from pipeline.readback.reader.fonts import PdfFont
from pipeline.readback.reader.interpreter import Interpreter
from pipeline.readback.reader.marks import PageContent
from pipeline.readback.reader.values import pdf_name


class PdfDocument:
    """An opened PDF: page count, document-level facts, and each page's marks on demand."""

    def __init__(self, source: str | Path | bytes):
        self.path = None if isinstance(source, bytes) else Path(source)
        stream = io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")
        with stream:
            data = stream.read()
        self.sha256 = hashlib.sha256(data).hexdigest()  # of the very bytes read back
        self.reader = PdfReader(io.BytesIO(data))
        # qpdf decodes the streams (its filters are C++; reportlab writes content streams as
        # ASCII85 over Flate, which pypdf undoes in pure Python: 0.40 CPU s against 0.09 s for
        # the 206 content streams of a real book). pypdf reads everything else.
        self.qpdf = pikepdf.open(io.BytesIO(data), password="")
        self.encrypted = self.reader.is_encrypted
        if self.encrypted:  # still read what a viewer opens without a password
            self.reader.decrypt("")
        self._fonts: dict = {}
        # What each code of a font adds to a glyph at one scale and text state
        # (`Interpreter.show_upright`): a book sets the same few sizes on every page.
        self.placements: dict = {}
        # The fonts the text kernel shows, as its arrays (`compiled_text.TextFonts`).
        self.text_fonts = TextFonts()

    def stream_bytes(self, contents) -> bytes:
        """The decoded bytes of a page's /Contents (one stream or an array of them) or a form."""
        contents = contents.get_object() if hasattr(contents, "get_object") else contents
        if hasattr(contents, "get_data"):
            return self.decoded(contents)
        return b"\n".join(self.decoded(part.get_object()) for part in contents)

    def decoded(self, stream) -> bytes:
        """A stream's data through its filters, decoded by qpdf (pypdf when qpdf cannot)."""
        ref = getattr(stream, "indirect_reference", None)
        if ref is not None:
            try:
                return self.qpdf.get_object(ref.idnum, ref.generation).read_bytes()
            except (pikepdf.PdfError, AttributeError, TypeError, ValueError):
                pass
        return stream.get_data()

    @cached_property
    def page_count(self) -> int:
        return len(self.reader.pages)

    @cached_property
    def has_outlines(self) -> bool:
        root = self.reader.trailer["/Root"].get_object()
        outlines = root.get("/Outlines")
        if outlines is None:
            return False
        outlines = outlines.get_object()
        return int(outlines.get("/Count", 0)) != 0 or "/First" in outlines

    def font(self, ref, resource: str) -> PdfFont:
        key = (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else id(ref)
        if key not in self._fonts:
            self._fonts[key] = PdfFont(resource, ref.get_object())
        return self._fonts[key]

    def collect_resources(self, resources, out: PageContent) -> None:
        """Every font and colour space a resource dictionary names, used or not."""
        if resources is None:
            return
        resources = resources.get_object()
        fonts = resources.get("/Font")
        if fonts is not None:
            for name, ref in fonts.get_object().items():
                font = self.font(ref, pdf_name(name))
                out.fonts[(font.resource, font.base_font)] = font
        spaces = resources.get("/ColorSpace")
        if spaces is not None:
            for name in spaces.get_object():
                out.colour_spaces.add(Interpreter(self, out).colour_space(resources, name))
        states = resources.get("/ExtGState")
        if states is not None:
            for g in states.get_object().values():
                g = g.get_object()
                if "/SMask" in g and pdf_name(g["/SMask"]) != "None":
                    out.transparency.append("ExtGState with a soft mask")

    def page(self, number: int) -> PageContent:
        """The marks of page `number` (1-based)."""
        page = self.reader.pages[number - 1]

        def box(key):
            return Box.from_pdf(page[key]) if key in page else None

        out = PageContent(number=number, media_box=Box.from_pdf(page.mediabox),
                          trim_box=box("/TrimBox"), bleed_box=box("/BleedBox"),
                          crop_box=box("/CropBox"))
        annotations = page.get("/Annots")
        out.annotations = len(annotations.get_object()) if annotations is not None else 0
        group = page.get("/Group")
        if group is not None and pdf_name(group.get_object().get("/S", "")) == "Transparency":
            out.transparency.append("page transparency group")
        resources = page.get("/Resources")
        self.collect_resources(resources, out)
        contents = page.get("/Contents")
        if contents is not None:
            Interpreter(self, out).run(contents, resources)
        return out

    def pages(self) -> Iterator[PageContent]:
        for number in range(1, self.page_count + 1):
            yield self.page(number)


def open_pdf(source: str | Path | bytes) -> PdfDocument:
    return PdfDocument(source)
