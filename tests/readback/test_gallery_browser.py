"""The gallery in real headless Chromium: no console errors, every page shown, guides toggle."""

import pytest

from pipeline.readback import checks, loaded
from pipeline.readback.report import book_report
from pipeline.readback.proof import write_proofs
from readback_books import make_book
from readback_chromium import SHOWN_PAGES, TOGGLE_GUIDES, chromium_path, visit

pytestmark = pytest.mark.skipif(chromium_path() is None,
                                reason="chromium is not installed (.ci/system-packages.sh)")

EXPECTED = ["cover.svg"] + [f"interior-{n:03d}.svg" for n in range(1, 25)]


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gallery") / "fixture"
    book, records = make_book(folder)
    b = loaded.load_book(book, records)
    report = book_report(b, checks.run_checks(b))
    return write_proofs(book, report=report).folder


def test_gallery_loads_without_errors_and_shows_every_page(gallery):
    seen = visit((gallery / "index.html").as_uri(), SHOWN_PAGES, then=TOGGLE_GUIDES + " && 1")
    assert seen["errors"] == []
    shown = seen["values"][0]
    assert sorted(shown["shown"]) == EXPECTED
    assert shown["broken"] == []


def test_guides_toggle_shows_every_page_with_its_guides(gallery):
    seen = visit((gallery / "index.html").as_uri(),
                 f"(() => {{ {TOGGLE_GUIDES}; return 1; }})()", then=SHOWN_PAGES)
    assert seen["errors"] == []
    shown = seen["values"][1]
    assert sorted(shown["shown"]) == sorted(f"{name}#guides" for name in EXPECTED)
    assert shown["broken"] == []


def test_the_check_fails_when_a_page_is_missing(gallery, tmp_path):
    import shutil
    broken = tmp_path / "proofs"
    shutil.copytree(gallery, broken)
    (broken / "interior-005.svg").unlink()
    seen = visit((broken / "index.html").as_uri(), SHOWN_PAGES)
    assert any("interior-005.svg" in e or "ERR_FILE_NOT_FOUND" in e for e in seen["errors"])
    assert seen["values"][0]["broken"] == ["interior-005.svg"]
