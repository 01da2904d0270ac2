"""The publication ledger: a board is printed as a puzzle in at most one title, by the
family's sameness; how-to boards are never another title's puzzle; books draw around it;
preflight fails a book sharing a board (planted: the same board, one equal under a symmetry,
a near duplicate) and a sheet whose ledger row disagrees; `pipeline diff` lists the pages a
one-word blurb change touched."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from books_helpers import build, layout_text, toy, write_layout  # noqa: F401  (fixture)
from pipeline.book.ledger import (Holding, Holdings, board_form, book_holdings, conflicts,
                                  ledger_facts, read_ledger)
from pipeline.errors import InputError
from pipeline.family import get_family
from pipeline.readback.checks.ledger import check_ledger, check_ledger_row, ledger_views


# --- planted boards ----------------------------------------------------------------------------
def _bridges_board():
    family = get_family("bridges")
    made = family.generate("bridges:easy:1", "easy")
    return made.puzzle, made.solution


def _transposed(puzzle: dict) -> dict:
    """The bridges board turned over its diagonal: another spelling, the same puzzle."""
    return {"width": puzzle["height"], "height": puzzle["width"],
            "islands": sorted([c, r, n] for r, c, n in puzzle["islands"])}


def _near_starbattle():
    """An easy Star Battle board and a copy with one cell moved to its neighbour's region: a
    near duplicate by the family's rule, not the same board."""
    family = get_family("starbattle")
    made = family.generate("starbattle:easy:1", "easy")
    regions = [row[:] for row in made.puzzle["regions"]]
    size = len(regions)
    counts = {}
    for row in regions:
        for g in row:
            counts[g] = counts.get(g, 0) + 1
    for r in range(size):
        for c in range(size - 1):
            a, b = regions[r][c], regions[r][c + 1]
            if a != b and counts[a] > 2:
                regions[r][c] = b
                copy = {**made.puzzle, "regions": regions}
                if family.too_similar("easy", copy, [made.puzzle]) and \
                        family.dedupe_form(copy) != family.dedupe_form(made.puzzle):
                    return made.puzzle, copy
                regions[r][c] = a
    raise AssertionError("no near duplicate found to plant")


def _entry(slug: str, title: str, boards: list[tuple[int, str, str]]) -> dict:
    """A manifest entry printing (page, kind, id) boards."""
    pages = {}
    for page, kind, board in boards:
        pages.setdefault((page, kind), []).append({"id": board})
    return {"slug": slug, "title": title,
            "pages": [{"number": p, "kind": k, "puzzles": v} for (p, k), v in sorted(pages.items())]}


def _records(**boards) -> dict:
    return {board: {"family": family, "level": level, "puzzle": puzzle}
            for board, (family, level, puzzle) in boards.items()}


def _check(entry, books, records, ledger_path: Path, upload=None):
    ledger_path.touch()
    for book in books:
        book["ledger"] = str(ledger_path)
    views = ledger_views(books, records)
    b = SimpleNamespace(book=entry, records=records, ledger=views[entry["slug"]], upload=upload)
    return check_ledger(b), b


def test_a_shared_board_fails_preflight(tmp_path):
    puzzle, _ = _bridges_board()
    records = _records(**{"bridges-easy-0001": ("bridges", "easy", puzzle)})
    a = _entry("book-a", "Book A", [(7, "puzzle", "bridges-easy-0001")])
    b = _entry("book-b", "Book B", [(5, "howto", "bridges-easy-0001")])
    check, _ = _check(b, [a, b], records, tmp_path / "ledger.jsonl")
    assert not check.passed
    (finding,) = check.findings
    assert finding.page == 5
    assert "'Book B' page 5" in finding.message and "'Book A' page 7" in finding.message
    assert "the same board" in finding.message and "\n" not in finding.message
    # Two how-to pages showing the same board is allowed: neither sells it.
    a2 = _entry("book-a", "Book A", [(4, "howto", "bridges-easy-0001")])
    assert _check(b, [a2, b], records, tmp_path / "ledger.jsonl")[0].passed


def test_a_board_equal_under_a_symmetry_fails_preflight(tmp_path):
    puzzle, _ = _bridges_board()
    turned = _transposed(puzzle)
    assert turned != puzzle
    records = _records(**{"bridges-easy-0001": ("bridges", "easy", puzzle),
                          "bridges-easy-0900": ("bridges", "easy", turned)})
    a = _entry("book-a", "Book A", [(7, "puzzle", "bridges-easy-0001")])
    b = _entry("book-b", "Book B", [(9, "puzzle", "bridges-easy-0900")])
    check, _ = _check(b, [a, b], records, tmp_path / "ledger.jsonl")
    (finding,) = check.findings
    assert "under a symmetry" in finding.message and "'Book A' page 7" in finding.message


def test_a_near_duplicate_fails_preflight(tmp_path):
    board, near = _near_starbattle()
    records = _records(**{"starbattle-easy-0001": ("starbattle", "easy", board),
                          "starbattle-easy-0777": ("starbattle", "easy", near)})
    a = _entry("book-a", "Book A", [(11, "puzzle", "starbattle-easy-0001")])
    b = _entry("book-b", "Book B", [(3, "puzzle", "starbattle-easy-0777")])
    check, _ = _check(b, [a, b], records, tmp_path / "ledger.jsonl")
    (finding,) = check.findings
    assert "a near duplicate" in finding.message and "'Book B' page 3" in finding.message


def test_a_retired_title_in_the_ledger_still_holds_its_boards(tmp_path):
    """Book A is no longer built (not in the manifest); the ledger still holds its board."""
    puzzle, _ = _bridges_board()
    path = tmp_path / "ledger.jsonl"
    held = Holding("book-a", "Book A", "puzzle", 7, "bridges-easy-0001", "bridges", "easy",
                   board_form("bridges", puzzle), puzzle, 1)
    path.write_text(json.dumps(held.to_row()) + "\n")
    records = _records(**{"bridges-easy-0001": ("bridges", "easy", puzzle)})
    b = _entry("book-b", "Book B", [(5, "puzzle", "bridges-easy-0001")])
    check, _ = _check(b, [b], records, path)
    assert [f.page for f in check.findings] == [5]
    # Without the ledger row it passes: the check reads the ledger, not a list of ids.
    path.unlink()
    assert _check(b, [b], records, path)[0].passed


def test_a_sheet_whose_ledger_row_disagrees_fails(tmp_path):
    puzzle, _ = _bridges_board()
    records = _records(**{"bridges-easy-0001": ("bridges", "easy", puzzle)})
    b = _entry("book-b", "Book B", [(5, "puzzle", "bridges-easy-0001")])
    path = tmp_path / "ledger.jsonl"
    path.touch()
    facts = ledger_facts("book-b", book_holdings(b, records), read_ledger(path))
    sheet = {"fields": [{"key": "duplicated_content", "value": facts}]}
    _, loaded = _check(b, [b], records, path, upload=sheet)
    assert check_ledger_row(loaded).passed
    sheet["fields"][0]["value"] = {**facts, "unique_across_titles": False}
    bad = check_ledger_row(loaded)
    assert not bad.passed and "unique_across_titles" in bad.findings[0].message
    loaded.upload = {"fields": []}
    assert not check_ledger_row(loaded).passed


def test_a_bad_ledger_row_is_one_line(tmp_path):
    path = tmp_path / "ledger.jsonl"
    path.write_text('{"role": "puzzle", "book": "x"}\n')
    with pytest.raises(InputError) as error:
        read_ledger(path)
    assert str(error.value).startswith(f"{path}:1: ")


# --- books draw around the ledger --------------------------------------------------------------
def _toy_boards(toy, last: int) -> dict:
    from pipeline.records import PuzzleRecord

    def record(n):
        made = toy.generate(f"toy:small:{n}", "small")
        return PuzzleRecord(f"toy-small-{n:04d}", "toy", "small", f"toy:small:{n}", "toy/1",
                            made.puzzle, made.solution, made.grade, made.proof, "x")
    return {n: record(n) for n in range(1, last + 1)}


def _held_by_other(boards: dict, roles) -> Holdings:
    """Another title holding `boards[n]` in each (n, role)."""
    return Holdings([Holding("other", "Other", role, 1, boards[n].id, "toy", "small",
                             board_form("toy", boards[n].puzzle), boards[n].puzzle)
                     for n, role in roles])


def test_a_section_and_its_how_to_draw_around_other_titles(toy):
    from pipeline.book import choosing
    from pipeline.book.layout import Section

    available = _toy_boards(toy, 10)
    held = _held_by_other(available, ((2, "puzzle"), (3, "howto"), (6, "puzzle")))
    section = Section("toy", "small", 4, 1, 1, 4)
    taken = choosing.take_boards(available, section, held=held)
    assert [r.id[-2:] for r in taken] == ["01", "04", "05", "07"]
    printed = {1, 4, 5, 7}
    # A how-to board may be another title's how-to board, never its puzzle.
    assert choosing.how_to_board(available, printed, held).id.endswith("03")
    assert choosing.how_to_board(available, printed).id.endswith("02")


def test_a_how_to_board_past_held_numbers_is_asked_for_in_one_fill(toy):
    """With the book printing 1-4 and other titles selling 5-8 as puzzles (9 only a how-to
    board), the next free how-to board is 9: one fill of five boards, not five fills."""
    from pipeline.book import choosing

    boards = _toy_boards(toy, 11)
    held = _held_by_other(boards, ((5, "puzzle"), (6, "puzzle"), (7, "puzzle"), (8, "puzzle"),
                                   (9, "howto"), (11, "puzzle")))
    assert held.numbers("toy", "small", ("puzzle",)) == {5, 6, 7, 8, 11}
    wanted = choosing.how_to_wanted("toy", "small", {1, 2, 3, 4}, held)
    assert wanted({n: boards[n] for n in range(1, 5)}) == 5
    assert wanted({n: boards[n] for n in range(1, 10)}) == 0
    assert choosing.how_to_wanted("toy", "small", {1, 2, 3, 4})(
        {n: boards[n] for n in range(1, 5)}) == 1


def test_a_section_asks_past_held_numbers_in_one_fill():
    """A section from 81 to 100 whose 81 and 101-180 other titles hold: one fill to 181. A
    failed key below `first` is not asked for again: numbers are counted from the last made."""
    from pipeline.book.choosing import numbers_to_ask
    made = {n: None for n in range(1, 101)}
    assert numbers_to_ask(made, 81, 1, {81, *range(101, 181)}) == 81
    assert numbers_to_ask(made, 81, 1, set()) == 1
    assert numbers_to_ask(made, 81, 0, {101}) == 0
    failed_50 = {n: None for n in range(1, 61) if n != 50}
    assert numbers_to_ask(failed_50, 101, 10, set()) == 50
    assert numbers_to_ask({}, 1, 5, set()) == 5


# --- publish, ledger and diff on built books ---------------------------------------------------
def _run(*args, cwd: Path):
    import os
    import subprocess
    import sys

    import pipeline
    root = str(Path(pipeline.__file__).parent.parent)   # this checkout's package, not another
    return subprocess.run([sys.executable, "-m", "pipeline", "--catalog",
                           str(cwd / "catalog.sqlite"), *args], cwd=cwd, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": root})


def test_diff_and_publish_of_an_unknown_or_unpublished_book_are_one_line(tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"books": [{"slug": "b", "interior": "i.pdf",
                                               "cover": "c.pdf", "pages": []}]}))
    for args in (("diff", "nosuch"), ("diff", "b"), ("publish", "nosuch")):
        done = _run(*args, "--layouts-dir", str(tmp_path), "--manifest", str(manifest),
                    cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_publish_refuses_a_book_built_against_another_ledger(tmp_path):
    (tmp_path / "ledger.jsonl").touch()
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"books": [{"slug": "b", "interior": "i.pdf",
                                               "cover": "c.pdf", "pages": [],
                                               "ledger": str(tmp_path / "other.jsonl")}]}))
    done = _run("publish", "b", "--layouts-dir", str(tmp_path), "--manifest", str(manifest),
                cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "built against the ledger" in done.stderr
    assert (tmp_path / "ledger.jsonl").read_text() == ""


def _interrupted_at_the_second(monkeypatch, module, name: str) -> None:
    """`module.name` (a writer) does its first call, then is interrupted as by Ctrl-C."""
    real, calls = getattr(module, name), []

    def writer(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, writer)


def test_publish_then_a_new_book_draws_around_and_diff_lists_the_changed_pages(
        tmp_path, toy, monkeypatch):
    import shutil

    from pipeline.book import publish as publish_module
    from pipeline.book.publish import publish
    from pipeline.readback import diff as diff_module
    from pipeline.readback.diff import diff_book, write_gallery

    sections = [{"family": "toy", "level": "small", "count": 24, "puzzles_per_page": 1,
                 "solutions_per_page": 4}]
    first = write_layout(tmp_path, "toy-one", layout_text(
        "Toy One", sections=sections, blurb="A small book of marks."))
    entries, manifest = build(tmp_path, [first])
    layouts, manifest_path = tmp_path / "layouts", tmp_path / "build" / "manifest.json"
    # Interrupted between the two PDFs it archives: no archive, no ledger row, nothing half.
    with monkeypatch.context() as patch:
        _interrupted_at_the_second(patch, shutil, "copyfile")
        with pytest.raises(KeyboardInterrupt):
            publish(["toy-one"], layouts, manifest_path, tmp_path / "catalog.sqlite")
    archive = tmp_path / "build" / "editions" / "toy-one"
    assert not archive.exists() or not any(archive.iterdir())
    assert (layouts / "ledger.jsonl").read_text() == ""
    assert publish(["toy-one"], layouts, manifest_path, tmp_path / "catalog.sqlite") == 0
    ledger = read_ledger(layouts / "ledger.jsonl")
    assert {h.board for h in ledger.of("toy-one") if h.role == "puzzle"} == {
        f"toy-small-{n:04d}" for n in range(1, 25)}
    assert ledger.last_edition("toy-one").edition == 1

    # Volume 2 asks for the same numbers and gets the next free ones.
    second = write_layout(tmp_path, "toy-two", layout_text(
        "Toy One", sections=sections, series="Toy One", volume=2))
    entries, manifest = build(tmp_path, [first, second])
    two = next(e for e in entries if e["slug"] == "toy-two")
    ids = [p["id"] for page in two["pages"] if page["kind"] == "puzzle" for p in page["puzzles"]]
    one_howto = {p["id"] for e in entries if e["slug"] == "toy-one" for page in e["pages"]
                 if page["kind"] == "howto" for p in page["puzzles"]}
    assert not set(ids) & ({f"toy-small-{n:04d}" for n in range(1, 25)} | one_howto)
    sheet = json.loads(Path(two["upload"]).read_text())
    series = next(row for row in sheet["fields"] if row["key"] == "series")
    assert series["value"] == {"name": "Toy One", "number": 2}

    # A one-word blurb change: only the cover and the copyright page (its edition
    # fingerprint hashes the layout) change.
    first.write_text(first.read_text().replace("small book", "little book"))
    entries, manifest = build(tmp_path, [first, second])
    one = next(e for e in entries if e["slug"] == "toy-one")
    edition, changes = diff_book(one, layouts)
    interior, cover = changes
    assert cover.changed == (1,)
    assert interior.changed == (2,) and not interior.added and not interior.removed
    assert len(interior.unchanged) == one["page_count"] - 1
    # Interrupted between two pages it writes: no gallery page, no half-filled folder.
    with monkeypatch.context() as patch:
        _interrupted_at_the_second(patch, diff_module, "write_text")
        with pytest.raises(KeyboardInterrupt):
            write_gallery(one, edition, changes)
    proofs = Path(one["interior"]).parent / "proofs"
    assert not (proofs / "diff.html").exists() and not (proofs / "diff").exists()
    assert not list(proofs.glob("diff.*"))
    gallery = write_gallery(one, edition, changes).read_text()
    assert "interior page 2: changed" in gallery and "cover page 1: changed" in gallery
    assert "interior page 3" not in gallery


# --- series, volumes and the sheet's declaration rows ------------------------------------------
@pytest.mark.parametrize("fields, field", [
    ({"series": "Toy Series"}, "volume"), ({"volume": 2}, "series"),
    ({"series": "Toy Series", "volume": 0}, "volume"),
    ({"series": "Toy Series", "volume": "two"}, "volume")])
def test_a_bad_series_is_one_line_naming_the_field(tmp_path, toy, fields, field):
    from pipeline.book.layout import load_layout
    path = write_layout(tmp_path, "toy-bad", layout_text("Toy", **fields))
    with pytest.raises(InputError) as error:
        load_layout(path)
    assert error.value.field == field and "\n" not in str(error.value)


def test_every_printer_profile_carries_the_declaration_rows():
    from pipeline.book.printers import get_profile, profile_names
    wanted = {"ai_text", "ai_images", "ai_translations", "automated_content",
              "duplicated_content", "series"}
    for name in profile_names():
        keys = {row["key"] for row in get_profile(name).value("setup_form")}
        assert wanted <= keys, name


def test_the_volume_is_printed_where_the_sheet_says(tmp_path, toy):
    from books_helpers import read_back
    from pipeline.readback.checks.upload import check_upload_text

    sections = [{"family": "toy", "level": "small", "count": 24, "puzzles_per_page": 1,
                 "solutions_per_page": 4}]
    path = write_layout(tmp_path, "toy-vol", layout_text(
        "Toy Volumes", sections=sections, series="Toy Volumes", volume=3))
    entries, _ = build(tmp_path, [path])
    b = read_back(tmp_path, entries[0])
    check = check_upload_text(b)
    assert check.passed, check.findings
    assert check.measured["found"]["the title page: volume"]
    sheet = b.upload
    for row in sheet["fields"]:
        if row["key"] == "series":
            row["value"] = {"name": "Toy Volumes", "number": 4}
        if row["key"] in ("ai_text", "ai_images", "ai_translations", "automated_content",
                          "duplicated_content"):
            assert row["shown"].startswith("For the publisher to answer")
    bad = check_upload_text(b)
    assert not bad.passed and any("Volume 4" in f.message for f in bad.findings)


def test_the_forms_worked_out_in_workers_are_the_forms_of_one_process(monkeypatch):
    """preflight's forms, spread over two worker processes in jobs of one family, are each
    board's `board_form`; jobs small enough that both workers get some."""
    from pipeline.readback import preflight

    puzzle, _ = _bridges_board()
    star, near = _near_starbattle()
    records = _records(**{"bridges-easy-0001": ("bridges", "easy", puzzle),
                          "bridges-easy-0002": ("bridges", "easy", _transposed(puzzle)),
                          "starbattle-easy-0001": ("starbattle", "easy", star),
                          "starbattle-easy-0002": ("starbattle", "easy", near)})
    monkeypatch.setattr(preflight, "FORMS_JOB", 1)
    ran = []
    forms = preflight.printed_forms(records, 2, meanwhile=lambda: ran.append(True))
    assert ran == [True]
    assert forms == {board: board_form(r["family"], r["puzzle"]) for board, r in records.items()}
    assert forms["bridges-easy-0001"] == forms["bridges-easy-0002"]
    assert forms["starbattle-easy-0001"] != forms["starbattle-easy-0002"]
