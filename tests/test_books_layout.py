"""Layout validation: every fault is one line naming file, line and field; nothing is built."""

from pathlib import Path

import pytest

from books_helpers import layout_text, toy, write_layout  # noqa: F401 (fixture)
from pipeline.book.build import load_and_plan, plan_layout
from pipeline.book.layout import isbn_problem, load_layout
from pipeline.cli import main
from pipeline.errors import InputError

ROOT = Path(__file__).resolve().parent.parent


def error_of(path):
    with pytest.raises(InputError) as caught:
        plan_layout(load_layout(path))
    return caught.value


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_a_good_layout_loads(tmp_path, toy):
    path = write_layout(tmp_path, "good", layout_text())
    book = plan_layout(load_layout(path))
    assert book.layout.slug == "good"
    assert book.plan.page_count % 2 == 0


def test_unknown_top_level_key(tmp_path, toy):
    text = layout_text(colour="blue")
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("colour", line_of(text, "colour ="))
    assert error.file.endswith("bad.toml")


def test_unknown_key_in_a_section_names_the_section(tmp_path, toy):
    text = layout_text(sections=[
        {"family": "toy", "level": "small", "count": 30},
        {"family": "toy", "level": "big", "count": 4, "per_page": 2},
    ])
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("sections[2].per_page", line_of(text, "per_page"))


def test_trim_the_printer_does_not_offer(tmp_path, toy):
    text = layout_text(trim="8.25x11")   # not a KDP paperback trim (docs/printing.md)
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("trim", line_of(text, "trim ="))
    assert "does not offer" in error.message


def test_page_count_out_of_range(tmp_path, toy):
    few = layout_text(sections=[{"family": "toy", "level": "small", "count": 3}])
    error = error_of(write_layout(tmp_path, "few", few))
    assert (error.field, error.line) == ("sections", line_of(few, "[[sections]]"))
    assert "24 to 828" in error.message
    many = layout_text(trim="8.5x11", paper="cream", sections=[
        {"family": "toy", "level": "small", "count": 560, "solutions_per_page": 12}])
    error = error_of(write_layout(tmp_path, "many", many))
    assert "24 to 550" in error.message   # 8.5 x 11 cream tops out at 550 pages


def test_level_with_no_such_family_level(tmp_path, toy):
    text = layout_text(sections=[{"family": "toy", "level": "gigantic", "count": 30}])
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("sections[1].level", line_of(text, "gigantic"))


def test_unknown_family(tmp_path, toy):
    text = layout_text(sections=[{"family": "no-such-family", "level": "easy", "count": 30}])
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("sections[1].family", line_of(text, "no-such-family"))


def test_missing_font_file(tmp_path, toy):
    text = layout_text(fonts={"regular": "fonts/Nowhere.ttf"})
    error = error_of(write_layout(tmp_path, "bad", text))
    assert error.field == "fonts.regular" and error.line == line_of(text, "fonts =")
    assert "Nowhere.ttf" in error.message


def test_a_font_that_is_not_truetype(tmp_path, toy):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Fake.ttf").write_bytes(b"not a font at all")
    text = layout_text().replace('paper = "white"', 'paper = "white"\n\n[fonts]\nbold = "fonts/Fake.ttf"')
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("fonts.bold", line_of(text, "bold ="))


def test_a_publishers_own_font_under_fonts(tmp_path, toy):
    import shutil
    from pipeline.book.fonts import bundled_font_dir
    (tmp_path / "fonts").mkdir()
    shutil.copy(bundled_font_dir() / "VeraIt.ttf", tmp_path / "fonts" / "House.ttf")
    path = write_layout(tmp_path, "own", layout_text(fonts={"regular": "fonts/House.ttf"}))
    assert load_layout(path).font_regular == (tmp_path / "fonts" / "House.ttf").resolve()


def test_wrong_type_and_missing_key(tmp_path, toy):
    text = layout_text(large_print="yes")
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("large_print", line_of(text, "large_print"))
    error = error_of(write_layout(tmp_path, "bad2", layout_text(author=None)))
    assert error.field == "author"


def test_toml_syntax_error_has_its_line(tmp_path, toy):
    text = layout_text() + "count = = 3\n"
    error = error_of(write_layout(tmp_path, "bad", text))
    assert error.line == len(text.splitlines())


def test_isbn_is_validated():
    assert isbn_problem("978-0-306-40615-7") is None
    assert "check digit" in isbn_problem("978-0-306-40615-8")
    assert isbn_problem("0-306-40615-2") is not None    # ISBN-10 is not enough for EAN-13


def test_bad_isbn_in_layout(tmp_path, toy):
    text = layout_text(isbn="9780306406158")
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("isbn", line_of(text, "isbn"))


def test_cli_prints_one_line_exits_2_and_builds_nothing(tmp_path, toy, capsys):
    good = write_layout(tmp_path, "good", layout_text())
    bad = write_layout(tmp_path, "bad", layout_text(trim="8.25x11"))
    out = tmp_path / "out"
    status = main(["--catalog", str(tmp_path / "c.sqlite"), "books", "--quiet", "--out",
                   str(out), str(good), str(bad)])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert len(err.splitlines()) == 1 and "bad.toml:" in err and "trim" in err
    assert not out.exists()   # the good book was not built either


def test_every_default_layout_loads_and_plans():
    paths = sorted((ROOT / "layouts").glob("*.toml"))
    assert len(paths) >= 6
    books = load_and_plan(paths)
    totals = {}
    for book in books:
        for section in book.layout.sections:
            key = (section.family, section.level)
            totals[key] = totals.get(key, 0) + section.count
    from pipeline.family import get_family
    for name in ("starbattle", "bridges", "connections"):
        # Every family has at least 200 boards in the set; Star Battle and Bridges 200 of
        # every level, but for the three-star boards, the costliest to find: 50.
        assert sum(n for (family, _), n in totals.items() if family == name) >= 200, name
        if name in ("starbattle", "bridges"):
            for level in get_family(name).levels:
                least = 50 if level == "three-star" else 200
                assert totals.get((name, level), 0) >= least, (name, level)
    trims = {(str(b.layout.trim), b.layout.large_print) for b in books}
    assert ("8.5x11", True) in trims and any(t == "6x9" for t, _ in trims)
    assert {b.layout.paper for b in books} >= {"white", "cream"}
    assert any(b.plan.page_count > 151 for b in books)


def test_a_character_the_font_lacks_is_an_error_at_load(tmp_path, toy):
    text = layout_text(subtitle="Stars ★ and more")
    error = error_of(write_layout(tmp_path, "bad", text))
    assert (error.field, error.line) == ("subtitle", line_of(text, "subtitle"))
    assert "U+2605" in error.message


def test_a_missing_glyph_while_drawing_names_the_layout(tmp_path, toy, monkeypatch, capsys):
    import books_fake
    path = write_layout(tmp_path, "toy", layout_text())
    monkeypatch.setattr(books_fake.Toy, "rules_text", lambda self: ["Mark every ★ square."])
    status = main(["--catalog", str(tmp_path / "c.sqlite"), "books", "--quiet", "--out",
                   str(tmp_path / "out"), str(path)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "toy.toml" in err and "U+2605" in err
    assert not (tmp_path / "out" / "toy" / "interior.pdf").exists()


def test_boards_under_the_writable_pitch_are_refused_with_the_arrangement_that_fits(tmp_path):
    text = layout_text(printer="ingramspark", paper="cream", sections=[
        {"family": "bridges", "level": "extreme", "count": 200, "puzzles_per_page": 2,
         "solutions_per_page": 6}])
    path = write_layout(tmp_path, "tight", text)
    error = error_of(path)
    assert error.field == "sections[1].puzzles_per_page"
    assert error.line == line_of(text, "puzzles_per_page")
    message = str(error)
    assert "bridges extreme 15x15 at 2 a page on 6x9 gives" in message
    assert "; 1 a page gives" in message and "at least 6 mm" in message
    # The arrangement it names passes.
    text = text.replace("puzzles_per_page = 2", "puzzles_per_page = 1")
    plan_layout(load_layout(write_layout(tmp_path, "roomy", text)))


def test_the_default_layouts_give_every_board_a_writable_pitch():
    from pipeline.book.interior import section_pitches
    from pipeline.geometry import MM
    from pipeline.book.printers import get_profile
    from pipeline.family import get_family
    books = load_and_plan(sorted((ROOT / "layouts").glob("*.toml")))
    for book in books:
        profile = get_profile(book.layout.printer)
        for section in book.layout.sections:
            cell = section_pitches(book.layout, profile, book.plan.page_count, section)[0]
            least = get_family(section.family).min_cell_mm_for(section.level)
            assert cell / MM >= least, (book.layout.slug, section)


def test_every_frozen_default_book_builds_from_its_lock_alone(tmp_path):
    # A frozen book is built in a fresh clone from its lock with no catalog at all: the lock
    # must hold every board the book draws, the how-to pages' lesson boards included.
    from books_helpers import build
    locked = [path for path in sorted((ROOT / "layouts").glob("*.toml"))
              if path.with_suffix(".lock.jsonl").exists()]
    assert locked
    entries, manifest = build(tmp_path, locked)
    assert {book["slug"] for book in manifest["books"]} == {p.stem for p in locked}


def test_a_layout_error_while_books_are_written_side_by_side_names_its_layout(
        tmp_path, toy, monkeypatch, capsys):
    """Two books written at once in worker processes: the one that cannot be laid out stops
    the run with one line naming its own file, exit 2, and leaves no PDF of its own."""
    from pipeline.book import build
    from pipeline.book.pdfink import LayoutError
    real = build.build_book

    def build_book(book, records, out_dir, *, progress=None, hints=None):
        if book.layout.slug == "bad":
            raise LayoutError("text 'x' leaves the allowed area")
        return real(book, records, out_dir, progress=progress, hints=hints)

    monkeypatch.setattr(build, "build_book", build_book)   # the workers are forked from here
    good = write_layout(tmp_path, "good", layout_text())
    bad = write_layout(tmp_path, "bad", layout_text())
    status = main(["--catalog", str(tmp_path / "c.sqlite"), "books", "--quiet", "--workers",
                   "2", "--out", str(tmp_path / "out"), str(good), str(bad)])
    err = capsys.readouterr().err.strip()
    assert status == 2 and len(err.splitlines()) == 1, err
    assert "bad.toml" in err and "leaves the allowed area" in err, err
    assert not (tmp_path / "out" / "bad" / "interior.pdf").exists()


def test_a_layout_with_no_ledger_beside_it_is_refused(tmp_path, toy):
    path = write_layout(tmp_path, "toy-alone", layout_text())
    (path.parent / "ledger.jsonl").unlink()
    error = error_of(path)
    assert error.field == "ledger" and "no publication ledger" in str(error)
    assert "\n" not in str(error)


def test_a_layout_names_its_ledger_elsewhere(tmp_path, toy):
    path = write_layout(tmp_path, "toy-named", layout_text(ledger="../sold/ledger.jsonl"))
    (path.parent / "ledger.jsonl").unlink()
    assert error_of(path).field == "ledger"          # named, but not there: refused
    (tmp_path / "sold").mkdir()
    (tmp_path / "sold" / "ledger.jsonl").touch()
    assert load_layout(path).ledger == path.parent / "../sold/ledger.jsonl"


def test_a_book_whose_language_is_not_its_levels_is_refused(tmp_path):
    section = {"family": "wordsearch", "level": "medium-de", "count": 4,
               "puzzles_per_page": 1, "solutions_per_page": 2}
    text = layout_text(language="en", sections=[section])
    error = error_of(write_layout(tmp_path, "mixed", text))
    assert (error.field, error.line) == ("sections[1].level", line_of(text, "medium-de"))
    assert "'de'" in str(error) and "'en'" in str(error)
    assert load_layout(write_layout(tmp_path, "german", layout_text(language="de",
                                                                     sections=[section])))
