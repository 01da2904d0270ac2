"""The SVG proofs look like the PDF: both rasterised, compared pixel by pixel.

The PDF is rasterised by poppler (pdftocairo), the SVG by cairosvg, both at 144 dpi in gray.
Tolerance: a pixel agrees when the other image has a pixel within one pixel of it that is no
more than 64 of 255 gray levels apart (edges may fall a pixel apart between two renderers).
At most MAX_MISMATCHED pixels of a page may disagree; measured on these pages: 0, 2, 8 and 1 (star tips and a folio land a pixel apart).
A dropped glyph of 9 pt text costs about 60 pixels, a dropped grid line hundreds.
"""

import io
import re
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

from pipeline.readback import preflight
from pipeline.readback.proof import write_proofs
from readback_books import ISBN, make_book

cairosvg = pytest.importorskip("cairosvg")
pytestmark = pytest.mark.skipif(shutil.which("pdftocairo") is None,
                                reason="poppler-utils is not installed (.ci/system-packages.sh)")

DPI = 144
GRAY_SLACK = 64
MAX_MISMATCHED = 20


def pdf_raster(pdf, page: int) -> np.ndarray:
    png = subprocess.run(["pdftocairo", "-r", str(DPI), "-f", str(page), "-l", str(page),
                          "-gray", "-png", "-singlefile", str(pdf), "-"],
                         capture_output=True, check=True).stdout
    return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=np.int16)


def svg_raster(svg: str, width: int, height: int) -> np.ndarray:
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=width, output_height=height)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    ground = Image.new("RGBA", image.size, (255, 255, 255, 255))
    ground.alpha_composite(image)
    return np.asarray(ground.convert("L"), dtype=np.int16)


def _around(a: np.ndarray, reduce) -> np.ndarray:
    padded = np.pad(a, 1, mode="edge")
    h, w = a.shape
    return reduce(np.stack([padded[i:i + h, j:j + w] for i in range(3) for j in range(3)]), axis=0)


def mismatched(a: np.ndarray, b: np.ndarray) -> int:
    """Pixels of either image with no pixel of the other within one pixel and the gray slack."""
    if a.shape != b.shape:
        return a.size
    bad_a = (a < _around(b, np.min) - GRAY_SLACK) | (a > _around(b, np.max) + GRAY_SLACK)
    bad_b = (b < _around(a, np.min) - GRAY_SLACK) | (b > _around(a, np.max) + GRAY_SLACK)
    return int((bad_a | bad_b).sum())


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fidelity") / "fixture"
    book, records = make_book(folder, ["spine-text"], isbn=ISBN)  # rotated text on the spine
    b = preflight.load_book(book, records)
    write_proofs(book, report=None, interior=b.interior, cover=b.cover, pages=b.pages)
    return folder


SAMPLES = [("interior.pdf", 1, "interior-001.svg"), ("interior.pdf", 3, "interior-003.svg"),
           ("interior.pdf", 23, "interior-023.svg"), ("cover.pdf", 1, "cover.svg")]


def compare(proofs, pdf, page, svg_text) -> int:
    expected = pdf_raster(proofs / pdf, page)
    return mismatched(expected, svg_raster(svg_text, expected.shape[1], expected.shape[0]))


@pytest.mark.parametrize("pdf,page,svg", SAMPLES)
def test_svg_proof_matches_the_pdf(proofs, pdf, page, svg):
    assert compare(proofs, pdf, page, (proofs / "proofs" / svg).read_text()) <= MAX_MISMATCHED


def drop_glyph(svg: str, index: int = 0) -> str:
    uses = list(re.finditer(r"<use [^>]*/>\n?", svg))
    hit = uses[index]
    return svg[:hit.start()] + svg[hit.end():]


def drop_path(svg: str, pattern: str) -> str:
    body_start = svg.index('<g id="page"')
    hit = re.compile(r'<path d="[^"]*"[^>]*' + pattern + r'[^>]*/>\n?').search(svg, body_start)
    return svg[:hit.start()] + svg[hit.end():]


def test_the_comparison_fails_when_a_glyph_is_dropped(proofs):
    svg = (proofs / "proofs" / "interior-003.svg").read_text()
    assert compare(proofs, "interior.pdf", 3, drop_glyph(svg, -1)) > MAX_MISMATCHED  # folio "3"


def test_the_comparison_fails_when_a_path_is_dropped(proofs):
    svg = (proofs / "proofs" / "interior-003.svg").read_text()
    thin_line = 'stroke="#737373" stroke-width="0.75"'
    assert compare(proofs, "interior.pdf", 3, drop_path(svg, thin_line)) > MAX_MISMATCHED
    star = 'fill="#000000"'
    assert compare(proofs, "interior.pdf", 3, drop_path(svg, star)) > MAX_MISMATCHED
