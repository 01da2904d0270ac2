"""The catalog: idempotent filling, ordered commits, export records exactly as the contract."""

import json
import subprocess
import sys

from pipeline.catalog import Catalog
from pipeline.generate import fill
from pipeline.records import RECORD_FIELDS, fingerprint


def test_fill_is_idempotent_and_export_follows_the_contract(tmp_path):
    path = tmp_path / "catalog.sqlite"
    with Catalog(path) as catalog:
        first = fill(catalog, "starbattle", "easy", 4, workers=1, progress=False)
        again = fill(catalog, "starbattle", "easy", 4, workers=1, progress=False)
        assert first.added == 4 and again.added == 0 and catalog.count("starbattle", "easy") == 4
    result = subprocess.run([sys.executable, "-m", "pipeline", "--catalog", str(path), "export",
                             "--family", "starbattle"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == [f"starbattle-easy-{n:04d}" for n in range(1, 5)]
    for record in records:
        assert list(record)[:len(RECORD_FIELDS)] == list(RECORD_FIELDS)
        assert record["key"] == "starbattle:easy:" + str(int(record["id"][-4:]))
        assert record["generator"] == "starbattle/1"
        assert record["sha256"] == fingerprint(record["puzzle"], record["solution"])
        assert set(record["puzzle"]) == {"size", "regions", "stars"}


def test_parallel_and_serial_fills_give_the_same_catalog(tmp_path):
    contents = []
    for workers in (1, 2):
        with Catalog(tmp_path / f"c{workers}.sqlite") as catalog:
            fill(catalog, "starbattle", "medium", 5, workers=workers, progress=False)
            contents.append([r.to_json() for r in catalog.records()])
    assert contents[0] == contents[1]


def test_duplicates_under_symmetry_are_refused(tmp_path):
    with Catalog(tmp_path / "c.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 1, workers=1, progress=False)
        record = next(catalog.records())
        assert catalog.has_form("starbattle", _form(record.puzzle))
        clone = record.__class__(**{**record.__dict__, "id": "starbattle-easy-9999"})
        assert not catalog.add(clone, 9999, _form(record.puzzle))


def _form(puzzle):
    from pipeline.starbattle import FAMILY
    return FAMILY.dedupe_form(puzzle)


def test_several_processes_can_fill_one_catalog_at_once(tmp_path):
    path = tmp_path / "shared.sqlite"
    command = [sys.executable, "-m", "pipeline", "--catalog", str(path), "generate",
               "--family", "starbattle", "--count", "3", "--workers", "1", "--quiet"]
    runs = [subprocess.Popen(command + ["--level", level], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
            for level in ("easy", "easy", "medium")]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
    with Catalog(path) as catalog:
        assert catalog.count("starbattle", "easy") == 3
        assert catalog.count("starbattle", "medium") == 3
        assert sorted(catalog.numbers("starbattle", "easy")) == [1, 2, 3]


def test_records_round_trip_through_their_text(tmp_path):
    from pipeline.records import PuzzleRecord

    with Catalog(tmp_path / "c.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 2, workers=1, progress=False)
        for record in catalog.records():
            assert PuzzleRecord.from_dict(json.loads(record.to_json())) == record


def test_export_of_one_book_follows_its_puzzle_pages(tmp_path):
    catalog_path, manifest = tmp_path / "c.sqlite", tmp_path / "manifest.json"
    with Catalog(catalog_path) as catalog:
        fill(catalog, "starbattle", "easy", 3, workers=1, progress=False)
    ids = ["starbattle-easy-0003", "starbattle-easy-0001"]
    manifest.write_text(json.dumps({"books": [{"slug": "tiny", "pages": [
        {"number": 5, "kind": "puzzle", "puzzles": [{"id": ids[0]}, {"id": ids[1]}]},
        {"number": 6, "kind": "solution", "puzzles": [{"id": ids[0]}, {"id": ids[1]}]}]}]}))
    base = [sys.executable, "-m", "pipeline", "--catalog", str(catalog_path), "export",
            "--manifest", str(manifest)]
    result = subprocess.run(base + ["--book", "tiny"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == ids
    result = subprocess.run(base + ["--book", "other"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "--book" in result.stderr
