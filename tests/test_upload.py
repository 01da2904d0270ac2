"""The upload sheet (build/<slug>/upload.json, proofs/upload.html) and the preflight checks
that hold it to the files: each check passes on a built book and fails on a planted mismatch
(a sheet edited after the build, or a book whose interior or cover is another book's)."""

import json
import pytest

from books_helpers import build, layout_text, read_back, toy, write_layout  # noqa: F401
from pipeline.book.cover import default_blurb
from pipeline.book.layout import load_layout
from pipeline.book.printers import get_profile
from pipeline.cli import main
from pipeline.readback.checks.upload import check_upload_files, check_upload_text
from pipeline.readback.proof import write_proofs

THICK = [{"family": "toy", "level": "small", "count": 160, "puzzles_per_page": 1,
          "solutions_per_page": 12}]   # about 200 pages: the spine carries text
KEYWORDS = ["logic puzzles", "pencil puzzles for adults"]


@pytest.fixture(scope="module")
def books(toy, tmp_path_factory):
    """Two KDP books alike but for their words (same page count), and a Lulu book."""
    root = tmp_path_factory.mktemp("upload")
    paths = [
        write_layout(root, "alpha", layout_text(
            "Alpha Puzzles", subtitle="Sixty Boards", sections=THICK, keywords=KEYWORDS,
            description="A longer description for the form.", cover_finish="glossy",
            isbn="978-0-306-40615-7", price_usd=12.99)),
        write_layout(root, "beta", layout_text("Beta Puzzles", subtitle="Other Boards",
                                               author="Other Press", sections=THICK)),
        write_layout(root, "gamma", layout_text("Gamma Puzzles", printer="lulu",
                                                sections=THICK)),
    ]
    _, manifest = build(root, paths)
    return root, {entry["slug"]: entry for entry in manifest["books"]}


def sheet_of(root, entry) -> dict:
    return json.loads((root / entry["upload"]).read_text())


def value(sheet, key):
    return next(row["value"] for row in sheet["fields"] if row["key"] == key)


def loaded(root, entry, sheet=None):
    """The book read back, with its own sheet or a planted one."""
    b = read_back(root, entry)
    return b if sheet is None else type(b)(**{**b.__dict__, "upload": sheet})


def test_the_sheet_lists_the_printers_form_in_its_order_with_the_books_values(books):
    root, manifest = books
    for slug, printer in (("alpha", "kdp"), ("gamma", "lulu")):
        entry = manifest[slug]
        sheet = sheet_of(root, entry)
        form = get_profile(printer).value("setup_form")
        assert [(r["key"], r["step"], r["label"], r["source"]) for r in sheet["fields"]] == [
            (r["key"], r["step"], r["label"], r["source"]) for r in form]
        assert value(sheet, "page_count") == entry["page_count"]
        assert value(sheet, "spine_width") == round(entry["spine_width_in"], 6)
        assert value(sheet, "trim") == entry["trim_in"]
        assert value(sheet, "interior_file")["sha256"] == read_back(root, entry).interior_sha256
    alpha = sheet_of(root, manifest["alpha"])
    assert value(alpha, "keywords") == KEYWORDS
    assert value(alpha, "description") == "A longer description for the form."
    assert value(alpha, "cover_finish") == "glossy"
    assert value(alpha, "isbn") == "9780306406157" and value(alpha, "price") == "12.99"
    assert value(alpha, "low_content") is False
    beta = sheet_of(root, manifest["beta"])   # defaults: the printed blurb, matte, free ISBN
    assert value(beta, "description") == default_blurb(load_layout(root / "layouts/beta.toml"))
    assert value(beta, "cover_finish") == "matte" and value(beta, "isbn") is None
    assert [r["shown"] for r in beta["fields"] if r["key"] == "isbn"] == ["Get a free KDP ISBN"]


def test_both_checks_pass_on_built_books_and_the_gallery_links_the_page(books):
    root, manifest = books
    for entry in manifest.values():
        b = loaded(root, entry)
        for check in (check_upload_text(b), check_upload_files(b)):
            assert check.passed, (entry["slug"], check.findings)
        assert check_upload_text(b).measured["spine_text"]   # the spine was compared too
    entry = manifest["alpha"]
    result = write_proofs(entry, root=root)
    page = (result.folder / "upload.html").read_text()
    assert 'href="upload.html"' in (result.folder / "index.html").read_text()
    assert "Book Title" in page and "Alpha Puzzles" in page and "Glossy" in page
    assert page.index("Book Title") < page.index("Keywords") < page.index("Trim size")


def test_a_sheet_title_the_book_does_not_print_fails(books):
    root, manifest = books
    sheet = sheet_of(root, manifest["alpha"])
    for row in sheet["fields"]:
        if row["key"] == "title":
            row["value"] = "Alpha Puzzle"     # one letter short of what is printed
    check = check_upload_text(loaded(root, manifest["alpha"], sheet))
    places = sorted({f.message.split(" does not print")[0].split(" prints")[0]
                     for f in check.findings})
    assert places == ["the copyright page", "the cover front", "the spine", "the title page"]


def test_each_printed_place_is_checked(books, tmp_path):
    """Alpha's sheet against beta's interior (another title page and copyright page), then
    against beta's cover (another front and spine): only those places fail."""
    root, manifest = books
    alpha, beta = manifest["alpha"], manifest["beta"]
    for swapped, failing in (("interior", {"interior"}), ("cover", {"cover"})):
        entry = {**alpha, swapped: beta[swapped]}
        check = check_upload_text(loaded(root, entry))
        assert {f.document for f in check.findings} == failing, check.findings
        if swapped == "interior":
            assert {f.page for f in check.findings} == {1, 2}   # title and copyright pages
        else:
            assert any("the spine prints" in f.message for f in check.findings)
            assert any("the cover front" in f.message for f in check.findings)


def test_a_spine_that_differs_from_the_sheet_fails(books):
    root, manifest = books
    sheet = sheet_of(root, manifest["beta"])
    for row in sheet["fields"]:
        if row["key"] == "author":
            row["value"] = "Another Name"
    check = check_upload_text(loaded(root, manifest["beta"], sheet))
    spine = [f for f in check.findings if "the spine prints" in f.message]
    assert len(spine) == 1 and "Beta Puzzles · Other Press" in spine[0].message


@pytest.mark.parametrize("key,planted,words", [
    ("page_count", lambda v: v + 2, "pages, interior.pdf has"),
    ("trim", lambda v: {"width": 8.5, "height": 11}, "TrimBoxes"),
    ("bleed", lambda v: True, "bleed"),
    ("spine_width", lambda v: v + 0.01, "spine width"),
    ("interior_file", lambda v: {**v, "sha256": "0" * 64}, "interior sha256"),
    ("cover_file", lambda v: {**v, "sha256": "0" * 64}, "cover sha256"),
])
def test_a_sheet_that_disagrees_with_the_pdfs_fails(books, key, planted, words):
    root, manifest = books
    sheet = sheet_of(root, manifest["alpha"])
    for row in sheet["fields"]:
        if row["key"] == key:
            row["value"] = planted(row["value"])
    check = check_upload_files(loaded(root, manifest["alpha"], sheet))
    assert len(check.findings) == 1 and words in check.findings[0].message, check.findings


def test_an_unreadable_sheet_fails_and_a_manifest_without_one_says_so(books, tmp_path):
    root, manifest = books
    entry = {**manifest["alpha"], "upload": str(tmp_path / "missing.json")}
    for check in (check_upload_text(loaded(root, entry)),
                  check_upload_files(loaded(root, entry))):
        assert not check.passed and "cannot be read" in check.findings[0].message
    entry = {k: v for k, v in manifest["alpha"].items() if k != "upload"}
    for check in (check_upload_text(loaded(root, entry)),
                  check_upload_files(loaded(root, entry))):
        assert check.measured == {"upload_sheet": None} and check.passed


def test_every_book_built_names_its_upload_sheet(books):
    """What makes a manifest entry without a sheet safe to pass: `pipeline books` never
    writes one."""
    root, manifest = books
    assert manifest and all(entry.get("upload") and (root / entry["upload"]).is_file()
                            for entry in manifest.values())


@pytest.mark.parametrize("key", ["title", "author"])
def test_a_sheet_without_its_title_or_author_row_fails(books, key):
    root, manifest = books
    sheet = sheet_of(root, manifest["alpha"])
    sheet["fields"] = [row for row in sheet["fields"] if row["key"] != key]
    check = check_upload_text(loaded(root, manifest["alpha"], sheet))
    assert not check.passed
    assert f"the upload sheet has no {key} row" in check.findings[0].message


@pytest.mark.parametrize("fields,field,words", [
    (dict(keywords=[f"word {n}" for n in range(8)]), "keywords", "8 keywords"),
    (dict(keywords=["x" * 51]), "keywords", "51 characters"),
    (dict(keywords=["ok", ""]), "keywords", "item 2"),
    (dict(cover_finish="satin"), "cover_finish", "matte, glossy"),
    (dict(categories="Games"), "categories", "expected a list"),
])
def test_bad_setup_form_fields_are_one_line_naming_file_and_field(toy, tmp_path, capsys,
                                                                  fields, field, words):
    path = write_layout(tmp_path, "bad", layout_text("Bad", **fields))
    status = main(["--catalog", str(tmp_path / "c.sqlite"), "books", "--quiet", "--out",
                   str(tmp_path / "out"), str(path)])
    err = capsys.readouterr().err.splitlines()
    assert status == 2 and len(err) == 1, err
    assert err[0].startswith(f"pipeline: {path}:") and f" {field}: " in err[0] and words in err[0]
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
