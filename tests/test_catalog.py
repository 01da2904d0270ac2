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
                             "--family", "starbattle",
                             # no frozen editions: the catalog's records alone
                             "--layouts-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=120)
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


# --- catalogs this version cannot use --------------------------------------------------------

def bad_catalogs(folder):
    """Three catalog files `pipeline` must refuse, with the words that say why."""
    import sqlite3

    with Catalog(folder / "good.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 3, workers=1, progress=False)
    good = (folder / "good.sqlite").read_bytes()
    (folder / "text.sqlite").write_text("id,family\nstarbattle-easy-0001,starbattle\n")
    (folder / "cut.sqlite").write_bytes(good[:len(good) // 2])
    (folder / "newer.sqlite").write_bytes(good)
    with sqlite3.connect(folder / "newer.sqlite") as db:
        db.execute("UPDATE meta SET value='2' WHERE name='schema_version'")
    db.close()
    return {"text.sqlite": "not an SQLite database", "cut.sqlite": "cut short",
            "newer.sqlite": "written by a newer pipeline"}


def test_a_catalog_that_cannot_be_used_is_one_line_exit_2_and_nothing_written(tmp_path):
    for name, why in bad_catalogs(tmp_path).items():
        path = tmp_path / name
        before = path.read_bytes()
        for command in (["generate", "--family", "starbattle", "--level", "easy", "--count", "4",
                         "--workers", "1", "--quiet"], ["export"], ["explain", "x"]):
            result = subprocess.run([sys.executable, "-m", "pipeline", "--catalog", str(path),
                                     *command], capture_output=True, text=True, timeout=120)
            assert result.returncode == 2, (name, command, result.stderr)
            assert result.stderr.splitlines() == [f"pipeline: {path}: " + result.stderr.split(
                f"{path}: ", 1)[1].rstrip("\n")] and why in result.stderr, result.stderr
            assert path.read_bytes() == before, name
        assert not list(tmp_path.glob(f"{name}-*")), name  # no journal, WAL or shared memory


def test_the_catalog_probe_passes_good_and_new_catalogs(tmp_path):
    from pipeline.catalog import probe

    bad_catalogs(tmp_path)
    probe(tmp_path / "good.sqlite")
    probe(tmp_path / "missing.sqlite")
    (tmp_path / "empty.sqlite").write_bytes(b"")
    with Catalog(tmp_path / "empty.sqlite") as catalog:
        assert catalog.count("starbattle", "easy") == 0
    # A catalog another process has open (its write-ahead log beside it) is read the locked way.
    with Catalog(tmp_path / "good.sqlite") as first:
        fill(first, "starbattle", "easy", 4, workers=1, progress=False)
        assert (tmp_path / "good.sqlite-wal").exists()
        probe(tmp_path / "good.sqlite")
        with Catalog(tmp_path / "good.sqlite") as second:
            assert second.count("starbattle", "easy") == 4


# --- records of an older generator -----------------------------------------------------------

def test_generate_refuses_a_level_of_an_older_generator_and_replaces_it_when_asked(tmp_path,
                                                                                   monkeypatch):
    from pipeline.cli import main
    from pipeline.starbattle import FAMILY

    path = tmp_path / "c.sqlite"
    with Catalog(path) as catalog:
        fill(catalog, "starbattle", "easy", 2, workers=1, progress=False)
    monkeypatch.setattr(type(FAMILY), "version", "starbattle/99")
    command = ["--catalog", str(path), "generate", "--family", "starbattle", "--level", "easy",
               "--count", "3", "--workers", "1", "--quiet"]
    assert main(command) == 2
    with Catalog(path) as catalog:
        assert catalog.stale({"starbattle": "starbattle/99"}) == {("starbattle", "easy"): 2}
        assert catalog.count("starbattle", "easy") == 2  # nothing added next to stale boards
    assert main(command + ["--replace-stale"]) == 0
    with Catalog(path) as catalog:
        records = list(catalog.records("starbattle", "easy"))
    assert [r.generator for r in records] == ["starbattle/99"] * 3
    assert [r.id[-4:] for r in records] == ["0001", "0002", "0003"]


def test_refuse_stale_names_the_count_per_level_and_what_to_run(tmp_path):
    from types import SimpleNamespace

    from pipeline.catalog import CatalogError, refuse_stale

    with Catalog(tmp_path / "c.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 2, workers=1, progress=False)
        fill(catalog, "starbattle", "medium", 1, workers=1, progress=False)
        refuse_stale(catalog, [SimpleNamespace(name="starbattle", version="starbattle/1")])
        try:
            refuse_stale(catalog, [SimpleNamespace(name="starbattle", version="starbattle/2")])
        except CatalogError as error:
            message = str(error)
        else:
            raise AssertionError("stale records were not refused")
    assert "\n" not in message and "3 records from an older generator" in message
    assert "starbattle easy 2, starbattle medium 1" in message
    assert "pipeline generate --family starbattle --count 2 --replace-stale" in message
