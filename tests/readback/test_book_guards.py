"""The read-back guards of the book build, on a real book made by the book layer.

A small book (Star Battle and Bridges, KDP 6 x 9) is built with `build_books`, then read back:
no answer is drawn on any puzzle page, no glyph or path crosses the live area, the numbering
agrees with the manifest and the catalog, and every other print check passes. Each guard is
then shown to fail on a copy of a real page with the fault planted in its content stream.
"""

import copy
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream

from pipeline.readback import checks, loaded
from pipeline.readback.checks import pages as pages_checks
from pipeline.readback.answers import Grid
from readback_pdfs import same_as_pikepdf, same_as_pypdf

def checks_of(book, records):
    return {c.name: c for c in checks.run_checks(loaded.load_book(book, records))}


@pytest.fixture(scope="module")
def built(real_book):
    return real_book


def test_the_real_book_passes_every_read_back_check(built):
    _, book, records = built
    checks = checks_of(book, records)
    assert [n for n, c in checks.items() if not c.passed] == [], \
        {n: c.findings[:3] for n, c in checks.items() if not c.passed}
    assert checks["answers"].measured == {"puzzles_checked": 10, "boards_found": 10}
    assert checks["numbering"].measured == {"puzzles": 10, "solutions": 10, "labels_found": 30}
    assert checks["live_area"].measured["worst"]["clearance_pt"] >= 0


def test_the_lexer_reads_the_real_book_as_pypdf_and_qpdf_do(built):
    _, book, _ = built
    assert same_as_pypdf(book["interior"]) > 5000
    assert same_as_pypdf(book["cover"]) > 100
    assert same_as_pikepdf(book["interior"]) == same_as_pypdf(book["interior"])
    assert same_as_pikepdf(book["cover"]) == same_as_pypdf(book["cover"])


def first_puzzle(book, records, family):
    for entry in book["pages"]:
        for puzzle in entry.get("puzzles", []):
            if entry["kind"] == "puzzle" and records[puzzle["id"]]["family"] == family:
                return entry["number"], puzzle, records[puzzle["id"]]
    raise AssertionError(f"no {family} puzzle page")


def planted(tmp_path, book, page_number: int, operators: str) -> dict:
    """A copy of the book whose page `page_number` also runs `operators` at the end."""
    writer = PdfWriter(clone_from=PdfReader(book["interior"]))
    page = writer.pages[page_number - 1]
    original = page.get_contents().get_data()
    stream = ContentStream(None, writer)
    stream.set_data(original + b"\n" + operators.encode("latin-1") + b"\n")
    page.replace_contents(stream)
    path = tmp_path / "interior.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    shutil.copy(book["cover"], tmp_path / "cover.pdf")
    twin = dict(book, interior=str(path), cover=str(tmp_path / "cover.pdf"))
    if book.get("upload"):   # the copy's upload sheet names its own files, as a build's would
        twin["upload"] = str(resheeted(tmp_path, book["upload"], twin))
    return twin


def resheeted(tmp_path, sheet_path, book) -> Path:
    import hashlib
    import json

    sheet = json.loads(Path(sheet_path).read_text())
    for row in sheet["fields"]:
        if row["key"] in ("interior_file", "cover_file"):
            file = book[row["key"].split("_")[0]]
            row["value"] = {"path": file,
                            "sha256": hashlib.sha256(Path(file).read_bytes()).hexdigest()}
    path = tmp_path / "upload.json"
    path.write_text(json.dumps(sheet))
    return path


def star_operators(cx, cy, radius):
    import math
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.4
        a = math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    path = f"{points[0][0]:.3f} {points[0][1]:.3f} m " + " ".join(
        f"{x:.3f} {y:.3f} l" for x, y in points[1:])
    return f"q 0 g {path} h f Q"


def test_a_star_drawn_in_a_solution_cell_is_caught(built, tmp_path):
    _, book, records = built
    number, puzzle, record = first_puzzle(book, records, "starbattle")
    givens = {tuple(s) for s in record["puzzle"].get("stars", [])}
    row, col = next(tuple(s) for s in record["solution"]["stars"] if tuple(s) not in givens)
    grid = Grid.from_manifest(puzzle["grid"])
    cx, cy = grid.centre(row, col)
    bad = planted(tmp_path, book, number, star_operators(cx, cy, 0.3 * grid.cell))
    checks = checks_of(bad, records)
    assert not checks["answers"].passed
    assert f"solution cell ({row}, {col})" in checks["answers"].findings[0].message
    assert [n for n, c in checks.items() if not c.passed] == ["answers"]


def test_a_line_along_a_solution_bridge_is_caught(built, tmp_path):
    _, book, records = built
    number, puzzle, record = first_puzzle(book, records, "bridges")
    (r1, c1), (r2, c2), _ = record["solution"]["bridges"][0]
    grid = Grid.from_manifest(puzzle["grid"])
    (x1, y1), (x2, y2) = grid.centre(r1, c1), grid.centre(r2, c2)
    bad = planted(tmp_path, book, number, f"q 0 G 1 w {x1} {y1} m {x2} {y2} l S Q")
    checks = checks_of(bad, records)
    assert not checks["answers"].passed
    assert f"bridge ({r1}, {c1})-({r2}, {c2})" in checks["answers"].findings[0].message


@pytest.mark.parametrize("side", ["gutter", "outside"])
def test_a_glyph_crossing_the_margin_is_caught(built, tmp_path, side):
    _, book, records = built
    number, _, _ = first_puzzle(book, records, "starbattle")
    b = loaded.load_book(book, records)
    glyph = next(g for g in b.pages[number - 1].glyphs if g.text.isdigit())
    live = pages_checks.live_area(b, number)
    # odd page: the gutter is on the left; the glyph's ink starts 0.5 pt past the line
    ink_left = glyph.ink.x0 - glyph.origin[0]
    ink_right = glyph.ink.x1 - glyph.origin[0]
    x = (live.x0 - 0.5 - ink_left) if (side == "gutter") == (number % 2 == 1) else (
        live.x1 + 0.5 - ink_right)
    code = f"{glyph.code:02x}" if not glyph.font.two_byte else f"{glyph.code:04x}"
    text = f"BT /{glyph.font.resource} {glyph.size} Tf 1 0 0 1 {x:.3f} 300 Tm <{code}> Tj ET"
    bad = planted(tmp_path, book, number, text)
    checks = checks_of(bad, records)
    assert [n for n, c in checks.items() if not c.passed] == ["live_area"]
    finding = checks["live_area"].findings[0]
    assert finding.page == number and "0.50 pt past" in finding.message


@pytest.mark.parametrize("family", ["starbattle", "bridges"])
def test_a_manifest_grid_moved_to_empty_paper_is_caught(built, family):
    _, book, records = built
    moved = copy.deepcopy(book)
    number, puzzle, _ = first_puzzle(moved, records, family)
    grid = puzzle["grid"]
    # half a board up and across: the cells now fall on paper the board does not cover
    grid["x"] += grid["cell"] * grid["cols"] / 2 + grid["cell"] / 2
    grid["y"] += grid["cell"] * grid["rows"] / 2 + grid["cell"] / 2
    checks = checks_of(moved, records)
    assert [n for n, c in checks.items() if not c.passed] == ["answers"]
    (finding,) = checks["answers"].findings
    assert finding.page == number and "not where the manifest puts it" in finding.message
    assert checks["answers"].measured == {"puzzles_checked": 10, "boards_found": 9}


def test_numbering_disagreeing_with_the_manifest_is_caught(built):
    _, book, records = built
    swapped = copy.deepcopy(book)
    solutions = [e for e in swapped["pages"] if e["kind"] == "solution"]
    solutions[0]["puzzles"], solutions[1]["puzzles"] = solutions[1]["puzzles"], solutions[0]["puzzles"]
    checks = checks_of(swapped, records)
    assert not checks["numbering"].passed


def test_a_puzzle_missing_from_the_catalog_is_caught(built):
    _, book, records = built
    number, puzzle, _ = first_puzzle(book, records, "bridges")
    fewer = {k: v for k, v in records.items() if k != puzzle["id"]}
    checks = checks_of(book, fewer)
    assert not checks["numbering"].passed and not checks["answers"].passed
