"""SVG proofs and the gallery, written from the fixture book's PDFs."""

import json
import re

import pytest

from pipeline.cli import main
from pipeline.readback import checks, loaded
from pipeline.readback.report import book_report
from pipeline.readback.proof import write_proofs
from readback_books import make_book


def test_proof_writes_one_svg_per_page_the_cover_and_the_gallery(tmp_path):
    book, records = make_book(tmp_path / "fixture")
    b = loaded.load_book(book, records)
    report = book_report(b, checks.run_checks(b))
    result = write_proofs(book, report=report)
    files = sorted(p.name for p in result.folder.iterdir())
    assert files == ["cover.svg", "index.html"] + [f"interior-{n:03d}.svg" for n in range(1, 25)]
    svg = (result.folder / "interior-003.svg").read_text()
    assert 'id="guides"' in svg and "gutter" in svg
    assert "<text" not in svg  # text is drawn as glyph outlines
    assert svg.count("<use ") == len(b.pages[2].glyphs) - sum(
        1 for g in b.pages[2].glyphs if g.text == " ")
    cover = (result.folder / "cover.svg").read_text()
    assert "barcode box" in cover and "spine" in cover
    html = (result.folder / "index.html").read_text()
    assert "http" not in html.replace('"http://www.w3.org', "")
    assert "<script" not in html
    for n in range(1, 25):
        assert f'src="interior-{n:03d}.svg"' in html
    # spreads: page 1 alone on the right, then even left, odd right
    order = re.findall(r'class="slot (left|right)"><figure class=""><a class="plain" '
                       r'href="interior-(\d+)\.svg"', html)
    assert order[0] == ("right", "001")
    assert all((side == "left") == (int(n) % 2 == 0) for side, n in order)


def test_findings_are_listed_beside_their_page(tmp_path):
    book, records = make_book(tmp_path / "fixture", ["answer"])
    b = loaded.load_book(book, records)
    report = book_report(b, checks.run_checks(b))
    html = (write_proofs(book, report=report).folder / "index.html").read_text()
    spread = next(s for s in html.split('<section class="spread">') if "interior-003.svg" in s)
    assert "answers: starbattle-easy-0001: solution cell (2, 5)" in spread
    assert "preflight failed" in html


def test_commands_write_reports_and_exit_by_the_result(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good, _ = make_book(tmp_path / "build" / "good")
    bad, _ = make_book(tmp_path / "build" / "bad", ["thin-line"])
    good["slug"], bad["slug"] = "good", "bad"
    # Two copies of one fixture book share every board, which the ledger check fails: the
    # bad copy's pages name none, so only its planted fault decides.
    for page in bad["pages"]:
        page["puzzles"] = []
    (tmp_path / "build").mkdir(exist_ok=True)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "ledger.jsonl").touch()   # the ledger the fixture books name
    (tmp_path / "build" / "manifest.json").write_text(json.dumps({"books": [good, bad]}))
    from pipeline.catalog import Catalog
    from pipeline.records import PuzzleRecord
    from readback_books import STARBATTLE
    with Catalog(tmp_path / "build" / "catalog.sqlite") as catalog:
        for number, (pid, rec) in enumerate(sorted(STARBATTLE.items()), start=1):
            catalog.add(PuzzleRecord(id=pid, family="starbattle", level="easy",
                                     key=f"starbattle:easy:{number}", generator="starbattle/1",
                                     puzzle=rec["puzzle"], solution=rec["solution"], grade={},
                                     proof={}, sha256="0" * 64), number, f"form{number}")
    catalog_args = ["--catalog", str(tmp_path / "build" / "catalog.sqlite")]
    assert main(catalog_args + ["preflight", "good"]) == 0
    assert main(catalog_args + ["preflight"]) == 1
    out = capsys.readouterr().out
    assert "good (kdp): PASS" in out and "bad (kdp): FAIL" in out and "line_width" in out
    report = json.loads((tmp_path / "build" / "bad" / "preflight.json").read_text())
    assert not report["passed"]
    assert main(catalog_args + ["proof", "bad"]) == 0
    assert (tmp_path / "build" / "bad" / "proofs" / "index.html").exists()
    assert main(catalog_args + ["preflight", "--proofs", "good"]) == 0
    assert (tmp_path / "build" / "good" / "proofs" / "interior-024.svg").exists()
    # two books at once in worker processes: the same reports as one at a time
    assert main(catalog_args + ["preflight", "--force", "--workers", "2"]) == 1
    parallel = json.loads((tmp_path / "build" / "bad" / "preflight.json").read_text())
    assert parallel == report
    capsys.readouterr()
    assert main(catalog_args + ["preflight", "--quiet"]) == 1  # only the failing book shown
    out = capsys.readouterr().out
    assert "bad (kdp): FAIL" in out and "line_width" in out and "good (kdp)" not in out
    assert main(catalog_args + ["preflight", "nosuch"]) == 2
    assert "no book 'nosuch'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["preflight", "proof"])
@pytest.mark.parametrize("fault,expected", [
    ("missing-pdf", "fixture.interior: "),
    ("not-a-pdf", "is not a readable PDF"),
    ("not-json", "manifest.json:1: not JSON"),
    ("no-trim", "fixture.trim_in: missing"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, command, fault,
                                          expected):
    monkeypatch.chdir(tmp_path)
    book, _ = make_book(tmp_path / "build" / "fixture")
    manifest = tmp_path / "build" / "manifest.json"
    if fault == "missing-pdf":
        (tmp_path / "build" / "fixture" / "interior.pdf").unlink()
    if fault == "not-a-pdf":
        (tmp_path / "build" / "fixture" / "interior.pdf").write_text("hello")
    if fault == "no-trim":
        del book["trim_in"]
    manifest.write_text("{oops" if fault == "not-json" else json.dumps({"books": [book]}))
    assert main(["--catalog", str(tmp_path / "none.sqlite"), command]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and expected in err, err
    assert not (tmp_path / "build" / "fixture" / "proofs").exists()


def test_glyph_transforms_keep_their_precision():
    """12 pt Vera is 12/2048 = 0.005859375 per font unit: three decimals would be 2% off."""
    from pipeline.readback.reader import open_pdf
    from pipeline.readback.svg import page_svg
    from readback_pdfs import make_pdf

    page = open_pdf(make_pdf(lambda c: c.drawString(10, 10, "A"))).page(1)
    scale = float(re.search(r'<use [^>]*matrix\(([-0-9.e]+) ', page_svg(page)).group(1))
    assert abs(scale - 10 / 2048) < 1e-9
