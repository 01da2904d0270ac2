"""Colour covers and PDF/X-1a, read back: each new preflight check passes on built books and
fails on a cover (or interior) changed to break it; styles as layout data; the barcode's
EAN-5 add-on; byte-reproducible PDF/X files; total ink measured on a CMYK raster."""

import shutil
import subprocess

import pikepdf
import pytest

from books_helpers import build, layout_text, read_back, toy, write_layout  # noqa: F401
from pipeline.book.layout import load_layout
from pipeline.ean import G_CODES, L_CODES, ean5_parity
from pipeline.errors import InputError
from pipeline.readback import colour_checks
from pipeline.readback.checks import run_checks
from pipeline.readback.barcode import decode_ean5
from pipeline.readback.checks.cover import check_barcode_box
from pipeline.readback.loaded import catalog_records, load_book

BOOKS = {
    "ingram": dict(printer="ingramspark", paper="cream", isbn="978-0-306-40615-7",
                   price_usd=12.99),
    "large": dict(trim="8.5x11", large_print=True, title="Large Toy"),
    "pdfx-on-kdp": dict(pdf_standard="PDF/X-1a:2001", isbn="978-0-306-40615-7"),
    "lulu": dict(printer="lulu", sections=[
        {"family": "toy", "level": "small", "count": 30, "solutions_per_page": 6}]),
}
STYLED = """
[cover]
style = "harbour"
ground = [10, 80, 60, 0]
accents = [[0, 30, 90, 0], [60, 0, 30, 0]]
title_place = "top"
"""


@pytest.fixture(scope="module")
def books(toy, tmp_path_factory):
    root = tmp_path_factory.mktemp("colour")
    paths = [write_layout(root, slug, layout_text(fields.pop("title", f"Toy {slug}"), **fields))
             for slug, fields in ((s, dict(f)) for s, f in BOOKS.items())]
    paths.append(write_layout(root, "styled", layout_text("Styled Toy") + STYLED))
    _entries, manifest = build(root, paths)
    return root, {entry["slug"]: entry for entry in manifest["books"]}


def load(root, entry, **changes):
    entry = dict(entry, **changes)
    records = catalog_records(root / "catalog.sqlite", [entry])
    return read_back(root, entry, records)


def checks_of(b) -> dict:
    return {c.name: c for c in run_checks(b)}


NEW = ("cover_colour", "total_ink", "black_type", "bleed", "folds", "thumbnail", "pdfx")


def test_every_check_passes_on_the_built_books(books):
    root, manifest = books
    for slug, entry in manifest.items():
        found = checks_of(load(root, entry))
        for name, check in found.items():
            if name == "answers":
                continue   # the toy family has no answer check
            assert check.passed, (slug, name, check.findings[:3])
        assert set(NEW) <= set(found)


def test_styles_are_data_and_differ(books):
    _root, manifest = books
    assert manifest["styled"]["cover_style"] == "harbour"
    assert manifest["large"]["cover_style"] != "harbour"   # the toy default
    assert manifest["ingram"]["pdf_standard"] == "PDF/X-1a:2001"   # the printer asks for it
    assert manifest["lulu"]["pdf_standard"] is None
    assert manifest["pdfx-on-kdp"]["pdf_standard"] == "PDF/X-1a:2001"   # asked by the layout


def test_large_print_badge_and_count_line(books):
    root, manifest = books
    text = read_back(root, manifest["large"]).cover_page.text
    assert "LARGE" in text and "PRINT" in text
    assert "20 puzzles" in text
    assert "LARGE" not in read_back(root, manifest["lulu"]).cover_page.text


def test_barcode_with_price_addon_reads_back(books):
    root, manifest = books
    b = read_back(root, manifest["ingram"])
    check = check_barcode_box(b)
    assert check.passed, check.findings
    assert check.measured["decoded"] == "9780306406157"
    assert check.measured["addon"] == "51299"


def test_ean5_decoder_refuses_a_broken_addon():
    # 51299 drawn from its modules, then one bar moved by a module: the guard and the digit
    # codes no longer line up, so nothing reads back (not another price)
    bars = _ean5_bars("51299")
    assert decode_ean5(bars) == "51299"
    broken = bars[:3] + [(bars[3][0] + 1, bars[3][1] + 1)] + bars[4:]
    assert decode_ean5(broken) is None


def _ean5_bars(digits: str) -> list[tuple[float, float]]:
    bits = "01011"
    for i, (digit, p) in enumerate(zip(digits, ean5_parity(digits))):
        bits += (L_CODES if p == "L" else G_CODES)[int(digit)]
        if i < 4:
            bits += "01"
    return [(float(i), float(i + 1)) for i, bit in enumerate(bits) if bit == "1"]


def test_pdfx_files_are_pdf_13_with_output_intent_and_reproducible(books, toy, tmp_path):
    root, manifest = books
    for document in ("interior", "cover"):
        with pikepdf.open(root / manifest["ingram"][document]) as pdf:
            assert pdf.pdf_version == "1.3"
            intent = pdf.Root.OutputIntents[0]
            assert intent.S == "/GTS_PDFX"
            assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1:2001"
            assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2001"
            assert pdf.docinfo.Trapped == "/False"
            assert len(pdf.trailer.ID) == 2
    again = tmp_path / "again"
    path = write_layout(again, "ingram", layout_text("Toy ingram", **BOOKS["ingram"]))
    shutil.copy(root / "catalog.sqlite", again / "catalog.sqlite")
    _e, second = build(again, [path])
    for document in ("interior", "cover"):
        first_bytes = (root / manifest["ingram"][document]).read_bytes()
        assert (again / second["books"][0][document]).read_bytes() == first_bytes


# --- each check fails on a file made to break it ----------------------------------------------
def _plant_cover(root, entry, tmp_path, content: bytes, *, resources=None, edit=None):
    """The book's cover with `content` appended to its page (and `edit(pdf)` applied)."""
    with pikepdf.open(root / entry["cover"]) as pdf:
        page = pdf.pages[0]
        if resources:
            for kind, items in resources(pdf).items():
                if kind not in page.obj.Resources:
                    page.obj.Resources[kind] = pikepdf.Dictionary()
                for name, value in items.items():
                    page.obj.Resources[kind][name] = value
        page.contents_add(pdf.make_stream(content), prepend=False)
        if edit:
            edit(pdf)
        path = tmp_path / "cover.pdf"
        pdf.save(path)
    return load(root, entry, cover=str(path))


def _failing(b) -> set[str]:
    return {c.name for c in run_checks(b) if not c.passed}


def test_rgb_on_a_cover_fails(books, tmp_path):
    root, manifest = books
    b = _plant_cover(root, manifest["lulu"], tmp_path, b"q 1 0 0 rg 200 300 40 40 re f Q")
    assert "cover_colour" in _failing(b)


def test_icc_colour_on_a_cover_fails(books, tmp_path):
    root, manifest = books

    def resources(pdf):
        profile = pdf.make_stream(b"\0" * 128, N=4)
        return {"/ColorSpace": {"/CSicc": pikepdf.Array([pikepdf.Name.ICCBased, profile])}}
    b = _plant_cover(root, manifest["lulu"], tmp_path,
                     b"q /CSicc cs 0 0.5 0.5 0 sc 200 300 40 40 re f Q", resources=resources)
    found = {c.name: c for c in run_checks(b)}
    assert not found["cover_colour"].passed
    assert any("ICCBased" in f.message for f in found["cover_colour"].findings)


def test_total_ink_over_the_limit_fails(books, tmp_path):
    root, manifest = books
    b = _plant_cover(root, manifest["lulu"], tmp_path, b"q 0.8 0.7 0.7 1 k 200 300 60 60 re f Q")
    check = {c.name: c for c in run_checks(b)}["total_ink"]
    assert not check.passed
    assert check.measured["heaviest"]["total_ink_pct"] == 320


def test_a_tint_under_the_minimum_fails(books, tmp_path):
    root, manifest = books
    b = _plant_cover(root, manifest["lulu"], tmp_path, b"q 0.04 0 0 0 k 200 300 60 60 re f Q")
    assert "total_ink" in _failing(b)


def test_text_not_100_k_fails(books, tmp_path):
    root, manifest = books
    entry = manifest["lulu"]
    with pikepdf.open(root / entry["cover"]) as pdf:
        font = next(iter(pdf.pages[0].Resources.Font.keys()))
    content = f"q BT {font} 12 Tf 0.6 0.4 0.4 1 k 200 300 Td (Rich) Tj ET Q".encode()
    b = _plant_cover(root, entry, tmp_path, content)
    check = {c.name: c for c in run_checks(b)}["black_type"]
    assert any("not 100 % K" in f.message for f in check.findings)


def test_a_thin_coloured_line_and_small_rich_black_fail(books, tmp_path):
    root, manifest = books
    b = _plant_cover(root, manifest["lulu"], tmp_path,
                     b"q 1 0 0 0 K 0.8 w 200 300 m 260 300 l S "
                     b"0.6 0.4 0.4 1 k 300 300 12 12 re f Q")
    messages = [f.message for c in run_checks(b) if c.name == "black_type"
                for f in c.findings]
    assert any("not K alone" in m for m in messages)
    assert any("rich black on a small area" in m for m in messages)


def test_a_rich_black_other_than_the_printers_fails(books, tmp_path):
    root, manifest = books
    messages = [f.message for c in run_checks(_plant_cover(
        root, manifest["lulu"], tmp_path, b"q 0.3 0.3 0.3 1 k 300 300 60 60 re f Q"))
        if c.name == "black_type" for f in c.findings]
    assert messages == ["rich black [0.3, 0.3, 0.3, 1.0] is not the printer's "
                        "[0.6, 0.4, 0.4, 1.0]: path filled at [300.0, 300.0, 360.0, 360.0]"]
    # the printer's own rich black (printers.toml rich_black_cmyk) on the same area passes
    assert {c.name: c for c in run_checks(_plant_cover(
        root, manifest["lulu"], tmp_path, b"q 0.6 0.4 0.4 1 k 300 300 60 60 re f Q"))}[
        "black_type"].passed


def test_colour_that_stops_at_the_trim_fails(books, tmp_path):
    root, manifest = books
    entry = manifest["lulu"]
    width = entry["cover_size_in"]["width"] * 72
    trim_right = width - entry["cover_bleed_in"] * 72
    # a coloured band down the right edge that ends exactly at the trim
    content = f"q 0 0.6 0.9 0 k {trim_right - 30:.2f} 100 30 200 re f Q".encode()
    b = _plant_cover(root, entry, tmp_path, content)
    check = {c.name: c for c in run_checks(b)}["bleed"]
    assert any("right bleed edge" in f.message for f in check.findings)
    # the same band run on into the bleed passes
    content = f"q 0 0.6 0.9 0 k {trim_right - 30:.2f} 100 {30 + 9:.2f} 200 re f Q".encode()
    assert {c.name: c for c in run_checks(
        _plant_cover(root, entry, tmp_path, content))}["bleed"].passed


def test_a_colour_change_at_a_fold_fails(books, tmp_path):
    root, manifest = books
    entry = manifest["lulu"]
    spine = entry["spine_box_pt"]
    # a band of colour that stops 2 pt past the front fold
    content = f"q 0 0.6 0.9 0 k {spine['x'] + spine['width'] + 2:.2f} 0 40 100 re f Q".encode()
    check = {c.name: c for c in run_checks(
        _plant_cover(root, entry, tmp_path, content))}["folds"]
    assert any("from the fold" in f.message for f in check.findings)


def test_title_too_small_for_a_thumbnail_fails(toy, tmp_path):
    path = write_layout(tmp_path, "small-title",
                        layout_text("Tiny") + "\n[cover]\ntitle_pt = 24\n")
    _e, manifest = build(tmp_path, [path])
    entry = manifest["books"][0]
    check = {c.name: c for c in run_checks(read_back(tmp_path, entry))}["thumbnail"]
    assert not check.passed
    assert any("thumbnail" in f.message for f in check.findings)


@pytest.mark.parametrize("edit, expected", [
    (lambda pdf: pdf.Root.__delattr__("OutputIntents"), "GTS_PDFX output intents"),
    (lambda pdf: pdf.docinfo.__delitem__("/GTS_PDFXVersion"), "GTS_PDFXVersion"),
    (lambda pdf: pdf.docinfo.__setitem__("/GTS_PDFXConformance",
                                         pikepdf.String("PDF/X-1a:2003")), "GTS_PDFXConformance"),
    (lambda pdf: pdf.docinfo.__delitem__("/Trapped"), "Trapped"),
    (lambda pdf: pdf.docinfo.__delitem__("/Title"), "title"),
    (lambda pdf: pdf.pages[0].obj.__delitem__("/TrimBox"), "TrimBox"),
])
def test_each_pdfx_requirement_is_its_own_finding(books, tmp_path, edit, expected):
    root, manifest = books
    b = _plant_cover(root, manifest["ingram"], tmp_path, b"q Q", edit=edit)
    check = {c.name: c for c in run_checks(b)}["pdfx"]
    cover = [f.message for f in check.findings if f.document == "cover"]
    assert len(cover) == 1 and expected in cover[0], cover


def test_pdfx_version_and_transparency_findings(books, tmp_path):
    root, manifest = books
    entry = manifest["ingram"]
    with pikepdf.open(root / entry["cover"]) as pdf:
        path = tmp_path / "v17.pdf"
        pdf.save(path, force_version="1.7")   # and an object stream would follow
    b = load(root, entry, cover=str(path))
    check = {c.name: c for c in run_checks(b)}["pdfx"]
    assert [f.message for f in check.findings if "PDF version" in f.message]

    def alpha(pdf):
        return {"/ExtGState": {"/GSa": pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5)}}
    b = _plant_cover(root, entry, tmp_path, b"q /GSa gs 0 0 0 1 k 200 300 20 20 re f Q",
                     resources=alpha)
    check = {c.name: c for c in run_checks(b)}["pdfx"]
    assert any("transparency" in f.message for f in check.findings)


def test_pdfx_is_refused_over_content_that_breaks_it():
    from reportlab.pdfgen.canvas import Canvas
    import io
    from pipeline.book.pdfx import PdfxError, to_pdfx
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setTitle("t")
    canvas.setTrimBox((0, 0, 100, 100))
    canvas.setFillColorRGB(1, 0, 0)
    canvas.rect(10, 10, 10, 10, fill=1)
    canvas.showPage()
    canvas.save()
    condition = {"identifier": "CGATS TR 001", "condition": "SWOP", "registry": "x"}
    with pytest.raises(PdfxError, match="RGB"):
        to_pdfx(buffer.getvalue(), "PDF/X-1a:2001", condition)


# --- total ink measured on a raster --------------------------------------------------------------
@pytest.mark.skipif(shutil.which("gs") is None, reason="ghostscript (gs) is not installed")
def test_total_ink_bound_agrees_with_a_cmyk_raster(books, tmp_path):
    """Ghostscript renders the cover in CMYK (tiff32nc, no colour management for DeviceCMYK):
    the heaviest pixel carries the ink the content-stream bound reports."""
    from PIL import Image
    root, manifest = books
    for slug in ("styled", "ingram"):
        entry = manifest[slug]
        out = tmp_path / f"{slug}.tif"
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc",
                        "-r36", "-dTextAlphaBits=1", "-dGraphicsAlphaBits=1",
                        f"-sOutputFile={out}", str(root / entry["cover"])], check=True)
        image = Image.open(out)
        assert image.mode == "CMYK"
        heaviest = max(sum(pixel) for pixel in image.get_flattened_data()) / 255 * 100
        bound = {c.name: c for c in run_checks(read_back(root, entry))}[
            "total_ink"].measured["heaviest"]["total_ink_pct"]
        assert heaviest <= 240 + 1.5
        assert abs(heaviest - bound) <= 1.5, (slug, heaviest, bound)


# --- styles are validated when the layout loads -------------------------------------------------
@pytest.mark.parametrize("table, field, words", [
    ("ground = [80, 80, 80, 20]", "cover.ground", "total ink 260 %"),
    ("plate = [5, 0, 0, 0]", "cover.plate", "minimum tint"),
    ("accents = [[0, 0, 120, 0]]", "cover.accents", "0 to 100"),
    ("art = \"stripes\"", "cover.art", "mosaic, closeup"),
    ("title_pt = 200", "cover.title_pt", "24 to 120"),
    ("shade = 3", "cover.shade", "unknown key"),
])
def test_bad_cover_tables_are_one_line_errors(toy, tmp_path, table, field, words):
    path = write_layout(tmp_path, "bad", layout_text("Bad") + "\n[cover]\n" + table + "\n")
    with pytest.raises(InputError) as error:
        load_layout(path)
    text = str(error.value)
    assert field in text and words in text and "bad.toml:" in text and "\n" not in text


def test_a_price_needs_an_isbn(toy, tmp_path):
    path = write_layout(tmp_path, "price", layout_text("Priced", price_usd=9.99))
    with pytest.raises(InputError, match="price_usd"):
        load_layout(path)


def test_default_styles_print_on_every_printer():
    from pipeline.book.cover_style import check_style, family_styles
    from pipeline.book.printers import get_profile, profile_names
    assert len({(s.art, s.ground, s.title_place) for s in family_styles().values()}) >= 3
    for name in profile_names():
        profile = get_profile(name)
        for style in family_styles().values():
            assert check_style(style, profile.max_total_ink, profile.min_gray_fill) is None
    # and the check sees a style that could not print
    from dataclasses import replace
    heavy = replace(family_styles()["night-sky"], ground=(1.0, 1.0, 0.5, 0.0))
    assert "total ink" in check_style(heavy, 2.4, 0.1)
