"""A small book made in the tests: interior and cover PDFs and a manifest entry (docs/contracts.md, the manifest).

`make_book(folder, faults)` writes a 24-page KDP 6 x 9 book that passes every preflight check;
each fault named in `faults` breaks exactly one thing, so a check can be shown to fail on a
PDF made to break it. The pages are drawn with reportlab directly: the read-back layer must
judge any PDF, not only the ones the book layer writes.
"""

from __future__ import annotations

import io
import math
from fractions import Fraction
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode import createBarcodeDrawing
from reportlab.pdfgen import canvas

from pipeline.book.printers import BUFFER_PT, PT_PER_IN, Trim, get_profile
from readback_pdfs import register_fonts

TRIM = Trim(Fraction(6), Fraction(9))
PAGES = 24
ISBN = "9780306406157"

# Two Star Battle boards (6 x 6, one star per row, column and region; stars never touch).
STARBATTLE = {
    "starbattle-easy-0001": {
        "family": "starbattle",
        "puzzle": {"size": 6, "stars": [[0, 1]], "regions": [
            [0, 0, 0, 1, 1, 1], [0, 2, 2, 2, 1, 1], [0, 2, 3, 3, 3, 1],
            [4, 4, 3, 5, 5, 5], [4, 4, 3, 5, 5, 5], [4, 4, 4, 4, 5, 5]]},
        "solution": {"stars": [[0, 1], [1, 3], [2, 5], [3, 0], [4, 2], [5, 4]]},
    },
    "starbattle-easy-0002": {
        "family": "starbattle",
        "puzzle": {"size": 6, "stars": [], "regions": [
            [0, 0, 1, 1, 1, 1], [0, 0, 1, 2, 2, 2], [3, 0, 1, 2, 2, 2],
            [3, 3, 4, 4, 5, 5], [3, 3, 4, 4, 5, 5], [3, 3, 4, 4, 4, 5]]},
        "solution": {"stars": [[0, 2], [1, 5], [2, 1], [3, 4], [4, 0], [5, 3]]},
    },
}
PUZZLE_PAGES = {3: "starbattle-easy-0001", 5: "starbattle-easy-0002"}
SOLUTION_PAGE = 23
CELL = 36.0


def grid_for(page_number: int) -> dict:
    # Centred between the printer's margins, whichever side the gutter is on.
    return {"x": 108.0, "y": 300.0, "cell": CELL, "rows": 6, "cols": 6}


def solution_grid(index: int) -> dict:
    return {"x": 72.0 + index * 150, "y": 200.0, "cell": 20.0, "rows": 6, "cols": 6}


def star(c, cx, cy, radius):
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.4
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.setFillGray(0)
    c.drawPath(path, stroke=0, fill=1)


def draw_board(c, grid: dict, puzzle: dict, stars, faults) -> None:
    x, y, cell, n = grid["x"], grid["y"], grid["cell"], grid["rows"]
    regions = puzzle["regions"]
    c.setStrokeGray(0.45)
    c.setLineWidth(0.5 if "thin-line" in faults else 0.75)
    for i in range(1, n):
        c.line(x + i * cell, y, x + i * cell, y + n * cell)
        c.line(x, y + i * cell, x + n * cell, y + i * cell)
    c.setStrokeGray(0)
    c.setLineWidth(2.4)
    for r in range(n):
        for col in range(n):
            x0, y0 = x + col * cell, y + (n - 1 - r) * cell
            if col + 1 < n and regions[r][col] != regions[r][col + 1]:
                c.line(x0 + cell, y0, x0 + cell, y0 + cell)
            if r + 1 < n and regions[r][col] != regions[r + 1][col]:
                c.line(x0, y0, x0 + cell, y0)
    c.rect(x, y, n * cell, n * cell, stroke=1, fill=0)
    for r, col in stars:
        star(c, x + (col + 0.5) * cell, y + (n - 1 - r + 0.5) * cell, 0.36 * cell)


def folio(c, number: int, trim, faults) -> None:
    c.setFillGray(0)
    c.setFont("TestVera", 9)
    c.drawCentredString((trim.x0 + trim.x1) / 2, trim.y0 + 30, str(number))


def interior_page(c, number: int, frame, faults) -> None:
    trim = frame.trim
    records = STARBATTLE
    if number == 1:
        c.setFont("TestVera", 24)
        c.drawCentredString((trim.x0 + trim.x1) / 2, 500, "Fixture Puzzles")
        if "helvetica" in faults:
            c.setFont("Helvetica", 12)
            c.drawCentredString((trim.x0 + trim.x1) / 2, 470, "in Helvetica")
        if "missing-glyph" in faults:
            c.drawCentredString((trim.x0 + trim.x1) / 2, 470, "\u2605 stars")
        if "rgb" in faults:
            c.setFillColorRGB(0.9, 0.1, 0.1)
            c.rect(150, 300, 100, 50, stroke=0, fill=1)
        if "transparency" in faults:
            c.setFillAlpha(0.5)
            c.rect(150, 300, 100, 50, stroke=0, fill=1)
        if "rgb-image" in faults:
            from PIL import Image
            from reportlab.lib.utils import ImageReader
            c.drawImage(ImageReader(Image.new("RGB", (4, 4), (200, 30, 30))), 150, 300, 40, 40)
        if "faint-fill" in faults:
            c.setFillGray(0.95)  # 5 % ink: may not print at all
            c.rect(150, 300, 100, 50, stroke=0, fill=1)
        if "annotation" in faults:
            c.linkURL("https://example.invalid", (150, 300, 250, 350))
        return
    if number in ("blank-run" in faults and (8, 9, 10) or ()):
        return  # three empty pages in a row
    if number in PUZZLE_PAGES:
        pid = PUZZLE_PAGES[number]
        index = sorted(PUZZLE_PAGES).index(number) + 1
        record = records[pid]
        shown = index + 1 if "wrong-number" in faults and index == 1 else index
        c.setFont("TestVera", 16)
        if not ("label-missing" in faults and index == 1):
            c.drawString(108, 560, f"Puzzle {shown}")
        else:  # the label is gone, but the number still shows in a footer line
            c.setFont("TestVera", 9)
            c.drawString(108, 40, f"Fixture Puzzles {index}")
        c.setFont("TestVera", 6 if "small-text" in faults else 9)
        c.drawString(108, 270, f"Solution on page {SOLUTION_PAGE}")
        stars = record["puzzle"]["stars"]
        if "answer" in faults and index == 1:
            stars = stars + [record["solution"]["stars"][2]]
        draw_board(c, grid_for(number), record["puzzle"], stars, faults)
        if "text-on-text" in faults and index == 1:   # a second line set over the title
            c.setFont("TestVera", 12)
            c.drawString(120, 562, "Puzzle over")
        if "text-across-line" in faults and index == 1:   # a word set across a grid line
            g = grid_for(number)
            c.setFont("TestVera", 9)
            c.drawString(g["x"] + g["cell"] * 2 - 12, g["y"] + g["cell"] * 3.3, "across")
        if "gutter" in faults:  # odd page: the gutter is on the left
            c.setFont("TestVeraIt", 12)
            live_left = trim.x0 + 0.375 * 72 + 1
            c.drawString(live_left + 0.3, 400, "j")  # the italic tail spills left of the origin
        folio(c, number, trim, faults)
        return
    if number == SOLUTION_PAGE:
        c.setFont("TestVera", 16)
        c.drawString(72, 560, "Solutions")
        for i, (page, pid) in enumerate(sorted(PUZZLE_PAGES.items())):
            record = records[pid]
            grid = solution_grid(i)
            c.setFont("TestVera", 9)
            c.drawString(grid["x"], grid["y"] + 130, f"Puzzle {i + 1} \u00b7 page {page}")
            draw_board(c, grid, record["puzzle"], record["solution"]["stars"], faults)
        folio(c, number, trim, faults)
        return
    c.setFont("TestVera", 14)
    c.drawString(108, 560, "Notes")
    if "level-slug" in faults and number == 7:  # a running head with the level's slug
        c.setFont("TestVera", 9)
        c.drawString(108, 600, "Star Battle \u00b7 two-star-easy")
    folio(c, number, trim, faults)


def make_interior(path: Path, faults, pages: int) -> None:
    profile = get_profile("kdp")
    register_fonts()
    buffer = io.BytesIO()
    frame = profile.page_frame(TRIM, False, 1)
    c = canvas.Canvas(buffer, pagesize=(frame.width, frame.height), invariant=1,
                      initialFontName="TestVera")
    for number in range(1, pages + 1):
        frame = profile.page_frame(TRIM, False, number)
        if "no-trimbox" not in faults:
            c.setTrimBox(frame.trim.as_tuple())
        c.setBleedBox(frame.bleed.as_tuple())
        interior_page(c, number, frame, faults)
        c.showPage()
    c.save()
    data = buffer.getvalue()
    if "bookmark" in faults:
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
        writer.add_outline_item(title="Start", page_number=0)
        out = io.BytesIO()
        writer.write(out)
        data = out.getvalue()
    if "encrypted" in faults:
        reader = PdfReader(io.BytesIO(data))
        writer = PdfWriter(clone_from=reader)
        writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
        out = io.BytesIO()
        writer.write(out)
        data = out.getvalue()
    path.write_bytes(data)


def make_cover(path: Path, faults, pages: int, isbn: str | None) -> dict:
    profile = get_profile("kdp")
    paper = "cream" if "cover-size" in faults else "white"
    g = profile.cover_geometry(TRIM, paper, pages)
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(g.width_pt, g.height_pt), invariant=1,
                      initialFontName="TestVera", enforceColorSpace="cmyk")
    # A cover in DeviceCMYK, as the printers want it: a 10 % K ground, 100 % K type, the
    # title large enough for a thumbnail (44 pt on a 9 in front).
    c.setFillColorCMYK(0, 0, 0, 0.1)
    c.rect(0, 0, g.width_pt, g.height_pt, stroke=0, fill=1)  # the ground, into the bleed
    c.setFillColorCMYK(0, 0, 0, 1)
    front = g.front_safe
    c.setFont("TestVera", 44)
    y = front.y1 - 80 if "safe-zone" not in faults else front.y1 - 26
    c.drawCentredString((front.x0 + front.x1) / 2, y, "Fixture")
    c.drawCentredString((front.x0 + front.x1) / 2, y - 50, "Puzzles")
    back = g.back_safe
    c.setFont("TestVera", 11)
    c.drawString(back.x0 + 10, back.y1 - 60, "Two puzzles to test the read-back.")
    if "spine-text" in faults:
        c.saveState()
        c.translate((g.spine.x0 + g.spine.x1) / 2 + 3, g.spine.y0 + 200)
        c.rotate(90)
        c.setFont("TestVera", 7)
        c.drawString(0, 0, "Fixture")
        c.restoreState()
    box = g.barcode
    if "barcode-text" in faults:
        c.setFont("TestVera", 10)
        c.drawString(box.x0 + 10, box.y0 + 20, "Price")
    if isbn:
        c.setFillColorCMYK(0, 0, 0, 0)
        c.rect(box.x0, box.y0, box.width, box.height, stroke=0, fill=1)
        drawing = createBarcodeDrawing("EAN13", value=ISBN[:12], fontName="TestVera",
                                       barHeight=50, barFillColor=_black(), textColor=_black(),
                                       )
        drawing.initialFontName = "TestVera"
        renderPDF.draw(drawing, c, box.x0 + 20, box.y0 + 12)
    c.showPage()
    c.save()
    path.write_bytes(buffer.getvalue())
    return {"spine": float(g.spine_in), "width": float(g.width_in), "height": float(g.height_in),
            "barcode": g.barcode.to_manifest()}


def _white():
    from reportlab.lib.colors import CMYKColor
    return CMYKColor(0, 0, 0, 0)


def _black():
    from reportlab.lib.colors import CMYKColor
    return CMYKColor(0, 0, 0, 1)


def make_book(folder: Path, faults=(), *, isbn: str | None = None) -> tuple[dict, dict]:
    """Write the fixture book into `folder`; return (manifest entry, catalog records by id)."""
    faults = set(faults)
    folder.mkdir(parents=True, exist_ok=True)
    pages = PAGES + 1 if "odd-pages" in faults else PAGES
    make_interior(folder / "interior.pdf", faults, pages)
    cover = make_cover(folder / "cover.pdf", faults, pages, isbn)
    page_entries = []
    for number in range(1, pages + 1):
        kind = "front" if number == 1 else "blank"
        puzzles = []
        if number in PUZZLE_PAGES:
            kind = "puzzle"
            grid = grid_for(number)
            if "grid-moved" in faults and number == min(PUZZLE_PAGES):
                grid = dict(grid, y=40.0)  # the manifest points at empty paper below the board
            puzzles = [{"id": PUZZLE_PAGES[number], "grid": grid}]
        elif number == SOLUTION_PAGE:
            kind = "solution"
            puzzles = [{"id": pid, "grid": solution_grid(i)}
                       for i, (_, pid) in enumerate(sorted(PUZZLE_PAGES.items()))]
        page_entries.append({"number": number, "kind": kind, "puzzles": puzzles})
    book = {
        "slug": "fixture", "title": "Fixture Puzzles", "printer": "kdp", "paper": "white",
        "interior": str(folder / "interior.pdf"), "cover": str(folder / "cover.pdf"),
        "trim_in": {"width": 6, "height": 9}, "interior_bleed_in": 0,
        "page_count": PAGES, "spine_width_in": cover["spine"],
        "cover_size_in": {"width": cover["width"], "height": cover["height"]},
        "cover_bleed_in": 0.125, "barcode_box_pt": cover["barcode"],
        "spine_box_pt": {}, "pages": page_entries,
    }
    if isbn:
        book["isbn"] = isbn
    return book, dict(STARBATTLE)


def live_left(page_number: int) -> float:
    """Left edge of the live area of a page of this book, for tests that aim at it."""
    profile = get_profile("kdp")
    return profile.live_area_pt(TRIM, False, page_number, PAGES,
                                extra_in=BUFFER_PT / PT_PER_IN).x0
