"""`pipeline export` and frozen editions: a frozen book exports its lock's records, byte for
byte in book order; a level export adds frozen records the catalog does not hold, marked with
their book; a missing lock or catalog is one line naming the file (exit 2)."""

import json
from pathlib import Path

import pytest

from pipeline.book.build import records_from_lock
from pipeline.book.layout import load_layout
from pipeline.catalog import Catalog
from pipeline.cli import main
from pipeline.records import PuzzleRecord

ROOT = Path(__file__).resolve().parent.parent
FROZEN = ("star-battle-two-stars", "star-battle-three-stars")


def book_entry(slug: str, lock: str | None) -> dict:
    """A manifest entry with the book's puzzle order, as `pipeline books` plans it from the
    layout and the lock (building the 560-page book only to read its order is not needed)."""
    layout = load_layout(ROOT / "layouts" / f"{slug}.toml")
    records = records_from_lock(layout)
    ids = [record.id for section in records.sections for record in section]
    return {"slug": slug, "lock": lock, "frozen": lock is not None,
            "pages": [{"number": n + 1, "kind": "puzzle", "puzzles": [{"id": i}]}
                      for n, i in enumerate(ids)]}


def write_manifest(tmp_path, entries) -> Path:
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps({"books": entries}), encoding="utf-8")
    return path


def lock_lines(slug: str) -> list[str]:
    return (ROOT / "layouts" / f"{slug}.lock.jsonl").read_text(encoding="utf-8").splitlines(
        keepends=True)


@pytest.mark.parametrize("slug", FROZEN)
def test_a_frozen_book_exports_its_lock_lines_in_book_order(tmp_path, capsys, monkeypatch,
                                                            slug):
    monkeypatch.chdir(ROOT)
    entry = book_entry(slug, f"layouts/{slug}.lock.jsonl")
    manifest = write_manifest(tmp_path, [entry])
    status = main(["--catalog", str(tmp_path / "empty.sqlite"), "export", "--book", slug,
                   "--manifest", str(manifest)])
    out = capsys.readouterr().out
    assert status == 0
    printed = [p["puzzles"][0]["id"] for p in entry["pages"]]
    by_id = {json.loads(line)["id"]: line for line in lock_lines(slug)}
    assert out.splitlines(keepends=True) == [by_id[i] for i in printed]
    # The lock holds the printed boards first, in book order, then the worked examples.
    assert out == "".join(lock_lines(slug)[:len(printed)])


def test_a_level_export_adds_frozen_records_marked_with_their_book(tmp_path, capsys,
                                                                   monkeypatch):
    monkeypatch.chdir(ROOT)
    lock = [json.loads(line) for line in lock_lines("star-battle-two-stars")]
    easy = [r for r in lock if r["level"] == "two-star-easy"]
    catalog = tmp_path / "catalog.sqlite"
    with Catalog(catalog) as held:   # the catalog holds the first of them already
        held.add(PuzzleRecord.from_dict(easy[0]), 1, "form-of-the-first")
    status = main(["--catalog", str(catalog), "export", "--family", "starbattle",
                   "--level", "two-star-easy"])
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 0
    assert [r["id"] for r in out] == [r["id"] for r in easy]   # the held one once, first
    assert "book" not in out[0]
    assert {r["book"] for r in out[1:]} == {"star-battle-two-stars"}
    assert [{k: v for k, v in r.items() if k != "book"} for r in out[1:]] == easy[1:]


def test_a_missing_lock_is_one_line_naming_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    planted = str(tmp_path / "star-battle-two-stars.lock.jsonl")   # no such file
    manifest = write_manifest(tmp_path, [book_entry("star-battle-two-stars", planted)])
    status = main(["--catalog", str(tmp_path / "empty.sqlite"), "export", "--book",
                   "star-battle-two-stars", "--manifest", str(manifest)])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pipeline: {planted}: "), lines


def test_a_book_not_in_the_catalog_names_the_catalog_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    manifest = write_manifest(tmp_path, [book_entry("star-battle-two-stars", None)])
    catalog = tmp_path / "empty.sqlite"
    status = main(["--catalog", str(catalog), "export", "--book", "star-battle-two-stars",
                   "--manifest", str(manifest)])
    err = capsys.readouterr().err.splitlines()
    assert status == 2 and len(err) == 1
    assert err[0].startswith(f"pipeline: {catalog}: --book: 600 puzzles"), err
