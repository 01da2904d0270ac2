"""Every preflight check passes on a sound book and fails on a PDF made to break it."""

import pytest

from pipeline.readback.preflight import load_book, run_checks
from readback_books import ISBN, make_book


def results(tmp_path, faults=(), **options):
    book, records = make_book(tmp_path, faults, **options)
    return {c.name: c for c in run_checks(load_book(book, records))}


def failing(checks):
    return sorted(name for name, check in checks.items() if not check.passed)


def test_the_sound_fixture_book_passes_every_check(tmp_path):
    checks = results(tmp_path)
    assert failing(checks) == [], {n: c.findings[:3] for n, c in checks.items() if not c.passed}
    # and each check says what it measured
    assert checks["live_area"].measured["worst"]["clearance_pt"] > 0
    assert checks["line_width"].measured["thinnest"]["width_pt"] == 0.75
    assert checks["text_size"].measured["smallest"]["size_pt"] == 9
    assert checks["answers"].measured["puzzles_checked"] == 2
    assert checks["cover_size"].measured["spine_in"] == pytest.approx(24 * 0.002252)


def test_an_isbn_barcode_in_the_box_passes_and_is_read_back(tmp_path):
    checks = results(tmp_path, isbn=ISBN)
    assert checks["barcode_box"].passed, checks["barcode_box"].findings
    assert checks["barcode_box"].measured["decoded"] == ISBN


def test_a_barcode_of_another_isbn_fails(tmp_path):
    checks = results(tmp_path, isbn="9781861972712")
    assert failing(checks) == ["barcode_box"]


# fault -> the one check it must break
FAULTS = {
    "helvetica": "fonts",
    "missing-glyph": "fonts",
    "gutter": "live_area",
    "answer": "answers",
    "wrong-number": "numbering",
    "no-trimbox": "page_boxes",
    "odd-pages": "page_count",
    "blank-run": "blank_pages",
    "rgb": "colour",
    "transparency": "colour",
    "rgb-image": "colour",
    "faint-fill": "colour",
    "annotation": "document",
    "bookmark": "document",
    "encrypted": "document",
    "thin-line": "line_width",
    "small-text": "text_size",
    "cover-size": "cover_size",
    "spine-text": "spine_text",
    "safe-zone": "safe_zone",
    "barcode-text": "barcode_box",
    "text-on-text": "overlap",
    "text-across-line": "overlap",
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_check_fails_on_a_pdf_made_to_break_it(tmp_path, fault):
    checks = results(tmp_path, [fault])
    expected = FAULTS[fault]
    assert expected in failing(checks)
    # the fault breaks its own check; others only where the fault is theirs too
    also = {"odd-pages": {"cover_size"}, "spine-text": {"safe_zone"}}.get(fault, set())
    assert set(failing(checks)) <= {expected} | also, failing(checks)
