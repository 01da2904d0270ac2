"""The `pipeline bench` read-back section measures the books of the manifest."""

import json

from pipeline import cli
from pipeline.readback import bench
from readback_books import make_book


def test_readback_section_is_registered_and_measures_pages(tmp_path, monkeypatch):
    assert cli.BENCH_SECTIONS["readback"] == cli.BenchSection("pipeline.readback.bench")
    monkeypatch.chdir(tmp_path)
    book, _ = make_book(tmp_path / "build" / "fixture")
    (tmp_path / "build" / "manifest.json").write_text(json.dumps({"books": [book]}))
    result = bench.run(quick=True)
    assert result["pages"] == 25
    assert result["proof_pages_per_s"] > 0 and result["preflight_pages_per_s"] > 0
    # the catalog is absent here, so the puzzle checks fail; the bench still measures
    assert "answers" in result["books"]["fixture"]["failed_checks"]
    assert not (tmp_path / "build" / "fixture" / "proofs").exists()  # scratch, not the build


def test_readback_section_says_when_there_is_nothing_to_measure(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "pipeline books" in bench.run(quick=True)["error"]


def test_the_parser_comparison_reads_every_page_with_each_parser(tmp_path):
    book, _ = make_book(tmp_path)
    result = bench.parsers(book["interior"])
    assert result["pages"] == 24 and result["operations"] > 1000
    assert result["same_decoded_bytes"]
    assert set(result["tokenise_cpu_s"]) == {"lexer", "qpdf_raw", "qpdf_operators_as_bytes",
                                             "qpdf_plain_values"}
