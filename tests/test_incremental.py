"""Incremental books: a book is written again only when one of its inputs changed, what is
rewritten is what a clean build writes, and the preflight reads back only PDFs it has not
checked. Two small toy books (the book tests' family and layouts) keep the tests fast."""

import hashlib
import json
import shutil
import sqlite3

import pytest

from books_helpers import layout_text, toy, write_layout  # noqa: F401 (fixture)
from pipeline.book import build as build_module
from pipeline.book import inputs as inputs_module
from pipeline.book import printers
from pipeline.book.fonts import FONT_DIR
from pipeline.cli import main


def make_books(root, *paths, force=False):
    built = build_module.build_changed_books(list(paths), root / "catalog.sqlite",
                                             root / "build", workers=1, progress=False,
                                             force=force)
    return built.changes


def snapshot(root) -> dict:
    """Every file of build/: (inode, mtime, sha256), so a rewrite shows even with the same
    bytes (the atomic writer gives every written file a new inode)."""
    out = {}
    for path in sorted((root / "build").rglob("*")):
        if path.is_file():
            stat = path.stat()
            out[path.relative_to(root / "build").as_posix()] = (
                stat.st_ino, stat.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
    return out


def rewritten(before: dict, after: dict) -> set[str]:
    return {name for name in after if before.get(name) != after[name]}


def contents(snap: dict) -> dict:
    return {name: sha for name, (_inode, _mtime, sha) in snap.items()}


BOOK_FILES = {"interior.pdf", "cover.pdf", "upload.json", "inputs.json"}


@pytest.fixture()
def two_books(tmp_path, toy):
    a = write_layout(tmp_path, "a", layout_text("Book A"))
    b = write_layout(tmp_path, "b", layout_text("Book B"))
    assert make_books(tmp_path, a, b) == {"a": ("no earlier build recorded",),
                                         "b": ("no earlier build recorded",)}
    return a, b


def test_a_changed_title_rewrites_that_book_alone_as_a_clean_build_would(tmp_path, two_books):
    a, b = two_books
    before = snapshot(tmp_path)
    a.write_text(layout_text("Book A, Second Edition"))
    assert make_books(tmp_path, a, b) == {"a": ("layout changed",), "b": ()}
    after = snapshot(tmp_path)
    assert rewritten(before, after) == {f"a/{name}" for name in BOOK_FILES} | {"manifest.json"}
    assert after["a/interior.pdf"][2] != before["a/interior.pdf"][2]
    manifest = json.loads((tmp_path / "build" / "manifest.json").read_text())
    assert [book["title"] for book in manifest["books"]] == ["Book A, Second Edition", "Book B"]
    # A clean build of the same layouts and catalog writes exactly these bytes, inputs files
    # and manifest included.
    shutil.rmtree(tmp_path / "build")
    make_books(tmp_path, a, b)
    assert contents(snapshot(tmp_path)) == contents(after)


def test_nothing_changed_writes_nothing_and_says_so(tmp_path, two_books, capsys):
    before = snapshot(tmp_path)
    capsys.readouterr()
    assert main(["--catalog", str(tmp_path / "catalog.sqlite"), "books", "--quiet",
                 "--layouts-dir", str(tmp_path / "layouts"), "--out",
                 str(tmp_path / "build")]) == 0
    err = capsys.readouterr().err
    assert snapshot(tmp_path) == before
    assert "0 of 2 books written; nothing changed" in err, err
    assert [line.split(",")[0] for line in err.splitlines()[:2]] == ["a: unchanged",
                                                                     "b: unchanged"], err


def test_a_font_file_rebuilds_the_books_set_in_it(tmp_path, two_books):
    a, b = two_books
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for name in ("AtkinsonHyperlegible-Regular.ttf", "AtkinsonHyperlegible-Bold.ttf"):
        shutil.copy(FONT_DIR / name, fonts / name)
    a.write_text(layout_text("Book A", fonts={
        "regular": "fonts/AtkinsonHyperlegible-Regular.ttf",
        "bold": "fonts/AtkinsonHyperlegible-Bold.ttf"}))
    make_books(tmp_path, a, b)   # the same faces from another file: only the layout changed
    before = snapshot(tmp_path)
    # The regular face's file replaced (by the bold face: still a TrueType font).
    shutil.copy(FONT_DIR / "AtkinsonHyperlegible-Bold.ttf",
                fonts / "AtkinsonHyperlegible-Regular.ttf")
    assert make_books(tmp_path, a, b) == {"a": ("fonts changed",), "b": ()}
    assert {name.split("/")[0] for name in rewritten(before, snapshot(tmp_path))} == {"a"}


def test_the_printer_table_rebuilds_the_books(tmp_path, two_books, monkeypatch):
    a, b = two_books
    table = tmp_path / "printers.toml"
    table.write_text(printers.TABLE_PATH.read_text() + "\n# a note added to the table\n")
    monkeypatch.setattr(printers, "TABLE_PATH", table)
    printers._table.cache_clear()
    printers.get_profile.cache_clear()
    try:
        before = snapshot(tmp_path)
        assert make_books(tmp_path, a, b) == {"a": ("printers changed",),
                                             "b": ("printers changed",)}
        assert {f"{slug}/{name}" for slug in "ab" for name in BOOK_FILES} <= rewritten(
            before, snapshot(tmp_path))
    finally:
        monkeypatch.undo()
        printers._table.cache_clear()
        printers.get_profile.cache_clear()


def _package_copy(tmp_path):
    copy = tmp_path / "package"
    shutil.copytree(inputs_module.PACKAGE, copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return copy


def test_a_drawing_constant_rebuilds_every_book_and_read_back_code_none(tmp_path, two_books,
                                                                        monkeypatch):
    a, b = two_books
    package = _package_copy(tmp_path)
    monkeypatch.setattr(inputs_module, "PACKAGE", package)
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}   # the copy digests the same
    interior = package / "book" / "interior.py"
    text = interior.read_text()
    assert "SLOT_GAP = 10.0" in text
    interior.write_text(text.replace("SLOT_GAP = 10.0", "SLOT_GAP = 11.0"))
    inputs_module._source_digest.cache_clear()   # (digested once a run: code is fixed then)
    before = snapshot(tmp_path)
    assert make_books(tmp_path, a, b) == {"a": ("code changed",), "b": ("code changed",)}
    after = snapshot(tmp_path)
    assert {f"{slug}/{name}" for slug in "ab" for name in ("interior.pdf", "cover.pdf")} <= \
        rewritten(before, after)
    # (the running code did not change, so neither did the bytes)
    assert contents(after) == {**contents(before), **{
        name: sha for name, sha in contents(after).items() if name.endswith("inputs.json")}}
    report = package / "readback" / "report.py"
    report.write_text(report.read_text() + "\n# the read-back never reaches a PDF\n")
    inputs_module._source_digest.cache_clear()
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}
    assert snapshot(tmp_path) == after


def test_a_family_edit_changes_only_the_code_of_books_that_print_it(tmp_path, two_books,
                                                                    monkeypatch):
    a, b = two_books   # books of the test family: no registered family's folder is theirs
    package = _package_copy(tmp_path)
    monkeypatch.setattr(inputs_module, "PACKAGE", package)
    before = {families: inputs_module.drawing_code(families)
              for families in (("starbattle",), ("bridges",), ("bridges", "starbattle"))}
    draw = package / "starbattle" / "draw.py"
    draw.write_text(draw.read_text() + "\n# a drawing change of one family\n")
    cli = package / "cli.py"
    cli.write_text(cli.read_text() + "\n# the command line never reaches a PDF\n")
    inputs_module._source_digest.cache_clear()
    after = {families: inputs_module.drawing_code(families) for families in before}
    assert after[("bridges",)] == before[("bridges",)]
    assert after[("starbattle",)] != before[("starbattle",)]
    assert after[("bridges", "starbattle")] != before[("bridges", "starbattle")]
    snap = snapshot(tmp_path)
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}
    assert snapshot(tmp_path) == snap
    shared = package / "ink.py"    # a shared module every family draws through
    shared.write_text(shared.read_text() + "\n# shared by every family\n")
    inputs_module._source_digest.cache_clear()
    assert inputs_module.drawing_code(("bridges",)) != after[("bridges",)]
    assert make_books(tmp_path, a, b) == {"a": ("code changed",), "b": ("code changed",)}


def test_an_unreadable_input_is_one_error_naming_it(tmp_path, two_books, capsys):
    a, _b = two_books
    font = tmp_path / "fonts-gone"
    with pytest.raises(inputs_module.InputError, match="fonts-gone: cannot be read"):
        inputs_module.book_inputs({"layout": str(a), "lock": str(tmp_path / "none.lock"),
                                   "fonts": [str(font), str(font)]}, {}, None)


@pytest.mark.parametrize("damage", ["not JSON", "missing", "another format", "a PDF edited",
                                    "no upload sheet"])
def test_a_damaged_or_missing_inputs_file_means_build(tmp_path, two_books, damage):
    a, b = two_books
    folder = tmp_path / "build" / "a"
    if damage == "not JSON":
        (folder / "inputs.json").write_text('{"format": 1, "digest": ')
    elif damage == "missing":
        (folder / "inputs.json").unlink()
    elif damage == "another format":
        data = json.loads((folder / "inputs.json").read_text())
        (folder / "inputs.json").write_text(json.dumps({**data, "inputs": []}))
    elif damage == "no upload sheet":
        (folder / "upload.json").unlink()
    else:
        with (folder / "cover.pdf").open("ab") as stream:
            stream.write(b"\n% touched by hand\n")
    before = snapshot(tmp_path)
    changes = make_books(tmp_path, a, b)
    assert changes["b"] == () and changes["a"], changes
    assert {name.split("/")[0] for name in rewritten(before, snapshot(tmp_path))} == {"a"}
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}


def test_force_writes_every_book_the_same(tmp_path, two_books, capsys):
    before = snapshot(tmp_path)
    capsys.readouterr()
    assert main(["--catalog", str(tmp_path / "catalog.sqlite"), "books", "--quiet", "--force",
                 "--workers", "1", "--layouts-dir", str(tmp_path / "layouts"), "--out",
                 str(tmp_path / "build")]) == 0
    assert "2 of 2 books written" in capsys.readouterr().err
    after = snapshot(tmp_path)
    assert rewritten(before, after) >= {f"{slug}/{name}" for slug in "ab" for name in BOOK_FILES}
    assert contents(after) == contents(before)


def test_catalog_rows_beyond_a_book_change_nothing_and_within_it_rebuild(tmp_path, two_books):
    from pipeline.catalog import Catalog
    from pipeline.generate import fill

    a, b = two_books
    with Catalog(tmp_path / "catalog.sqlite") as catalog:
        fill(catalog, "toy", "small", 40, workers=1, progress=False)
    before = snapshot(tmp_path)
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}
    assert snapshot(tmp_path) == before
    with sqlite3.connect(tmp_path / "catalog.sqlite") as db:  # board 3 is printed by both
        db.execute("UPDATE puzzles SET extra='{\"note\": 1}' WHERE family='toy' AND "
                   "level='small' AND number=3")
    db.close()
    assert make_books(tmp_path, a, b) == {"a": ("records changed",), "b": ("records changed",)}


def test_a_frozen_book_follows_its_lock(tmp_path, two_books):
    a, b = two_books
    assert main(["--catalog", str(tmp_path / "catalog.sqlite"), "freeze", "--quiet",
                 str(a)]) == 0
    assert make_books(tmp_path, a, b) == {"a": ("lock changed", "records changed"), "b": ()}
    assert make_books(tmp_path, a, b) == {"a": (), "b": ()}
    lock = tmp_path / "layouts" / "a.lock.jsonl"
    lock.write_text(lock.read_text() + "\n")
    assert make_books(tmp_path, a, b) == {"a": ("lock changed",), "b": ()}


def test_the_preflight_reads_back_only_pdfs_it_has_not_checked(tmp_path, two_books, capsys):
    a, b = two_books

    def preflight(*extra):
        capsys.readouterr()
        main(["--catalog", str(tmp_path / "catalog.sqlite"), "preflight", "--workers", "1",
              "--manifest", str(tmp_path / "build" / "manifest.json"), *extra])
        out, err = capsys.readouterr()
        return err.strip().splitlines()[-1].split(";")[0], out

    first = preflight("--proofs")
    assert first[0] == "2 of 2 books read back"
    before = snapshot(tmp_path)
    assert preflight("--proofs") == ("0 of 2 books read back", first[1])  # the same table
    assert snapshot(tmp_path) == before
    a.write_text(layout_text("Book A, Second Edition"))
    make_books(tmp_path, a, b)
    assert preflight("--proofs")[0] == "1 of 2 books read back"
    after = snapshot(tmp_path)
    assert {name for name in rewritten(before, after) if not name.startswith("a/")} == \
        {"manifest.json"}
    assert {"a/preflight.json", "a/proofs/index.html"} <= rewritten(before, after)
    with (tmp_path / "build" / "b" / "interior.pdf").open("ab") as stream:
        stream.write(b"\n% other bytes, another report\n")
    assert preflight()[0] == "1 of 2 books read back"
    assert preflight("--proofs")[0] == "1 of 2 books read back"   # b had no proofs of these
    assert preflight("--force")[0] == "2 of 2 books read back"
