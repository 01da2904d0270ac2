"""Builds: byte-reproducible, atomic, frozen editions immune to generator changes, and the
drawing guards that stop a bad mark before it reaches a PDF."""

import io

import pytest

import books_fake
from books_helpers import build, layout_text, toy, write_layout  # noqa: F401 (fixture)
from pipeline.book.build import read_lock
from pipeline.book.fonts import bundled_font_dir, font_set
from pipeline.book.layout import load_layout
from pipeline.book.pdfink import InkRules, LayoutError, PdfInk
from pipeline.geometry import Box
from pipeline.cli import main
from pipeline.errors import InputError


def pdf_bytes(root, out, slug="toy"):
    return ((root / out / slug / "interior.pdf").read_bytes(),
            (root / out / slug / "cover.pdf").read_bytes())


def test_builds_are_byte_reproducible(tmp_path, toy):
    path = write_layout(tmp_path, "toy", layout_text(isbn="9780306406157"))
    build(tmp_path, [path], out="one")
    build(tmp_path, [path], out="two")                       # same catalog, warm
    build(tmp_path, [path], out="three", catalog="fresh.sqlite")   # regenerated from keys
    one = pdf_bytes(tmp_path, "one")
    assert one == pdf_bytes(tmp_path, "two") == pdf_bytes(tmp_path, "three")
    # and the comparison notices a real change: a different board changes the bytes
    books_fake.SALT["value"] = "changed"
    try:
        build(tmp_path, [path], out="four", catalog="other.sqlite")
    finally:
        books_fake.SALT["value"] = ""
    assert pdf_bytes(tmp_path, "four")[0] != one[0]


def test_a_frozen_edition_survives_a_generator_change(tmp_path, toy):
    path = write_layout(tmp_path, "toy", layout_text())
    build(tmp_path, [path], out="before")
    assert main(["--catalog", str(tmp_path / "catalog.sqlite"), "freeze", "--quiet",
                 str(path)]) == 0
    lock = tmp_path / "layouts" / "toy.lock.jsonl"
    records = read_lock(load_layout(path))
    assert len(records) == 12 + 8 + 2  # the boards, the worked example, a lesson board (big)
    books_fake.SALT["value"] = "generator 2"  # a new generator: every key gives a new board
    try:
        build(tmp_path, [path], out="after", catalog="new.sqlite")
        frozen = pdf_bytes(tmp_path, "after")
        lock.rename(lock.with_suffix(".moved"))   # the same build without the lock
        build(tmp_path, [path], out="unfrozen", catalog="new.sqlite")
    finally:
        books_fake.SALT["value"] = ""
    assert frozen == pdf_bytes(tmp_path, "before")
    assert pdf_bytes(tmp_path, "unfrozen")[0] != frozen[0]


def test_books_stop_on_boards_of_an_older_generator_but_frozen_books_print(tmp_path, toy,
                                                                           capsys, monkeypatch):
    path = write_layout(tmp_path, "toy", layout_text())
    catalog = str(tmp_path / "catalog.sqlite")
    build(tmp_path, [path], out="before")
    monkeypatch.setattr(type(toy), "version", "toy/2")   # the generator changed
    capsys.readouterr()
    status = main(["--catalog", catalog, "books", "--quiet", "--out", str(tmp_path / "after"),
                   str(path)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in err, err
    assert "22 records from an older generator (toy big 9, toy small 13; " in err, err
    assert "pipeline generate --family toy --count 13 --replace-stale" in err
    assert not (tmp_path / "after").exists()
    # A frozen book prints its lock, whatever generator made it; freezing refuses stale boards.
    assert main(["--catalog", catalog, "freeze", "--quiet", str(path)]) == 2
    monkeypatch.setattr(type(toy), "version", "toy/1")
    assert main(["--catalog", catalog, "freeze", "--quiet", str(path)]) == 0
    monkeypatch.setattr(type(toy), "version", "toy/2")
    assert main(["--catalog", catalog, "books", "--quiet", "--out", str(tmp_path / "frozen"),
                 str(path)]) == 0
    assert pdf_bytes(tmp_path, "frozen") == pdf_bytes(tmp_path, "before")


def test_freeze_refuses_to_overwrite_and_a_bad_lock_is_one_line(tmp_path, toy, capsys):
    path = write_layout(tmp_path, "toy", layout_text())
    catalog = str(tmp_path / "catalog.sqlite")
    assert main(["--catalog", catalog, "freeze", "--quiet", str(path)]) == 0
    assert main(["--catalog", catalog, "freeze", "--quiet", str(path)]) == 2
    lock = tmp_path / "layouts" / "toy.lock.jsonl"
    lines = lock.read_text().splitlines()
    lines[3] = lines[3].replace('"sha256": "', '"sha256": "0')
    lock.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    status = main(["--catalog", catalog, "books", "--quiet", "--out", str(tmp_path / "b"),
                   str(path)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and err.endswith("does not match the puzzle and solution")
    assert "toy.lock.jsonl:4: sha256:" in err
    assert not (tmp_path / "b").exists()


def test_a_lock_that_no_longer_matches_the_layout(tmp_path, toy):
    path = write_layout(tmp_path, "toy", layout_text())
    build(tmp_path, [path])
    main(["--catalog", str(tmp_path / "catalog.sqlite"), "freeze", "--quiet", str(path)])
    path.write_text(layout_text().replace("count = 12", "count = 14"))
    with pytest.raises(InputError, match="the layout changed"):
        build(tmp_path, [path])


def test_a_failing_book_writes_nothing(tmp_path, toy, monkeypatch):
    path = write_layout(tmp_path, "toy", layout_text())
    from pipeline.book import build as build_module

    def broken_cover(*args, **kwargs):
        raise LayoutError("planted failure while drawing the cover")
    monkeypatch.setattr(build_module, "write_cover", broken_cover)
    with pytest.raises(InputError, match="planted failure"):
        build(tmp_path, [path])
    out = tmp_path / "build"
    assert not (out / "toy" / "interior.pdf").exists() and not (out / "manifest.json").exists()


def test_a_section_whose_every_board_is_refused_for_print_stops_in_one_line(tmp_path, toy,
                                                                          monkeypatch, capsys):
    """A family whose print_problem refuses every board of a level (the toy's "big" boards,
    planted): the build stops with one line naming the section, instead of generating boards
    without end; the "small" section, refused nothing, is not blamed."""
    path = write_layout(tmp_path, "toy", layout_text())
    calls = {"refused": 0}

    def refuse_big(self, measure, level, puzzle, solution, puzzle_cell, solution_cell):
        if puzzle["size"] == books_fake.SIZES["big"]:
            calls["refused"] += 1
            return "planted: no big board fits"
        return None
    monkeypatch.setattr(type(books_fake.FAMILY), "print_problem", refuse_big)
    status = main(["--catalog", str(tmp_path / "catalog.sqlite"), "books", "--quiet",
                   "--out", str(tmp_path / "build"), "--workers", "1", str(path)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "toy.toml:" in err and "sections[2].level" in err
    assert err.endswith("none of the first 8 toy big boards can be printed in this section "
                        "(planted: no big board fits)")
    assert calls["refused"] < 100
    assert not (tmp_path / "build" / "toy" / "interior.pdf").exists()


# --- the drawing guards ---------------------------------------------------------------------------
@pytest.fixture()
def ink():
    from reportlab.pdfgen.canvas import Canvas
    fonts = font_set(bundled_font_dir() / "Vera.ttf", bundled_font_dir() / "VeraBd.ttf")
    canvas = Canvas(io.BytesIO(), pagesize=(432, 648), invariant=1,
                    initialFontName=fonts.regular.name)
    return PdfInk(canvas, fonts, InkRules(7, 0.75, 0.10), Box(36, 36, 396, 612))


def test_ink_accepts_marks_inside_its_area(ink):
    ink.line(40, 40, 300, 40, width=1)
    ink.rect(100, 100, 50, 50, stroke=2, fill=0.8)
    ink.circle(200, 200, 20, fill=0)
    ink.text(216, 300, "Puzzle 12", size=10, anchor="middle")


@pytest.mark.parametrize("draw, message", [
    (lambda ink: ink.line(30, 100, 100, 100, width=1), "leaves the allowed area"),
    (lambda ink: ink.circle(390, 300, 10, fill=0), "leaves the allowed area"),
    (lambda ink: ink.text(396, 300, "f", size=10), "leaves the allowed area"),
    (lambda ink: ink.line(40, 100, 100, 100, width=0.5), "under the 0.75 pt minimum"),
    (lambda ink: ink.text(100, 100, "tiny", size=6), "under the 7 pt minimum"),
    (lambda ink: ink.rect(100, 100, 10, 10, fill=0.95), "lighter than"),
])
def test_ink_refuses_marks_that_break_a_print_rule(ink, draw, message):
    with pytest.raises(LayoutError, match=message):
        draw(ink)


def test_glyph_outlines_not_advance_boxes_decide(ink):
    """An italic-style overhang: text whose advance box fits but whose ink does not."""
    face = ink.fonts.regular
    # 'j' has ink left of its origin (a negative left side bearing) in Vera
    box = face.ink_box("j", 36.0, 300, 40)
    assert box.x0 < 36.0
    with pytest.raises(LayoutError):
        ink.text(36.0, 300, "j", size=40)


def test_a_missing_glyph_is_a_build_error(ink):
    from pipeline.book.fonts import MissingGlyph
    with pytest.raises(MissingGlyph, match="U\\+2605"):
        ink.text(100, 100, "Stars ★", size=10)


def test_a_book_of_two_families_one_of_them_text_tiles(tmp_path, toy, monkeypatch):
    """The book layer draws any family through the interface: a Connections-shaped family of
    word tiles joins a book with no change to the layer, one layout file."""
    from books_helpers import colour_spaces, read_back
    from pipeline import family as family_module
    from pipeline.readback import checks
    monkeypatch.setitem(family_module._FAMILY_MODULES, "tiles", "books_fake_tiles")
    path = write_layout(tmp_path, "mixed", layout_text(sections=[
        {"family": "toy", "level": "small", "count": 10, "solutions_per_page": 6},
        {"family": "tiles", "level": "easy", "count": 12, "puzzles_per_page": 2,
         "solutions_per_page": 4},
    ]))
    _, manifest = build(tmp_path, [path])
    (entry,) = manifest["books"]
    howto = [p for p in entry["pages"] if p["kind"] == "howto"]
    assert len(howto) == 6   # per family: the rules, a worked example, then step by step
    assert [p["puzzles"][0]["id"].split("-")[0] for p in howto if p["puzzles"]] == \
        ["toy", "tiles"]   # the stand-in families teach no techniques
    families = {item["id"].split("-")[0] for p in entry["pages"] if p["kind"] == "puzzle"
                for item in p["puzzles"]}
    assert families == {"toy", "tiles"}
    b = read_back(tmp_path, entry)
    for check in (checks.check_fonts(b), checks.check_colour(b)):
        assert check.passed, (check.name, check.findings[:3])
    pages = [*b.pages, b.cover_page]
    assert colour_spaces(b.pages) <= {"DeviceGray"} and not any(p.images for p in pages)
    assert colour_spaces([b.cover_page]) == {"DeviceCMYK"}
    contents = b.pages[2].text
    assert "How to play Toy Marks" in contents and "How to play Word Tiles" in contents


def test_a_frozen_section_passes_over_a_board_another_title_prints_as_its_how_to_board():
    """A lock holds a book's puzzles and its how-to boards together; the catalog's drawing
    passed over a board another title prints as a how-to example (as every board another title
    holds), so a build from the lock must too, or the frozen book prints that example as a
    puzzle (sudoku-de's lock drew board 76, another title's example, before this rule)."""
    from pipeline.book.choosing import take_boards
    from pipeline.book.layout import Section
    from pipeline.records import PuzzleRecord

    boards = {n: PuzzleRecord(f"toy-easy-{n:04d}", "toy", "easy", f"toy:easy:{n}", "toy/1",
                              {}, {}, {}, {}, f"sha{n}") for n in (1, 2, 3)}

    class Held:   # another title prints board 1 as its how-to example
        def match(self, id, family, level, puzzle, roles, sha256):
            return "other" if id == "toy-easy-0001" and "howto" in roles else None

    section = Section("toy", "easy", count=2, first=1, puzzles_per_page=1, solutions_per_page=1)
    assert take_boards(boards, section, held=Held(), held_roles=("howto",)) == \
        [boards[2], boards[3]]
    # the rule's point: without it (no ledger, or only puzzles held) board 1 is taken
    assert take_boards(boards, section) == [boards[1], boards[2]]
    assert take_boards(boards, section, held=Held(), held_roles=("puzzle",)) == \
        [boards[1], boards[2]]
