"""The PDF reader: each page's content stream interpreted into marks in page coordinates.

pypdf reads the file (cross-references, objects, resources, fonts) and qpdf decodes the
streams; a lexer of our own tokenises the decoded content streams, and an interpreter runs
the operators the way a renderer would (graphics state stack, CTM, text matrices, clipping)
and hands back what ends up on paper: filled and stroked paths with their colour and line
width, glyphs with their font, size and ink box (from the embedded TrueType outlines, via
fontTools), and images. Everything is in the page's own coordinates: PDF points, origin at
the bottom-left of the MediaBox.

It knows nothing about how a page was laid out; proofs and preflight are built on it alone.

The modules, each of one job (this package gives their public names in one place):

- `values`: PDF objects as plain values (names, numbers) and colours as the PDF states them;
- `geometry`: matrices, curves flattened, exact path bounds, clipping, segment-in-box and
  point-in-fill (by the fill rule);
- `fonts`: font resources, ToUnicode, glyph outlines and ink boxes;
- `lexer`: a decoded content stream as (operands, operator) pairs;
- `compiled_lexer`, `compiled_paths`: the same lexing, and the path construction operators,
  in numba kernels over arrays (the plain lexer and the handlers are their reference);
- `marks`: paths, glyphs, images and a page's content;
- `interpreter`: the operator table and the graphics and text state it runs on;
- `document`: an opened PDF, its pages and document-level facts.
"""

from pipeline.readback.reader.compiled_paths import warm_up
from pipeline.readback.reader.document import PdfDocument, open_pdf
from pipeline.readback.reader.fonts import STANDARD_14, PdfFont, parse_to_unicode
from pipeline.readback.reader.geometry import (IDENTITY, Matrix, apply, flatten, mean_scale,
                                               multiply, thinnest_scale)
from pipeline.readback.reader.lexer import content_operations
from pipeline.readback.reader.marks import (Clip, Glyph, ImageMark, Mark, PageContent, PathMark,
                                            paints_in)
from pipeline.readback.reader.values import BLACK, Colour

__all__ = [
    "BLACK", "Clip", "Colour", "Glyph", "IDENTITY", "ImageMark", "Mark", "Matrix", "PageContent",
    "PathMark", "PdfDocument", "PdfFont", "STANDARD_14", "apply", "content_operations",
    "flatten", "mean_scale", "multiply", "open_pdf", "paints_in", "parse_to_unicode",
    "thinnest_scale", "warm_up",
]
