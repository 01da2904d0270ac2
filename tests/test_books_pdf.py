"""The produced PDFs, read back: boxes, page count, fonts, colour, structure, cover geometry,
barcode box, numbering. Each check is also run on a file made to break it, to show it can fail.

The files are read by pipeline.readback, and where a preflight check answers the question it is
that check which is asked; these tests add what the book layer promises beyond the printers'
rules (only DeviceGray, nothing at all in an empty barcode box, one background on the cover)."""

import io
import re
from fractions import Fraction

import pytest

from books_helpers import (build, colour_spaces, layout_text, read_back, toy,  # noqa: F401
                           write_layout)
from pipeline.book.printers import Trim, get_profile
from pipeline.geometry import Box
from pipeline.catalog import Catalog
from pipeline.readback import checks, loaded
from pipeline.readback.reader import PathMark

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


@pytest.fixture(scope="module")
def read(books):
    """Each book's interior and cover read back once, by slug, with its catalog records."""
    root, manifest = books
    records = loaded.catalog_records(root / "catalog.sqlite", list(manifest.values()))
    return {slug: read_back(root, entry, records) for slug, entry in manifest.items()}


def _canvas_pdf(tmp_path, *draws, size=(432, 648)):
    """A PDF drawn with a bare reportlab canvas, one page per callable, for planting faults."""
    from reportlab.pdfgen.canvas import Canvas
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    for draw in draws:
        draw(canvas)
        canvas.showPage()
    canvas.save()
    path = tmp_path / "planted.pdf"
    path.write_bytes(buffer.getvalue())
    return path


def planted(books, tmp_path, slug, *draws, **entry_fields):
    """Book `slug` read back with its interior replaced by a canvas PDF made to break a check."""
    root, manifest = books
    path = _canvas_pdf(tmp_path, *draws)
    return read_back(root, dict(manifest[slug], interior=str(path), **entry_fields))


def messages(check) -> list[str]:
    return [f.message for f in check.findings]


# --- page boxes and page count -------------------------------------------------------------------
def test_page_boxes(books, read):
    _, manifest = books
    for slug, entry in manifest.items():
        b = read[slug]
        check = checks.check_page_boxes(b)
        assert check.passed, (slug, check.findings[:3])
        profile = get_profile(entry["printer"])
        trim = Trim(Fraction(entry["trim_in"]["width"]), Fraction(entry["trim_in"]["height"]))
        for page in b.pages:   # exactly, not only within the check's tolerance
            frame = profile.page_frame(trim, entry["interior_bleed_in"] > 0, page.number)
            assert page.media_box == Box(0, 0, frame.width, frame.height), (slug, page.number)
        assert len(b.pages) == entry["page_count"]


def test_page_boxes_check_fails_without_boxes(books, read, tmp_path):
    bare = planted(books, tmp_path, "kdp-isbn", lambda c: c.rect(100, 100, 10, 10))
    assert any(m.startswith("TrimBox None") for m in messages(checks.check_page_boxes(bare)))
    # a bleed book's pages checked as if it had none
    no_bleed = read_back(books[0], dict(books[1]["kdp-bleed"], interior_bleed_in=0))
    assert not checks.check_page_boxes(no_bleed).passed


def manifest_page_problems(entry) -> list[str]:
    """The manifest's own account of the pages: one entry a page, no long blank runs."""
    problems = []
    if entry["page_count"] != len(entry["pages"]):
        problems.append(f"{len(entry['pages'])} page entries, manifest says {entry['page_count']}")
    run = longest = 0
    for page in entry["pages"]:
        run = run + 1 if page["kind"] == "blank" else 0
        longest = max(longest, run)
    if longest > 2:
        problems.append(f"{longest} blank pages in a row")
    return problems


def test_even_page_count_and_blank_runs(books, read):
    _, manifest = books
    for slug, entry in manifest.items():
        b = read[slug]
        for check in (checks.check_page_count(b), checks.check_blank_pages(b)):
            assert check.passed, (slug, check.name, check.findings[:3])
        assert b.page_count % 2 == 0 and b.page_count == entry["page_count"]
        assert manifest_page_problems(entry) == [], slug
        assert entry["pages"][-1]["kind"] in ("solution", "blank")
    assert any(p["kind"] == "blank" for e in manifest.values() for p in e["pages"])


def test_page_count_check_fails_on_odd_and_blank_runs(books, tmp_path):
    odd = planted(books, tmp_path, "lulu", lambda c: None)
    found = messages(checks.check_page_count(odd))
    assert any("is odd" in m for m in found) and any("the manifest says" in m for m in found)
    blanks = planted(books, tmp_path, "lulu", *[lambda c: None] * 3,
                     lambda c: c.rect(100, 100, 10, 10))
    assert any("3 blank pages in a row" in m for m in messages(checks.check_blank_pages(blanks)))
    entry = dict(books[1]["lulu"], page_count=3, pages=[{"kind": "blank"}] * 3)
    assert any("in a row" in p for p in manifest_page_problems(entry))


# --- fonts, colour, structure -----------------------------------------------------------------------
def test_fonts_embedded_and_no_standard_14(books, read):
    root, manifest = books
    for slug, entry in manifest.items():
        check = checks.check_fonts(read[slug])
        assert check.passed, (slug, check.findings[:3])
        assert check.measured["glyphs"] > 0
        # every font a TrueType program embedded in the file
        assert all(f.endswith("FontFile2)") for f in check.measured["fonts"]), check.measured
        for name in ("interior", "cover"):
            assert b"Helvetica" not in (root / entry[name]).read_bytes()


def test_font_check_fails_on_reportlab_defaults(books, tmp_path):
    b = planted(books, tmp_path, "kdp-isbn", lambda c: c.drawString(72, 72, "Helvetica slips in"))
    check = checks.check_fonts(b)
    assert any("standard-14 font Helvetica" in m for m in messages(check))
    assert any("Helvetica (Type1, not embedded)" == f for f in check.measured["fonts"])


def test_only_device_gray(books, read):
    _, manifest = books
    for slug in manifest:
        b = read[slug]
        check = checks.check_colour(b)
        assert check.passed, (slug, check.findings[:3])
        # stricter than the printers: not even K-only CMYK, no images; the cover is CMYK only
        assert set(check.measured["interior_colour_marks"]) == {"DeviceGray"}, slug
        assert colour_spaces(b.pages) <= {"DeviceGray"}, slug
        assert colour_spaces([b.cover_page]) == {"DeviceCMYK"}, slug
        assert not any(page.images for page in [*b.pages, b.cover_page]), slug


def test_colour_check_fails_on_rgb_and_cmyk(books, tmp_path):
    def draw(c):
        c.setFillColorRGB(1, 0, 0)
        c.rect(10, 10, 20, 20, fill=1)
        c.setStrokeColorCMYK(0, 0, 0, 1)
        c.line(0, 0, 50, 50)
    b = planted(books, tmp_path, "kdp-isbn", draw)
    check = checks.check_colour(b)
    assert any(m.startswith("DeviceRGB [1.0, 0.0, 0.0]") for m in messages(check))
    assert "DeviceCMYK (K only)" in check.measured["interior_colour_marks"]
    assert colour_spaces(b.pages) == {"DeviceRGB", "DeviceCMYK"}


def test_no_annotations_bookmarks_encryption_or_transparency(read):
    for slug, b in read.items():
        document = checks.check_document(b)
        assert document.passed, (slug, document.findings)
        assert checks.check_colour(b).measured["pages_with_transparency"] == 0, slug
        assert not any(page.transparency for page in [*b.pages, b.cover_page]), slug


def test_structure_check_fails_on_links_bookmarks_and_alpha(books, tmp_path):
    def draw(c):
        c.linkURL("https://example.com", (10, 10, 50, 50))
        c.bookmarkPage("p1")
        c.addOutlineEntry("Page 1", "p1")
        c.setFillAlpha(0.5)
        c.rect(10, 10, 20, 20, fill=1)
    b = planted(books, tmp_path, "kdp-isbn", draw)
    document = messages(checks.check_document(b))
    assert any("annotation" in m for m in document)
    assert any("bookmarks" in m for m in document)
    assert any("transparency" in m for m in messages(checks.check_colour(b)))


# --- the cover -------------------------------------------------------------------------------------------
def test_cover_size_and_spine_follow_the_formula(books, read):
    _, manifest = books
    for slug, entry in manifest.items():
        profile = get_profile(entry["printer"])
        trim = Trim(Fraction(entry["trim_in"]["width"]), Fraction(entry["trim_in"]["height"]))
        g = profile.cover_geometry(trim, entry["paper"], entry["page_count"])
        assert entry["spine_width_in"] == float(g.spine_in)
        assert entry["cover_size_in"] == {"width": float(g.width_in), "height": float(g.height_in)}
        b = read[slug]
        check = checks.check_cover_size(b)
        assert check.passed, (slug, check.findings)
        media = b.cover_page.media_box
        assert media.as_list(3) == pytest.approx(
            [0, 0, float(g.width_in) * 72, float(g.height_in) * 72], abs=1e-3)
        assert b.cover.page_count == 1


def test_cover_size_check_fails_on_a_cover_for_another_page_count(read):
    from dataclasses import replace
    thin, thick = read["kdp-isbn"], read["thick"]
    wrong = replace(thin, cover=thick.cover, cover_page=thick.cover_page)
    assert any("the formula gives" in m for m in messages(checks.check_cover_size(wrong)))


def test_barcode_box_is_empty_without_an_isbn(books, read):
    _, manifest = books
    for slug, entry in manifest.items():
        b = read[slug]
        check = checks.check_barcode_box(b)
        assert check.passed, (slug, check.findings)
        box = entry["barcode_box_pt"]
        box = Box(box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
        page = b.cover_page
        found = [m for m in page.marks_in(box)
                 if not (isinstance(m, PathMark) and m.covers(page.media_box))]
        if entry["isbn"]:
            # the planted case: with an ISBN the barcode is drawn there, and the check sees it
            assert entry["barcode"] == "ean13" and len(found) > 30, slug
            assert check.measured["decoded"] == entry["isbn"].replace("-", "")
            assert check.measured["bars"] > 20
        else:
            # nothing but the page's background and the box's white (paper, no ink)
            assert entry["barcode"] == "empty", slug
            assert all(isinstance(m, PathMark) and m.stroke is None and m.fill is not None
                       and not any(m.fill.values) for m in found), (slug, found)
            assert check.measured["bars"] == 0 and check.measured["other_marks"] == 0


def test_barcode_box_check_fails_on_marks_in_a_box_that_must_be_empty(read):
    """The ISBN book's cover judged as a book with no ISBN: its bars and digits are found."""
    from dataclasses import replace
    b = read["kdp-isbn"]
    check = checks.check_barcode_box(replace(b, book=dict(b.book, isbn=None)))
    assert not check.passed and check.measured["other_marks"] > 30
    assert any(m.startswith("in the barcode box: path filled") for m in messages(check))


def test_barcode_digits_are_the_isbn(read):
    # Under the bars, as an EAN-13 prints them: the first digit, then each half's six.
    lines = read["kdp-isbn"].cover_page.text.split("\n")
    assert [line for line in lines if line.isdigit()] == ["9", "780306", "406157"]


def test_spine_text_only_when_allowed_and_big_enough(books, read):
    _, manifest = books
    thin, thick = manifest["kdp-isbn"], manifest["thick"]
    assert thin["page_count"] < 79 and thin["spine_text"] is None
    assert thick["page_count"] >= 100 and thick["spine_text"] is not None
    assert thick["spine_text_pt"] >= 7
    for slug in ("kdp-isbn", "thick"):
        check = checks.check_spine_text(read[slug])
        assert check.passed, (slug, check.findings)
    assert checks.check_spine_text(read["kdp-isbn"]).measured["spine_glyphs"] == 0
    measured = checks.check_spine_text(read["thick"]).measured
    assert measured["spine_text_allowed"] and measured["spine_glyphs"] > 0
    assert measured["worst_clearance_pt"] >= 0


def test_nothing_but_background_crosses_the_cover_safe_zone(read):
    for slug, b in read.items():
        check = checks.check_safe_zone(b)
        assert check.passed, (slug, check.findings[:3])
        assert check.measured["backgrounds"] == 1, slug   # the one full-page ground
        page = b.cover_page
        grounds = [m for m in page.paths if m.covers(page.media_box)]
        assert len(grounds) == 1 and grounds[0] is page.ink_marks[0], slug


# --- numbering -------------------------------------------------------------------------------------------------
def numbering_problems(pages, entry, catalog_ids: list[str]) -> list[str]:
    """The manifest's numbers and pointers against each other, the catalog and the pages' text
    as read back (the preflight numbering check asks for the numbers; this for the words)."""
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
        text = pages[page - 1].text
        if f"Puzzle {number}" not in text or f"Solution on page {solution_page}" not in text:
            problems.append(f"puzzle {number}: page {page} does not print its number and pointer")
        text = pages[solution_page - 1].text
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


def test_numbering_agrees_with_manifest_and_catalog(books, read):
    root, manifest = books
    for slug, entry in manifest.items():
        b = read[slug]
        assert numbering_problems(b.pages, entry, catalog_ids(root, entry)) == [], slug
        check = checks.check_numbering(b)
        assert check.passed, (slug, check.findings[:3])
        puzzles = sum(len(p["puzzles"]) for p in entry["pages"] if p["kind"] == "puzzle")
        assert check.measured == {"puzzles": puzzles, "solutions": puzzles,
                                  "labels_found": 3 * puzzles}, slug


def test_numbering_check_fails_on_a_wrong_pointer(books, read):
    import copy
    from dataclasses import replace
    root, manifest = books
    entry = copy.deepcopy(manifest["kdp-isbn"])
    pages = read["kdp-isbn"].pages
    ids = catalog_ids(root, entry)
    puzzle_page = next(p for p in entry["pages"] if p["kind"] == "puzzle")
    puzzle_page["puzzles"][0]["solution_page"] += 1
    assert numbering_problems(pages, entry, ids)
    assert numbering_problems(pages, manifest["kdp-isbn"], list(reversed(ids)))
    # the preflight check, on the manifest's solution pages pointing one page off
    for page in entry["pages"]:
        if page["kind"] == "solution":
            page["number"] += 1
    assert not checks.check_numbering(replace(read["kdp-isbn"], book=entry)).passed


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


def test_copyright_page_names_versions_and_keys(read):
    text = read["kdp-isbn"].pages[1].text
    assert "toy/1" in text and "toy:small:1–12" in text and "reportlab" in text
    assert re.search(r"Edition [0-9a-f]{16}", text)
