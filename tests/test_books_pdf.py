"""The produced PDFs, read back: boxes, page count, fonts, colour, structure, cover geometry,
barcode box, numbering. Each check is also run on a file made to break it, to show it can fail."""

import io
import re
from fractions import Fraction

import pytest

from books_helpers import (box_tuple, build, colour_problems, font_problems, layout_text,
                          marks_in_box, reader, structure_problems, toy, write_layout)  # noqa: F401
from pipeline.book.printers import Trim, get_profile
from pipeline.catalog import Catalog

BOOKS = {
    "kdp-isbn": dict(isbn="978-0-306-40615-7"),
    "kdp-bleed": dict(trim="8.5x11", paper="cream", bleed=True, large_print=True),
    "lulu": dict(printer="lulu", sections=[
        {"family": "toy", "level": "small", "count": 30, "solutions_per_page": 6}]),
    "ingram": dict(printer="ingramspark", paper="cream"),
    "thick": dict(sections=[
        {"family": "toy", "level": "small", "count": 160, "puzzles_per_page": 1,
         "solutions_per_page": 12}]),
}


@pytest.fixture(scope="module")
def books(toy, tmp_path_factory):
    root = tmp_path_factory.mktemp("books")
    paths = [write_layout(root, slug, layout_text(f"Toy {slug}", **fields))
             for slug, fields in BOOKS.items()]
    entries, manifest = build(root, paths)
    return root, {entry["slug"]: entry for entry in manifest["books"]}


def _canvas_pdf(draw):
    """A one-page PDF drawn with a bare reportlab canvas, for planting faults."""
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(432, 648), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return PdfReader(io.BytesIO(buffer.getvalue()))


# --- page boxes and page count -------------------------------------------------------------------
def box_problems(pdf, entry) -> list[str]:
    profile = get_profile(entry["printer"])
    trim = Trim(Fraction(entry["trim_in"]["width"]), Fraction(entry["trim_in"]["height"]))
    bleed = entry["interior_bleed_in"] > 0
    problems = []
    for number, page in enumerate(pdf.pages, start=1):
        frame = profile.page_frame(trim, bleed, number)
        media = [float(v) for v in page.mediabox]
        if media != [0, 0, frame.width, frame.height]:
            problems.append(f"page {number}: MediaBox {media}")
        for name, want in (("/TrimBox", frame.trim), ("/BleedBox", frame.bleed)):
            if name not in page:
                problems.append(f"page {number}: no {name}")
            elif [float(v) for v in page[name]] != pytest.approx(list(want.as_tuple())):
                problems.append(f"page {number}: {name} {list(page[name])}")
    return problems


def test_page_boxes(books):
    root, manifest = books
    for slug, entry in manifest.items():
        assert box_problems(reader(root / entry["interior"]), entry) == [], slug


def test_page_boxes_check_fails_without_boxes(books):
    root, manifest = books
    bare = _canvas_pdf(lambda c: c.rect(100, 100, 10, 10))
    assert any("no /TrimBox" in p for p in box_problems(bare, manifest["kdp-isbn"]))
    # a bleed book's pages checked as if it had none
    no_bleed = dict(manifest["kdp-bleed"], interior_bleed_in=0)
    assert box_problems(reader(root / manifest["kdp-bleed"]["interior"]), no_bleed)


def page_count_problems(pdf, entry) -> list[str]:
    problems = []
    count = len(pdf.pages)
    if count % 2:
        problems.append(f"odd page count {count}")
    if count != entry["page_count"] or count != len(entry["pages"]):
        problems.append(f"{count} pages, manifest says {entry['page_count']}")
    run = longest = 0
    for page in entry["pages"]:
        run = run + 1 if page["kind"] == "blank" else 0
        longest = max(longest, run)
    if longest > 2:
        problems.append(f"{longest} blank pages in a row")
    return problems


def test_even_page_count_and_blank_runs(books):
    root, manifest = books
    for slug, entry in manifest.items():
        assert page_count_problems(reader(root / entry["interior"]), entry) == [], slug
        assert entry["pages"][-1]["kind"] in ("solution", "blank")
    assert any(p["kind"] == "blank" for e in manifest.values() for p in e["pages"])


def test_page_count_check_fails_on_odd_and_blank_runs(books):
    root, manifest = books
    odd = _canvas_pdf(lambda c: None)
    entry = dict(manifest["lulu"], page_count=1, pages=[{"kind": "blank"}] * 3)
    problems = page_count_problems(odd, entry)
    assert any("odd" in p for p in problems) and any("in a row" in p for p in problems)


# --- fonts, colour, structure -----------------------------------------------------------------------
def test_fonts_embedded_and_no_standard_14(books):
    root, manifest = books
    for entry in manifest.values():
        for name in ("interior", "cover"):
            pdf = reader(root / entry[name])
            assert font_problems(pdf) == [], (entry["slug"], name)
            assert b"Helvetica" not in (root / entry[name]).read_bytes()


def test_font_check_fails_on_reportlab_defaults():
    pdf = _canvas_pdf(lambda c: c.drawString(72, 72, "Helvetica slips in"))
    assert any("Helvetica" in p for p in font_problems(pdf))


def test_only_device_gray(books):
    root, manifest = books
    for entry in manifest.values():
        for name in ("interior", "cover"):
            assert colour_problems(reader(root / entry[name])) == [], (entry["slug"], name)


def test_colour_check_fails_on_rgb_and_cmyk():
    def draw(c):
        c.setFillColorRGB(1, 0, 0)
        c.rect(10, 10, 20, 20, fill=1)
        c.setStrokeColorCMYK(0, 0, 0, 1)
        c.line(0, 0, 50, 50)
    problems = colour_problems(_canvas_pdf(draw))
    assert any(" rg " in f" {p} " or p.split()[2] == "rg" for p in problems)
    assert any(p.split()[2] == "K" for p in problems)


def test_no_annotations_bookmarks_encryption_or_transparency(books):
    root, manifest = books
    for entry in manifest.values():
        for name in ("interior", "cover"):
            assert structure_problems(reader(root / entry[name])) == [], (entry["slug"], name)


def test_structure_check_fails_on_links_bookmarks_and_alpha():
    def draw(c):
        c.linkURL("https://example.com", (10, 10, 50, 50))
        c.bookmarkPage("p1")
        c.addOutlineEntry("Page 1", "p1")
        c.setFillAlpha(0.5)
        c.rect(10, 10, 20, 20, fill=1)
    problems = structure_problems(_canvas_pdf(draw))
    assert any("annotations" in p for p in problems)
    assert any("Outlines" in p for p in problems)
    assert any("transparency" in p for p in problems)


# --- the cover -------------------------------------------------------------------------------------------
def test_cover_size_and_spine_follow_the_formula(books):
    root, manifest = books
    for entry in manifest.values():
        profile = get_profile(entry["printer"])
        trim = Trim(Fraction(entry["trim_in"]["width"]), Fraction(entry["trim_in"]["height"]))
        g = profile.cover_geometry(trim, entry["paper"], entry["page_count"])
        assert entry["spine_width_in"] == float(g.spine_in)
        assert entry["cover_size_in"] == {"width": float(g.width_in), "height": float(g.height_in)}
        page = reader(root / entry["cover"]).pages[0]
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, float(g.width_in) * 72, float(g.height_in) * 72], abs=1e-3)
        assert len(reader(root / entry["cover"]).pages) == 1


def test_barcode_box_is_empty_without_an_isbn(books):
    root, manifest = books
    for slug, entry in manifest.items():
        pdf = reader(root / entry["cover"])
        found = marks_in_box(pdf, pdf.pages[0], box_tuple(entry["barcode_box_pt"]))
        if entry["isbn"]:
            # the planted case: with an ISBN the barcode is drawn there, and the check sees it
            assert entry["barcode"] == "ean13" and len(found) > 30, slug
        else:
            assert entry["barcode"] == "empty" and found == [], slug


def test_barcode_digits_are_the_isbn(books):
    root, manifest = books
    text = reader(root / manifest["kdp-isbn"]["cover"]).pages[0].extract_text()
    assert "9" in text and "780306" in text and "406157" in text


def test_spine_text_only_when_allowed_and_big_enough(books):
    root, manifest = books
    thin, thick = manifest["kdp-isbn"], manifest["thick"]
    assert thin["page_count"] < 79 and thin["spine_text"] is None
    assert thick["page_count"] >= 100 and thick["spine_text"] is not None
    assert thick["spine_text_pt"] >= 7
    pdf = reader(root / thick["cover"])
    spine = box_tuple(thick["spine_box_pt"])
    text = [m for m in marks_in_box(pdf, pdf.pages[0], spine) if m.kind == "text"]
    assert text


def test_nothing_but_background_crosses_the_cover_safe_zone(books):
    root, manifest = books
    for entry in manifest.values():
        pdf = reader(root / entry["cover"])
        page = pdf.pages[0]
        panels = entry["cover_panels_pt"]
        allowed = [box_tuple(panels["back_safe"]), box_tuple(panels["front_safe"])]
        if entry["spine_text_box_pt"]:
            allowed.append(box_tuple(entry["spine_text_box_pt"]))
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        from books_helpers import page_marks
        for mark in page_marks(pdf, page):
            x0, y0, x1, y1 = mark.box
            if mark.kind == "path" and x0 <= 0 and y0 <= 0 and x1 >= width and y1 >= height:
                continue   # the background
            if mark.kind == "text":
                continue   # text boxes here are rough; the ink is checked as it is drawn
            assert any(a[0] - 0.01 <= x0 and a[1] - 0.01 <= y0 and x1 <= a[2] + 0.01
                       and y1 <= a[3] + 0.01 for a in allowed), (entry["slug"], mark)


# --- numbering -------------------------------------------------------------------------------------------------
def numbering_problems(pdf, entry, catalog_ids: list[str]) -> list[str]:
    problems = []
    puzzle_at, solution_at, order = {}, {}, []
    for page in entry["pages"]:
        for item in page["puzzles"]:
            if page["kind"] == "puzzle":
                puzzle_at[item["number"]] = (page["number"], item)
                order.append(item["id"])
            elif page["kind"] == "solution":
                solution_at[item["number"]] = (page["number"], item)
    if sorted(puzzle_at) != list(range(1, len(puzzle_at) + 1)) or \
            sorted(solution_at) != sorted(puzzle_at):
        problems.append("puzzle and solution numbers differ")
    for number, (page, item) in puzzle_at.items():
        if number not in solution_at:
            continue
        solution_page, solution = solution_at[number]
        if item["solution_page"] != solution_page or solution["puzzle_page"] != page:
            problems.append(f"puzzle {number}: pointers disagree")
        if item["id"] != solution["id"]:
            problems.append(f"puzzle {number}: {item['id']} solved as {solution['id']}")
        text = pdf.pages[page - 1].extract_text()
        if f"Puzzle {number}" not in text or f"Solution on page {solution_page}" not in text:
            problems.append(f"puzzle {number}: page {page} does not print its number and pointer")
        text = pdf.pages[solution_page - 1].extract_text()
        if f"Puzzle {number} · page {page}" not in text:
            problems.append(f"solution {number}: page {solution_page} does not point back")
    if order != catalog_ids:
        problems.append("the book's boards are not the catalog's, in key order")
    return problems


def catalog_ids(root, entry) -> list[str]:
    from pipeline.book.layout import load_layout
    layout = load_layout(root / "layouts" / f"{entry['slug']}.toml")
    ids = []
    with Catalog(root / "catalog.sqlite") as catalog:
        for section in layout.sections:
            records = [r for r in catalog.records(section.family, section.level)
                       if int(r.key.rsplit(":", 1)[1]) >= section.first]
            ids += [r.id for r in records[:section.count]]
    return ids


def test_numbering_agrees_with_manifest_and_catalog(books):
    root, manifest = books
    for entry in manifest.values():
        pdf = reader(root / entry["interior"])
        assert numbering_problems(pdf, entry, catalog_ids(root, entry)) == [], entry["slug"]


def test_numbering_check_fails_on_a_wrong_pointer(books):
    import copy
    root, manifest = books
    entry = copy.deepcopy(manifest["kdp-isbn"])
    pdf = reader(root / entry["interior"])
    ids = catalog_ids(root, entry)
    puzzle_page = next(p for p in entry["pages"] if p["kind"] == "puzzle")
    puzzle_page["puzzles"][0]["solution_page"] += 1
    assert numbering_problems(pdf, entry, ids)
    assert numbering_problems(pdf, manifest["kdp-isbn"], list(reversed(ids)))


def test_manifest_has_the_contract_fields(books):
    _, manifest = books
    for entry in manifest.values():
        for field in ("slug", "title", "printer", "paper", "interior", "cover", "trim_in",
                      "interior_bleed_in", "page_count", "spine_width_in", "cover_size_in",
                      "cover_bleed_in", "barcode_box_pt", "spine_box_pt", "pages"):
            assert field in entry
        kinds = {page["kind"] for page in entry["pages"]}
        assert kinds <= {"front", "howto", "contents", "puzzle", "solution", "blank", "back"}
        assert {"front", "contents", "howto", "puzzle", "solution"} <= kinds
        for page in entry["pages"]:
            for item in page["puzzles"]:
                assert set(item["grid"]) == {"x", "y", "cell", "rows", "cols"}
    assert manifest["kdp-bleed"]["interior_bleed_in"] == 0.125
    assert manifest["lulu"]["interior_bleed_in"] == 0.125     # Lulu interiors always bleed


def test_copyright_page_names_versions_and_keys(books):
    root, manifest = books
    text = reader(root / manifest["kdp-isbn"]["interior"]).pages[1].extract_text()
    assert "toy/1" in text and "toy:small:1–12" in text and "reportlab" in text
    assert re.search(r"Edition [0-9a-f]{16}", text)
