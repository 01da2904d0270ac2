"""The generation driver: the same catalog for any worker count, batch size and index; a level
that cannot be filled stops with one line."""

import pytest

import pipeline.generate as generate
import pipeline.starbattle as starbattle
from pipeline import cli
from pipeline.catalog import Catalog
from pipeline.generate import CapacityRule, fill
from pipeline.starbattle.board import BorderIndex

STRICT = 18   # a near-duplicate limit strict enough that small fills replace many boards


@pytest.fixture
def strict_rule(monkeypatch):
    """Easy boards within STRICT border edges of an earlier one are replaced, in the plain rule
    and in the index alike."""
    monkeypatch.setattr(starbattle, "NEAR_DUPLICATE_EDGES", STRICT)
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(STRICT) if level == "easy" else None)


def _catalog(path):
    with Catalog(path) as catalog:
        return [record.to_json() for record in catalog.records()]


def test_replacements_commit_in_key_order_for_any_workers_batch_and_index(tmp_path, strict_rule,
                                                                          monkeypatch):
    results, reports = {}, {}
    for name, workers, batch in (("serial", 1, None), ("two", 2, 1), ("two-batched", 2, 7)):
        with Catalog(tmp_path / f"{name}.sqlite") as catalog:
            reports[name] = fill(catalog, "starbattle", "easy", 40, workers=workers, batch=batch,
                                 progress=False)
        results[name] = _catalog(tmp_path / f"{name}.sqlite")
    # The plain rule, board by board, as the reference.
    monkeypatch.delattr(starbattle.StarBattle, "near_duplicates")
    with Catalog(tmp_path / "plain.sqlite") as catalog:
        reports["plain"] = fill(catalog, "starbattle", "easy", 40, workers=1, progress=False)
    results["plain"] = _catalog(tmp_path / "plain.sqlite")
    assert reports["plain"].replaced >= 10
    assert len(results["plain"]) == 40
    for name in ("serial", "two", "two-batched"):
        assert results[name] == results["plain"], name
        assert reports[name].replaced == reports["plain"].replaced
    assert any('"variant"' in line for line in results["plain"])


def test_a_fill_resumed_in_steps_gives_the_catalog_of_one_fill(tmp_path, strict_rule):
    with Catalog(tmp_path / "steps.sqlite") as catalog:
        for count in (7, 19, 30):   # earlier boards reloaded from the catalog each time
            fill(catalog, "starbattle", "easy", count, workers=2, progress=False)
    with Catalog(tmp_path / "once.sqlite") as catalog:
        fill(catalog, "starbattle", "easy", 30, workers=2, progress=False)
    assert _catalog(tmp_path / "steps.sqlite") == _catalog(tmp_path / "once.sqlite")


def test_a_level_that_cannot_be_filled_stops(tmp_path, monkeypatch):
    # Every board is too close to every other: the first board is accepted, then none.
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(60))
    with Catalog(tmp_path / "full.sqlite") as catalog:
        report = fill(catalog, "starbattle", "easy", 5, workers=1, progress=False,
                      capacity=CapacityRule(window=30, min_share=0.1))
        assert catalog.count("starbattle", "easy") == 1
    assert report.stopped and "stopped at 1 of 5 boards" in report.stopped
    assert report.candidates < 60


def test_the_command_line_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(starbattle.StarBattle, "near_duplicates",
                        lambda self, level: BorderIndex(60))
    monkeypatch.setattr(generate, "DEFAULT_CAPACITY", CapacityRule(window=30, min_share=0.1))
    status = cli.main(["--catalog", str(tmp_path / "c.sqlite"), "generate", "--family",
                       "starbattle", "--level", "easy", "--count", "5", "--workers", "1",
                       "--quiet"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1
    assert err[-1].startswith("pipeline: starbattle easy: stopped at 1 of 5 boards")


def test_a_board_of_another_generator_version_is_refused(tmp_path, monkeypatch):
    """A worker that joined with other code: its boards never reach the catalog."""
    import dataclasses

    from pipeline.errors import InputError

    made = generate.make_record
    monkeypatch.setattr(generate, "make_record", lambda *args: dataclasses.replace(
        made(*args), generator="starbattle/0"))
    with Catalog(tmp_path / "c.sqlite") as catalog:
        with pytest.raises(InputError, match="starbattle/0 boards, this driver starbattle/1"):
            fill(catalog, "starbattle", "easy", 2, workers=1, progress=False)
        assert catalog.count("starbattle", "easy") == 0
